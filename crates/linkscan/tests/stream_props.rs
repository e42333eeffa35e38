//! The streaming finder gives exactly the links of the whole text, with
//! the same offsets, however the text is cut — inside UTF-8 sequences
//! too; its frontier never goes back and no link comes before it is final.

use linkscan::stream::{LinkStream, last_cut};
use linkscan::{LinkFinder, OffsetConverter, OffsetUnit};
use proptest::prelude::*;

#[path = "common/generators.rs"]
mod generators;
use generators::{finders, linky_text};

/// `(start, end, text, href)` of every link of `text`, offsets in `unit`.
fn whole(finder: &LinkFinder, text: &str, unit: OffsetUnit) -> Vec<(usize, usize, String, String)> {
    let mut units = OffsetConverter::new(text, unit);
    finder
        .links(text)
        .map(|l| (units.convert(l.start()), units.convert(l.end()), l.as_str().into(), l.href().into()))
        .collect()
}

/// Feeds `bytes` cut at `cuts` (sorted offsets, anywhere) and checks the
/// frontier and finality on the way; gives the links in order.
fn streamed(
    finder: &LinkFinder,
    bytes: &[u8],
    cuts: &[usize],
    unit: OffsetUnit,
) -> Result<Vec<(usize, usize, String, String)>, TestCaseError> {
    let mut stream = LinkStream::new(finder.clone()).offsets(unit);
    let mut found = Vec::new();
    let mut from = 0;
    for &cut in cuts.iter().chain([bytes.len()].iter()) {
        let before = stream.frontier();
        let links: Vec<_> = stream
            .feed_bytes(&bytes[from..cut])
            .map(|l| (l.start, l.end, l.link.as_str().into(), l.link.href().into()))
            .collect();
        prop_assert!(stream.frontier() >= before, "the frontier went back");
        for link in links {
            prop_assert!(link.1 <= stream.frontier(), "a link past the frontier");
            found.push(link);
        }
        from = cut;
    }
    found.extend(stream.finish().map(|l| (l.start, l.end, l.link.as_str().into(), l.link.href().into())));
    Ok(found)
}

