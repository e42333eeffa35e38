//! Options as people write them (a command line, keyword arguments, a
//! configuration file), checked together and made into a [`LinkFinder`].
//! The CLI and the Python package both build their finders here, so an
//! option is refused in the same case and with the same words in each.

use crate::finder::{Dialect, Kinds, LinkFinder, Profile};
use crate::host::{Schemes, TldPolicy};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// A finder's options as a user gives them, each left `None` keeping what
/// the dialect and the profile choose. [`FinderOptions::finder`] checks
/// them together and builds the finder. An option that means nothing in
/// the dialect, a script scheme, or an empty list of kinds, TLDs or
/// schemes is an [`OptionError`] naming the option.
///
/// ```
/// use linkscan::{Dialect, FinderOptions};
///
/// let mut options = FinderOptions::new(Dialect::Uts58);
/// options.schemes = Some(vec!["web".into(), "gopher".into()]);
/// let finder = options.finder()?;
/// assert_eq!(finder.links("gopher://example.com/x").next().unwrap().as_str(), "gopher://example.com/x");
///
/// options.dialect = Dialect::Gfm;
/// let error = options.finder().unwrap_err();
/// assert_eq!(error.option, "schemes");
/// assert_eq!(error.to_string(), "schemes: a UTS #58 option; it means nothing in the gfm dialect");
/// # Ok::<(), linkscan::OptionError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FinderOptions {
    /// The rule set.
    pub dialect: Dialect,
    /// UTS #58: a named set of options, which the others change after it.
    pub profile: Option<Profile>,
    /// The kinds of link to find ([`LinkFinder::kinds`]); `handle` is UTS
    /// #58's only.
    pub kinds: Option<Kinds>,
    /// URLs need a scheme ([`LinkFinder::require_scheme`]).
    pub require_scheme: Option<bool>,
    /// UTS #58: which TLDs count ([`LinkFinder::tlds`]); a list must name one.
    pub tlds: Option<TldPolicy>,
    /// The scheme put before links found without one
    /// ([`LinkFinder::default_scheme`]); never a script scheme.
    pub default_scheme: Option<String>,
    /// UTS #58: IP hosts after an explicit scheme ([`LinkFinder::ip_hosts`]).
    pub ip_hosts: Option<bool>,
    /// GFM: URLs end by the UTS #58 rules ([`LinkFinder::unicode_ends`]).
    pub unicode_ends: Option<bool>,
    /// UTS #58: any well-formed host after an explicit scheme
    /// ([`LinkFinder::local_hosts`]).
    pub local_hosts: Option<bool>,
    /// UTS #58: no scheme-less names that look like file names
    /// ([`LinkFinder::skip_file_names`]).
    pub skip_file_names: Option<bool>,
    /// UTS #58: join URLs wrapped across lines inside `<…>`
    /// ([`LinkFinder::wrapped_urls`]).
    pub wrapped_urls: Option<bool>,
    /// UTS #58: the schemes a `scheme://` URL may have, by name (a letter,
    /// then letters, digits, `+`, `-`, `.`; a trailing `://` is allowed),
    /// `web` standing for the built-in list ([`Schemes::web`]).
    pub schemes: Option<Vec<String>>,
}

/// An option that cannot be used as given: which one (its name as a field
/// of [`FinderOptions`]), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    /// The option, as [`FinderOptions`] names it (`ip_hosts`).
    pub option: &'static str,
    /// Why it cannot be used, to follow the option's name.
    pub message: String,
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.option, self.message)
    }
}

impl core::error::Error for OptionError {}

