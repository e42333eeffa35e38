//! Links as readers see them: where UTS #58 is silent or contradicts
//! itself, the default decides as a reader expects and `strict` as the
//! pseudo-code and the reference do; and the bugs readers found. Each row
//! of the reader table is checked on and off where an option or profile
//! governs it.

use linkscan::{Kinds, LinkFinder, LinkKind, Profile};

#[path = "common/marked.rs"]
mod marked;
use marked::marked;

fn default() -> LinkFinder {
    LinkFinder::new()
}

fn strict() -> LinkFinder {
    LinkFinder::new().profile(Profile::Strict)
}

#[test]
fn a_final_question_mark_is_not_part_of_the_link() {
    let text = "Is it example.com? Did you see https://example.com/search?";
    assert_eq!(marked(&default(), text), "Is it ⸠example.com⸡? Did you see ⸠https://example.com/search⸡?");
    assert_eq!(marked(&strict(), text), "Is it ⸠example.com?⸡ Did you see ⸠https://example.com/search?⸡");
    // A query that holds something is kept, and so is `?` before `#` or `(`.
    for kept in
        ["example.com?q=1", "example.com/a?b", "example.com?#top", "example.com?(x)", "example.com?.x"]
    {
        assert_eq!(marked(&default(), kept), format!("⸠{kept}⸡"), "{kept}");
    }
    assert_eq!(marked(&default(), "example.com/a.?"), "⸠example.com/a⸡.?");
    assert_eq!(marked(&default(), "example.com?!)"), "⸠example.com⸡?!)");
}

#[test]
fn no_link_inside_the_path_of_a_refused_url() {
    for text in [
        "see http://localhost:8080/app.py now",
        "Router: http://192.168.0.1/setup.sh",
        "see gopher://example.com/x.com and http://localhost/a.py/b.py",
        "http://localhost/?to=a@example.com",
    ] {
        assert_eq!(marked(&default(), text), text, "{text}");
        assert_eq!(marked(&strict(), text), text, "{text}");
    }
    let local = default().local_hosts(true).ip_hosts(true);
    assert_eq!(
        marked(&local, "see http://localhost:8080/app.py now"),
        "see ⸠http://localhost:8080/app.py⸡ now"
    );
    assert_eq!(
        marked(&local, "Router: http://192.168.0.1/setup.sh"),
        "Router: ⸠http://192.168.0.1/setup.sh⸡"
    );
    // Space ends the refused URL: what follows is found.
    assert_eq!(marked(&default(), "http://localhost/x example.com"), "http://localhost/x ⸠example.com⸡");
}

#[test]
fn a_single_label_host_that_is_a_tld_is_a_local_host() {
    let local = default().local_hosts(true);
    for url in ["http://dev:8080/x", "http://app/", "http://foo", "http://intranet/", "http://com/"] {
        assert_eq!(marked(&local, url), format!("⸠{url}⸡"), "{url}");
        assert_eq!(marked(&default(), url), url, "{url}");
    }
}

#[test]
fn a_host_glued_to_an_ignored_code_point_is_no_host() {
    let text = "http://emoji🐰🦊town🧞\u{200d}♀\u{fe0f}🧜🏻\u{200d}♀\u{fe0f}.com/?emoji=👨🏾\u{200d}🚀";
    for finder in [default(), default().local_hosts(true), strict()] {
        assert_eq!(marked(&finder, text), text);
    }
    assert_eq!(marked(&default(), "soft\u{ad}example.com"), "soft\u{ad}example.com");
}

#[test]
fn an_xn_label_must_be_valid_punycode() {
    for text in
        ["Hello http://xn--はじめよう.com/index.html", "see xn--a.com", "see xn--.com", "see xn--abc-.com"]
    {
        assert_eq!(marked(&default(), text), text, "{text}");
        assert_eq!(marked(&strict(), text), text, "{text}");
    }
    // Valid A-labels stay links, any case.
    for host in ["xn--fsqu00a.xn--fiqs8s", "XN--FSQU00A.com", "xn--bcher-kva.example.com"] {
        assert_eq!(marked(&default(), host), format!("⸠{host}⸡"), "{host}");
    }
}

