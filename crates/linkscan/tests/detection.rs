//! Detection behaviour: the worked examples of the UTS #58 text, options,
//! hrefs, spans and limits.

use linkscan::spec::BRACKET_STACK_LIMIT;
use linkscan::{Kinds, LinkFinder, LinkKind, Profile, TldPolicy};

/// The links `finder` finds in `text`, as strings.
fn found(finder: &LinkFinder, text: &str) -> Vec<String> {
    finder.links(text).map(|l| l.as_str().to_string()).collect()
}

fn links(text: &str) -> Vec<String> {
    found(&LinkFinder::new(), text)
}

#[test]
fn section_3_1_soft_and_close_examples() {
    assert_eq!(links("See abc.com?def!"), ["abc.com?def"]);
    assert_eq!(links("See abc.com?def!ghi"), ["abc.com?def!ghi"]);
    assert_eq!(links("(See abc.com?def=a). And…"), ["abc.com?def=a"]);
    assert_eq!(links("See abc.com?def=(a). And…"), ["abc.com?def=(a)"]);
}

#[test]
fn section_3_4_table_3_2_link_term_examples() {
    let url = "https://ja.wikipedia.org/wiki/アルベルト・アインシュタイン";
    // Include
    assert_eq!(links(url), [url]);
    // Hard
    assert_eq!(links(&format!("Go to {url} to find the material.")), [url]);
    // Soft. The spec contradicts itself here. Table 3-2 shows both `?`
    // left out before a line break or the end; but in a path the first `?`
    // is the query's initiator, which the §3.5.1 pseudo-code always
    // includes ("Set lastSafe = i" after the initiator; the reference code
    // does the same), leaving out only the second. The default follows the
    // table (a reader's "is it example.com?" is the most frequent complaint
    // of other detectors' users); `strict` follows the pseudo-code.
    let strict = LinkFinder::new().strict(true);
    assert_eq!(links(&format!("{url}??abc")), [format!("{url}??abc")]);
    assert_eq!(links(&format!("{url}??\nabc")), [url]);
    assert_eq!(links(&format!("{url}??")), [url]);
    assert_eq!(found(&strict, &format!("{url}??abc")), [format!("{url}??abc")]);
    assert_eq!(found(&strict, &format!("{url}??\nabc")), [format!("{url}?")]);
    assert_eq!(found(&strict, &format!("{url}??")), [format!("{url}?")]);
    assert_eq!(links(&format!("{url}!!\nabc")), [url]);
    // Close
    let base = "https://ja.wikipedia.org/wiki/";
    assert_eq!(
        links(&format!("{base}(アルベルト)アインシュタインアインシュタイン)")),
        [format!("{base}(アルベルト)アインシュタインアインシュタイン")]
    );
    assert_eq!(links(&format!("({base}アルベルト)アインシュタイン")), [format!("{base}アルベルト")]);
    assert_eq!(
        links(&format!("({base}アルベルトアインシュタイン")),
        [format!("{base}アルベルトアインシュタイン")]
    );
}

#[test]
fn section_4_minimally_escaped_form_is_detected_whole() {
    assert_eq!(links("See abc.com/path1./path2%2E for more information"), ["abc.com/path1./path2%2E"]);
    // Not isolated: the link runs into the X's (§4's own warning).
    assert_eq!(links("See Xabc.com/path1./path2%2EX for more information"), ["Xabc.com/path1./path2%2EX"]);
}

#[test]
fn section_5_table_5_1_email_examples() {
    assert_eq!(links("Contact abcd@example.com"), ["abcd@example.com"]);
    assert_eq!(links("Contact x.abcd@example.com"), ["x.abcd@example.com"]);
    assert_eq!(links("Contact アルベルト.アルベルト@example.com"), ["アルベルト.アルベルト@example.com"]);
    for unlinked in [
        "Contact @example.😎",
        "Contact @example.com",
        "Contact john.@example.com",
        "Contact john..doe@example.com",
        "Contact .john.doe@example.com",
    ] {
        assert_eq!(links(unlinked), Vec::<String>::new(), "{unlinked}");
    }
}

