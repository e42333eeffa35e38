//! A finder's arguments as `linkscan.Finder(...)` takes them, checked into
//! a finder: shared by the Python class and the Polars plugin (which gets
//! them pickled), so both accept and refuse the same things.

use linkscan::{Dialect, FinderOptions, LinkFinder, OffsetUnit, TldPolicy};

/// `Finder`'s arguments, each as Python gave it (`None`: not given).
pub(crate) struct FinderArgs {
    pub(crate) dialect: String,
    pub(crate) profile: String,
    /// Comma-separated names (a list joined).
    pub(crate) kinds: Option<String>,
    pub(crate) require_scheme: Option<bool>,
    pub(crate) tlds: Option<Tlds>,
    pub(crate) default_scheme: Option<String>,
    pub(crate) ip_hosts: Option<bool>,
    pub(crate) unicode_ends: bool,
    pub(crate) local_hosts: Option<bool>,
    pub(crate) skip_file_names: Option<bool>,
    pub(crate) wrapped_urls: Option<bool>,
    pub(crate) schemes: Option<Vec<String>>,
    pub(crate) offsets: String,
}

/// `tlds`: a policy's name ("iana", "any") or a list of TLDs.
pub(crate) enum Tlds {
    Named(String),
    List(Vec<String>),
}

impl Default for FinderArgs {
    fn default() -> Self {
        FinderArgs {
            dialect: "uts58".into(),
            profile: "default".into(),
            kinds: None,
            require_scheme: None,
            tlds: None,
            default_scheme: None,
            ip_hosts: None,
            unicode_ends: false,
            local_hosts: None,
            skip_file_names: None,
            wrapped_urls: None,
            schemes: None,
            offsets: "chars".into(),
        }
    }
}

impl FinderArgs {
    /// The finder and the offsets' unit, or why not: a message that starts
    /// with the option's name. The library checks the options, as it
    /// checks the CLI's.
    pub(crate) fn finder(&self) -> Result<(LinkFinder, OffsetUnit), String> {
        let mut options = FinderOptions::new(Dialect::Uts58);
        // What comes as text is set as text, as the library reads it.
        let mut texts = vec![("dialect", self.dialect.as_str()), ("profile", self.profile.as_str())];
        texts.extend(self.kinds.as_deref().map(|kinds| ("kinds", kinds)));
        match &self.tlds {
            Some(Tlds::Named(name)) if name == "iana" || name == "any" => texts.push(("tlds", name.as_str())),
            Some(Tlds::Named(other)) => {
                return Err(format!("tlds: {other:?} is not \"iana\", \"any\" or a list of TLDs"));
            }
            _ => {}
        }
        for (name, value) in texts {
            options.set(name, value).map_err(|e| e.to_string())?;
        }
        if let Some(Tlds::List(list)) = &self.tlds {
            options.tlds = Some(TldPolicy::list(list.clone()));
        }
        options.require_scheme = self.require_scheme;
        options.default_scheme = self.default_scheme.clone();
        options.ip_hosts = self.ip_hosts;
        options.unicode_ends = Some(self.unicode_ends);
        options.local_hosts = self.local_hosts;
        options.skip_file_names = self.skip_file_names;
        options.wrapped_urls = self.wrapped_urls;
        options.schemes = self.schemes.clone();
        let finder = options.finder().map_err(|e| e.to_string())?;
        Ok((finder, parse_unit(&self.offsets)?))
    }
}

/// `offsets`: "chars", "utf8" or "utf16".
fn parse_unit(offsets: &str) -> Result<OffsetUnit, String> {
    match offsets {
        "chars" => Ok(OffsetUnit::Chars),
        "utf8" => Ok(OffsetUnit::Bytes),
        "utf16" => Ok(OffsetUnit::Utf16),
        other => Err(format!("offsets: {other:?} is not \"chars\", \"utf8\" or \"utf16\"")),
    }
}
