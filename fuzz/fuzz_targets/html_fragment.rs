//! Links in the text of HTML, on arbitrary input, every dialect and
//! option: the output's tokens, `<a>` and `</a>` aside, are the input's
//! (the same tags, comments and text a browser reads), and every anchor
//! added has a safe href.

#![no_main]

use html5gum::{DefaultEmitter, Token, Tokenizer};
use libfuzzer_sys::fuzz_target;
use linkscan::html::Anchor;
use linkscan::html::{FragmentOptions, is_safe_href, linkify_fragment_with};

mod common;

/// The tokens of `html`, text merged, without `<a>`, `</a>` and errors.
fn tokens_without_anchors(html: &str) -> Vec<Token> {
    let mut emitter = DefaultEmitter::<()>::default();
    emitter.naively_switch_states(true);
    let mut tokens: Vec<Token> = Vec::new();
    for Ok(token) in Tokenizer::new_with_emitter(html, emitter) {
        match token {
            Token::Error(_) => {}
            Token::StartTag(tag) if &*tag.name == b"a" => {}
            Token::EndTag(tag) if &*tag.name == b"a" => {}
            Token::String(s) => match tokens.last_mut() {
                Some(Token::String(last)) => last.value.extend_from_slice(&s.value),
                _ => tokens.push(Token::String(s)),
            },
            token => tokens.push(token),
        }
    }
    tokens
}

fuzz_target!(|data: &[u8]| {
    let Some((selector, html)) = common::split(data) else { return };
    let finder = common::with_host_options(common::finder(selector), html.len() as u8);
    let skip: &[&str] = if selector & 1 != 0 { FragmentOptions::new().skip_tags } else { &["b", "p", "br"] };
    let out = linkify_fragment_with(&html, &finder, skip, |link| {
        assert!(is_safe_href(&link.href()));
        Ok::<_, ()>(Some(Anchor { href: link.href().into_owned(), ..Anchor::default() }))
    })
    .expect("no error");
    assert_eq!(tokens_without_anchors(&out), tokens_without_anchors(&html), "{html:?} -> {out:?}");
});