impl FinderOptions {
    /// Options that leave every choice to `dialect` (and its default profile).
    ///
    /// ```
    /// use linkscan::{Dialect, FinderOptions, LinkFinder};
    /// assert_eq!(FinderOptions::new(Dialect::Md4c).finder()?, LinkFinder::md4c());
    /// # Ok::<(), linkscan::OptionError>(())
    /// ```
    pub fn new(dialect: Dialect) -> FinderOptions {
        FinderOptions {
            dialect,
            profile: None,
            kinds: None,
            require_scheme: None,
            tlds: None,
            default_scheme: None,
            ip_hosts: None,
            unicode_ends: None,
            local_hosts: None,
            skip_file_names: None,
            wrapped_urls: None,
            schemes: None,
        }
    }

    /// The finder these options describe: the dialect's, then the profile,
    /// then each option given; or the first option that cannot be used.
    ///
    /// ```
    /// use linkscan::{Dialect, FinderOptions, Profile};
    ///
    /// let mut options = FinderOptions::new(Dialect::Uts58);
    /// options.profile = Some(Profile::Docs);
    /// options.local_hosts = Some(false);
    /// let finder = options.finder()?;
    /// assert!(finder.links("see example.com").next().is_none()); // docs: a scheme is required
    /// assert!(finder.links("http://intranet/").next().is_none()); // but no local hosts
    ///
    /// options.default_scheme = Some("javascript:".into());
    /// assert_eq!(options.finder().unwrap_err().option, "default_scheme");
    /// # Ok::<(), linkscan::OptionError>(())
    /// ```
    pub fn finder(&self) -> Result<LinkFinder, OptionError> {
        self.check_dialect()?;
        let mut finder = match self.dialect {
            Dialect::Uts58 => LinkFinder::new().profile(self.profile.unwrap_or_default()),
            Dialect::Gfm => LinkFinder::gfm(),
            Dialect::Md4c => LinkFinder::md4c(),
        };
        if let Some(kinds) = self.kinds {
            if kinds.is_empty() {
                return Err(error("kinds", "no kind named (url, www, email, handle)"));
            }
            finder = finder.kinds(kinds);
        }
        type Setter = fn(LinkFinder, bool) -> LinkFinder;
        let flags: [(Option<bool>, Setter); 6] = [
            (self.require_scheme, LinkFinder::require_scheme),
            (self.ip_hosts, LinkFinder::ip_hosts),
            (self.unicode_ends, LinkFinder::unicode_ends),
            (self.local_hosts, LinkFinder::local_hosts),
            (self.skip_file_names, LinkFinder::skip_file_names),
            (self.wrapped_urls, LinkFinder::wrapped_urls),
        ];
        for (value, set) in flags {
            if let Some(value) = value {
                finder = set(finder, value);
            }
        }
        if let Some(tlds) = &self.tlds {
            if matches!(tlds, TldPolicy::List(list) if list.is_empty()) {
                return Err(error("tlds", "an empty list: no link could be found"));
            }
            finder = finder.tlds(tlds.clone());
        }
        if let Some(scheme) = &self.default_scheme {
            if !crate::html::is_safe_href(scheme) {
                return Err(error(
                    "default_scheme",
                    format!("{scheme:?} is a script scheme; links are never given one"),
                ));
            }
            finder = finder.default_scheme(scheme.clone());
        }
        if let Some(names) = &self.schemes {
            finder = finder.schemes(schemes(names)?);
        }
        Ok(finder)
    }