fn cuts(len: usize) -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0..=len, 0..12).prop_map(|mut v| {
        v.sort_unstable();
        v
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10000, ..ProptestConfig::default() })]

    /// Any text, any cuts (bytes), every dialect and profile.
    #[test]
    fn any_cutting_gives_the_links_of_the_whole(
        (text, cuts) in linky_text().prop_flat_map(|t| { let n = t.len(); (Just(t), cuts(n)) }),
    ) {
        for finder in finders() {
            let expected = whole(&finder, &text, OffsetUnit::Bytes);
            prop_assert_eq!(streamed(&finder, text.as_bytes(), &cuts, OffsetUnit::Bytes)?, expected, "{:?} cut at {:?}", text, cuts);
        }
        // Offsets in chars and UTF-16 units, as the bindings ask.
        let finder = LinkFinder::new();
        for unit in [OffsetUnit::Chars, OffsetUnit::Utf16] {
            prop_assert_eq!(streamed(&finder, text.as_bytes(), &cuts, unit)?, whole(&finder, &text, unit));
        }
    }

    /// Bytes that are not UTF-8 read as `String::from_utf8_lossy` reads
    /// the whole.
    #[test]
    fn invalid_bytes_read_as_the_lossy_whole(
        (bytes, cuts) in prop::collection::vec(
            prop_oneof![
                3 => prop::sample::select(b"a.com @x/\xE6\x97\xA5\xF0\x9F\x98\x8E".to_vec()),
                1 => any::<u8>(),
            ],
            0..60,
        ).prop_flat_map(|b| { let n = b.len(); (Just(b), cuts(n)) }),
    ) {
        let text = String::from_utf8_lossy(&bytes);
        let finder = LinkFinder::new().kinds(linkscan::Kinds::ALL);
        prop_assert_eq!(streamed(&finder, &bytes, &cuts, OffsetUnit::Bytes)?, whole(&finder, &text, OffsetUnit::Bytes));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Texts of several kilobytes, longer than the decided text a stream
    /// keeps before dropping it, cut in pieces of up to 300 bytes.
    #[test]
    fn long_texts_in_pieces_give_the_links_of_the_whole(
        (text, cuts) in prop::collection::vec(linky_text(), 40..160)
            .prop_map(|texts| texts.join(" "))
            .prop_flat_map(|t| {
                let n = t.len();
                let cuts = prop::collection::vec(1usize..300, n / 150).prop_map(move |steps| {
                    steps.iter().scan(0, |at, step| { *at = (*at + step).min(n); Some(*at) }).collect::<Vec<_>>()
                });
                (Just(t), cuts)
            }),
    ) {
        for finder in [LinkFinder::new(), LinkFinder::gfm(), LinkFinder::new().profile(linkscan::Profile::Mail)] {
            prop_assert_eq!(streamed(&finder, text.as_bytes(), &cuts, OffsetUnit::Bytes)?, whole(&finder, &text, OffsetUnit::Bytes));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// `last_cut` (its last 64 bytes eight at a time, then `memrchr3`) is the
    /// offset after the last space, tab, line feed or carriage return.
    #[test]
    fn last_cut_is_after_the_last_white_space(
        text in prop::collection::vec(
            prop::sample::select(b" \n\t\r\x0B\x0C\x00\x1F\x21\xA0\xA1\xFFa.\xE3\x80".to_vec()), 0..200)
            .prop_map(|mut text| {
                // (Mostly long runs without white space, as in CJK text.)
                if text.len() > 40 {
                    let rest = text.split_off(10);
                    text.extend(rest.into_iter().filter(|b| !b" \n\t\r".contains(b)));
                }
                text
            }),
    ) {
        let plain = text.iter().rposition(|b| b" \n\t\r".contains(b)).map(|i| i + 1);
        prop_assert_eq!(last_cut(&text), plain);
    }
}

/// Text with URLs wrapped across lines inside `<…>` (and near misses):
/// prose, then `<`, `<URL:` or nothing, a URL broken at random places by a
/// line break with indentation or quote markers, then `>` or not.
fn wrapped_text() -> impl Strategy<Value = String> {
    let url = prop::sample::select(vec![
        "http://example.org/a/very/long/path/index.html?q=1#top",
        "https://example.com/x_y/z-1.pdf",
        "https://例子.中国/路径/文件",
        "ftp://a.org/",
        "mailto:a@b.org",
        "example.org/a/b",
    ]);
    let breaks = prop::collection::vec(
        (
            0..60usize,
            prop::sample::select(vec!["\n", "\n  ", "\r\n", "\r", "\n> ", "\n>> ", " \n\t", "\n\n", " "]),
        ),
        0..3,
    );
    let part = (
        linky_text(),
        prop::sample::select(vec!["<", "<URL:", "> <", "", "<url:"]),
        url,
        breaks,
        prop::sample::select(vec![">", "> ", ">.", "", "<"]),
    )
        .prop_map(|(prose, open, url, breaks, close)| {
            let mut url = url.to_string();
            for (at, white) in breaks {
                let mut at = at.min(url.len());
                while !url.is_char_boundary(at) {
                    at -= 1;
                }
                url.insert_str(at, white);
            }
            format!("{prose}{open}{url}{close}")
        });
    prop::collection::vec(part, 1..4).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// A finder that joins wrapped URLs waits for the `>`: any cutting
    /// still gives the links of the whole, with the same joined targets.
    #[test]
    fn wrapped_urls_stream_as_in_the_whole(
        (text, cuts) in wrapped_text().prop_flat_map(|t| { let n = t.len(); (Just(t), cuts(n)) }),
    ) {
        for finder in [LinkFinder::new().profile(linkscan::Profile::Mail), LinkFinder::new().wrapped_urls(true).tlds(linkscan::TldPolicy::Any)] {
            let expected = whole(&finder, &text, OffsetUnit::Bytes);
            prop_assert_eq!(streamed(&finder, text.as_bytes(), &cuts, OffsetUnit::Bytes)?, expected, "{:?} cut at {:?}", text, cuts);
        }
    }
}

/// One byte at a time: the held text is the last word, never the stream.
#[test]
fn a_byte_at_a_time_holds_only_the_last_word() {
    let text = "see https://example.com/a and www.b.org, mail c@d.net ".repeat(200);
    let finder = LinkFinder::new();
    let mut stream = LinkStream::new(finder.clone());
    let mut found = Vec::new();
    for i in 0..text.len() {
        found.extend(stream.feed_bytes(&text.as_bytes()[i..=i]).map(|l| l.link.as_str().to_owned()));
        assert!(stream.undecided().len() <= "https://example.com/a".len());
    }
    found.extend(stream.finish().map(|l| l.link.as_str().to_owned()));
    let expected: Vec<String> = finder.links(&text).map(|l| l.as_str().into()).collect();
    assert_eq!(found, expected);
}

/// The character before a link counts: md4c links ` .v@l.org` from the
/// `.`, but `.v@l.org` at the start of a text not at all (a fuzz find),
/// so each piece is read with the white space before it.
#[test]
fn each_piece_is_read_after_its_white_space() {
    for text in ["m` .ao@e.jom\u{c}", "x .v@l.org y", "a\n-b@c.de", "a\t_x@y.org"] {
        let finder = LinkFinder::md4c();
        for cut in 0..=text.len() {
            let cuts = [cut];
            let found =
                streamed(&finder, text.as_bytes(), &cuts, OffsetUnit::Bytes).expect("the stream's checks");
            assert_eq!(found, whole(&finder, text, OffsetUnit::Bytes), "{text:?} cut at {cut}");
        }
    }
}

/// `feed` after `feed_bytes` that ended inside a UTF-8 sequence: the
/// sequence, cut short, reads as U+FFFD, in its place.
#[test]
fn a_sequence_cut_short_by_feed_reads_as_a_replacement_character() {
    let finder = LinkFinder::new();
    let mut stream = LinkStream::new(finder.clone());
    let mut found: Vec<_> =
        stream.feed_bytes(b"see a.com \xe6\x97").map(|l| l.link.as_str().to_owned()).collect();
    found.extend(
        stream
            .feed(" b.org x")
            .map(|l| (l.start, l.link.as_str().to_owned()))
            .map(|(s, t)| format!("{s}:{t}")),
    );
    found.extend(stream.finish().map(|l| l.link.as_str().to_owned()));
    let whole = String::from_utf8_lossy(b"see a.com \xe6\x97 b.org x").into_owned();
    let b = whole.find("b.org").expect("b.org");
    assert_eq!(found, ["a.com".to_owned(), format!("{b}:b.org")]);
}
