//! Hosts and schemes as people write them: every row of the table in the
//! issue that asked for them, each option on and off.

use linkscan::{LinkFinder, Profile, Schemes, TldPolicy};

/// `(text, href)` of each link.
fn found(finder: &LinkFinder, text: &str) -> Vec<(String, String)> {
    finder.links(text).map(|l| (l.as_str().to_string(), l.href().into_owned())).collect()
}

fn texts(finder: &LinkFinder, text: &str) -> Vec<String> {
    finder.links(text).map(|l| l.as_str().to_string()).collect()
}

#[test]
fn urls_keep_their_own_scheme_or_are_not_linked() {
    let finder = LinkFinder::new();
    for url in [
        "ftp://example.com/file",
        "irc://irc.libera.chat/rust",
        "ws://example.com/socket",
        "wss://example.com/socket",
        "git+https://github.com/o/r",
        "git+ssh://github.com/o/r.git",
        "ssh://example.com/repo",
        "sftp://example.com/x",
        "FTP://EXAMPLE.COM/X",
    ] {
        let text = format!("My {url} site");
        assert_eq!(found(&finder, &text), [(url.to_string(), url.to_string())], "{text}");
        let html = linkscan::html::linkify(&text, &finder);
        assert_eq!(html, format!("My <a href=\"{url}\">{url}</a> site"));
    }
    // A scheme not on the list: no link at all, never the host with another scheme.
    for text in ["gopher://example.com/x", "foo+bar://example.com", "xhttp2://example.org/"] {
        assert_eq!(found(&finder, text), [], "{text}");
    }
    // Letters glued before an allowed scheme are not part of it; strict
    // reads the whole run as the scheme, which is not on the list.
    for text in ["xhttp://example.org/", "a.http://example.org/"] {
        let url = "http://example.org/".to_string();
        assert_eq!(found(&finder, text), [(url.clone(), url)], "{text}");
        assert_eq!(found(&finder.clone().strict(true), text), [], "{text}");
    }
    // With the scheme allowed, it is linked.
    let finder = LinkFinder::new().schemes(Schemes::web().with(["gopher"]));
    assert_eq!(texts(&finder, "see gopher://example.com/x"), ["gopher://example.com/x"]);
    // A list without http: even http URLs are not linked.
    let finder = LinkFinder::new().schemes(Schemes::only(["https"]));
    assert_eq!(texts(&finder, "http://a.com https://b.com c.com"), ["https://b.com", "c.com"]);
}

#[test]
fn a_scheme_starts_with_a_letter() {
    for finder in [LinkFinder::new(), LinkFinder::new().require_scheme(true)] {
        assert_eq!(texts(&finder, ".http://example.org/"), ["http://example.org/"]);
        assert_eq!(texts(&finder, "1.http://example.org/"), ["http://example.org/"]);
        assert_eq!(texts(&finder, "+-https://example.org/"), ["https://example.org/"]);
    }
}

#[test]
fn mapped_top_level_domains_are_looked_up_mapped() {
    let finder = LinkFinder::new();
    assert_eq!(texts(&finder, "see example.ＣＯＭ now"), ["example.ＣＯＭ"]);
    let arabic = "http://ﻡﻮﻘﻋ.ﻭﺯﺍﺭﺓ-ﺍﻼﺘﺻﺍﻼﺗ.ﻢﺻﺭ/";
    assert_eq!(texts(&finder, arabic), [arabic]);
    // A single code point that maps to a two-letter TLD.
    assert_eq!(texts(&finder, "example.㏄ z"), ["example.㏄"]);
    // Mapped, but still not a TLD.
    assert_eq!(texts(&finder, "example.ＸＹＺＺＹ"), Vec::<String>::new());
    // Caller lists are matched mapped too.
    assert_eq!(
        texts(&LinkFinder::new().tlds(TldPolicy::list(["com"])), "example.ＣＯＭ"),
        ["example.ＣＯＭ"]
    );
}

#[test]
fn a_host_is_never_shorter_than_written() {
    let finder = LinkFinder::new();
    for text in [
        "my_site.example.com",
        "example.com_x",
        "my_site.example.com/path",
        "a@my_site.example.com",
        "s.as_str()",
    ] {
        assert_eq!(texts(&finder, text), Vec::<String>::new(), "{text}");
    }
    assert_eq!(texts(&finder, "my-site.example.com"), ["my-site.example.com"]);
    assert_eq!(texts(&finder, "my_name@example.com"), ["my_name@example.com"]);
}

#[test]
fn dns_length_limits() {
    let finder = LinkFinder::new();
    let label = |n: usize| "a".repeat(n);
    assert_eq!(texts(&finder, &format!("{}.com", label(63))).len(), 1);
    assert_eq!(texts(&finder, &format!("{}.com", label(64))).len(), 0);
    assert_eq!(texts(&finder, &format!("{}.com", label(800_000))).len(), 0);
    // 253 octets in all: three labels of 62, one of 60, "com" and four dots.
    let name = |last: usize| format!("{0}.{0}.{0}.{1}.com", label(62), label(last));
    assert_eq!(name(60).len(), 253);
    assert_eq!(texts(&finder, &name(60)).len(), 1);
    assert_eq!(texts(&finder, &name(61)).len(), 0);
    // Non-ASCII labels count in A-label form: xn-- + Punycode.
    let wide: String = (0..30u32).filter_map(|i| char::from_u32(0x4E00 + 37 * i)).collect();
    assert_eq!(texts(&finder, &format!("{wide}.com")).len(), 0); // 4 + 68 octets
    let narrow: String = (0..25u32).filter_map(|i| char::from_u32(0x4E00 + 37 * i)).collect();
    assert_eq!(texts(&finder, &format!("{narrow}.com")).len(), 1); // 4 + 53
}

