//! Detection on arbitrary input, in every dialect and with every option
//! (picked by the first two bytes): no panic; links in order, not overlapping,
//! on char boundaries, never empty; an href that ends with the link text,
//! never a user name or a password of a URL (UTS #58); spans cover the
//! input exactly. Every profile of UTS #58 is reached.
//! The input cut into rows (at each `|`) has, with `row_links`, each row's
//! links alone. `explain` gives the links `links` gives (its own copy of
//! the scan), each decision on the text's char boundaries, and a refused
//! candidate ends with its one refusal.

#![no_main]

use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    let Some((selector, text)) = common::split(data) else { return };
    let more = data.get(1).copied().unwrap_or(0);
    let finder = common::with_host_options(common::finder(selector), more >> 5);
    let context = common::context(more);
    let mut last = 0;
    for link in finder.links_in(&text, context) {
        assert!(last <= link.start() && link.start() < link.end() && link.end() <= text.len());
        assert!(text.is_char_boundary(link.start()) && text.is_char_boundary(link.end()));
        assert!(common::href_matches_text(&link));
        assert!(common::not_user_info(&finder, &text, &link), "{text:?}: {}", link.as_str());
        last = link.end();
    }
    let joined: String = finder.spans_in(&text, context).map(|s| s.as_str()).collect();
    assert_eq!(joined, text);

    let candidates = finder.explain(&text);
    let explained: Vec<_> = candidates.iter().filter_map(|c| c.link.clone()).collect();
    assert_eq!(explained, finder.links(&text).collect::<Vec<_>>(), "{text:?}");
    for candidate in &candidates {
        let refusals = candidate.decisions.iter().filter(|d| d.rule.about().refuses).count();
        assert_eq!(refusals, usize::from(candidate.link.is_none()), "{candidate:?}");
        for d in &candidate.decisions {
            assert!(d.range.start <= d.range.end && text.get(d.range.clone()).is_some(), "{d:?} in {text:?}");
        }
    }

    let rows: Vec<&str> = text.split('|').collect();
    let offsets: Vec<usize> = core::iter::once(0)
        .chain(rows.iter().scan(0, |end, row| {
            *end += row.len();
            Some(*end)
        }))
        .collect();
    let values = rows.concat();
    let together: Vec<_> = finder
        .row_links(&values, &offsets)
        .expect("the rows' offsets")
        .map(|(row, l)| (row, l.start(), l.end(), l.href().into_owned()))
        .collect();
    let alone: Vec<_> = rows
        .iter()
        .enumerate()
        .flat_map(|(row, text)| {
            finder.links(text).map(move |l| (row, l.start(), l.end(), l.href().into_owned()))
        })
        .collect();
    assert_eq!(together, alone, "{rows:?}");
});
