# puzzlelab: `make serve` builds and serves the app; `make test` runs every test.
# Both install what is missing first (pinned versions; a no-op when already installed).

SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(CURDIR)/node_modules/.bin:$(PATH)

TRUNK_VERSION := 0.21.14
# wasm-bindgen-cli must equal the wasm-bindgen crate in Cargo.lock.
WASM_BINDGEN_VERSION := $(shell sed -n '/^name = "wasm-bindgen"$$/{n;s/^version = "\(.*\)"/\1/p;}' Cargo.lock)
CHROMEDRIVER ?= /usr/bin/chromedriver
export CHROMEDRIVER

.PHONY: serve build test lint toolchain test-native test-wasm test-e2e screenshots bench bench-xsokoban fuzz tools browser npm clean

serve: tools
	trunk serve --release

build: tools
	trunk build --release

# The tools (on a fresh machine) and then the page build while the lint gate and the native tests
# run, which need only the toolchain: the page's release builds run one compiler each for the
# most part, and the two cores share the work (they use other Cargo profiles, so no lock is
# waited on). The wasm and browser tests wait for them; their output is in target/page.log,
# shown if they fail.
test: toolchain browser npm
	@mkdir -p target
	@{ $(MAKE) --no-print-directory build > target/page.log 2>&1; echo $$? > target/page.status; } & \
	  $(MAKE) --no-print-directory lint test-native; tests=$$?; wait; \
	  if [ "$$(cat target/page.status)" != 0 ]; then cat target/page.log; echo "make build failed"; exit 1; fi; \
	  [ $$tests = 0 ] && $(MAKE) --no-print-directory test-wasm && $(E2E)

# The lint gate, first in `make test`: rustfmt's style (rustfmt.toml), clippy with every warning an
# error in each configuration built (native with and without the default features, the page's
# wasm module with and without them, the wasm tests), and the API docs with warnings as errors.
CLIPPY_CONFIGS := "--all-targets" "--lib --bins --no-default-features" \
  "--target wasm32-unknown-unknown --lib --bins --tests" "--target wasm32-unknown-unknown --lib --bins --no-default-features"
