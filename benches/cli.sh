#!/usr/bin/env bash
# The CLI on a large file, next to the tools people use in pipelines today:
# `linkscan find --format jsonl` (one and two threads) against
# `grep -oE 'https?://[^[:space:]]+'` and `rg -o 'https?://\S+'`, on a
# generated corpus (`cargo xtask corpus`, 200 MB by default), output to a
# file (or thrown away: DISCARD=1); CORPUS=FILE for another corpus
# (benches/real-corpus.sh makes one of real text). Prints a Markdown table: best of five
# wall-clock times and CPU times (user + system), throughput, peak memory
# (GNU time's maximum resident set size), links printed.
#
#   bash benches/cli.sh            # SIZE_MB=50 bash benches/cli.sh for a quick run
#   DISCARD=1 bash benches/cli.sh  # output to /dev/null
set -euo pipefail
cd "$(dirname "$0")/.."
size_mb=${SIZE_MB:-200}

if ! command -v rg >/dev/null; then
    apt-get update -qq && apt-get install -y -qq ripgrep >/dev/null
fi
if [ ! -x /usr/bin/time ]; then
    apt-get update -qq && apt-get install -y -qq time >/dev/null
fi
cargo build --release -q -p linkscan-cli
corpus=${CORPUS:-target/cli-bench-${size_mb}mb.txt}
[ -s "$corpus" ] || cargo xtask corpus "$size_mb" > "$corpus"
bytes=$(stat -c %s "$corpus")
out=target/cli-bench-out.txt
[ -z "${DISCARD:-}" ] || out=/dev/null

run() {
    local name=$1; shift
    local best="" cpu="" mem="" lines
    for _ in 1 2 3 4 5; do
        /usr/bin/time -f '%e %U %S %M' -o target/cli-bench-time.txt "$@" < "$corpus" > "$out" || true
        read -r secs user sys kb < target/cli-bench-time.txt
        if [ -z "$best" ] || awk "BEGIN { exit !($secs < $best) }"; then best=$secs; fi
        if [ -z "$cpu" ] || awk "BEGIN { exit !($user + $sys < $cpu) }"; then cpu=$(awk "BEGIN { print $user + $sys }"); fi
        mem=$kb
    done
    lines=$("$@" < "$corpus" | wc -l)
    awk -v n="$name" -v s="$best" -v c="$cpu" -v b="$bytes" -v m="$mem" -v l="$lines" \
        'BEGIN { printf "| %s | %.2f | %.2f | %.0f | %.1f | %d |\n", n, s, c, b / s / 1e6, m / 1024, l }'
}

echo "corpus: $corpus ($((bytes / 1000000)) MB), $(nproc) cores, output to $out, LC_ALL=${LC_ALL:-unset} LANG=${LANG:-unset}"
echo
echo "| command | seconds | CPU seconds | MB/s | peak memory (MB) | links printed |"
echo "|---|---:|---:|---:|---:|---:|"
run "linkscan find --format jsonl -j 1" target/release/linkscan find --format jsonl -j 1
run "linkscan find --format jsonl -j 2" target/release/linkscan find --format jsonl -j 2
run "rg -o 'https?://\\S+'" rg -o 'https?://\S+'
run "rg -o 'https?://\\S+' -j 1" rg -j 1 -o 'https?://\S+'
# GNU grep stops at the first match when its output is /dev/null.
[ "$out" = /dev/null ] || run "grep -oE 'https?://[^[:space:]]+'" grep -oE 'https?://[^[:space:]]+'
