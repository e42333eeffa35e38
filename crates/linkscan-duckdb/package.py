"""Makes `linkscan.duckdb_extension` from the built library: DuckDB loads a
file only with its metadata footer after the library (512 bytes: a
WebAssembly custom-section header named `duckdb_signature`, eight 32-byte
NUL-padded fields, last first, then 256 bytes of room for a signature).

    cargo build --release --manifest-path crates/linkscan-duckdb/Cargo.toml
    python crates/linkscan-duckdb/package.py PLATFORM [OUT]   # PLATFORM: DuckDB's `PRAGMA platform`, e.g. linux_amd64
"""

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
#: What the footer says: the C API version the extension asks for (the ABI
#: type C_STRUCT makes DuckDB read this field as one), and its own version.
C_API_VERSION = "v1.2.0"
EXTENSION_VERSION = "v0.1.0"


def field(value):
    data = value.encode("ascii")
    assert len(data) <= 32, value
    return data + b"\0" * (32 - len(data))


def footer(platform):
    # A custom section (id 0) of 531 bytes (LEB128 0x93 0x04) named by 16
    # bytes, then the 512 bytes of metadata (LEB128 0x80 0x04).
    header = bytes([0, 0x93, 0x04, 16]) + b"duckdb_signature" + bytes([0x80, 0x04])
    # Fields 8 to 6 are unused; 5: the ABI type; 4: the extension's
    # version; 3: DuckDB's (here the C API's); 2: the platform; 1: "4",
    # which marks a DuckDB extension.
    fields = ["", "", "", "C_STRUCT", EXTENSION_VERSION, C_API_VERSION, platform, "4"]
    return header + b"".join(field(f) for f in fields) + b"\0" * 256


def main():
    platform = sys.argv[1]
    out = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else HERE / "target" / "linkscan.duckdb_extension"
    library = HERE / "target" / "release" / "liblinkscan_duckdb.so"
    out.write_bytes(library.read_bytes() + footer(platform))
    print(out)


if __name__ == "__main__":
    main()