    /// Sets the option `name` (a field's name, as `kinds`) from `value` as
    /// text: a dialect's or a profile's name, `true` or `false`, a list
    /// separated by commas, empty items left out (kinds, schemes, TLDs;
    /// `tlds` also takes `iana` and `any`). For options that arrive as
    /// text (SQL, a configuration file); [`FinderOptions::finder`] checks
    /// them together.
    ///
    /// ```
    /// use linkscan::{Dialect, FinderOptions};
    ///
    /// let mut options = FinderOptions::new(Dialect::Uts58);
    /// for (name, value) in [("dialect", "gfm"), ("kinds", "email")] {
    ///     options.set(name, value)?;
    /// }
    /// assert_eq!(options.finder()?.links("www.a.org or x@a.org").count(), 1);
    /// assert_eq!(options.set("ip_hosts", "yes").unwrap_err().to_string(), "ip_hosts: \"yes\" is not true or false");
    /// assert_eq!(options.set("colour", "red").unwrap_err().option, "options");
    /// # Ok::<(), linkscan::OptionError>(())
    /// ```
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let list = || {
            value
                .split(',')
                .map(str::trim)
                .filter(|item| !item.is_empty())
                .map(String::from)
                .collect::<Vec<_>>()
        };
        let flag = |option: &'static str| match value {
            "true" => Ok(Some(true)),
            "false" => Ok(Some(false)),
            other => Err(error(option, format!("{other:?} is not true or false"))),
        };
        match name {
            "dialect" => self.dialect = value.parse().map_err(|e| error("dialect", format!("{e}")))?,
            "profile" => self.profile = Some(value.parse().map_err(|e| error("profile", format!("{e}")))?),
            "kinds" => self.kinds = Some(value.parse().map_err(|e| error("kinds", format!("{e}")))?),
            "tlds" => {
                self.tlds = Some(match value {
                    "iana" => TldPolicy::Iana,
                    "any" => TldPolicy::Any,
                    _ => TldPolicy::list(list()),
                })
            }
            "default_scheme" => self.default_scheme = Some(value.into()),
            "schemes" => self.schemes = Some(list()),
            "require_scheme" => self.require_scheme = flag("require_scheme")?,
            "ip_hosts" => self.ip_hosts = flag("ip_hosts")?,
            "unicode_ends" => self.unicode_ends = flag("unicode_ends")?,
            "local_hosts" => self.local_hosts = flag("local_hosts")?,
            "skip_file_names" => self.skip_file_names = flag("skip_file_names")?,
            "wrapped_urls" => self.wrapped_urls = flag("wrapped_urls")?,
            other => {
                let message = format!(
                    "{other:?} is not one (dialect, profile, kinds, tlds, default_scheme, schemes, require_scheme, \
                     ip_hosts, unicode_ends, local_hosts, skip_file_names, wrapped_urls)"
                );
                return Err(error("options", message));
            }
        }
        Ok(())
    }

    /// The first option given that means nothing in the dialect.
    fn check_dialect(&self) -> Result<(), OptionError> {
        let on = |flag: Option<bool>| flag == Some(true);
        let (uts58, gfm) = (self.dialect == Dialect::Uts58, self.dialect == Dialect::Gfm);
        let option = "UTS #58 option";
        let misplaced = [
            ("profile", option, !uts58 && self.profile.is_some_and(|p| p != Profile::Default)),
            (
                "kinds",
                "UTS #58 kind (handle)",
                !uts58 && self.kinds.is_some_and(|k| k.contains(Kinds::HANDLE)),
            ),
            ("tlds", option, !uts58 && self.tlds.as_ref().is_some_and(|t| *t != TldPolicy::Iana)),
            ("ip_hosts", option, !uts58 && on(self.ip_hosts)),
            ("local_hosts", option, !uts58 && on(self.local_hosts)),
            ("skip_file_names", option, !uts58 && on(self.skip_file_names)),
            ("wrapped_urls", option, !uts58 && on(self.wrapped_urls)),
            ("schemes", option, !uts58 && self.schemes.is_some()),
            ("unicode_ends", "GFM option", !gfm && on(self.unicode_ends)),
        ];
        let Some(&(name, what, _)) = misplaced.iter().find(|(.., wrong)| *wrong) else { return Ok(()) };
        Err(error(name, format!("a {what}; it means nothing in the {} dialect", self.dialect)))
    }
}