#[test]
fn section_1_examples() {
    assert_eq!(links("www.youtube.com/@핑크퐁 is a channel"), ["www.youtube.com/@핑크퐁"]);
    assert_eq!(
        links("x.com/rihanna and bsky.app/profile/jaketapper.bsky.social"),
        ["x.com/rihanna", "bsky.app/profile/jaketapper.bsky.social"]
    );
    assert_eq!(
        links("Contact アルベルト・アインシュタイン@example.com for more information."),
        ["アルベルト・アインシュタイン@example.com"]
    );
    assert_eq!(
        links("The page https://ja.wikipedia.org/wiki/アルベルト%29アインシュタイン contains"),
        ["https://ja.wikipedia.org/wiki/アルベルト%29アインシュタイン"]
    );
}

#[test]
fn cjk_punctuation_and_full_width_brackets_end_links() {
    assert_eq!(links("（https://example.com/x）です"), ["https://example.com/x"]);
    assert_eq!(links("https://example.com/x。 次"), ["https://example.com/x"]);
    // A Soft code point followed by an Include one stays in the link (§3.5.1),
    // also in text without spaces.
    assert_eq!(links("https://example.com/x。次"), ["https://example.com/x。次"]);
    assert_eq!(links("「https://example.com/日本」"), ["https://example.com/日本"]);
    assert_eq!(links("https://example.com/a（b）c"), ["https://example.com/a（b）c"]);
    assert_eq!(links("普遍适用测试。我爱你 and 例子.中国"), ["普遍适用测试。我爱你", "例子.中国"]);
    assert_eq!(links("пример.рф"), ["пример.рф"]);
}

#[test]
fn hrefs_add_the_scheme_or_mailto() {
    let finder = LinkFinder::new();
    let hrefs = |text: &str| finder.links(text).map(|l| l.href().into_owned()).collect::<Vec<_>>();
    assert_eq!(
        hrefs("example.com/a HTTP://x.org mailto:a@b.com c@d.com MAILTO:e@f.com"),
        ["https://example.com/a", "HTTP://x.org", "mailto:a@b.com", "mailto:c@d.com", "MAILTO:e@f.com"]
    );
    let finder = LinkFinder::new().default_scheme(String::from("http://"));
    assert_eq!(finder.links("example.com").next().unwrap().href(), "http://example.com");
    let kinds: Vec<LinkKind> = LinkFinder::new().links("a.com b@c.com").map(|l| l.kind()).collect();
    assert_eq!(kinds, [LinkKind::Url, LinkKind::Email]);
}

#[test]
fn kinds_and_required_scheme() {
    let text = "example.com https://example.org john@example.net";
    assert_eq!(
        found(&LinkFinder::new().require_scheme(true), text),
        ["https://example.org", "john@example.net"]
    );
    assert_eq!(found(&LinkFinder::new().kinds(Kinds::EMAIL), text), ["john@example.net"]);
    assert_eq!(found(&LinkFinder::new().kinds(Kinds::URL), text), ["https://example.org"]);
    assert_eq!(found(&LinkFinder::new().kinds(Kinds::WWW), text), ["example.com"]);
    // Without the email kind, the domain of an address is not a link either.
    assert_eq!(
        found(&LinkFinder::new().kinds(Kinds::URL | Kinds::WWW), "john@example.net"),
        Vec::<String>::new()
    );
    assert_eq!("url, www".parse::<Kinds>().unwrap(), Kinds::URL | Kinds::WWW);
    assert!("url,ftp".parse::<Kinds>().is_err());
}

#[test]
fn tld_policies() {
    let text = "a example.invalid b foo.com c example.😎 d x.xn--p1ai e x.zz1";
    assert_eq!(links(text), ["foo.com", "x.xn--p1ai"]);
    let any = LinkFinder::new().tlds(TldPolicy::Any);
    assert_eq!(found(&any, text), ["example.invalid", "foo.com", "x.xn--p1ai"]);
    let mine = LinkFinder::new().tlds(TldPolicy::list(["INVALID", "zz1"]));
    assert_eq!(found(&mine, text), ["example.invalid", "x.zz1"]);
    assert_eq!(found(&any, "test.சிங்கப்பூர் and test.ab-c"), ["test.சிங்கப்பூர்"]);
}

#[test]
fn ports() {
    assert_eq!(links("a example.com:443 b"), ["example.com:443"]);
    assert_eq!(links("a example.com:65535/x b"), ["example.com:65535/x"]);
    assert_eq!(links("a example.com: b"), ["example.com"]);
    assert_eq!(links("a example.com:x b"), ["example.com"]);
    for invalid in ["a example.com:65536 b", "a example.com:0 b", "a example.com:123456 b"] {
        assert_eq!(links(invalid), Vec::<String>::new(), "{invalid}");
    }
}

