//! Why a link starts and ends where it does, and why a candidate is no
//! link: [`LinkFinder::explain`].
//!
//! The scans report each decision they make as they make it, to a
//! sink (`Why`) they are generic over. The ordinary scan's is `()`, whose
//! reports compile away; [`LinkFinder::explain`] runs the same scan with a
//! list that keeps them. Every decision names a [`Rule`]: the one table of
//! rule ids, reasons and references is [`Rule::about`].

use crate::finder::{Dialect, Link, LinkFinder};
use alloc::vec::Vec;
use core::ops::Range;

/// Defines [`Rule`], [`Rule::ALL`] and [`Rule::about`] from one table: a
/// variant a line, with its id, reason, reference and whether it refuses.
macro_rules! rules {
    ($($(#[$doc:meta])* $name:ident = ($id:literal, $reason:literal, $reference:expr, $refuses:literal),)*) => {
        /// A rule the finder applies: each decision [`LinkFinder::explain`]
        /// reports names one.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Rule {
            $($(#[$doc])* $name,)*
        }

        impl Rule {
            /// Every rule, in the table's order.
            pub const ALL: [Rule; [$(stringify!($name)),*].len()] = [$(Rule::$name),*];

            /// The rule's id, reason, reference and whether it refuses.
            ///
            /// ```
            /// use linkscan::explain::Rule;
            /// assert_eq!(Rule::TrailingSoft.about().id, "trailing-soft");
            /// assert!(Rule::TldNotAccepted.about().refuses);
            /// ```
            pub const fn about(self) -> About {
                match self {
                    $(Rule::$name => About { id: $id, reason: $reason, reference: $reference, refuses: $refuses },)*
                }
            }
        }
    };
}

/// The reference of cmark-gfm's rules.
const GFM: &str = "cmark-gfm 0.29.0.gfm.13, autolink extension";
/// The reference of md4c's rules.
const MD4C: &str = "md4c, permissive autolinks";

rules! {
    // UTS #58: where a link starts.
    /// A URL with its scheme.
    Scheme = ("scheme", "starts at its scheme, right before the host", "UTS #58 §3.2", false),
    /// Letters glued before an accepted scheme, left out.
    SchemeGlued = ("scheme-glued", "letters glued before an accepted scheme are left out: `foohttp://` starts at `http://`", "reader rule (not strict)", false),
    /// A URL without a scheme: its domain.
    Domain = ("domain", "starts at its domain's first label: no scheme is written", "UTS #58 §3.2", false),
    /// An email address.
    Email = ("email", "an email address: its local part, `@` and domain", "UTS #58 §5.2", false),
    /// `mailto:` or `xmpp:` before an address.
    MailScheme = ("mail-scheme", "`mailto:` or `xmpp:` before the address belongs to it", "UTS #58 §5.2; reader rule (not strict)", false),
    /// A fediverse handle.
    Handle = ("handle", "a fediverse handle: `@`, a user name, `@` and a domain", "reader rule (chat profile, Kinds::HANDLE)", false),
    /// A URL whose host is an IP address or a local host.
    IpOrLocalHost = ("ip-or-local-host", "after `scheme://`, an IP address or a host without an accepted TLD", "LinkFinder::ip_hosts / local_hosts", false),
    // UTS #58: where a link ends.
    /// Nothing after the host starts a path, query or fragment.
    HostEnd = ("host-end", "ends with its host: what follows starts no path, query or fragment", "UTS #58 §3.5, Table 3-3", false),
    /// The host's port.
    Port = ("port", "the host's `:port` belongs to it", "UTS #58 §3.3", false),
    /// A separator after the last label, left out.
    TrailingSeparator = ("trailing-separator", "a separator after the last label ends a sentence: left out", "UTS #58 §3.3", false),
    /// The text ends.
    TextEnd = ("text-end", "the text ends", "UTS #58 §3.5.1", false),
    /// A Link_Term=Hard code point.
    Hard = ("hard", "a Link_Term=Hard code point ends the link", "UTS #58 §3.5.1, Table 3-2", false),
    /// Trailing Link_Term=Soft code points, left out.
    TrailingSoft = ("trailing-soft", "trailing Link_Term=Soft code points are left out", "UTS #58 §3.5.1, Table 3-2", false),
    /// The reader's final `?`, left out.
    FinalQuestionMark = ("final-question-mark", "a `?` with nothing after it is Soft: left out", "UTS #58 Table 3-2; reader rule (not strict)", false),
    /// A closing bracket matching one opened in the link: kept.
    BracketClosed = ("bracket-closed", "a closing bracket matches one opened in the same part: kept", "UTS #58 §3.5.1, Link_Bracket", false),
    /// A closing bracket that closes none opened in the link.
    UnmatchedClose = ("unmatched-close", "a closing bracket closes none opened in the same part: the link ends before it", "UTS #58 §3.5.1, Link_Bracket", false),
    /// More open brackets than the spec tracks.
    BracketLimit = ("bracket-limit", "more open brackets than the 125 the spec tracks: the link ends", "UTS #58 §3.5.1", false),
    /// The reader's markup after a link (`"/>`, `</a`).
    Markup = ("markup", "markup after the link (a quote before `/` or `>`, a closing tag) ends it", "reader rule (not strict)", false),
    /// A URL wrapped across lines inside `<…>` or `<URL:…>`.
    WrappedUrl = ("wrapped-url", "a URL wrapped across lines inside `<…>` or `<URL:…>` is one link, its lines joined", "RFC 3986 Appendix C; LinkFinder::wrapped_urls (mail profile)", false),
    /// An address ends with its domain.
    AddressEnd = ("address-end", "an address ends with its domain", "UTS #58 §5.2", false),
    // UTS #58: candidates refused.
    /// The last label is too short or too long for an accepted TLD.
    TldLength = ("tld-length", "the last label is too short or too long for an accepted TLD", "UTS #58 §3.2; TLD list", true),
    /// The last label is not an accepted TLD.
    TldNotAccepted = ("tld-not-accepted", "the last label is not an accepted TLD", "UTS #58 §3.2; IANA TLD list", true),
    /// The domain is an address's local part.
    LocalPart = ("local-part", "the name is an address's local part: the address is found from its own domain", "UTS #58 §5.2", true),
    /// A label is not valid, or the name is too long.
    InvalidDomain = ("invalid-domain", "a label is empty, starts or ends with `-` or is not a valid `xn--` label, or the name is longer than DNS allows", "UTS #46; RFC 1035", true),
    /// The name is glued to `_` or to a character UTS #46 removes.
    NotWhole = ("not-whole", "the name is glued to `_` or to a code point UTS #46 removes: it is not written whole", "reader rule (not strict)", true),
    /// The scheme before the host is not accepted.
    SchemeRefused = ("scheme-refused", "the scheme before the host is not an accepted one", "LinkFinder::schemes", true),
    /// Inside a URL whose host was refused.
    InsideUrl = ("inside-url", "inside a URL whose host was refused", "reader rule", true),
    /// Reads as a file name or code.
    FileName = ("file-name", "reads as a file name or code, not a domain", "LinkFinder::file_names", true),
    /// A kind the finder does not look for.
    KindNotWanted = ("kind-not-wanted", "a kind of link the finder does not look for", "LinkFinder::kinds", true),
    /// A user name with a label separator.
    DottedUserName = ("dotted-user-name", "a user name with a label separator could be taken for the host", "UTS #58 §3.3 test data; security", true),
    /// A port that is not one.
    InvalidPort = ("invalid-port", "`:` after the host starts no valid port", "UTS #58 §3.3", true),
    /// No valid local part before the `@`.
    InvalidLocalPart = ("invalid-local-part", "no valid local part before the `@`", "UTS #58 §5.2", true),
    // GFM (cmark-gfm).
    /// GFM: `http://`, `https://` or `ftp://`.
    GfmScheme = ("gfm-scheme", "`http://`, `https://` or `ftp://` starts a URL", GFM, false),
    /// GFM: `www.`.
    GfmWww = ("gfm-www", "`www.` starts a link", GFM, false),
    /// GFM: an email address.
    GfmEmail = ("gfm-email", "an email address (with `mailto:` or `xmpp:` if written)", GFM, false),
    /// GFM: a scheme that is not `http`, `https` or `ftp`.
    GfmSchemeUnknown = ("gfm-scheme-unknown", "only `http`, `https` and `ftp` start a URL", GFM, true),
    /// GFM: `www.` after a character other than white space or `*_~(`.
    GfmWwwPreceded = ("gfm-www-preceded", "`www.` needs white space, the start of a line or one of `*_~(` before it", GFM, true),
    /// GFM: a domain without a dot, or with `_` in its last two labels.
    GfmDomain = ("gfm-domain", "the domain needs a dot and no `_` in its last two labels", GFM, true),
    /// GFM: an address's domain that cmark-gfm refuses.
    GfmEmailDomain = ("gfm-email-domain", "the address's domain needs a dot and must end in a letter or `.`", GFM, true),
    /// GFM: a link ends at white space or `<`.
    GfmSpaceOrLt = ("gfm-space-or-lt", "white space or `<` ends the link", GFM, false),
    /// GFM: trailing punctuation, left out.
    GfmTrailingPunctuation = ("gfm-trailing-punctuation", "trailing `?!.,:*_~'\"` are left out", GFM, false),
    /// GFM: an unmatched trailing `)`, left out.
    GfmParenthesis = ("gfm-parenthesis", "a trailing `)` with more `)` than `(` in the link is left out", GFM, false),
    /// GFM: a trailing entity reference, left out.
    GfmEntity = ("gfm-entity", "a trailing entity reference (`&name;`) is left out", GFM, false),
    // MD4C.
    /// MD4C: `http://`, `https://` or `ftp://`.
    Md4cScheme = ("md4c-scheme", "`http://`, `https://` or `ftp://` starts a URL", MD4C, false),
    /// MD4C: `www.`.
    Md4cWww = ("md4c-www", "`www.` starts a link", MD4C, false),
    /// MD4C: an email address.
    Md4cEmail = ("md4c-email", "an email address: a user name, `@` and a host", MD4C, false),
    /// MD4C: a scheme that is not `http`, `https` or `ftp`.
    Md4cSchemeUnknown = ("md4c-scheme-unknown", "only `http`, `https` and `ftp` start a URL", MD4C, true),
    /// MD4C: ends where its last segment ends.
    Md4cSegmentEnd = ("md4c-segment-end", "ends where its last segment (host, path, query, fragment) ends", MD4C, false),
    /// MD4C: not set off before.
    Md4cLeft = ("md4c-left", "needs the start of a line, white space, `(`, `{`, `[` or an emphasis opener before it", MD4C, true),
    /// MD4C: not set off after.
    Md4cRight = ("md4c-right", "needs the end of a line, white space, `)}].!?,;` or an emphasis closer after it", MD4C, true),
    /// MD4C: a host of fewer than two components.
    Md4cHost = ("md4c-host", "the host needs two components or more", MD4C, true),
    /// MD4C: a segment's parentheses do not balance.
    Md4cParentheses = ("md4c-parentheses", "a segment's parentheses do not balance", MD4C, true),
    /// MD4C: no user name before the `@`.
    Md4cUser = ("md4c-user", "no user name before the `@`", MD4C, true),
}

/// What a rule is: its stable id, the reason it gives, the rule it
/// follows, and whether it refuses a candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct About {
    /// A stable, kebab-case id (`trailing-soft`).
    pub id: &'static str,
    /// What the rule decides, in one line.
    pub reason: &'static str,
    /// The specification section, profile rule or reference behaviour it follows.
    pub reference: &'static str,
    /// Whether a decision by it means no link.
    pub refuses: bool,
}

/// One decision: the rule, and the bytes it looked at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The rule.
    pub rule: Rule,
    /// The bytes of the text it looked at (empty at the text's end).
    pub range: Range<usize>,
}

/// A candidate the scan considered: a link found, with the decisions that
/// made its start and end, or a candidate refused, with the decision that
/// refused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate<'t> {
    /// The link, if the candidate is one.
    pub link: Option<Link<'t>>,
    /// The decisions, in the order the scan made them.
    pub decisions: Vec<Decision>,
}

