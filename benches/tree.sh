#!/usr/bin/env bash
# The CLI on many small files, next to ripgrep: `linkscan find -c` against
# `rg -c 'https?://\S+'` over a directory tree (default: this machine's
# cargo registry sources, ~16,000 files; TREE=DIR for another), at -j 1 and
# at the default threads. Prints a Markdown table: the median of five runs
# of CPU time (user + system) and wall time, page faults (GNU time's minor
# faults), and the time to the first line of output.
#
#   bash benches/tree.sh            # TREE=/usr/share/doc bash benches/tree.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tree=${TREE:-$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/index.crates.io-*/ | head -n 1)}

if ! command -v rg >/dev/null; then
    apt-get update -qq && apt-get install -y -qq ripgrep >/dev/null
fi
if [ ! -x /usr/bin/time ]; then
    apt-get update -qq && apt-get install -y -qq time >/dev/null
fi
cargo build --release -q -p linkscan-cli
linkscan=$PWD/target/release/linkscan
files=$(find "$tree" -type f | wc -l)

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

run() {
    local name=$1; shift
    local cpu=() wall=() faults=() first=()
    for _ in 1 2 3 4 5; do
        (cd "$tree" && /usr/bin/time -f '%e %U %S %R' -o /tmp/linkscan-tree-time.txt "$@" > /dev/null) || true
        read -r secs user sys minor < /tmp/linkscan-tree-time.txt
        cpu+=("$(awk "BEGIN { print $user + $sys }")"); wall+=("$secs"); faults+=("$minor")
        # Time to the first line: the clock read when it arrives.
        local start end
        start=$(date +%s.%N)
        (cd "$tree" && "$@" | head -n 1 > /dev/null) || true
        end=$(date +%s.%N)
        first+=("$(awk "BEGIN { print $end - $start }")")
    done
    printf '| %s | %.3f | %.3f | %s | %.3f |\n' "$name" \
        "$(printf '%s\n' "${cpu[@]}" | median)" "$(printf '%s\n' "${wall[@]}" | median)" \
        "$(printf '%s\n' "${faults[@]}" | median)" "$(printf '%s\n' "${first[@]}" | median)"
}

echo "tree: $tree ($files files), $(nproc) cores; medians of five runs, warm cache"
echo
echo "| command | CPU seconds | seconds | page faults | seconds to the first line |"
echo "|---|---:|---:|---:|---:|"
run "linkscan find -c -j 1" "$linkscan" find -c -j 1 .
run "rg -c 'https?://\\S+' -j 1" rg -c -j 1 'https?://\S+' .
run "linkscan find -c" "$linkscan" find -c .
run "rg -c 'https?://\\S+'" rg -c 'https?://\S+' .