#[test]
fn trailing_dots_and_schemes() {
    assert_eq!(links("Visit example.com."), ["example.com"]);
    assert_eq!(links("Visit example.com./x"), ["example.com./x"]);
    assert_eq!(links("Visit example.com.:8080/x"), ["example.com.:8080/x"]);
    // §3.5.1's pseudo-code keeps an initiator; Table 3-2 and readers do not.
    assert_eq!(links("Visit example.com?"), ["example.com"]);
    assert_eq!(found(&LinkFinder::new().strict(true), "Visit example.com?"), ["example.com?"]);
    // A link keeps the scheme written before it (read from the allowed
    // scheme where letters are glued before it), or is not a link at all.
    assert_eq!(links("xhttps://example.com"), ["https://example.com"]);
    assert_eq!(found(&LinkFinder::new().strict(true), "xhttps://example.com"), Vec::<String>::new());
    assert_eq!(links("ftp://example.com"), ["ftp://example.com"]);
}

#[test]
fn userinfo_makes_a_url_unless_strict() {
    let strict = LinkFinder::new().strict(true);
    for text in ["http://john@example.com", "http://user:pass@example.com/x", "https://u:p@example.com"] {
        assert_eq!(links(text), [text], "{text}");
        assert_eq!(found(&strict, text), Vec::<String>::new(), "{text}");
    }
    // UTS #58's data: a user name with a dot makes no link.
    assert_eq!(links("http://john.smith@example.com"), Vec::<String>::new());
    assert_eq!(links("Note:john@example.com"), ["john@example.com"]);
}

#[test]
fn ip_hosts_after_an_explicit_scheme() {
    let text = "a http://192.0.2.1:8080/x b https://[2001:db8::1]/y c http://[::ffff:192.0.2.1] d";
    assert_eq!(links(text), Vec::<String>::new());
    let finder = LinkFinder::new().ip_hosts(true);
    assert_eq!(
        found(&finder, text),
        ["http://192.0.2.1:8080/x", "https://[2001:db8::1]/y", "http://[::ffff:192.0.2.1]"]
    );
    for no in [
        "http://256.0.0.1/",
        "http://1.2.3/",
        "http://01.2.3.4/",
        "192.0.2.1",
        "http://[1:2:3:4:5:6:7:8:9]/",
        "http://[::1::2]/",
        "http://1.2.3.4.5/",
    ] {
        assert_eq!(found(&finder, no), Vec::<String>::new(), "{no}");
    }
    assert_eq!(found(&finder, "http://192.0.2.1."), ["http://192.0.2.1"]);
    assert_eq!(found(&finder, "see http://example.com/a"), ["http://example.com/a"]);
}

#[test]
fn bracket_stack_limit() {
    let deep = format!("example.com/{} x", "(".repeat(BRACKET_STACK_LIMIT + 1));
    assert_eq!(links(&deep), [format!("example.com/{}", "(".repeat(BRACKET_STACK_LIMIT))]);
    let balanced =
        format!("example.com/{}{}", "(".repeat(BRACKET_STACK_LIMIT), ")".repeat(BRACKET_STACK_LIMIT));
    assert_eq!(links(&balanced), [balanced]);
}

#[test]
fn spans_cover_the_text() {
    let finder = LinkFinder::new();
    let text = "example.com and a@b.com.";
    let spans: Vec<(&str, Option<LinkKind>)> =
        finder.spans(text).map(|s| (s.as_str(), s.link().map(|l| l.kind()))).collect();
    assert_eq!(
        spans,
        [
            ("example.com", Some(LinkKind::Url)),
            (" and ", None),
            ("a@b.com", Some(LinkKind::Email)),
            (".", None)
        ]
    );
    assert_eq!(finder.spans("").count(), 0);
}

#[test]
fn email_addresses_win_over_domains_in_their_local_part() {
    assert_eq!(
        links("Mail john.dev@example.com or j.dev+tag@example.org"),
        ["john.dev@example.com", "j.dev+tag@example.org"]
    );
    assert_eq!(
        found(&LinkFinder::new().tlds(TldPolicy::Any), "john.smith@example.com"),
        ["john.smith@example.com"]
    );
    // A path starts before the @: the URL wins.
    assert_eq!(links("see example.dev/a@b.com"), ["example.dev/a@b.com"]);
    // An invalid local part: no link at all, not even the domain in it.
    assert_eq!(links("john.dev.@example.com"), Vec::<String>::new());
}

