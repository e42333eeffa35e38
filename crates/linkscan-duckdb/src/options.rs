//! `linkscan_links`' options: `key=value` pairs separated by white space
//! (`'dialect=gfm kinds=url,email'`), the keys those of the Python
//! `Finder` and of the library's `FinderOptions`.

use linkscan::{Dialect, FinderOptions, LinkFinder, Profile, TldPolicy};

/// The finder `options` describe, or why not (naming the option).
pub(crate) fn finder(options: &str) -> Result<LinkFinder, String> {
    let mut pairs = Vec::new();
    for pair in options.split_whitespace() {
        let (key, value) = pair.split_once('=').ok_or_else(|| {
            format!("linkscan: {pair:?} is not key=value (as in 'dialect=gfm kinds=email')")
        })?;
        pairs.push((key, value));
    }
    let dialect = match pairs.iter().rev().find(|(key, _)| *key == "dialect").map(|(_, v)| *v) {
        None | Some("uts58") => Dialect::Uts58,
        Some("gfm") => Dialect::Gfm,
        Some("md4c") => Dialect::Md4c,
        Some(other) => return Err(format!("linkscan: dialect: {other:?} is not uts58, gfm or md4c")),
    };
    let mut o = FinderOptions::new(dialect);
    for (key, value) in pairs {
        let named = |e: &dyn std::fmt::Display| format!("linkscan: {key}: {e}");
        let flag = || match value {
            "true" => Ok(Some(true)),
            "false" => Ok(Some(false)),
            other => Err(named(&format!("{other:?} is not true or false"))),
        };
        let list = || value.split(',').map(str::to_string).collect::<Vec<_>>();
        match key {
            "dialect" => {}
            "profile" => o.profile = Some(value.parse::<Profile>().map_err(|e| named(&e))?),
            "kinds" => o.kinds = Some(value.parse().map_err(|e| named(&e))?),
            "tlds" => {
                o.tlds = Some(match value {
                    "iana" => TldPolicy::Iana,
                    "any" => TldPolicy::Any,
                    _ => TldPolicy::list(list()),
                })
            }
            "default_scheme" => o.default_scheme = Some(value.to_string()),
            "schemes" => o.schemes = Some(list()),
            "require_scheme" => o.require_scheme = flag()?,
            "ip_hosts" => o.ip_hosts = flag()?,
            "unicode_ends" => o.unicode_ends = flag()?,
            "local_hosts" => o.local_hosts = flag()?,
            "skip_file_names" => o.skip_file_names = flag()?,
            "wrapped_urls" => o.wrapped_urls = flag()?,
            other => return Err(format!("linkscan: no option {other:?}")),
        }
    }
    o.finder().map_err(|e| format!("linkscan: {e}"))
}
