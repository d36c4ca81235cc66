# puzzlelab: `make serve` builds and serves the app; `make test` runs every test.
# Both install what is missing first (pinned versions; a no-op when already installed).

SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(CURDIR)/node_modules/.bin:$(PATH)

TRUNK_VERSION := 0.21.14
# wasm-bindgen-cli must equal the wasm-bindgen crate in Cargo.lock.
WASM_BINDGEN_VERSION := $(shell sed -n '/^name = "wasm-bindgen"$$/{n;s/^version = "\(.*\)"/\1/p;}' Cargo.lock)
CHROMEDRIVER ?= /usr/bin/chromedriver
export CHROMEDRIVER

.PHONY: serve build test test-native test-wasm test-e2e bench tools browser npm clean

serve: tools
	trunk serve --release

build: tools
	trunk build --release

test: tools browser npm test-native test-wasm test-e2e

test-native:
	cargo test

test-wasm:
	cargo test --target wasm32-unknown-unknown

test-e2e: build
	node --test tests/e2e/

# Criterion benchmarks (native), the same searches timed in wasm (Node), and the browser build.
bench: tools
	cargo bench --bench sliding --bench squares --bench script --bench tiling --bench maze --bench lmsolve --bench npuzzle --bench rushhour
	cargo test --release --target wasm32-unknown-unknown --test wasm_speed -- --nocapture
	touch src/lib.rs && time trunk build --release

tools:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@trunk --version 2>/dev/null | grep -qx 'trunk $(TRUNK_VERSION)' || \
	  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 cargo install trunk@$(TRUNK_VERSION) --locked
	@# Not --locked: that lock file asks for a webpki-roots the registry does not have.
	@{ wasm-bindgen --version 2>/dev/null | grep -qx 'wasm-bindgen $(WASM_BINDGEN_VERSION)' && \
	   wasm-bindgen-test-runner --version 2>/dev/null | grep -q '$(WASM_BINDGEN_VERSION)'; } || \
	  cargo install wasm-bindgen-cli@$(WASM_BINDGEN_VERSION)

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