lint: toolchain
	cargo fmt --check
	rustfmt --check --edition 2021 fuzz/fuzz_targets/*.rs
	@for config in $(CLIPPY_CONFIGS); do echo "cargo clippy $$config -- -D warnings"; cargo clippy $$config -- -D warnings || exit 1; done
	RUSTDOCFLAGS="-D warnings" cargo doc --no-deps
	RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --target wasm32-unknown-unknown

# The page's first module is built without the Cargo features script, lmsolve, perl-goals,
# regex-goals and puzzlescript: clippy checks that build, and the end-to-end tests watch it hand
# scripts, LM-Solve boards and Perl-style goals to the full module (the unit tests' other branch: `cargo test --lib
# --no-default-features handed_on`, not run here, as it would build the crate once more).
test-native:
	cargo test

# The wasm tests are two integration tests (tests/web.rs in Chromium, tests/wasm_speed.rs in
# Node); the others and the library's own unit tests are native, so they are not built for wasm.
test-wasm:
	cargo test --target wasm32-unknown-unknown --test web --test wasm_speed

# Two test files at a time: a file waits on its page much of the time, and two keep both cores
# busy (three took a little less again, with more risk of a slow machine missing a wait).
E2E := node --test --test-concurrency=2 tests/e2e/
test-e2e: build
	$(E2E)

# The README's pictures of the page (desktop and phone), as the end-to-end run makes them.
screenshots: build
	SCREENSHOTS=docs node --test --test-name-pattern='on a phone' tests/e2e/page.test.mjs

# Criterion benchmarks (native), the same searches timed in wasm (Node), the browser build,
# tiling counts in the page on 1 and 2 Workers, and the first load on emulated 4G (Chromium).
bench: tools browser npm
	cargo bench --bench '*'
	cargo test --release --target wasm32-unknown-unknown --test wasm_speed -- --nocapture
	touch src/lib.rs && time trunk build --release
	cargo run --release --quiet -- solve tests/fixtures/sokoban/microban.txt --all-levels --timeout 10 --threads 1 | tail -n 1
	cargo run --release --quiet -- solve tests/fixtures/sokoban/microban.txt --all-levels --timeout 10 --threads 2 | tail -n 1
	node benches/browser.mjs
	node benches/first_load.mjs

# Sokoban's hard benchmark, as the solver statistics report it: the 90 original levels with ten
# minutes each, one thread (up to 15 hours; a line per level as each ends).
bench-xsokoban:
	cargo run --release --quiet -- solve tests/fixtures/sokoban/xsokoban.xsb --all-levels --timeout 600

# Fuzzing (not part of `make test`): each target of fuzz/ for FUZZ_SECONDS, seeded with the
# examples and fixtures; libFuzzer's summary line ("Done N runs in S second(s)") is kept in
# target/fuzz/TARGET.log, and an input that fails lands in fuzz/artifacts/TARGET/. Needs the
# nightly toolchain (for cargo fuzz only; the product builds on stable).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := read share_link solve gen_sliding gen_squares gen_rushhour analyse render goal kept
CARGO_FUZZ_VERSION := 0.13.2

fuzz:
	@rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
	@cargo fuzz --version 2>/dev/null | grep -q '$(CARGO_FUZZ_VERSION)' || cargo install cargo-fuzz@$(CARGO_FUZZ_VERSION) --locked
	@rm -rf target/fuzz/seeds && mkdir -p target/fuzz/seeds
	@cp www/examples/* target/fuzz/seeds/ && for f in tests/fixtures/*/*; do cp "$$f" "target/fuzz/seeds/$$(echo $$f | tr / _)"; done
	cargo +nightly fuzz build
	@status=0; for target in $(FUZZ_TARGETS); do \
	  mkdir -p fuzz/corpus/$$target; \
	  cargo +nightly fuzz run $$target fuzz/corpus/$$target target/fuzz/seeds -- \
	    -max_total_time=$(FUZZ_SECONDS) -timeout=20 -rss_limit_mb=3072 -max_len=65536 > target/fuzz/$$target.log 2>&1 || status=1; \
	  echo "$$target: $$(grep -E '^Done [0-9]+ runs' target/fuzz/$$target.log || grep -m1 -E 'ERROR|panicked' target/fuzz/$$target.log)"; \
	done; exit $$status

# What the lint gate and the native tests need: quick to add, from rustup.
toolchain:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@rustup component list --installed | grep -q '^clippy' && rustup component list --installed | grep -q '^rustfmt' || \
	  rustup component add clippy rustfmt

# The tools built from source with cargo install, optimised lightly or not at all, as what they
# do is quick either way (measured on a fresh 2-core machine, each built alone):
# - wasm-bindgen at opt-level 1 builds in 108 s and takes 0.86 s on the page's module (0.80 fully
#   optimised); at opt-level 0 it would build in 52 s but take 2.8 s on the page's module and
#   longer on the tests' unoptimised ones (51 MB), so 1 it is;
# - trunk at opt-level 0 builds in 139 s against 251 at opt-level 1, and a build it runs that has
#   nothing to compile takes 2.2 s instead of 1.7.
# Both fully optimised took 630 s.
TOOL_PROFILE := CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
tools: toolchain
	@trunk --version 2>/dev/null | grep -qx 'trunk $(TRUNK_VERSION)' || \
	  $(TOOL_PROFILE) CARGO_PROFILE_RELEASE_OPT_LEVEL=0 cargo install trunk@$(TRUNK_VERSION) --locked
	@# Not --locked: that lock file asks for a webpki-roots the registry does not have.
	@{ wasm-bindgen --version 2>/dev/null | grep -qx 'wasm-bindgen $(WASM_BINDGEN_VERSION)' && \
	   wasm-bindgen-test-runner --version 2>/dev/null | grep -q '$(WASM_BINDGEN_VERSION)'; } || \
	  $(TOOL_PROFILE) CARGO_PROFILE_RELEASE_OPT_LEVEL=1 cargo install wasm-bindgen-cli@$(WASM_BINDGEN_VERSION)

browser:
	@{ command -v chromium && command -v chromedriver; } >/dev/null 2>&1 || { \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium chromium-driver; }

npm: node_modules/.package-lock.json

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

clean:
	cargo clean
	rm -rf dist node_modules
