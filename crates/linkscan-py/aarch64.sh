#!/usr/bin/env bash
# The aarch64 wheel (manylinux2014: glibc 2.17, e.g. Graviton EMR and
# RHEL 8 on Arm), built on x86-64 and run under qemu.
#
#   bash crates/linkscan-py/aarch64.sh VENV OUT
#
# VENV has maturin, ziglang and auditwheel (requirements-test.txt and CI's
# pip line); the wheel goes to OUT. The Rust standard library for aarch64
# comes from rustup where that target is installed or rustup can install
# it; otherwise (rustup cannot reach its server on every machine) Debian's
# rustc-web builds it
# from rust-web-src (`-Z build-std`). zig links against glibc 2.17;
# auditwheel must name manylinux_2_17_aarch64. Then Debian's arm64 Python
# 3.11, unpacked beside (no chroot), imports the wheel under
# qemu-aarch64-static and runs the package's doctests and a few calls.
# Needs apt (qemu-user-static, and arm64 packages: dpkg
# --add-architecture arm64) where they are not installed.
set -euo pipefail
venv=$(cd "$1" && pwd)
out=$(mkdir -p "$2" && cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
target=aarch64-unknown-linux-gnu
work=$here/../../target/aarch64
mkdir -p "$work"

build=()
# rustup installs the target's standard library where it reaches its server
# (a download of seconds; building it from source takes minutes).
if command -v rustup >/dev/null && ! timeout 120 rustup target add $target >/dev/null 2>&1; then
    echo "rustup cannot install $target here: the standard library is built from source"
fi
if ! ls "$(rustc --print target-libdir --target $target 2>/dev/null || true)"/libcore-* >/dev/null 2>&1; then
    [ -d /usr/lib/rustlib/src/rust/library/std ] || apt_packages+=(rustc-web rust-web-src)
    build=(-Z build-std)
    export RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
fi
command -v qemu-aarch64-static >/dev/null || apt_packages+=(qemu-user-static)
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    dpkg --add-architecture arm64
    apt_update=1
fi
if [ -n "${apt_packages[*]:-}" ] || [ -n "${apt_update:-}" ]; then
    apt-get update -qq
    [ -z "${apt_packages[*]:-}" ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${apt_packages[@]}" >/dev/null
fi

(cd "$here" && PATH="$venv/bin:$PATH" CARGO_TARGET_DIR="$work/cargo" "$venv/bin/maturin" build --release --locked -q \
    --zig --compatibility manylinux2014 --target $target "${build[@]}" -o "$out")
wheel=$(ls "$out"/linkscan-*manylinux2014_aarch64*.whl)
"$venv/bin/auditwheel" show "$wheel" | tee "$work/auditwheel.txt"
grep -q '"manylinux_2_17_aarch64"' "$work/auditwheel.txt"

# Debian's arm64 Python, unpacked: the interpreter and what it links.
rm -rf "$work/root" "$work/debs" "$work/site" && mkdir -p "$work/debs" "$work/site"
(cd "$work/debs" && apt-get download -qq python3.11-minimal:arm64 libpython3.11-minimal:arm64 \
    libpython3.11-stdlib:arm64 libc6:arm64 zlib1g:arm64 libexpat1:arm64 libffi8:arm64 libssl3:arm64 \
    libgcc-s1:arm64)
for deb in "$work"/debs/*.deb; do dpkg -x "$deb" "$work/root"; done
(cd "$work/site" && "$venv/bin/python" -m zipfile -e "$wheel" .)
QEMU_LD_PREFIX="$work/root" PYTHONPATH="$work/site" qemu-aarch64-static "$work/root/usr/bin/python3.11" -c '
import doctest, platform, linkscan, linkscan.bleach
assert platform.machine() == "aarch64", platform.machine()
failed, tried = doctest.testmod(linkscan)
assert failed == 0 and tried > 0, (failed, tried)
assert [l.href for l in linkscan.Finder(profile="chat").find("README.md? ping @ann@chaos.social")] == ["https://chaos.social/@ann"]
assert linkscan.bleach.linkify("<p title=\"a.com\">See b.com</p>") == "<p title=\"a.com\">See <a href=\"https://b.com\" rel=\"nofollow\">b.com</a></p>"
assert "<a href=\"http://www.commonmark.org/a.b\">" in linkscan.markdown_to_html("Visit www.commonmark.org/a.b.")
print("aarch64 wheel:", platform.machine(), f"{tried} doctests and the calls pass under qemu")
'
rm -rf "$work"