#[test]
fn quotes_and_inverted_marks_end_a_scheme_less_host() {
    let cases = [
        ("“link.com/foo”", "“⸠link.com/foo⸡”"),
        ("Die Seite «example.com» ist neu", "Die Seite «⸠example.com⸡» ist neu"),
        ("Siehe „example.com“", "Siehe „⸠example.com⸡“"),
        ("Visit ‘example.com’", "Visit ‘⸠example.com⸡’"),
        ("¿Conoces example.com?", "¿Conoces ⸠example.com⸡?"),
        ("¿example.com?", "¿⸠example.com⸡?"),
    ];
    for (text, expected) in cases {
        assert_eq!(marked(&default(), text), expected, "{text}");
    }
    // Strict keeps the reference's reading: UTS #46 labels, where `“` is one.
    assert_eq!(marked(&strict(), "“link.com/foo”"), "⸠“link.com/foo⸡”");
    assert_eq!(marked(&strict(), "«example.com»"), "«example.com»");
    // After an explicit scheme a host keeps UTS #46 labels (emoji domains);
    // without one, only punctuation IDNA2008 disallows ends it: symbols and
    // emoji are labels readers write.
    assert_eq!(marked(&default(), "see https://i❤.ws/x"), "see ⸠https://i❤.ws/x⸡");
    for host in ["i❤.ws", "www.🍕💩.ws", "c✶.org"] {
        assert_eq!(marked(&default(), &format!("see {host} now")), format!("see ⸠{host}⸡ now"), "{host}");
    }
}

#[test]
fn urls_with_user_names() {
    let cases = [
        "https://user:pass@ftp.mozilla.org/x/y.exe",
        "ftp://jan@example.com:123/test",
        "https://oauth2:tok@gitlab.com/a/b.git",
    ];
    for url in cases {
        let text = format!("git clone {url} now");
        assert_eq!(marked(&default(), &text), format!("git clone ⸠{url}⸡ now"), "{url}");
        assert_eq!(marked(&strict(), &text), text, "{url}");
    }
    let all = cases.join(" ");
    let hosts: Vec<_> = default().links(&all).map(|l| l.host()).collect();
    assert_eq!(hosts, ["ftp.mozilla.org", "example.com", "gitlab.com"]);
    // A user name that could be taken for the host makes no link (the
    // deception UTS #58's data refuses: `http://john.smith@example.com`),
    // nor does anything in its path.
    for text in
        ["https://bbc.co.uk@evil.com/", "http://john.smith@example.com/a.com", "https://a.b:pw@evil.com/"]
    {
        assert_eq!(marked(&default(), text), text, "{text}");
    }
    // A scheme the finder does not accept gives nothing.
    assert_eq!(marked(&default(), "gopher://u@example.com/"), "gopher://u@example.com/");
}

#[test]
fn underscores_after_an_explicit_scheme() {
    for url in ["https://gcs_test_env.storage.googleapis.com/file.pdf", "http://sub_domain-dash.twitter.com"]
    {
        assert_eq!(marked(&default(), url), format!("⸠{url}⸡"), "{url}");
        assert_eq!(marked(&strict(), url), url, "{url}");
    }
    assert_eq!(marked(&default(), "my_site.example.com"), "my_site.example.com");
}

#[test]
fn schemes_glued_to_letters() {
    assert_eq!(marked(&default(), "foohttp://example.com bar"), "foo⸠http://example.com⸡ bar");
    assert_eq!(
        marked(&default(), "link this: abchttps://www.example.com"),
        "link this: abc⸠https://www.example.com⸡"
    );
    assert_eq!(marked(&strict(), "foohttp://example.com bar"), "foohttp://example.com bar");
    assert_eq!(marked(&default(), "x.http://example.com"), "x.⸠http://example.com⸡");
}

#[test]
fn fediverse_handles_are_not_email_addresses() {
    let text = "follow @delta@chaos.social";
    assert_eq!(marked(&default(), text), text);
    let handles = default().kinds(Kinds::ALL);
    let link = handles.links(text).next().unwrap();
    assert_eq!(
        (link.as_str(), link.kind(), &*link.host()),
        ("@delta@chaos.social", LinkKind::Handle, "chaos.social")
    );
    assert_eq!(link.href(), "https://chaos.social/@delta");
    assert_eq!(marked(&LinkFinder::new().profile(Profile::Chat), text), "follow ⸠@delta@chaos.social⸡");
    assert_eq!(marked(&strict(), text), "follow @⸠delta@chaos.social⸡");
    // An address is still an address.
    assert_eq!(marked(&handles, "mail delta@chaos.social"), "mail ⸠delta@chaos.social⸡");
}

