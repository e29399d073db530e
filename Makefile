# MobileOps: two commands on a fresh Debian machine with Swift: `make run` and `make test`.
# Each target first installs the system packages the build links against, when missing.

SWIFT ?= swift
APT_PACKAGES := libcurl4-openssl-dev libsqlite3-dev
# The test suite also drives a real headless browser (the HTML dashboard, through Selenium
# and chromium-driver), git, and a throwaway PostgreSQL server (Tests/PostgreSQL/cluster.sh)
# that the store's tests run against besides SQLite, and nginx (the load balancer in
# deploy/compose.yaml, whose configuration the deployment tests check with `nginx -t`, and
# the one LoadBalancedReplicasTests puts in front of two server replicas), and ccache and
# Gradle (4.4.1, with a JDK to compile Java) as real clients of the remote build cache
# (CcacheClientTests, GradleClientTests).
TEST_APT_PACKAGES := chromium chromium-driver git python3 python3-venv postgresql nginx ccache gradle default-jdk-headless
# Selenium and moto (a real S3 implementation the artifact tests run on loopback, in server
# mode) come from PyPI into this virtual environment; the tests find its Python, and
# moto_server beside it, through MOBILE_OPS_TEST_PYTHON. moto is pinned: the tests use its
# /moto-api/reset-auth switch to make it check signatures. kubernetes-validate, pinned too,
# checks deploy/kubernetes/ against the Kubernetes API schemas it bundles (no network).
TEST_VENV := .build/test-venv
MOTO_VERSION := 5.2.5
KUBERNETES_VALIDATE_VERSION := 1.37.0
# axe-selenium-python bundles axe-core, which the web UI's browser test runs on every page.
AXE_SELENIUM_VERSION := 2.1.6
# The fuzz run (Tests/Fuzz/fuzz.py) drives Schemathesis, pinned, from PyPI into this virtual
# environment; it also makes a local git repository for the release notes it fuzzes.
FUZZ_APT_PACKAGES := git python3 python3-venv
FUZZ_VENV := .build/fuzz-venv
SCHEMATHESIS_VERSION := 4.32.5
# make fuzz: the time budget of all passes together, in seconds, and an optional seed to replay.
FUZZ_SECONDS ?= 300
FUZZ_SEED ?=
# The short pass make test runs after the test targets.
TEST_FUZZ_SECONDS ?= 60
FUZZ_COMMAND = $(FUZZ_VENV)/bin/python Tests/Fuzz/fuzz.py --server "$$($(SWIFT) build --show-bin-path)/mobile-ops-server" \
	--schemathesis $(FUZZ_VENV)/bin/schemathesis $(if $(FUZZ_SEED),--seed $(FUZZ_SEED))
# The benchmarks load the server with wrk (ci-bench intake, Benchmarks/HTTP/run.sh); ci-bench's pick
# also runs on a throwaway PostgreSQL server (Tests/PostgreSQL/cluster.sh), beside SQLite.
BENCH_APT_PACKAGES := wrk postgresql nginx
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

# Release builds link the Swift runtime and Foundation statically (as deploy/Dockerfile does),
# with lld; export no symbols (Swift's static link would export all ~40,000 of ours, and every
# symbol lookup at start-up would page in their tables); and pack the relative relocations
# (DT_RELR) where glibc can load them (2.36 and later: Debian 12). Together they take the idle
# server from about 43 to 33 MiB resident (docs/performance.md).
GLIBC_HAS_RELR := $(shell ldd --version 2>/dev/null | awk 'NR == 1 { split($$NF, v, "."); print ((v[1] > 2 || v[2] >= 36) ? "yes" : "no") }')
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker --no-export-dynamic
ifeq ($(GLIBC_HAS_RELR),yes)
RELEASE_FLAGS += -Xlinker -z -Xlinker pack-relative-relocs
endif

# install_missing(packages): apt-get install those of `packages` that are not installed yet.
define install_missing
	@missing=""; \
	for package in $(1); do \
		dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

# fuzz_venv: (re)create $(FUZZ_VENV) unless it holds the pinned Schemathesis.
define fuzz_venv
	@[ "$$($(FUZZ_VENV)/bin/schemathesis --version 2>/dev/null)" = "schemathesis, version $(SCHEMATHESIS_VERSION)" ] || \
		{ python3 -m venv $(FUZZ_VENV) && $(FUZZ_VENV)/bin/pip install -q schemathesis==$(SCHEMATHESIS_VERSION); }
endef

.PHONY: deps build release release-flags run test test-venvs fuzz bench clean

## deps: install missing Debian packages (libcurl and SQLite headers)
deps:
	$(call install_missing,$(APT_PACKAGES))

## build: debug build of every product
build: deps
	$(SWIFT) build

## release: optimised build of the server, CLI and agent (static Swift runtime, see RELEASE_FLAGS)
# One product at a time: a plain `swift build -c release` would also build the test-support
# targets, which import modules @testable (compiled for testing in debug builds only).
RELEASE_PRODUCTS := mobile-ops-server mobile-ops mobile-ops-agent
release: deps
	@for product in $(RELEASE_PRODUCTS); do $(SWIFT) build $(RELEASE_FLAGS) --product $$product || exit 1; done

## release-flags: the `swift build` flags of a release build, for scripts that build one
release-flags:
	@echo $(RELEASE_FLAGS)

## run: start the server on the embedded SQLite default (.mobile-ops/mobile-ops.sqlite), port 8080
run: deps
	$(SWIFT) build --product mobile-ops-server
	$(SWIFT) run --skip-build mobile-ops-server

