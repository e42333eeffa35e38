//! What the fuzz targets share: a finder chosen by the input's first byte,
//! so that every dialect and option is reached.

#![allow(dead_code)] // each target uses some of these

use linkscan::{Context, Edge, Kinds, LinkFinder, LinkKind, Profile, Schemes, TldPolicy};

/// A finder for `selector`: its low bits pick the dialect and options
/// (for UTS #58, bits 4 and 5 the profile, whose options the others then
/// change).
pub fn finder(selector: u8) -> LinkFinder {
    let base = match selector % 3 {
        0 => LinkFinder::new().profile(Profile::ALL[usize::from(selector >> 4 & 3)]),
        1 => LinkFinder::gfm().unicode_ends(selector & 0x20 != 0),
        _ => LinkFinder::md4c(),
    };
    let kinds = match (selector >> 2) % 4 {
        0 => Kinds::ALL,
        1 => Kinds::URL | Kinds::EMAIL,
        2 => Kinds::EMAIL,
        _ => Kinds::URL | Kinds::WWW,
    };
    let tlds = if selector & 0x40 != 0 { TldPolicy::Any } else { TldPolicy::Iana };
    base.kinds(kinds).tlds(tlds).ip_hosts(selector & 0x80 != 0)
}

/// Whether `link`'s target is what its text says: the text itself, with
/// a scheme or `mailto:` before it where it has none; for a handle
/// `@user@host`, `https://host/@user`.
pub fn href_matches_text(link: &linkscan::Link<'_>) -> bool {
    let href = link.href();
    match link.kind() {
        LinkKind::Handle => {
            let (user, host) = link.as_str()[1..].split_once('@').unwrap_or_default();
            href == format!("https://{host}/@{user}")
        }
        _ => href.ends_with(link.as_str()),
    }
}

/// Whether `link` (in `text`) is no user name or password of a URL: a URL
/// that ends inside its authority is not followed by more of it up to an
/// `@` (`http://www.bank.com:login@evil.org`), and an address is not the
/// password of a `scheme://` before it. (UTS #58 only: GFM and MD4C follow
/// their reference parsers.)
pub fn not_user_info(finder: &LinkFinder, text: &str, link: &linkscan::Link<'_>) -> bool {
    if finder.dialect() != linkscan::Dialect::Uts58 {
        return true;
    }
    let ends = |c: char| c.is_whitespace() || c.is_control() || "/?#\"'<>".contains(c);
    // (A link that starts with its scheme: `://` later is in its path.)
    let scheme = |k: &usize| {
        let name = &link.as_str()[..*k];
        name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
    };
    if let Some(k) = link.as_str().find("://").filter(scheme).filter(|_| link.kind() == LinkKind::Url)
        && !link.as_str()[k + 3..].contains(['/', '?', '#'])
    {
        let rest = text[link.end()..].split(ends).next().unwrap_or_default();
        return !rest.contains('@');
    }
    if link.kind() == LinkKind::Email {
        let run = text[..link.start()].rsplit(ends).next().unwrap_or_default();
        return !(run.contains("://") && run.ends_with(':'));
    }
    true
}

/// The host and scheme options, picked by the bits of `more`.
pub fn with_host_options(finder: LinkFinder, more: u8) -> LinkFinder {
    let finder = finder.local_hosts(more & 1 != 0).skip_file_names(more & 2 != 0);
    if more & 4 != 0 { finder.schemes(Schemes::only(["https", "gopher", "x-y.z+w"])) } else { finder }
}

/// A context for `selector`.
pub fn context(selector: u8) -> Context {
    let edge = |k: u8| match k % 5 {
        0 => Edge::Block,
        1 => Edge::Line,
        2 => Edge::EmphasisOpen,
        3 => Edge::EmphasisClose,
        _ => Edge::Other,
    };
    Context::new(edge(selector), edge(selector / 5))
}

/// Splits fuzz input into a selector byte and text.
pub fn split(data: &[u8]) -> Option<(u8, String)> {
    let (&selector, rest) = data.split_first()?;
    Some((selector, String::from_utf8_lossy(rest).into_owned()))
}
