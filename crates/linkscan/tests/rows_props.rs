//! The links of rows found together are those of each row alone, for
//! every dialect and profile: the one search of separators through all the
//! rows is held to the plain search, row by row.

use linkscan::{LinkFinder, RowOffsetError};
use proptest::prelude::*;

#[path = "common/generators.rs"]
mod generators;
use generators::{finders, linky_text};

type Found = Vec<(usize, usize, usize, String, String)>;

/// `(row, start, end, text, href)` of each link of each row, searched alone.
fn row_by_row(finder: &LinkFinder, rows: &[String]) -> Found {
    let mut found = Vec::new();
    for (row, text) in rows.iter().enumerate() {
        for l in finder.links(text) {
            found.push((row, l.start(), l.end(), l.as_str().into(), l.href().into()));
        }
    }
    found
}

/// The same, by `row_links` over the rows stored end to end after `lead`.
fn together(finder: &LinkFinder, lead: &str, rows: &[String]) -> Found {
    let mut text = String::from(lead);
    let mut offsets = vec![text.len()];
    for row in rows {
        text.push_str(row);
        offsets.push(text.len());
    }
    text.push_str(" tail.com");
    let links = finder.row_links(&text, &offsets).expect("offsets of the rows");
    links.map(|(row, l)| (row, l.start(), l.end(), l.as_str().into(), l.href().into())).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6000, ..ProptestConfig::default() })]

    #[test]
    fn rows_together_have_the_links_they_have_alone(
        rows in prop::collection::vec(linky_text(), 0..8),
        lead in prop::sample::select(vec!["", "x", "a.com", ". "]),
    ) {
        for finder in finders() {
            prop_assert_eq!(together(&finder, lead, &rows), row_by_row(&finder, &rows), "{:?}", rows);
        }
    }
}

/// Rows whose edges a separator sits on: the row's own start or end, not
/// the neighbour's letters, decides.
#[test]
fn separators_at_row_edges_are_read_as_the_row_alone_reads_them() {
    let cases: &[&[&str]] = &[
        &["example", ".com"],
        &["example.", "com"],
        &["a.b", "。com"],
        &["x@example", ".org y"],
        &["www", ".example.com"],
        &["", "a.com", "", "b.org", ""],
        &["see a.co", "m/x and b.org"],
        &["http://a", ".com/x"],
    ];
    for rows in cases {
        let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        for finder in finders() {
            assert_eq!(together(&finder, "", &rows), row_by_row(&finder, &rows), "{rows:?}");
        }
    }
}

#[test]
fn offsets_that_cut_no_rows_are_an_error() {
    let finder = LinkFinder::new();
    let err = |text: &str, offsets: &[usize]| finder.row_links(text, offsets).err();
    assert_eq!(err("abc", &[0, 2, 1]), Some(RowOffsetError { index: 2 }));
    assert_eq!(err("abc", &[0, 4]), Some(RowOffsetError { index: 1 }));
    assert_eq!(err("日本", &[0, 1]), Some(RowOffsetError { index: 1 }));
    assert_eq!(err("abc", &[]), None);
    assert_eq!(finder.row_links("a.com", &[]).map(Iterator::count), Ok(0));
    assert_eq!(finder.row_links("a.com", &[3]).map(Iterator::count), Ok(0));
    assert_eq!(
        RowOffsetError { index: 2 }.to_string(),
        "row offset 2 is out of order, past the end of the text or inside a character"
    );
}

/// Rows past one block of copied rows (64 KiB): each block's links go to
/// their rows, for every way of searching.
#[test]
fn rows_past_one_block_keep_their_links() {
    let rows: Vec<String> = (0..6000)
        .map(|i| match i % 4 {
            0 => format!("see a{i}.com/x and m{i}@b.org, https://[::1]:{i}/"),
            1 => String::new(),
            2 => "x".repeat(i % 97),
            _ => format!("@h{i}@social.example www.w{i}.org."),
        })
        .collect();
    for finder in finders() {
        assert_eq!(together(&finder, "", &rows), row_by_row(&finder, &rows));
    }
}
