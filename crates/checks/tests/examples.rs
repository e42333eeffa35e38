//! The CLI package carries copies of `examples/` for its own tests (a
//! published package must stand alone); they must stay the same files.

#[test]
fn the_cli_test_copies_of_the_examples_are_the_examples() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    for name in ["sample.txt", "urls.txt"] {
        let original = std::fs::read(format!("{root}/examples/{name}")).expect("example");
        let copy = std::fs::read(format!("{root}/crates/linkscan-cli/tests/data/{name}")).expect("copy");
        assert_eq!(original, copy, "{name} differs from its copy in crates/linkscan-cli/tests/data");
    }
}
