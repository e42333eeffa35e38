#!/usr/bin/env bash
# A real-text corpus made from what is on this machine, and the CLI on it
# next to ripgrep (benches/cli.sh with CORPUS set): manual-page sources
# (roff, /usr/share/man), the text under /usr/share/doc, the comments of
# the Rust sources in the cargo registry, the Markdown files there, and the
# Debian Reference manual in eight languages (Debian's debian-reference-*
# packages, GPL-2+, installed if missing). Each part is cut at a size of its
# own and the files are taken in sorted order, so the same machine makes
# the same corpus. Nothing of it is committed.
#
#   bash benches/real-corpus.sh          # build target/real-corpus.txt, then the table
#   BUILD_ONLY=1 bash benches/real-corpus.sh
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=target/real-corpus.txt
registry=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/index.crates.io-*/ | head -n 1)
langs=(en ja zh-cn zh-tw de fr it es)

if [ ! -s "$corpus" ]; then
    missing=()
    for lang in "${langs[@]}"; do
        [ -s "/usr/share/debian-reference/debian-reference.$lang.txt.gz" ] ||
            [ -s "/usr/share/debian-reference/debian-reference.$lang.txt" ] || missing+=("debian-reference-$lang")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
    mkdir -p target
    # Each part: at most this many bytes (head cuts the last file short).
    {
        find /usr/share/man -type f -name '*.gz' | LC_ALL=C sort | xargs -r zcat -f 2>/dev/null | head -c 90000000 || true
        find /usr/share/doc -type f \( -name '*.gz' -o -name '*.txt' -o -name 'README*' -o -name 'NEWS*' \
            -o -name 'changelog*' -o -name 'copyright' \) | LC_ALL=C sort |
            xargs -r zcat -f 2>/dev/null | head -c 50000000 || true
        find "$registry" -type f -name '*.rs' | LC_ALL=C sort | xargs -r grep -h '^\s*//' 2>/dev/null |
            head -c 30000000 || true
        find "$registry" -type f -name '*.md' | LC_ALL=C sort | xargs -r cat 2>/dev/null | head -c 20000000 || true
        for lang in "${langs[@]}"; do
            zcat -f /usr/share/debian-reference/debian-reference."$lang".txt* 2>/dev/null || true
        done
    } > "$corpus"
    # Text, as the tool reads it: bytes that are not UTF-8 become U+FFFD; the
    # NULs of the few binary files under /usr/share/doc are dropped.
    python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); open(sys.argv[1], "wb").write(d.replace(b"\0", b"").decode("utf-8", "replace").encode())' "$corpus"
fi
echo "$corpus: $(stat -c %s "$corpus") bytes"
[ -n "${BUILD_ONLY:-}" ] || CORPUS=$corpus bash benches/cli.sh