#[test]
fn quotes_and_brackets_around_an_address() {
    let text = "mail 'hi@example.com' or {joe@joe.com} or `x@y.org` or o'brien@x.com";
    assert_eq!(
        marked(&default(), text),
        "mail '⸠hi@example.com⸡' or {⸠joe@joe.com⸡} or `⸠x@y.org⸡` or ⸠o'brien@x.com⸡"
    );
    assert_eq!(
        marked(&strict(), text),
        "mail ⸠'hi@example.com⸡' or ⸠{joe@joe.com⸡} or ⸠`x@y.org⸡` or ⸠o'brien@x.com⸡"
    );
}

#[test]
fn file_names_and_code_locations() {
    let text = "Please read the readme.md first, see main.rs:12 and README.md: then nic.md:8080/x";
    let files = "Please read the readme.md first, see main.rs:12 and README.md: then ⸠nic.md:8080/x⸡";
    assert_eq!(marked(&default(), text), files);
    assert_eq!(marked(&LinkFinder::new().profile(Profile::Chat), text), files);
    assert_eq!(
        marked(&default().skip_file_names(false), text),
        "Please read the ⸠readme.md⸡ first, see ⸠main.rs:12⸡ and ⸠README.md⸡: then ⸠nic.md:8080/x⸡"
    );
}

/// Only a path the link keeps makes a domain of a file name: `README.md?`
/// (a chat question), `guide.md#install` (a section) and `run.sh?x=1` are
/// still files, `app.py/` is not.
#[test]
fn file_names_before_punctuation_the_link_does_not_keep() {
    let text = "Did you read README.md? Or main.rs:12?! (setup.py?) see nic.md?x=1 and app.py/ or x.sh#";
    assert_eq!(
        marked(&default(), text),
        "Did you read README.md? Or main.rs:12?! (setup.py?) see nic.md?x=1 and ⸠app.py/⸡ or x.sh#"
    );
    // Strict links them all; with the guard set again, a `?` is still no path.
    assert_eq!(marked(&strict(), "Read README.md? Now"), "Read ⸠README.md?⸡ Now");
    assert_eq!(marked(&strict().skip_file_names(true), "Read README.md? Now"), "Read README.md? Now");
}

#[test]
fn an_address_after_a_bare_colon_slash_slash() {
    assert_eq!(marked(&default(), "://x@example.com"), ":⸠//x@example.com⸡");
    assert_eq!(marked(&strict(), "://x@example.com"), ":⸠//x@example.com⸡");
}

#[test]
fn profiles_are_coherent_policies() {
    let text = "See README.md, http://localhost:3000/, example.com? or @a@b.social";
    let of = |p: Profile| marked(&LinkFinder::new().profile(p), text);
    assert_eq!(of(Profile::Default), "See README.md, http://localhost:3000/, ⸠example.com⸡? or @a@b.social");
    assert_eq!(
        of(Profile::Strict),
        "See ⸠README.md⸡, http://localhost:3000/, ⸠example.com?⸡ or @⸠a@b.social⸡"
    );
    assert_eq!(of(Profile::Chat), "See README.md, http://localhost:3000/, ⸠example.com⸡? or ⸠@a@b.social⸡");
    assert_eq!(of(Profile::Docs), "See README.md, ⸠http://localhost:3000/⸡, example.com? or @a@b.social");
    for p in Profile::ALL {
        assert_eq!(p.as_str().parse::<Profile>(), Ok(p));
    }
    assert!("chatty".parse::<Profile>().is_err());
    // Options set after a profile change only themselves.
    let docs_without_ip = LinkFinder::new().profile(Profile::Docs).ip_hosts(false);
    assert_eq!(
        marked(&docs_without_ip, "http://192.0.2.1/ http://localhost/"),
        "http://192.0.2.1/ ⸠http://localhost/⸡"
    );
}

/// Every profile, with and without IP hosts.
fn every_finder() -> Vec<(String, LinkFinder)> {
    let mut finders = Vec::new();
    for profile in Profile::ALL {
        for ip in [false, true] {
            finders.push((
                format!("{profile:?}, ip hosts {ip}"),
                LinkFinder::new().profile(profile).ip_hosts(ip),
            ));
        }
    }
    finders
}

fn texts(finder: &LinkFinder, text: &str) -> Vec<String> {
    finder.links(text).map(|l| l.as_str().to_string()).collect()
}

