#!/usr/bin/env bash
# The CLI on a large file, next to the tools people use in pipelines today:
# `linkscan find --format jsonl` (one and two threads) against
# `grep -oE 'https?://[^[:space:]]+'` and `rg -o 'https?://\S+'`, on a
# generated corpus (`cargo xtask corpus`, 200 MB by default), output to a
# file (or thrown away: DISCARD=1); CORPUS=FILE for another corpus
# (benches/real-corpus.sh makes one of real text). Prints a Markdown table
# (benches/measure.py): the medians of interleaved runs of wall-clock time
# and CPU time (user + system), throughput, peak memory (GNU time's maximum
# resident set size), links printed.
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

echo "corpus: $corpus ($((bytes / 1000000)) MB), $(nproc) cores, output to $out, medians of ${RUNS:-11} interleaved runs, LC_ALL=${LC_ALL:-unset} LANG=${LANG:-unset}"
echo
commands=(
    "linkscan find --format jsonl -j 1" "target/release/linkscan find --format jsonl -j 1"
    "linkscan find --format jsonl -j 2" "target/release/linkscan find --format jsonl -j 2"
    "rg -o 'https?://\\S+'" "rg -o 'https?://\S+'"
    "rg -o 'https?://\\S+' -j 1" "rg -j 1 -o 'https?://\S+'"
)
# GNU grep stops at the first match when its output is /dev/null.
[ "$out" = /dev/null ] || commands+=("grep -oE 'https?://[^[:space:]]+'" "grep -oE 'https?://[^[:space:]]+'")
python3 benches/measure.py --stdin "$corpus" --stdout "$out" "${RUNS:-11}" "${commands[@]}"
