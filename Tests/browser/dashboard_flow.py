"""Drives the MobileOps dashboard in headless Chromium with Selenium, as a person would.

Run by ServerTests' DashboardBrowserTests against a live test server it prepared:
  python dashboard_flow.py SCENARIO.json
The scenario names the server URL, a read token, the builds to open and an agent token with
a running job (the script appends a log chunk as that agent to see the page follow the log).
Exits 0 when every step held; otherwise prints the failed step and exits 1.
"""
import json
import sys
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def agent_call(base: str, token: str, path: str, data: bytes, headers: dict | None = None) -> bytes:
    """POSTs to the agent protocol as the agent holding `token`; answers the body (raises on an HTTP error)."""
    request = urllib.request.Request(base + path, data=data, method="POST", headers={"Authorization": "Bearer " + token, **(headers or {})})
    with urllib.request.urlopen(request) as answer:
        return answer.read()


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as file:
        scenario = json.load(file)
    options = webdriver.ChromeOptions()
    options.binary_location = scenario.get("chromium", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1500"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(scenario.get("chromedriver", "/usr/bin/chromedriver")), options=options)
    wait = WebDriverWait(driver, 20)
    base = scenario["url"]
    step = "start"
    try:
        step = "a bad token is rejected and the form is shown again"
        driver.get(base + "/")
        wait.until(lambda d: d.find_element(By.ID, "login").is_displayed())
        driver.find_element(By.ID, "token").send_keys("not-a-token")
        driver.find_element(By.ID, "login-button").click()
        wait.until(lambda d: "rejected (401)" in d.find_element(By.ID, "login-message").text)
        assert driver.find_element(By.ID, "login").is_displayed()
        assert not driver.find_element(By.ID, "overview").is_displayed(), "no empty cards behind the form"

        step = "log in with a token and see why a job waits"
        driver.find_element(By.ID, "token").send_keys(scenario["token"])
        driver.find_element(By.ID, "login-button").click()
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-state") == "ready")
        pending = driver.find_element(By.ID, "pending").text
        assert scenario["pendingReason"] in pending, pending
        agents = driver.find_element(By.ID, "agents").text
        assert scenario["agentName"] in agents, agents

        step = "the build cache's own hit rate is charted beside the log-derived one"
        served = driver.find_element(By.ID, "build-cache-figures").text
        assert "50%" in served and "hit rate" in served, served
        line = driver.find_element(By.CSS_SELECTOR, "#chart-build-cache path.line")
        assert line.get_attribute("data-points") == "1", line.get_attribute("outerHTML")
        assert driver.find_element(By.ID, "chart-cache").is_displayed() and driver.find_element(By.ID, "chart-build-cache").is_displayed()
        if scenario.get("screenshots"):
            driver.save_screenshot(scenario["screenshots"] + "/dashboard.png")

        step = "open the failed build from the recent builds and read its failed test"
        driver.find_element(By.CSS_SELECTOR, "#builds a[href='/builds/%d']" % scenario["failedBuild"]).click()
        wait.until(lambda d: d.current_url.endswith("/builds/%d" % scenario["failedBuild"]))
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-state") == "ready")
        tests = driver.find_element(By.ID, "tests").text
        assert scenario["failedTest"] in tests and scenario["failureMessage"] in tests, tests
        if scenario.get("screenshots"):
            driver.save_screenshot(scenario["screenshots"] + "/build-page.png")

        step = "a waiting build's page says why its job waits"
        driver.get(base + "/builds/%d" % scenario["waitingBuild"])
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-state") == "ready")
        jobs = driver.find_element(By.ID, "jobs").text
        assert scenario["pendingReason"] in jobs, jobs

        step = "follow a running job's log as it grows"
        running = scenario["runningJob"]
        driver.get(base + "/builds/%d" % scenario["runningBuild"])
        log_id = "log-%d" % running["jobID"]
        wait.until(lambda d: running["firstLine"] in d.find_element(By.ID, log_id).text)
        cache = driver.find_element(By.ID, "build-cache").text
        assert "cache hits" in cache and "50%" in cache, cache
        agent_call(base, running["agentToken"], "/api/v1/agent/jobs/%d/log" % running["jobID"], (running["nextLine"] + "\n").encode(),
                   {"X-Log-Sequence": "1", "Content-Type": "text/plain"})
        wait.until(lambda d: running["nextLine"] in d.find_element(By.ID, log_id).text)

        step = "a job pending when its build page opened shows its live log once it starts"
        waiting = scenario["waitingJob"]
        driver.get(base + "/builds/%d" % scenario["waitingBuild"])
        waiting_log = "log-%d" % waiting["jobID"]
        wait.until(lambda d: "waiting:" in d.find_element(By.ID, waiting_log).text)
        # The agent's one slot frees up (a failed job: its build's later steps are canceled),
        # so its next poll gets the waiting job, which starts and logs.
        outcome = json.dumps({"state": "failed", "exitStatus": 1, "commandDurations": [1.0]}).encode()
        agent_call(base, running["agentToken"], "/api/v1/agent/jobs/%d/finish" % running["jobID"], outcome, {"Content-Type": "application/json"})
        assigned = json.loads(agent_call(base, running["agentToken"], "/api/v1/agent/jobs/next?wait=0", b""))
        assert assigned["jobID"] == waiting["jobID"], assigned
        agent_call(base, running["agentToken"], "/api/v1/agent/jobs/%d/start" % waiting["jobID"], b"")
        agent_call(base, running["agentToken"], "/api/v1/agent/jobs/%d/log" % waiting["jobID"], (waiting["line"] + "\n").encode(),
                   {"X-Log-Sequence": "0", "Content-Type": "text/plain"})
        wait.until(lambda d: waiting["line"] in d.find_element(By.ID, waiting_log).text)
    except Exception as error:  # one line naming the step, for the Swift test's message
        print("FAILED: %s: %r" % (step, error))
        print(driver.find_element(By.TAG_NAME, "body").text[:3000])
        return 1
    finally:
        driver.quit()
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