/// Issue 45's bugs, in every profile: a user name that is itself a domain
/// (or a password with a dot) never becomes a link to it, nor an address
/// made of the password: such a URL is no link at all.
#[test]
fn a_user_name_or_password_is_never_a_link() {
    for (name, finder) in every_finder() {
        for text in [
            "http://www.bank.com:login.page@evil.org",
            "see http://jane.name:pa.ss@example.org/x now",
            "http://www.bank.com:login@evil.org",
            "http://www.bank.com:80@evil.org/",
            "http://first.last:pa.ss@example.org/x",
            "https://bbc.co.uk@evil.com/",
        ] {
            assert_eq!(texts(&finder, text), Vec::<String>::new(), "{name}: {text}");
        }
        // Every split of user and password around `.` and `:` with the
        // user name undotted: the whole URL, or (strict) none; never a part.
        for text in
            ["http://joe:pa.ss@example.org/x", "http://joe:pass@example.org/x", "http://joe@example.org/x"]
        {
            let found = texts(&finder, text);
            assert!(found.is_empty() || found == [text], "{name}: {text} -> {found:?}");
        }
    }
}

/// The first complete address is kept; the next one's local part starts
/// after it, never inside its domain.
#[test]
fn an_address_is_not_lost_to_the_next() {
    for (name, finder) in every_finder() {
        for (text, first) in [("a@b.org}c@d.org", "a@b.org"), ("a@b.org!c@d.org", "a@b.org")] {
            let found = texts(&finder, text);
            assert_eq!(found.first().map(String::as_str), Some(first), "{name}: {text}");
            for link in finder.links(text).skip(1) {
                assert!(link.start() >= first.len(), "{name}: {text}: {}", link.as_str());
            }
        }
    }
}

/// Any white space after `scheme://` parts it from the domain after it, as
/// an ASCII space does.
#[test]
fn white_space_after_a_scheme_is_white_space() {
    for (name, finder) in every_finder() {
        let ascii = texts(&finder, "http:// example.org/x");
        for space in ['\u{A0}', '\u{2003}', '\u{3000}', '\u{202F}'] {
            let text = format!("http://{space}example.org/x");
            assert_eq!(texts(&finder, &text), ascii, "{name}: {text:?}");
        }
    }
    assert_eq!(texts(&default(), "http://\u{A0}example.org/x"), ["example.org/x"]);
}

/// IP hosts as domains: an empty port as written, a user name before them.
#[test]
fn ip_hosts_take_empty_ports_and_user_names_as_domains_do() {
    let finder = LinkFinder::new().ip_hosts(true);
    assert_eq!(texts(&finder, "http://example.org:/x"), ["http://example.org:/x"]);
    assert_eq!(texts(&finder, "http://10.0.0.1:/x"), ["http://10.0.0.1:/x"]);
    assert_eq!(texts(&finder, "http://example.org: and"), ["http://example.org"]);
    assert_eq!(texts(&finder, "http://10.0.0.1: and"), ["http://10.0.0.1"]);
    assert_eq!(texts(&finder, "http://10.0.0.1:"), ["http://10.0.0.1"]);
    for url in ["http://joe@10.0.0.1/", "http://joe:pw@[::1]/", "http://joe:pw@10.0.0.1:8080/a"] {
        assert_eq!(texts(&finder, url), [url], "{url}");
        assert_eq!(texts(&strict().ip_hosts(true), url), Vec::<String>::new(), "strict: {url}");
    }
    // A dotted user name could be taken for the host: no link.
    assert_eq!(texts(&finder, "http://a.b@10.0.0.1/"), Vec::<String>::new());
    assert_eq!(texts(&finder, "http://10.0.0.1:x/"), Vec::<String>::new());
}

/// Markup around a link in text: a quote glued to `/` or `>` after it,
/// and a closing tag, end it (the reader's rule; strict keeps the spec).
#[test]
fn markup_after_a_link_ends_it() {
    for (text, link) in [
        ("<img src=\"https://a.org/x.svg\"/>", "https://a.org/x.svg"),
        ("<img src='https://a.org/x.svg'/>", "https://a.org/x.svg"),
        ("<a href=\"http://x.org/y\">", "http://x.org/y"),
        ("<link>http://x.org/?a=1</link>", "http://x.org/?a=1"),
        ("<url>https://x.org/path</url>", "https://x.org/path"),
    ] {
        assert_eq!(texts(&default(), text), [link], "{text}");
    }
    assert_eq!(texts(&strict(), "<img src=\"https://a.org/x.svg\"/>"), ["https://a.org/x.svg\"/"]);
    // A quote or `<` inside a path is kept.
    for text in ["http://x.org/a\"b", "http://x.org/it's/x", "http://x.org/a<b>c"] {
        assert_eq!(texts(&default(), text), [text], "{text}");
    }
}
