#!/bin/sh
# Trunk post_build hook (Trunk.toml): the page's full module, and full.html to run it.
#
# Trunk builds the page's first module without the Cargo features script, lmsolve, perl-goals,
# regex-goals and puzzlescript (index.html's data-cargo-no-default-features): 1.0 MB gzip instead of 2.1 to download before
# the board is drawn. This adds the module with everything, as `full/app.js` and
# `full/app_bg.wasm`, which the first module loads into the page when a puzzle needs it
# (src/web/app/handover.rs), and `full.html`: the same page running it, for links made before.
set -eu

# Trunk's release build uses the Cargo profile `web` (index.html); cargo writes `dev` to `debug`,
# under CARGO_TARGET_DIR when it is set.
target="${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown"
if [ "${TRUNK_PROFILE:-debug}" = release ]; then
  profile=web out="$target/web"
else
  profile=dev out="$target/debug"
fi

cd "$TRUNK_SOURCE_DIR"
cargo build --profile "$profile" --target wasm32-unknown-unknown --bin app
rm -rf "$TRUNK_STAGING_DIR/full"
wasm-bindgen --target web --no-typescript --out-dir "$TRUNK_STAGING_DIR/full" "$out/app.wasm"

# The page's links to the first module's files, pointed at the full module's; their integrity
# hashes are those of the first module's files, so they go.
sed -E \
  -e 's#app-[0-9a-f]+(_bg\.wasm|\.js)#full/app\1#g' \
  -e 's#(<link [^>]*full/app[^>]*) integrity="[^"]*"#\1#g' \
  "$TRUNK_STAGING_DIR/index.html" > "$TRUNK_STAGING_DIR/full.html"
grep -q 'full/app_bg.wasm' "$TRUNK_STAGING_DIR/full.html"
