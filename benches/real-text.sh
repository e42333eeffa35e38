#!/usr/bin/env bash
# The real-text corpora of the benchmarks: the Debian Reference manual as
# plain text in Japanese, Chinese, German and French (Debian packages
# debian-reference-ja, -zh-cn, -de, -fr; GPL-2+), installed from Debian and
# unpacked into target/real-text/, where `cargo xtask instructions find`
# and `cargo bench -p linkscan-checks --bench find` pick them up. Nothing of
# them is committed.
#
#   bash benches/real-text.sh
set -euo pipefail
cd "$(dirname "$0")/.."
langs=(ja zh-cn de fr)
missing=()
for lang in "${langs[@]}"; do
    [ -s "/usr/share/debian-reference/debian-reference.$lang.txt.gz" ] || missing+=("debian-reference-$lang")
done
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
fi
mkdir -p target/real-text
for lang in "${langs[@]}"; do
    zcat "/usr/share/debian-reference/debian-reference.$lang.txt.gz" > "target/real-text/debian-reference.$lang.txt"
    echo "target/real-text/debian-reference.$lang.txt: $(stat -c %s "target/real-text/debian-reference.$lang.txt") bytes"
done
