//! `Link::host` against the WHATWG URL Standard as the `url` crate (the
//! parser Servo and Firefox share) reads each URL link's `href`: the host
//! a link reports is the host a browser goes to, whatever its path, query
//! or user name hold (`a.org/?u=https://b.org`, `https://a.org\@b.org`).
//! A host is compared where the parser rewrites nothing of it (IDNA, IPv4
//! forms, percent escapes): ASCII letters, digits, `-` and `.`, not ending
//! in a number; the parser must then find the same, but for ASCII case
//! (it keeps the case of a host after a scheme it does not know).

use linkscan::LinkKind;
use proptest::prelude::*;

#[path = "../../linkscan/tests/common/generators.rs"]
mod generators;
use generators::{finders, linky_text};

/// Whether the WHATWG parser keeps `host` as it is but for ASCII case.
fn kept_as_written(host: &str) -> bool {
    let plain = !host.is_empty() && host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    let last = host.trim_end_matches('.').rsplit('.').next().unwrap_or("");
    plain && !last.starts_with(|c: char| c.is_ascii_digit()) && !host.contains("xn--")
}

/// Every URL link of `text` whose host the parser keeps reports that host.
fn check(text: &str) -> Result<(), TestCaseError> {
    for finder in finders() {
        for link in finder.links(text).filter(|l| l.kind() == LinkKind::Url) {
            if !kept_as_written(link.host()) {
                continue;
            }
            // A target the parser refuses goes nowhere (GFM links a NUL in a
            // port, as cmark-gfm does on text that was not read as Markdown).
            let Ok(parsed) = url::Url::parse(&link.href()) else { continue };
            prop_assert_eq!(
                Some(link.host().to_ascii_lowercase()),
                parsed.host_str().map(str::to_ascii_lowercase),
                "{:?} in {:?} ({:?})",
                link.as_str(),
                text,
                finder
            );
        }
    }
    Ok(())
}

#[test]
fn hosts_that_fooled_the_scheme_search() {
    for text in [
        "a.org/?u=https://b.org/x",
        "see evil.com/redirect?to=http://trusted.com ok",
        "https://a.org\\@b.org/",
        "https://a.org\\x@b.org/",
        "http://u@a.org@b.org/",
        "https://u:p@a.org/",
        "https:///a.org/x",
        "http://a.org#@b.org",
    ] {
        check(text).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn a_url_link_reports_the_host_a_browser_goes_to(text in linky_text()) {
        check(&text)?;
    }
}
