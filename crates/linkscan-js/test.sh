#!/usr/bin/env bash
# The npm package's tests: builds the WebAssembly modules (cargo xtask
# wasm), packs the package (npm pack), installs the tarball in a scratch
# project (target/js-project) with the tests' dependencies from
# tests/package-lock.json, and runs `node --test` there: the API on the
# UTS #58 files, markdown-it with the linkify-it drop-in, the README's
# JavaScript as written, and the playground in headless Chromium.
# `test.sh bench` runs the benchmark there instead (bench.mjs, on the
# corpora the Rust benchmarks use).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$root/target/js-project
(cd "$root" && cargo xtask wasm)
rm -rf "$scratch" && mkdir -p "$scratch"
cp -r "$root"/crates/linkscan-js/tests/. "$scratch"/
cp -r "$root"/crates/linkscan-js/playground "$scratch"/playground
(cd "$root/crates/linkscan-js/npm" && npm pack --silent --pack-destination "$scratch" >/dev/null)
cd "$scratch"
npm ci --silent --no-audit --no-fund
npm install --no-save --silent --no-audit --no-fund ./linkscan-*.tgz
export LINKSCAN_REPO=$root
if [ "${1:-}" = bench ]; then
    (cd "$root" && cargo run -q --release --locked -p linkscan-checks --bin corpora -- "$scratch/corpora" >/dev/null)
    LINKSCAN_CORPORA=$scratch/corpora node bench.mjs
else
    node --test --test-reporter=dot
fi
