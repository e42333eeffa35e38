//! Generators shared by the property tests: text rich in what detection
//! reacts to, and finders of every dialect and profile.

use linkscan::{Kinds, LinkFinder, Profile, TldPolicy};
use proptest::prelude::*;

/// Text rich in what detection reacts to: separators, TLDs, `@`, schemes,
/// brackets, Soft and Hard code points, digits for ports and IPs.
pub fn linky_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        3 => "[a-z0-9]{1,4}",
        3 => prop::sample::select(vec![
            ".", ".", "。", "．", "｡", "@", ":", "/", "?", "#", ":~:", "=", "&", ",", "-", "_", "'", "\"",
            " ", " ", "\n", "\u{A0}", "(", ")", "[", "]", "<", ">", "（", "）", "!", "..", "%2E",
            "com", "org", "中国", "рф", "COM", "xn--p1ai", "みんな", "http://", "https://", "mailto:", "www.",
            "例子", "пример", "αβγ", "日本", "\u{200C}", "e\u{301}", "😎", "1", "255", "65535", "[::1]",
            "ftp://", "xmpp:", "*", "_", "~", "&amp;", ";", "+", "{", "}", "\t",
            "ssh://", "git+https://", "gopher://", "localhost", "md", "py", "ＣＯＭ", "?subject=x",
            "“", "”", "«", "»", "„", "¿", "‘", "\u{FE0F}", "\u{AD}", "❤", "user:pw@", "foohttp://", "x.", "xn--",
            "xn--bcher-kva", "@a@", ":12", "'", "`", "{", "\r", "\u{B}", "\u{C}", "\u{3000}",
            "<URL:", "\n> ", "\n  ", "\r\n", "<http://", ">", "\\", "?u=https://", "//",
        ]).prop_map(str::to_string),
        1 => any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

pub fn finders() -> Vec<LinkFinder> {
    vec![
        LinkFinder::new(),
        LinkFinder::new().ip_hosts(true).tlds(TldPolicy::Any),
        LinkFinder::new().require_scheme(true).kinds(Kinds::URL | Kinds::EMAIL),
        LinkFinder::gfm(),
        LinkFinder::gfm().unicode_ends(true),
        LinkFinder::gfm().kinds(Kinds::EMAIL | Kinds::WWW),
        LinkFinder::md4c(),
        LinkFinder::new().local_hosts(true).skip_file_names(true),
        LinkFinder::new().local_hosts(true).ip_hosts(true).require_scheme(true),
        LinkFinder::new().schemes(linkscan::Schemes::only(["https", "gopher"])).tlds(TldPolicy::Any),
        LinkFinder::new().profile(Profile::Strict),
        LinkFinder::new().profile(Profile::Strict).local_hosts(true).ip_hosts(true),
        LinkFinder::new().profile(Profile::Chat),
        LinkFinder::new().profile(Profile::Docs),
        LinkFinder::new().profile(Profile::Mail),
        LinkFinder::new().wrapped_urls(true).ip_hosts(true).tlds(TldPolicy::Any),
        LinkFinder::new().kinds(Kinds::ALL).tlds(TldPolicy::Any),
    ]
}