#[test]
fn without_scheme_less_urls_only_schemes_and_at_signs_start_links() {
    let finder = LinkFinder::new().require_scheme(true);
    assert_eq!(
        found(&finder, "a.com https://b.org/x?y c@d.net ftp://e.com"),
        ["https://b.org/x?y", "c@d.net", "ftp://e.com"]
    );
    // No URL claims the path, so §5.2 reads the whole run before the @ as
    // the local part (`/` and `.` are Link_Email).
    let text = "Lorem ipsum www.mail-archive.com/ruby-talk@ruby-lang.org/ dolor";
    assert_eq!(links(text), ["www.mail-archive.com/ruby-talk@ruby-lang.org/"]);
    assert_eq!(found(&finder, text), ["www.mail-archive.com/ruby-talk@ruby-lang.org"]);
    assert_eq!(found(&finder, "http://john.dev@example.com"), Vec::<String>::new());
    assert_eq!(found(&finder, "http://john@example.com"), ["http://john@example.com"]);
    assert_eq!(found(&finder.clone().ip_hosts(true), "x http://10.0.0.1/a y"), ["http://10.0.0.1/a"]);
}

/// Spec erratum (§4.1 pseudo-code): it pops the bracket stack before
/// comparing, so a mismatched Close code point it escapes also removes the
/// innermost Open one. Detection (§3.5.1) never sees that closer — it is
/// escaped text, `%5D` — so its stack still holds the Open bracket, and the
/// two stacks part ways: the next closer is copied by escaping but ends the
/// link in detection. linkscan escapes a mismatched closer *without*
/// popping, so the display form between spaces is detected whole.
#[test]
fn section_4_1_erratum_a_mismatched_closer_leaves_the_stack() {
    use linkscan::format::display_url;
    let cases = [
        ("https://example.com/{(]}", "https://example.com/{(%5D%7D"),
        ("www.example.com/<(>>", "www.example.com/<(%3E%3E"),
    ];
    for (url, shown) in cases {
        assert_eq!(display_url(url), shown);
        assert_eq!(links(&format!("See {shown} now")), [shown], "{url}");
    }
    // 12 `{`, a `)`, then 116 `{`: with the pop, escaping kept 125 open
    // brackets in its stack where detection had 126 and cut the link.
    let url = format!("https://example.com/{}){}", "{".repeat(12), "{".repeat(116));
    let shown = display_url(&url);
    // 125 open brackets are kept, the three beyond the stack limit escaped.
    assert_eq!(shown, format!("https://example.com/{}%29{}%7B%7B%7B", "{".repeat(12), "{".repeat(113)));
    assert_eq!(links(&format!("See {shown} now")), [shown.as_str()]);
}

/// The separator search passes over a `.` before a last label of one
/// letter (`e.g.`): the links around such abbreviations, and domains with
/// one-letter labels before their TLD, are found as before (the expected
/// lists are what the finder found before that shortcut).
#[test]
fn abbreviations_end_no_domain_and_hide_none() {
    let text = "e.g. example.com, i.e.x.org U.S.A.gov a.m. p.m.de x.y e.g.com v.2.io a.b.c.d.co N.B. (cf.a.io) \
                e.g.日本 x.中国";
    let usual =
        ["example.com", "i.e.x.org", "U.S.A.gov", "p.m.de", "e.g.com", "v.2.io", "a.b.c.d.co", "cf.a.io"];
    assert_eq!(found(&LinkFinder::new(), text), [&usual[..], &["x.中国"]].concat());
    assert_eq!(found(&LinkFinder::new().profile(Profile::Strict), text), [&usual[..], &["x.中国"]].concat());
    assert_eq!(
        found(&LinkFinder::new().tlds(TldPolicy::Any), text),
        [&usual[..], &["e.g.日本", "x.中国"]].concat()
    );
    // A list with a TLD of one letter finds it.
    assert_eq!(
        found(&LinkFinder::new().tlds(TldPolicy::list(["b", "com"])), text),
        ["example.com", "e.g.com", "N.B"]
    );
}
