"""Drives every page of the MobileOps web UI in headless Chromium with Selenium, as its users would.

Run by ServerTests' WebUIBrowserTests against a live test server it prepared:
  python web_ui_flow.py SCENARIO.json
The scenario names the server URL, an admin and a read token, two releases (one rolling out,
one awaiting sign-off), builds (failed, running, a pull request's) and a dead outbox message.
Every page is opened through the navigation and checked for console errors and, with axe-core
(axe-selenium-python), for serious or critical accessibility violations, in light and dark mode.
Every action is taken through its button and confirmation dialog. Prints each page's first
paint, time until drawn and JSON bytes; exits 0 when every step held, else prints the failed
step and exits 1.
"""
import json
import sys

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

PAGES = ["Overview", "Builds", "Pipelines", "Queue", "Agents", "Devices", "Releases", "Outbox", "Audit"]


class Browser:
    """The driver, with the waits and checks every step uses."""

    def __init__(self, scenario: dict):
        options = webdriver.ChromeOptions()
        options.binary_location = scenario.get("chromium", "/usr/bin/chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1500"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(scenario.get("chromedriver", "/usr/bin/chromedriver")), options=options)
        # An action that opens another page replaces the elements a wait was looking at.
        self.wait = WebDriverWait(self.driver, 20, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException))
        self.base = scenario["url"]
        self.screenshots = scenario.get("screenshots", "")
        self.timings = []

    def find(self, selector: str):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def text(self, selector: str) -> str:
        return self.find(selector).text

    def ready(self):
        self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-state") == "ready")

    def open(self, path: str):
        self.driver.get(self.base + path)
        self.ready()

    def until_text(self, selector: str, expected: str):
        self.wait.until(lambda d: expected in d.find_element(By.CSS_SELECTOR, selector).text)

    def console_errors(self) -> list:
        return [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]

    def axe_violations(self) -> list:
        axe = Axe(self.driver)
        axe.inject()
        results = axe.run()
        return ["%s (%s): %s" % (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
                for v in results["violations"] if v["impact"] in ("serious", "critical")]

    def check_page(self, name: str, accessibility: bool = True):
        """No console error and no serious or critical axe violation; its timings and a screenshot."""
        errors = self.console_errors()
        assert not errors, "console errors on %s: %s" % (name, errors)
        violations = self.axe_violations() if accessibility else []
        assert not violations, "accessibility on %s: %s" % (name, violations)
        paint = self.driver.execute_script(
            "const p = performance.getEntriesByName('first-contentful-paint')[0]; return p ? Math.round(p.startTime) : null;")
        drawn = self.driver.execute_script("return document.body.dataset.drawnAt || null;")
        json_bytes = self.driver.execute_script(
            "return performance.getEntriesByType('resource').filter((r) => r.name.includes('/api/') || r.name.endsWith('.json'))"
            ".reduce((sum, r) => sum + (r.encodedBodySize || 0), 0);")
        self.timings.append((name, paint, drawn, json_bytes))
        if self.screenshots:
            self.driver.execute_script("window.scrollTo(0, 0);")
            self.driver.save_screenshot("%s/web-%s.png" % (self.screenshots, name.lower().replace(" ", "-")))

    def act(self, selector: str, dialog_says: list):
        """Clicks an action's button, reads its confirmation, confirms."""
        self.find(selector).click()
        self.wait.until(lambda d: d.find_element(By.ID, "confirm").is_displayed())
        said = self.text("#confirm-text")
        for words in dialog_says:
            assert words in said, "the confirmation says %r, not %r" % (said, words)
        self.find("#confirm-ok").click()
        # An action that opens another page (retry) may unload this one mid-check.
        WebDriverWait(self.driver, 20, ignored_exceptions=(WebDriverException,)).until(
            lambda d: not d.find_element(By.ID, "confirm").is_displayed())


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as file:
        scenario = json.load(file)
    browser = Browser(scenario)
    driver = browser.driver
    step = "start"
    if scenario.get("timingsOnly"):
        return timings(browser, scenario)
    try:
        step = "a read token sees its name and scopes, no admin pages and no action"
        browser.open("/#token=" + scenario["readToken"])
        assert "dana (read)" in browser.text("#caller"), browser.text("#caller")
        links = {a.get_attribute("textContent"): a for a in driver.find_elements(By.CSS_SELECTOR, "nav a")}
        assert not links["Outbox"].is_displayed() and not links["Audit"].is_displayed(), "admin pages are offered to a read token"
        assert links["Builds"].is_displayed() and links["Releases"].is_displayed()
        browser.open("/builds/%d" % scenario["failedBuild"])
        assert not driver.find_elements(By.CSS_SELECTOR, "#build-actions button"), "a read token is offered a build action"
        browser.open("/releases/%d" % scenario["rollingRelease"])
        assert not driver.find_elements(By.CSS_SELECTOR, "#release-actions button"), "a read token is offered a release action"
        browser.console_errors()

        step = "every page, opened through the navigation, has no console error and no serious accessibility violation"
        browser.open("/#token=" + scenario["adminToken"])
        for name in PAGES:
            step = "the %s page, opened through the navigation" % name
            driver.find_element(By.LINK_TEXT, name).click()
            browser.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "nav a[aria-current=page]").text == name)
            browser.ready()
            browser.check_page(name)

        step = "the agents page lists the job that failed on the agent"
        browser.open("/agents")
        assert "Build failed" in browser.text("#agent-list"), browser.text("#agent-list")

        step = "the queue says why the pull request's job waits"
        browser.open("/queue")
        assert "pr-checks" in browser.text("#queue-jobs"), browser.text("#queue-jobs")

        step = "a pull request's builds together, then builds filtered by pipeline"
        browser.open("/builds")
        driver.find_element(By.PARTIAL_LINK_TEXT, "PR #%d" % scenario["pullRequest"]).click()
        browser.wait.until(lambda d: "pullRequest=%d" % scenario["pullRequest"] in d.current_url)
        browser.ready()
        listed = browser.find("#build-list").get_attribute("innerHTML")
        assert "/builds/%d\"" % scenario["pullRequestBuild"] in listed and "/builds/%d\"" % scenario["failedBuild"] not in listed, listed
        driver.find_element(By.ID, "filter-pull-request").clear()
        Select(driver.find_element(By.ID, "filter-pipeline")).select_by_value("app-ci")
        driver.find_element(By.ID, "filter-apply").click()
        browser.wait.until(lambda d: "pipeline=app-ci" in d.current_url and "pullRequest" not in d.current_url)
        browser.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#build-list a[href='/builds/%d']" % scenario["failedBuild"]))
        assert not driver.find_elements(By.CSS_SELECTOR, "#build-list a[href='/builds/%d']" % scenario["pullRequestBuild"]), "pr-checks listed under app-ci"

        step = "a failed build says why at the top; its log has colours, folds per command and search"
        failed = scenario["failedBuild"]
        browser.open("/builds/%d" % failed)
        assert "Failed:" in browser.text("#build-banner"), browser.text("#build-banner")
        browser.check_page("Build")
        log = driver.find_elements(By.CSS_SELECTOR, "#logs .log")[0]
        browser.wait.until(lambda d: len(log.find_elements(By.CSS_SELECTOR, ":scope > details")) == 2)
        folds = log.find_elements(By.CSS_SELECTOR, ":scope > details")
        assert folds[0].get_attribute("open") is None and folds[1].get_attribute("open") is not None, "only the last command's fold is open"
        red = log.find_element(By.CSS_SELECTOR, ".ansi-31")
        assert "FAILED" in red.text and "\x1b" not in log.text, red.text
        search = driver.find_element(By.ID, "log-search")
        search.send_keys("ComparisonFailure")
        browser.until_text("#log-search-count", "1 line matches")
        hit = log.find_element(By.CSS_SELECTOR, ".line.hit")
        assert hit.is_displayed() and "CheckoutTest.kt:42" in hit.text, hit.text
        line_id = log.find_elements(By.CSS_SELECTOR, ".line")[2].get_attribute("id")

        step = "a line's link opens the page at that line, in a fold closed by default"
        browser.open("/builds/%d#%s" % (failed, line_id))
        browser.wait.until(lambda d: d.find_element(By.ID, line_id).is_displayed())
        assert "BUILD SUCCESSFUL" in browser.text("#" + line_id)

        step = "retry the failed build through its button: a new build opens; cancel it"
        browser.act("button[data-action=retry-build]", ["new build", "stays as it is"])
        browser.wait.until(lambda d: d.current_url.rstrip("/").split("/")[-1] != str(failed) and "/builds/" in d.current_url)
        browser.ready()
        browser.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "button[data-action=cancel-build]"))
        browser.act("button[data-action=cancel-build]", ["canceled"])
        browser.until_text("#build-banner", "Canceled: canceled by")
        assert not driver.find_elements(By.CSS_SELECTOR, "#jobs button"), "a canceled build's jobs are offered a retry"
        assert browser.console_errors() == []

        step = "retry the failed build's failed job in place: it runs again with the jobs it canceled"
        browser.open("/builds/%d" % failed)
        browser.act("#jobs button[data-action=retry-job]", ["attempt 2", "canceled because it failed"])
        browser.until_text("#jobs", "Build (attempt 2)")
        browser.wait.until(lambda d: not d.find_element(By.ID, "build-banner").is_displayed())
        assert "run again" in browser.text("#jobs") and driver.find_elements(By.CSS_SELECTOR, "button[data-action=cancel-build]")
        assert not driver.find_elements(By.CSS_SELECTOR, "#jobs button"), "a job run again is not offered another retry"

        step = "halt a rollout through its button, told what it does to each store, then resume it"
        browser.open("/releases")
        driver.find_element(By.CSS_SELECTOR, "#release-list a[href='/releases/%d']" % scenario["rollingRelease"]).click()
        browser.ready()
        stores = browser.text("#release-stores")
        assert "App Store" in stores and "Google Play" in stores and "10%" in stores, stores
        assert "crash free users" in browser.text("#release-health"), browser.text("#release-health")
        latest = browser.text("#release-health-latest")
        assert "healthy" in latest and "99.6" in latest, latest
        assert "health" not in [line.split(" · ")[1] for line in browser.text("#release-timeline").splitlines() if " · " in line], "health reports stay off the timeline"
        browser.act("button[data-action=halt]", ["App Store Connect", "phased release is paused", "Google Play", "halted at 10%"])
        browser.until_text("#release-banner", "Halted during rolling out")
        browser.until_text("#release-stores", "halted")
        browser.check_page("Release halted")
        browser.act("button[data-action=resume]", ["made active again"])
        browser.wait.until(lambda d: not d.find_element(By.ID, "release-banner").is_displayed())
        browser.until_text("#release-title", "rolling out")
        browser.until_text("#release-timeline", "resume")

        step = "the release notes are read when asked, or say why they cannot be"
        browser.find("#release-notes-show").click()
        browser.wait.until(lambda d: "reading" not in d.find_element(By.ID, "release-notes").text and d.find_element(By.ID, "release-notes").text)
        notes = browser.text("#release-notes")
        assert notes.startswith("#") or notes.startswith("The notes could not be read: "), notes
        print("release notes: %s" % notes.splitlines()[0][:200])
        browser.console_errors()  # a git host that cannot be reached is a 502 the page explains

        step = "sign off both gates of the next release"
        browser.open("/releases/%d" % scenario["awaitingRelease"])
        browser.act("button[data-action=sign-off-qa]", ["every gate is signed"])
        browser.until_text("#release-signoff", "token:")
        browser.act("button[data-action=sign-off-product]", ["App Store review"])
        browser.until_text("#release-title", "submitting")

        step = "retry a dead notification from the outbox"
        browser.open("/outbox")
        assert "HTTP 401: Bad credentials" in browser.text("#outbox-dead"), browser.text("#outbox-dead")
        browser.act("#outbox-dead button[data-action=retry]", ["new set of attempts"])
        browser.until_text("#outbox-dead", "no dead messages")

        step = "the audit log shows what the buttons did, and filters"
        browser.open("/audit")
        for action in ("build.retry", "build.cancel", "job.retry", "outbox.retry"):
            assert action in browser.text("#audit-list"), action
        driver.find_element(By.ID, "audit-filter").send_keys("outbox")
        browser.wait.until(lambda d: all("outbox" in row.text for row in d.find_elements(By.CSS_SELECTOR, "#audit-list tbody tr")))

        step = "the keyboard reaches the skip link first, then the navigation"
        browser.open("/builds")
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
        assert driver.switch_to.active_element.get_attribute("class") == "skip"

        step = "dark mode from the system setting, with no serious accessibility violation"
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        for path, name in (("/", "Overview dark"), ("/builds/%d" % failed, "Build dark"), ("/releases/%d" % scenario["rollingRelease"], "Release dark")):
            browser.open(path)
            background = driver.execute_script("return getComputedStyle(document.body).backgroundColor;")
            assert background == "rgb(17, 20, 24)", background
            browser.check_page(name)
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})

        step = "readable on a phone: no page wider than the screen"
        driver.set_window_size(390, 844)
        for path in ("/", "/builds", "/builds/%d" % failed, "/releases/%d" % scenario["rollingRelease"], "/devices"):
            browser.open(path)
            wide = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth;")
            assert wide <= 1, "%s is %d px wider than a phone's screen" % (path, wide)
        browser.check_page("Build phone")
    except Exception as error:  # one line naming the step, for the Swift test's message
        print("FAILED: %s: %r %s" % (step, error, getattr(error, "msg", "")))
        try:
            print(driver.current_url)
            print(driver.find_element(By.TAG_NAME, "body").text[:3000])
        except Exception:
            pass
        return 1
    finally:
        for name, paint, drawn, json_bytes in browser.timings:
            print("timing: %-16s first paint %s ms, drawn %s ms, JSON %.1f KB" % (name, paint, drawn, (json_bytes or 0) / 1024))
        driver.quit()
    print("ok")
    return 0


def timings(browser: Browser, scenario: dict) -> int:
    """Opens every page through the navigation, then a failed build's page, and reports their timings only."""
    step = "start"
    try:
        browser.open("/#token=" + scenario["adminToken"])
        browser.console_errors()
        for name in PAGES:
            step = "the %s page" % name
            browser.driver.find_element(By.LINK_TEXT, name).click()
            browser.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "nav a[aria-current=page]").text == name)
            browser.ready()
            browser.check_page(name, accessibility=False)
        step = "a failed build's page"
        browser.open("/builds/%d" % scenario["failedBuild"])
        browser.check_page("Build", accessibility=False)
    except Exception as error:
        print("FAILED: %s: %r" % (step, error))
        return 1
    finally:
        for name, paint, drawn, json_bytes in browser.timings:
            print("timing: %-16s first paint %s ms, drawn %s ms, JSON %.1f KB" % (name, paint, drawn, (json_bytes or 0) / 1024))
        browser.driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
