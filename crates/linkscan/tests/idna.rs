//! The `idna` feature: hosts shown in Unicode where safe, label validity
//! and script mixing.

#![cfg(feature = "idna")]

use linkscan::LinkFinder;
use linkscan::format::display_url;

#[test]
fn display_url_shows_safe_a_labels_in_unicode() {
    assert_eq!(display_url("https://xn--fsqu00a.xn--fiqs8s/%E8%B7%AF"), "https://例子.中国/路");
    assert_eq!(display_url("http://user@xn--e1afmkfd.xn--p1ai:8080/"), "http://user@пример.рф:8080/");
    assert_eq!(display_url("xn--bcher-kva.example/a"), "bücher.example/a");
    // A homograph (Cyrillic а in a Latin word) stays an A-label, and so
    // does an A-label that is not valid Punycode.
    assert_eq!(display_url("https://xn--pple-43d.com/"), "https://xn--pple-43d.com/");
    assert_eq!(display_url("https://xn--zz.com/"), "https://xn--zz.com/");
    // Already Unicode, or ASCII: unchanged; and a fixed point.
    for url in ["https://例子.中国/", "https://example.com/x", "mailto:a@xn--p1ai.xn--p1ai"] {
        assert_eq!(display_url(url), url);
    }
    let shown = display_url("https://xn--fsqu00a.xn--fiqs8s/");
    assert_eq!(display_url(&shown), shown);
    // An opaque URL's scheme is no host: not decoded (the display form was
    // not a fixed point: `灭:@xN--xNN`, then `灭:@䂓`).
    assert_eq!(display_url("xN--xNx:@xN--xNN"), "xN--xNx:@xN--xNN");
    // A user name is never decoded; the host after it is.
    assert_eq!(display_url("https://xn--fsqu00a@xn--fsqu00a.xn--fiqs8s/"), "https://xn--fsqu00a@例子.中国/");
}

#[test]
fn display_url_keeps_bidi_and_invisible_code_points_escaped() {
    assert_eq!(display_url("https://x.com/%E2%80%AEgnp.exe"), "https://x.com/%E2%80%AEgnp.exe");
    assert_eq!(display_url("https://x.com/\u{202E}gnp.exe"), "https://x.com/%E2%80%AEgnp.exe");
    assert_eq!(
        display_url("https://x.com/a%E2%80%8Bb%C2%ADc%E2%81%A6d"),
        "https://x.com/a%E2%80%8Bb%C2%ADc%E2%81%A6d"
    );
    assert_eq!(display_url("https://x.com/a%EF%BC%8Fb"), "https://x.com/a%EF%BC%8Fb");
    // ZWNJ and ZWJ join or part letters unseen: escaped, as browsers keep
    // them; so are format characters (interlinear annotation U+FFF9..FFFB)
    // and blanks (U+2800 BRAILLE PATTERN BLANK), decoded or literal.
    for (url, shown) in [
        ("https://x.com/%D9%85%E2%80%8C%D9%86", "https://x.com/م%E2%80%8Cن"),
        ("https://x.com/a%E2%80%8Db", "https://x.com/a%E2%80%8Db"),
        ("https://x.com/a%EF%BF%B9b%EF%BF%BAc%EF%BF%BB", "https://x.com/a%EF%BF%B9b%EF%BF%BAc%EF%BF%BB"),
        ("https://x.com/a%E2%A0%80b", "https://x.com/a%E2%A0%80b"),
        ("https://x.com/a\u{2800}b\u{FFF9}c\u{200D}", "https://x.com/a%E2%A0%80b%EF%BF%B9c%E2%80%8D"),
        ("https://x.com/?q=%E3%85%A4#%D8%80", "https://x.com/?q=%E3%85%A4#%D8%80"),
    ] {
        assert_eq!(display_url(url), shown, "{url}");
        assert_eq!(display_url(shown), shown, "a fixed point: {shown}");
    }
    // What is visible is still decoded.
    assert_eq!(display_url("https://x.com/%D9%85%D9%86"), "https://x.com/من");
}

#[test]
fn display_url_shows_no_whole_script_homograph() {
    // аррӏе, all Cyrillic, each letter a look-alike of a Latin one: the
    // A-label under .com, Unicode under the Cyrillic and Russian TLDs.
    assert_eq!(display_url("https://xn--80ak6aa92e.com/"), "https://xn--80ak6aa92e.com/");
    assert_eq!(display_url("https://xn--80ak6aa92e.xn--p1ai/"), "https://аррӏе.рф/");
    assert_eq!(display_url("https://xn--80ak6aa92e.ru/"), "https://аррӏе.ru/");
    // Greek ορο (omicron, rho, omicron) under .com; under .gr it is Greek's own.
    assert_eq!(display_url("https://xn--0xaaf.com/"), "https://xn--0xaaf.com/");
    assert_eq!(display_url("https://xn--0xaaf.gr/"), "https://ορο.gr/");
    // βοβ: β looks like no Latin letter.
    assert_eq!(display_url("https://xn--nxaa2b.com/"), "https://βοβ.com/");
    // A Cyrillic word with letters no Latin one looks like is shown.
    assert_eq!(display_url("https://xn--e1afmkfd.com/"), "https://пример.com/");
    // Mixed scripts, as before.
    assert_eq!(display_url("https://xn--pple-43d.com/"), "https://xn--pple-43d.com/");
}

#[test]
fn host_reports_say_what_uts46_and_scripts_say() {
    let finder = LinkFinder::new().local_hosts(true);
    let report = |text: &str| finder.links(text).next().expect("a link").host_report();

    let r = report("https://xn--pple-43d.com/login");
    assert_eq!(r.unicode, "аpple.com");
    assert_eq!(r.ascii.as_deref(), Some("xn--pple-43d.com"));
    assert!(r.labels[0].valid && r.labels[0].mixed_scripts && !r.labels[1].mixed_scripts);
    assert!(r.is_suspicious());
    let r = report("https://xn--80ak6aa92e.com/");
    assert!(r.labels[0].confusable_with_latin && !r.labels[0].mixed_scripts && r.is_suspicious(), "{r:?}");
    let r = report("https://пример.рф/");
    assert!(!r.labels[0].confusable_with_latin && !r.is_suspicious(), "{r:?}");

    // Japanese mixes Han, kana and Latin legitimately.
    let r = report("https://日本語テストabc.jp/");
    assert!(!r.is_suspicious(), "{r:?}");
    // Separators other than `.` are read as dots.
    let r = report("例子。中国");
    assert_eq!(r.ascii.as_deref(), Some("xn--fsqu00a.xn--fiqs8s"));
    assert_eq!(r.labels.len(), 2);
    // An email address's domain.
    let r = report("write to a@пример.рф");
    assert_eq!(r.ascii.as_deref(), Some("xn--e1afmkfd.xn--p1ai"));
    assert!(!r.is_suspicious());
    // A label that is not valid Punycode is no host at all (UTS #46 §4.1).
    assert_eq!(finder.links("http://xn--zz.example/").count(), 0);
    // A user name: the host is after the `@`. One that could be taken for
    // the host makes no link.
    let r = report("https://oauth2:tok@gitlab.com/a/b.git");
    assert_eq!((r.unicode.as_str(), r.user.as_deref()), ("gitlab.com", Some("oauth2")));
    assert!(!r.is_suspicious());
    assert_eq!(finder.links("https://bbc.co.uk@evil.com/news").count(), 0);
}