impl Candidate<'_> {
    /// The bytes the candidate covers: the link's, or those of the
    /// decision that refused it.
    pub fn range(&self) -> Range<usize> {
        match &self.link {
            Some(link) => link.start()..link.end(),
            None => self.decisions.last().map_or(0..0, |d| d.range.clone()),
        }
    }
}

/// Where a scan reports its decisions. `()` drops them (and the compiler
/// with them); a list keeps them.
pub(crate) trait Why: Clone + Default {
    /// Whether reports are kept (to skip work done only for them).
    const KEEPS: bool;
    /// Reports a decision by `rule` on the bytes `range`.
    fn note(&mut self, rule: Rule, range: (usize, usize));
    /// Reports `later`'s decisions after these.
    fn append(&mut self, later: Self);
}

impl Why for () {
    const KEEPS: bool = false;
    #[inline(always)]
    fn note(&mut self, _: Rule, _: (usize, usize)) {}
    #[inline(always)]
    fn append(&mut self, _: Self) {}
}

impl Why for Vec<Decision> {
    const KEEPS: bool = true;
    fn note(&mut self, rule: Rule, (start, end): (usize, usize)) {
        self.push(Decision { rule, range: start..end });
    }
    fn append(&mut self, mut later: Self) {
        Vec::append(self, &mut later);
    }
}