#[test]
fn local_hosts_after_an_explicit_scheme() {
    let text = "Run http://localhost:3000/x, http://intranet/ and https://my-service.internal/a.";
    assert_eq!(texts(&LinkFinder::new(), text), Vec::<String>::new());
    let finder = LinkFinder::new().local_hosts(true);
    assert_eq!(
        texts(&finder, text),
        ["http://localhost:3000/x", "http://intranet/", "https://my-service.internal/a"]
    );
    // Still well-formed, still a scheme on the list, and a user name as
    // before a domain: one without a dot is part of the URL, a dotted one
    // (which could be taken for the host) makes no link.
    for bad in [
        "http://-bad-/",
        "http://a..b/",
        "gopher://localhost/",
        "http://a.b@localhost/",
        "http://a.b:p@host/",
    ] {
        assert_eq!(texts(&finder, bad), Vec::<String>::new(), "{bad}");
    }
    for good in ["http://user@localhost/", "http://u:p@host/"] {
        assert_eq!(texts(&finder, good), [good], "{good}");
    }
    // Hosts with an accepted TLD are found as without the option.
    for text in ["https://example.com/a.", "http://example.com./x", "see https://example.com:8080"] {
        assert_eq!(texts(&finder, text), texts(&LinkFinder::new(), text), "{text}");
    }
    // With IP hosts too, and with a required scheme.
    let both = LinkFinder::new().local_hosts(true).ip_hosts(true);
    assert_eq!(texts(&both, "http://10.0.0.1/a http://db:5432"), ["http://10.0.0.1/a", "http://db:5432"]);
    let anchored = LinkFinder::new().local_hosts(true).require_scheme(true);
    assert_eq!(texts(&anchored, "x http://localhost/ y.com"), ["http://localhost/"]);
}

#[test]
fn file_names_and_calls_are_code_by_default() {
    let text = "Edit README.md, setup.py, main.rs, main.tf and install.sh; s.as_str() too.";
    let files = ["README.md", "setup.py", "main.rs", "main.tf", "install.sh"];
    for literal in [LinkFinder::new().skip_file_names(false), LinkFinder::new().profile(Profile::Strict)] {
        assert_eq!(texts(&literal, text), files);
    }
    for finder in [LinkFinder::new(), LinkFinder::new().profile(Profile::Chat)] {
        assert_eq!(texts(&finder, text), Vec::<String>::new());
        // A code location, a section of a document, a `?` that ends the sentence.
        let text = "alloc (alloc.rs:148), CONTRIBUTING.md#setup, setup.py? and Makefile.cc.";
        assert_eq!(texts(&finder, text), Vec::<String>::new(), "{text}");
        // A call, with any number of labels; `www.` or a scheme says host.
        let text = "Date.now() and self.inner.run(x) or www.example.com(a) https://example.com(a)";
        assert_eq!(texts(&finder, text), ["www.example.com", "https://example.com"]);
        // What still links: a scheme, www., a path (after a port too), more
        // labels, other TLDs, among them the country codes whose two-label
        // domains text names far more often than files.
        let text = "https://nic.md www.nic.md nic.md/about nic.md:443/x docs.nic.md example.com \
                    character.ai bsky.app amazon.in allegro.pl news.am";
        assert_eq!(
            texts(&finder, text),
            [
                "https://nic.md",
                "www.nic.md",
                "nic.md/about",
                "nic.md:443/x",
                "docs.nic.md",
                "example.com",
                "character.ai",
                "bsky.app",
                "amazon.in",
                "allegro.pl",
                "news.am"
            ]
        );
        // A port alone reads as a code location.
        assert_eq!(texts(&finder, "nic.md:443"), Vec::<String>::new());
    }
    // Set after `strict(true)`, the option holds.
    let strict_files = LinkFinder::new().strict(true).skip_file_names(true);
    assert_eq!(texts(&strict_files, text), Vec::<String>::new());
}

#[test]
fn mail_urls_keep_their_query() {
    let finder = LinkFinder::new();
    assert_eq!(
        found(&finder, "mailto:x@example.com?subject=Hi, or y@example.com?"),
        [
            ("mailto:x@example.com?subject=Hi".to_string(), "mailto:x@example.com?subject=Hi".to_string()),
            ("y@example.com".to_string(), "mailto:y@example.com".to_string()),
        ]
    );
    assert_eq!(
        texts(&finder, "xmpp:romeo@example.net/orchard?message"),
        ["xmpp:romeo@example.net/orchard?message"]
    );
}

/// A script scheme is never linked, even when the caller lists it: no link
/// has a script target.
#[test]
fn script_schemes_are_never_accepted() {
    let finder = LinkFinder::new().schemes(Schemes::only(["javascript", "DATA", "vbscript://", "https"]));
    let text =
        "javascript://example.com/%0Aalert(1) data://example.com vbscript://example.com https://example.com";
    let links: Vec<_> = finder.links(text).map(|l| l.href().into_owned()).collect();
    assert_eq!(links, ["https://example.com"]);
}