/// The schemes named: each a scheme name and not a script scheme, `web`
/// the built-in list.
fn schemes(names: &[String]) -> Result<Schemes, OptionError> {
    let names: Vec<&str> = names.iter().map(|n| n.strip_suffix("://").unwrap_or(n)).collect();
    if names.is_empty() {
        return Err(error("schemes", "no scheme named"));
    }
    for name in &names {
        let valid = name.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        if !valid {
            let message = format!("{name:?} is not a scheme name (a letter, then letters, digits, + - .)");
            return Err(error("schemes", message));
        }
        if !crate::html::is_safe_href(&format!("{name}:")) {
            return Err(error("schemes", format!("{name:?} is a script scheme; links are never given one")));
        }
    }
    let web = names.iter().any(|n| n.eq_ignore_ascii_case("web"));
    let others = names.into_iter().filter(|n| !n.eq_ignore_ascii_case("web"));
    Ok(if web { Schemes::web().with(others) } else { Schemes::only(others) })
}

fn error(option: &'static str, message: impl Into<String>) -> OptionError {
    OptionError { option, message: message.into() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    /// Sets one or more options.
    type Set = fn(&mut FinderOptions);

    fn with(dialect: Dialect, set: impl FnOnce(&mut FinderOptions)) -> Result<LinkFinder, OptionError> {
        let mut options = FinderOptions::new(dialect);
        set(&mut options);
        options.finder()
    }

    /// `set` from text sets the same field as the field set by hand, for
    /// every field, and names the option it refuses.
    #[test]
    fn set_from_text_is_the_field() {
        let cases: [(&str, &str, Set); 13] = [
            ("dialect", "md4c", |o| o.dialect = Dialect::Md4c),
            ("profile", "chat", |o| o.profile = Some(Profile::Chat)),
            ("kinds", "url,handle", |o| o.kinds = Some(Kinds::URL | Kinds::HANDLE)),
            ("tlds", "any", |o| o.tlds = Some(TldPolicy::Any)),
            ("tlds", "org, io", |o| o.tlds = Some(TldPolicy::list(["org", "io"]))),
            ("default_scheme", "http", |o| o.default_scheme = Some("http".into())),
            ("schemes", "web,gopher", |o| o.schemes = Some(vec!["web".into(), "gopher".into()])),
            ("require_scheme", "true", |o| o.require_scheme = Some(true)),
            ("ip_hosts", "false", |o| o.ip_hosts = Some(false)),
            ("unicode_ends", "true", |o| o.unicode_ends = Some(true)),
            ("local_hosts", "true", |o| o.local_hosts = Some(true)),
            ("skip_file_names", "false", |o| o.skip_file_names = Some(false)),
            ("wrapped_urls", "true", |o| o.wrapped_urls = Some(true)),
        ];
        for (name, value, by_hand) in cases {
            let (mut from_text, mut expected) =
                (FinderOptions::new(Dialect::Uts58), FinderOptions::new(Dialect::Uts58));
            from_text.set(name, value).unwrap();
            by_hand(&mut expected);
            assert_eq!(from_text, expected, "{name}={value}");
        }
        let mut options = FinderOptions::new(Dialect::Uts58);
        for (name, value, option) in [
            ("dialect", "commonmark", "dialect"),
            ("profile", "loose", "profile"),
            ("kinds", "url,links", "kinds"),
            ("ip_hosts", "1", "ip_hosts"),
            ("colour", "red", "options"),
        ] {
            assert_eq!(options.set(name, value).unwrap_err().option, option, "{name}={value}");
        }
        assert_eq!(options, FinderOptions::new(Dialect::Uts58), "a refused value changes nothing");
    }

    /// Each option that belongs to one dialect is refused in the others,
    /// named, and taken in its own.
    #[test]
    fn options_of_one_dialect_are_refused_in_the_others() {
        let cases: [(&str, Dialect, Set); 9] = [
            ("profile", Dialect::Uts58, |o| o.profile = Some(Profile::Chat)),
            ("kinds", Dialect::Uts58, |o| o.kinds = Some(Kinds::URL | Kinds::HANDLE)),
            ("tlds", Dialect::Uts58, |o| o.tlds = Some(TldPolicy::Any)),
            ("ip_hosts", Dialect::Uts58, |o| o.ip_hosts = Some(true)),
            ("local_hosts", Dialect::Uts58, |o| o.local_hosts = Some(true)),
            ("skip_file_names", Dialect::Uts58, |o| o.skip_file_names = Some(true)),
            ("wrapped_urls", Dialect::Uts58, |o| o.wrapped_urls = Some(true)),
            ("schemes", Dialect::Uts58, |o| o.schemes = Some(vec!["web".into()])),
            ("unicode_ends", Dialect::Gfm, |o| o.unicode_ends = Some(true)),
        ];
        for (option, own, set) in cases {
            for dialect in [Dialect::Uts58, Dialect::Gfm, Dialect::Md4c] {
                match with(dialect, set) {
                    Ok(_) => assert_eq!(dialect, own, "{option} in {dialect:?}"),
                    Err(e) => {
                        assert!(dialect != own && e.option == option, "{option} in {dialect:?}: {e}");
                        assert!(e.message.contains("means nothing in the"), "{e}");
                    }
                }
            }
        }
        // What leaves the dialect's choice as it is, is no error anywhere.
        for dialect in [Dialect::Gfm, Dialect::Md4c] {
            let neutral = with(dialect, |o| {
                o.profile = Some(Profile::Default);
                o.tlds = Some(TldPolicy::Iana);
                o.ip_hosts = Some(false);
                o.unicode_ends = Some(dialect == Dialect::Gfm);
            });
            assert!(neutral.is_ok(), "{dialect:?}");
        }
    }

    /// Script schemes, names that are no scheme names and empty lists are
    /// refused; `web` is the built-in list and a trailing `://` is allowed.
    #[test]
    fn bad_values_are_refused_with_the_option_named() {
        let refused: [(&str, Set); 8] = [
            ("kinds", |o| o.kinds = Some(Kinds::NONE)),
            ("tlds", |o| o.tlds = Some(TldPolicy::list(["", "# only a comment"]))),
            ("default_scheme", |o| o.default_scheme = Some(" JavaScript:".into())),
            ("default_scheme", |o| o.default_scheme = Some("data:".into())),
            ("schemes", |o| o.schemes = Some(vec![])),
            ("schemes", |o| o.schemes = Some(vec!["https".into(), "".into()])),
            ("schemes", |o| o.schemes = Some(vec!["1http".into()])),
            ("schemes", |o| o.schemes = Some(vec!["VBScript".into()])),
        ];
        for (option, set) in refused {
            let e = with(Dialect::Uts58, set).expect_err(option);
            assert_eq!(e.option, option, "{e}");
        }
        let finder = with(Dialect::Uts58, |o| o.schemes = Some(vec!["WEB".into(), "gopher://".into()]));
        let finder = finder.expect("valid");
        assert_eq!(finder.links("gopher://a.com/ ssh://b.org/").count(), 2);
        let only = with(Dialect::Uts58, |o| o.schemes = Some(vec!["gopher".into()])).expect("valid");
        assert_eq!(only.links("gopher://a.com/ ssh://b.org/").count(), 1);
    }

    /// The options given are set after the profile, and only they.
    #[test]
    fn options_given_change_only_themselves_after_the_profile() {
        let docs = with(Dialect::Uts58, |o| o.profile = Some(Profile::Docs)).expect("valid");
        assert_eq!(docs, LinkFinder::new().profile(Profile::Docs));
        let changed = with(Dialect::Uts58, |o| {
            o.profile = Some(Profile::Docs);
            o.require_scheme = Some(false);
            o.default_scheme = Some("http://".into());
        });
        let expected =
            LinkFinder::new().profile(Profile::Docs).require_scheme(false).default_scheme("http://");
        assert_eq!(changed.expect("valid"), expected);
        assert_eq!(FinderOptions::new(Dialect::Gfm).finder(), Ok(LinkFinder::gfm()));
    }
}