# The passes make test runs, longest first (Tests/run-passes.sh runs TEST_LANES of them at
# once, each in a process of its own): every test target, the short fuzz pass, and the targets
# whose code under test reads the clock (CLOCK_TARGETS) again with every test clock a year
# (52 weeks) ahead and behind, so no test depends on today's date (docs/testing.md).
TEST_TARGETS := $(sort $(notdir $(wildcard Tests/*Tests)))
CLOCK_TARGETS := ServerTests NotificationsTests ReleaseDriverTests SchedulingTests StoreTests
SHIFTED_PASSES := $(foreach target,$(CLOCK_TARGETS),$(target)@364 $(target)@-364)
LONG_PASSES := EndToEndTests ServerTests ServerTests@364 ServerTests@-364 fuzz StoreTests CLITests
TEST_PASSES := $(LONG_PASSES) $(filter-out $(LONG_PASSES),$(TEST_TARGETS) $(SHIFTED_PASSES))
TEST_LANES ?= 2

## test: every test target (the store's on SQLite and on a throwaway PostgreSQL), a short fuzz
## pass (TEST_FUZZ_SECONDS), and the CLOCK_TARGETS with their clocks a year ahead and behind;
## TEST_LANES passes at a time
test: deps
	$(call install_missing,$(TEST_APT_PACKAGES))
	@# The Python tools install while the tests build: mostly download, little CPU.
	@mkdir -p .build; $(MAKE) --no-print-directory test-venvs > .build/test-venvs.log 2>&1 & venvs=$$!; \
	$(SWIFT) build --build-tests || exit 1; \
	wait $$venvs || { cat .build/test-venvs.log; exit 1; }
	@# Our own rooms, checked by our own dependency rules (mobile-ops-checks.yml).
	"$$($(SWIFT) build --show-bin-path)/mobile-ops" checks deps --project . --kind spm
	@export MOBILE_OPS_TEST_PYTHON="$(CURDIR)/$(TEST_VENV)/bin/python"; \
	postgres_dir=$$(mktemp -d /tmp/mobile-ops-postgres.XXXXXX); \
	trap 'Tests/PostgreSQL/cluster.sh stop "$$postgres_dir"' EXIT; \
	MOBILE_OPS_TEST_POSTGRES_URL=$$(Tests/PostgreSQL/cluster.sh start "$$postgres_dir") || exit 1; \
	export MOBILE_OPS_TEST_POSTGRES_URL; \
	echo "== PostgreSQL for the store tests: $$MOBILE_OPS_TEST_POSTGRES_URL"; \
	SWIFT="$(SWIFT)" LANES=$(TEST_LANES) FUZZ_COMMAND='$(FUZZ_COMMAND)' TEST_FUZZ_SECONDS=$(TEST_FUZZ_SECONDS) \
		Tests/run-passes.sh .build/test-logs $(TEST_PASSES)

# test-venvs: the tests' and the fuzz pass's Python tools, (re)installed unless pinned ones are there
test-venvs:
	@[ -x $(TEST_VENV)/bin/moto_server ] && [ "$$($(TEST_VENV)/bin/kubernetes-validate --version 2>/dev/null)" = "$(KUBERNETES_VALIDATE_VERSION)" ] && \
		$(TEST_VENV)/bin/python -c "import selenium, axe_selenium_python, moto.server; assert moto.__version__ == '$(MOTO_VERSION)'" 2>/dev/null || \
		{ python3 -m venv $(TEST_VENV) && $(TEST_VENV)/bin/pip install -q selenium 'axe-selenium-python==$(AXE_SELENIUM_VERSION)' 'moto[server]==$(MOTO_VERSION)' 'kubernetes-validate==$(KUBERNETES_VALIDATE_VERSION)'; }
	$(call fuzz_venv)

## fuzz: Schemathesis against a live server, one pass per token scope, FUZZ_SECONDS in all
## (docs/testing.md)
fuzz: deps
	$(call install_missing,$(FUZZ_APT_PACKAGES))
	$(call fuzz_venv)
	$(SWIFT) build --product mobile-ops-server
	$(FUZZ_COMMAND) --seconds $(FUZZ_SECONDS)

## bench: every benchmark under Benchmarks/ (release mode, loopback only, each stops by itself)
bench: deps
	$(call install_missing,$(BENCH_APT_PACKAGES))
	$(SWIFT) build $(RELEASE_FLAGS) --product mobile-ops-server
	@# SwiftPM keeps the root package's file list in the benchmark build's manifest; a
	@# source file added since the last bench build would be missing from it.
	rm -f Benchmarks/.build/release.yaml
	cd Benchmarks && $(SWIFT) build -c release
	@postgres_dir=$$(mktemp -d /tmp/mobile-ops-bench-postgres.XXXXXX); \
	trap 'Tests/PostgreSQL/cluster.sh stop "$$postgres_dir"' EXIT; \
	MOBILE_OPS_BENCH_POSTGRES_URL=$$(Tests/PostgreSQL/cluster.sh start "$$postgres_dir") || exit 1; \
	export MOBILE_OPS_BENCH_POSTGRES_URL; \
	cd Benchmarks && .build/release/ci-bench
	cd Benchmarks && .build/release/impact-bench
	cd Benchmarks && .build/release/checks-bench
	cd Benchmarks && .build/release/metrics-bench
	cd Benchmarks && .build/release/findings-bench
	cd Benchmarks && .build/release/device-bench
	cd Benchmarks && .build/release/metrics-store-bench
	cd Benchmarks && .build/release/di-compare
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark
	Benchmarks/HTTP/run.sh
	SKIP_BUILD=1 Benchmarks/Cache/run.sh
	Benchmarks/Slowloris/run.sh

clean:
	rm -rf .build Benchmarks/.build
