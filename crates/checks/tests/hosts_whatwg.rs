//! URL links against the WHATWG URL Standard as the `url` crate (Servo's
//! URL parser) reads each one's `href`:
//!
//! * the host a browser goes to is written in the link's text (percent
//!   escapes decoded, ASCII case aside, a URL wrapped across lines joined),
//!   for every ASCII link: no link
//!   goes anywhere its text does not name. (IPv4 addresses are left out:
//!   `http://0` goes to `0.0.0.0`, a form of the same address.)
//! * `Link::host` is that host, whatever the path, query or user name hold
//!   (`a.org/?u=https://b.org`, `https://a.org\@b.org`). It is compared
//!   where the parser rewrites nothing of it (IDNA, IPv4 forms, percent
//!   escapes): ASCII letters, digits, `-` and `.`, not ending in a number;
//!   the parser must then find the same, but for ASCII case (it keeps the
//!   case of a host after a scheme it does not know).

use linkscan::LinkKind;
use percent_encoding::percent_decode_str;
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

/// `text` with each line break and the white space and `>` quote marks
/// after it taken out: a URL wrapped across lines, as its reader joins it.
fn unwrapped(text: &str) -> String {
    let mut lines = text.split(['\r', '\n']);
    let first = lines.next().unwrap_or_default().to_owned();
    lines.fold(first, |joined, line| joined + line.trim_start_matches([' ', '\t', '>']))
}

/// Every URL link of `text` goes to a host its text names, and reports
/// that host where the parser keeps it as written.
fn check(text: &str) -> Result<(), TestCaseError> {
    for finder in finders() {
        for link in finder.links(text).filter(|l| l.kind() == LinkKind::Url) {
            if let Ok(parsed) = url::Url::parse(&link.href())
                && let Some(url::Host::Domain(host)) = parsed.host()
                && link.as_str().is_ascii()
            {
                let written =
                    percent_decode_str(&unwrapped(link.as_str())).decode_utf8_lossy().to_ascii_lowercase();
                prop_assert!(
                    written.contains(&host.to_ascii_lowercase()),
                    "{:?} goes to {:?} ({:?}, {:?})",
                    link.as_str(),
                    host,
                    text,
                    finder
                );
            }
            if !kept_as_written(&link.host()) {
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
        "<http://exa\n  mple.org/x>",
        "<URL:https://a.org/?u=\n  https://b.org>",
    ] {
        check(text).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10000))]

    #[test]
    fn a_url_link_reports_the_host_a_browser_goes_to(text in linky_text()) {
        check(&text)?;
    }
}
