#!/usr/bin/env bash
# The CLI on many small files, next to ripgrep: `linkscan find -c` against
# `rg -c 'https?://\S+'` over a directory tree (default: this machine's
# cargo registry sources, ~16,000 files; TREE=DIR for another), at -j 1 and
# at the default threads. Prints a Markdown table (benches/measure.py): the
# medians of interleaved runs of CPU time (user + system), wall time, page
# faults (minor) and the time to the first line of output.
#
#   bash benches/tree.sh            # TREE=/usr/share/doc RUNS=5 bash benches/tree.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tree=${TREE:-$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/index.crates.io-*/ | head -n 1)}

if ! command -v rg >/dev/null; then
    apt-get update -qq && apt-get install -y -qq ripgrep >/dev/null
fi
cargo build --release -q -p linkscan-cli
linkscan=$PWD/target/release/linkscan
files=$(find "$tree" -type f | wc -l)

echo "tree: $tree ($files files), $(nproc) cores; medians of ${RUNS:-11} interleaved runs, warm cache"
echo
python3 benches/measure.py --dir "$tree" "${RUNS:-11}" \
    "linkscan find -c -j 1" "$linkscan find -c -j 1 ." \
    "rg -c 'https?://\\S+' -j 1" "rg -c -j 1 'https?://\\S+' ." \
    "linkscan find -c" "$linkscan find -c ." \
    "rg -c 'https?://\\S+'" "rg -c 'https?://\\S+' ."