impl LinkFinder {
    /// Every candidate the scan of `text` considers, in order: the links
    /// [`links`](LinkFinder::links) finds, each with the decisions that
    /// made its start and end, and the candidates it refuses, each with
    /// the decision that refused it.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// use linkscan::explain::Rule;
    ///
    /// let text = "See example.com/a_(b)?. Or example.notatld";
    /// let candidates = LinkFinder::new().explain(text);
    /// let rules: Vec<Vec<&str>> =
    ///     candidates.iter().map(|c| c.decisions.iter().map(|d| d.rule.about().id).collect()).collect();
    /// assert_eq!(rules, [vec!["domain", "bracket-closed", "final-question-mark", "hard"], vec!["tld-not-accepted"]]);
    /// assert_eq!(candidates[0].link.as_ref().map(|l| l.as_str()), Some("example.com/a_(b)"));
    /// assert_eq!(&text[candidates[1].range()], "notatld");
    /// ```
    ///
    /// What the scan never takes for a candidate is not listed: a `.`
    /// before white space or a digit, or before a last label of one letter
    /// (`e.g.`).
    ///
    /// A URL wrapped across lines ([`LinkFinder::wrapped_urls`]) is found
    /// by a search of its own: it is one candidate, decided by
    /// [`Rule::WrappedUrl`], in place of those of its lines.
    pub fn explain<'t>(&self, text: &'t str) -> Vec<Candidate<'t>> {
        let cursor = crate::scan::Cursor::new(crate::finder::Context::default());
        let mut candidates = Vec::new();
        // The notes of a refused candidate end with the refusal; those
        // after the last refusal are the link's.
        let mut take = |found: Option<Link<'t>>, notes: &mut Vec<Decision>| {
            let mut decisions = Vec::new();
            for decision in notes.drain(..) {
                let refuses = decision.rule.about().refuses;
                decisions.push(decision);
                if refuses {
                    candidates.push(Candidate { link: None, decisions: core::mem::take(&mut decisions) });
                }
            }
            let done = found.is_none();
            if let Some(link) = found {
                candidates.push(Candidate { link: Some(link), decisions });
            }
            done
        };
        macro_rules! walk {
            ($scan:ty, $next:path) => {{
                let mut scan = <$scan>::new(cursor);
                while scan.cursor.pos < text.len() {
                    let found = $next(self, text, &mut scan);
                    if take(found, &mut scan.why) {
                        break;
                    }
                }
            }};
        }
        match self.dialect {
            Dialect::Uts58 => walk!(crate::uts58::Scan<Vec<Decision>>, crate::uts58::next_link),
            Dialect::Gfm => walk!(crate::gfm::Scan<Vec<Decision>>, crate::gfm::next_link),
            Dialect::Md4c => walk!(crate::md4c::Scan<Vec<Decision>>, crate::md4c::next_link),
        }
        // (GFM finds a URL link before the addresses ahead of it.)
        candidates.sort_by_key(|c| c.range().start);
        if self.joins_wrapped_urls() {
            candidates = with_wrapped_urls(candidates, self.links(text).filter(Link::is_wrapped));
        }
        candidates
    }
}

/// `candidates` (in order) with each URL wrapped across lines of `wrapped`
/// (in order) in place of the candidates its text overlaps: such a URL is
/// found by a search of its own, before the scan (`Links::next`).
fn with_wrapped_urls<'t>(
    candidates: Vec<Candidate<'t>>,
    wrapped: impl Iterator<Item = Link<'t>>,
) -> Vec<Candidate<'t>> {
    let found = |link: Link<'t>| {
        let range = link.start()..link.end();
        Candidate { link: Some(link), decisions: alloc::vec![Decision { rule: Rule::WrappedUrl, range }] }
    };
    let mut wrapped = wrapped.peekable();
    let mut merged = Vec::with_capacity(candidates.len());
    for candidate in candidates {
        let range = candidate.range();
        // The wrapped URLs before this candidate, in their place.
        while let Some(link) = wrapped.next_if(|link| link.end() <= range.start) {
            merged.push(found(link));
        }
        if wrapped.peek().is_none_or(|link| range.end <= link.start()) {
            merged.push(candidate);
        }
    }
    merged.extend(wrapped.map(found));
    merged
}
