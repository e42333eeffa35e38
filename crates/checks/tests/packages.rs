//! Each package carries the repository's licence texts (MIT and Unicode-3.0
//! both require their notice in every copy): its copies equal `LICENSE` and
//! `LICENSE-UNICODE` at the root.

#[test]
fn every_package_has_the_licence_texts() {
    let root = format!("{}/../..", env!("CARGO_MANIFEST_DIR"));
    let read = |path: &str| std::fs::read(format!("{root}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mit, unicode) = (read("LICENSE"), read("LICENSE-UNICODE"));
    for package in ["linkscan", "linkscan-cli", "linkscan-py", "linkscan-duckdb"] {
        assert!(read(&format!("crates/{package}/LICENSE-MIT")) == mit, "{package}: LICENSE-MIT differs");
        assert!(
            read(&format!("crates/{package}/LICENSE-UNICODE")) == unicode,
            "{package}: LICENSE-UNICODE differs"
        );
    }
}
