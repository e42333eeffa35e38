//! URLs wrapped across lines inside `<…>` (RFC 3986, Appendix C): joined
//! by [`LinkFinder::wrapped_urls`] and the `mail` profile, as written
//! otherwise.

use linkscan::{LinkFinder, LinkStream, Profile};

/// `(text, href, wrapped)` of each link.
fn found(finder: &LinkFinder, text: &str) -> Vec<(String, String, bool)> {
    finder.links(text).map(|l| (l.as_str().to_owned(), l.href().into_owned(), l.is_wrapped())).collect()
}

fn mail() -> LinkFinder {
    LinkFinder::new().profile(Profile::Mail)
}

/// Each row: the text, and the one link the mail profile finds in it
/// (text as written, joined target).
#[test]
fn wrapped_urls_are_one_link_with_the_joined_target() {
    let rows = [
        (
            "see <http://example.org/a/very/long/\n  path/index.html> now",
            "http://example.org/a/very/long/\n  path/index.html",
            "http://example.org/a/very/long/path/index.html",
        ),
        (
            "<URL:https://example.com/another/\nwrapped/url?x=1>",
            "https://example.com/another/\nwrapped/url?x=1",
            "https://example.com/another/wrapped/url?x=1",
        ),
        ("<url:https://example.com/a/\nb>", "https://example.com/a/\nb", "https://example.com/a/b"),
        (
            "> Quoted: <https://example.net/quoted/\n> reply/here> ok",
            "https://example.net/quoted/\n> reply/here",
            "https://example.net/quoted/reply/here",
        ),
        (
            ">> <https://example.net/a/\n>> >b/c>",
            "https://example.net/a/\n>> >b/c",
            "https://example.net/a/b/c",
        ),
        (
            "<https://example.org/a/\r\n  b/\r\n  c>",
            "https://example.org/a/\r\n  b/\r\n  c",
            "https://example.org/a/b/c",
        ),
        ("<https://example.org/a/\r b>", "https://example.org/a/\r b", "https://example.org/a/b"),
        ("<https://exam\nple.org/a>", "https://exam\nple.org/a", "https://example.org/a"),
        (
            "<https://例子.中国/路径/\n  文件>",
            "https://例子.中国/路径/\n  文件",
            "https://例子.中国/路径/文件",
        ),
        (
            "<https://example.org/a/  \n b  \t\n c>",
            "https://example.org/a/  \n b  \t\n c",
            "https://example.org/a/bc",
        ),
    ];
    for (text, link, href) in rows {
        assert_eq!(found(&mail(), text), [(link.to_owned(), href.to_owned(), true)], "{text:?}");
        assert_eq!(found(&LinkFinder::new().wrapped_urls(true), text), found(&mail(), text), "{text:?}");
    }
}

/// Near misses are read as without the option: never a joined target the
/// text does not clearly make.
#[test]
fn near_misses_are_ordinary_links() {
    let long = format!("<https://example.org/{}\n/b>", "a".repeat(2100));
    let rows = [
        "<http://example.org/x and more>", // a space, no line break: prose
        "<http://example.org/one/line>",   // one line: an ordinary link
        "<http://example.org/a/\n\nb>",    // a blank line
        "<http://example.org/a/\n> \nb>",  // a blank quoted line
        "<http://example.org/a/\nb",       // never closed
        "<http://example.org/a/\nb >",     // a space before the `>`
        "<http://example.org/a/\n>",       // a `>` after a line break is a quote marker
        "<http://example.org/a/\nb<c>",    // a `<` inside
        "<example.org/a/\nb>",             // no scheme
        "< http://example.org/a/\nb>",     // a space after `<`
        "<http://example.org/a/\nb.>",     // not whole once joined (a final `.`)
        "<mailto:someone@\nexample.org>",  // an address, not a URL
        long.as_str(),                     // longer than 2,048 bytes
    ];
    for text in rows {
        let plain = found(&LinkFinder::new(), text);
        assert_eq!(found(&mail(), text), plain, "{text:?}");
        assert!(plain.iter().all(|(.., wrapped)| !wrapped), "{text:?}");
    }
}

/// Only the mail profile (and the option) join; every other profile and
/// every dialect reads the first line alone.
#[test]
fn only_the_mail_profile_joins() {
    let text = "<http://example.org/a/very/long/\n  path/index.html>";
    for profile in Profile::ALL {
        let links = found(&LinkFinder::new().profile(profile), text);
        let joined = links.len() == 1 && links[0].2;
        assert_eq!(joined, profile == Profile::Mail, "{profile}");
    }
    for finder in [LinkFinder::gfm().wrapped_urls(true), LinkFinder::md4c().wrapped_urls(true)] {
        assert!(!finder.joins_wrapped_urls());
        assert!(found(&finder, text).iter().all(|(.., wrapped)| !wrapped));
    }
}

/// Links before, between and after wrapped ones are all found, in order.
#[test]
fn links_around_wrapped_ones_are_kept() {
    let text = "a@b.org <https://x.org/a/\n b> example.com <https://y.org/c/\n> d>, z.org";
    let hrefs: Vec<_> = found(&mail(), text).into_iter().map(|(_, href, _)| href).collect();
    assert_eq!(
        hrefs,
        ["mailto:a@b.org", "https://x.org/a/b", "https://example.com", "https://y.org/c/d", "https://z.org"]
    );
}

/// A stream holds an unclosed `<` back until it knows (at most 2,048
/// bytes), and gives the link as the whole text does.
#[test]
fn a_stream_waits_for_the_closing_bracket() {
    let mut stream = LinkStream::new(mail());
    assert_eq!(stream.feed("see example.com and <https://example.org/a/\n").count(), 1);
    assert_eq!(stream.undecided(), "<https://example.org/a/\n");
    let link = stream.feed("  b/c> more ").next().expect("closed");
    assert_eq!((link.start, link.link.href().as_ref()), (21, "https://example.org/a/b/c"));
    // A candidate that can no longer be one is let go.
    let mut stream = LinkStream::new(mail());
    let _ = stream.feed("x <https://example.org/a/\n\n");
    assert_eq!(stream.undecided(), "");
    let mut stream = LinkStream::new(mail());
    let _ = stream.feed(&format!("<https://example.org/{}\n", "a/".repeat(1100)));
    let _ = stream.feed("b c");
    assert_eq!(stream.undecided(), "c");
}

/// Rows found together (`row_links`, the Arrow route) are each read alone:
/// a URL wraps inside a row, never from one row into the next.
#[test]
fn rows_are_joined_within_a_row_only() {
    let rows = ["see <https://example.org/a/", "b> now", "<https://example.org/c/\n d>"];
    let text = rows.concat();
    let mut offsets = vec![0];
    for row in rows {
        offsets.push(offsets.last().unwrap() + row.len());
    }
    let found: Vec<_> = mail()
        .row_links(&text, &offsets)
        .unwrap()
        .map(|(row, l)| (row, l.href().into_owned(), l.is_wrapped()))
        .collect();
    let expected =
        [(0, "https://example.org/a/".to_owned(), false), (2, "https://example.org/c/d".to_owned(), true)];
    assert_eq!(found, expected);
}

#[test]
fn a_wrapped_urls_host_is_read_from_it_joined() {
    let link = mail().links("<https://exam\n  ple.org/a?u=\n> https://b.org>").next().unwrap();
    assert_eq!(
        (link.href().as_ref(), &*link.host()),
        ("https://example.org/a?u=https://b.org", "example.org")
    );
}
