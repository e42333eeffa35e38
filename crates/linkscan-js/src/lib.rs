//! linkscan for JavaScript: the WebAssembly module behind the npm package
//! (`npm/linkscan.js` is its glue).
//!
//! The ABI is small and needs no `unsafe`: the host writes its UTF-8 input
//! into [`ls_input`]'s buffer and calls a function with the input's length;
//! results come back as numbers in [`ls_ints`] and UTF-8 in [`ls_bytes`]
//! (both valid until the next call). Finders and streams are numbered
//! slots, freed by the host. A negative return is an error whose message
//! is in [`ls_bytes`]: `option: why` for an option.
//!
//! Offsets are UTF-16 code units, JavaScript's string indices. The host
//! encodes lone surrogates as U+FFFD (as `TextEncoder` does), one unit for
//! one, so offsets still index its string.

#[cfg(feature = "explain")]
use linkscan::explain::Rule;
use linkscan::{
    Dialect, FinderOptions, Link, LinkFinder, LinkKind, LinkStream, OffsetConverter, OffsetUnit, TldPolicy,
};
use std::cell::RefCell;
use std::collections::BTreeMap;
#[cfg(feature = "explain")]
use std::fmt::Write as _;

/// What the host and the module exchange, and the finders and streams the
/// host holds by number.
#[derive(Default)]
struct State {
    /// The input of the next call, written by the host.
    input: Vec<u8>,
    /// Numeric results of the last call.
    ints: Vec<u32>,
    /// UTF-8 results of the last call (or its error message).
    bytes: Vec<u8>,
    finders: Slots<Shared>,
    /// The finder made for each set of options, while a host finder uses
    /// it: a finder made per request, with the options of the last, costs
    /// a lookup, and memory stays that of the distinct finders alive.
    finder_of: BTreeMap<String, u32>,
    streams: Slots<LinkStream>,
}

/// A finder and the host finders that use it.
struct Shared {
    finder: LinkFinder,
    spec: String,
    users: u32,
}

/// Values the host refers to by number; freed numbers are used again,
/// the last freed first (constant time: no search for a free one).
struct Slots<T> {
    values: Vec<Option<T>>,
    free: Vec<u32>,
}

impl<T> Default for Slots<T> {
    fn default() -> Self {
        Slots { values: Vec::new(), free: Vec::new() }
    }
}

impl<T> Slots<T> {
    fn add(&mut self, value: T) -> i32 {
        match self.free.pop() {
            Some(slot) => {
                self.values[slot as usize] = Some(value);
                slot as i32
            }
            None => {
                self.values.push(Some(value));
                (self.values.len() - 1) as i32
            }
        }
    }

    fn get(&mut self, slot: u32) -> Option<&mut T> {
        self.values.get_mut(slot as usize)?.as_mut()
    }

    /// Frees a slot (one already free, or never made, stays as it is).
    fn remove(&mut self, slot: u32) -> Option<T> {
        let value = self.values.get_mut(slot as usize)?.take()?;
        self.free.push(slot);
        Some(value)
    }
}

thread_local! {
    static STATE: RefCell<State> = RefCell::default();
}

fn with_state<R>(f: impl FnOnce(&mut State) -> R) -> R {
    STATE.with(|state| f(&mut state.borrow_mut()))
}

/// The input text of a call: the first `len` bytes the host wrote.
/// (The host writes what `TextEncoder` gives, so it is UTF-8; anything
/// else is read with U+FFFD for what is not.)
fn text_of(input: &[u8], len: usize) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(&input[..len.min(input.len())])
}

/// An error for the host: its message in the bytes, -1 returned.
fn fail(state: &mut State, message: &str) -> i32 {
    state.bytes.clear();
    state.bytes.extend_from_slice(message.as_bytes());
    -1
}

/// A buffer of at least `len` bytes for the next call's input; its
/// address. The buffer only grows (the host keeps its view of it while it
/// stays where it is), but one far larger than what is asked is given
/// back, so a huge text does not keep its memory for the short ones after.
#[unsafe(no_mangle)]
pub extern "C" fn ls_input(len: usize) -> *mut u8 {
    with_state(|state| {
        if state.input.len() > (1 << 20) && len < state.input.len() / 4 {
            state.input = Vec::new();
        }
        if state.input.len() < len {
            state.input.resize(len.max(4096), 0);
        }
        state.input.as_mut_ptr()
    })
}

/// The length of the input buffer.
#[unsafe(no_mangle)]
pub extern "C" fn ls_input_len() -> usize {
    with_state(|state| state.input.len())
}

/// The address of the last call's numeric results.
#[unsafe(no_mangle)]
pub extern "C" fn ls_ints() -> *const u32 {
    with_state(|state| state.ints.as_ptr())
}

/// The address of the last call's UTF-8 result.
#[unsafe(no_mangle)]
pub extern "C" fn ls_bytes() -> *const u8 {
    with_state(|state| state.bytes.as_ptr())
}

/// The length of the last call's UTF-8 result.
#[unsafe(no_mangle)]
pub extern "C" fn ls_bytes_len() -> usize {
    with_state(|state| state.bytes.len())
}

/// A finder from the options in the input (`name=value` lines, names and
/// values as [`FinderOptions`] has them: lists comma-separated, `tlds`
/// `iana`, `any` or `list:` and the TLDs); its number, or -1.
#[unsafe(no_mangle)]
pub extern "C" fn ls_finder_new(len: usize) -> i32 {
    with_state(|state| {
        let spec = text_of(&state.input, len).into_owned();
        if let Some(&slot) = state.finder_of.get(&spec)
            && let Some(shared) = state.finders.get(slot)
        {
            shared.users += 1;
            return slot as i32;
        }
        match finder_options(&spec).and_then(|o| o.finder().map_err(|e| e.to_string())) {
            Ok(finder) => {
                let slot = state.finders.add(Shared { finder, spec: spec.clone(), users: 1 });
                state.finder_of.insert(spec, slot as u32);
                slot
            }
            Err(message) => fail(state, &message),
        }
    })
}

/// Frees a host finder: the finder goes when no host finder uses it.
#[unsafe(no_mangle)]
pub extern "C" fn ls_finder_free(finder: u32) {
    with_state(|state| {
        let Some(shared) = state.finders.get(finder) else { return };
        shared.users -= 1;
        if shared.users == 0
            && let Some(shared) = state.finders.remove(finder)
        {
            state.finder_of.remove(&shared.spec);
        }
    });
}

/// The options of a finder as the host writes them: `name=value` lines,
/// read as [`FinderOptions::set`] reads them, but for a list of TLDs,
/// which comes as `tlds=list:…` (a list may hold `iana` or `any`).
fn finder_options(spec: &str) -> Result<FinderOptions, String> {
    let mut options = FinderOptions::new(Dialect::Uts58);
    for line in spec.lines() {
        let (name, value) = line.split_once('=').unwrap_or((line, ""));
        match (name, value.strip_prefix("list:")) {
            ("tlds", Some(tlds)) => options.tlds = Some(TldPolicy::list(tlds.split(','))),
            _ => options.set(name, value).map_err(|e| e.to_string())?,
        }
    }
    Ok(options)
}

/// The kind's number for the host: 0 URL, 1 email, 2 handle; and
/// [`WHOLE_HREF`] when the prefix is the whole target (a handle, a URL
/// wrapped across lines), not put before the link's text.
fn kind_number(kind: LinkKind) -> u32 {
    match kind {
        LinkKind::Email => 1,
        LinkKind::Handle => 2,
        _ => 0,
    }
}

/// The links of the input text: their count, or -1 for a finder freed.
/// Four numbers each in the ints — start, end (UTF-16), kind, length of
/// the href's prefix — and the prefixes one after another in the bytes.
/// The href is the prefix, then the link's text (nothing for a handle).
/// `ascii` (not 0): the host knows the text is ASCII (offsets are byte
/// offsets). Flags are numbers, not `bool`, so no value the host passes is
/// undefined behaviour.
#[unsafe(no_mangle)]
pub extern "C" fn ls_find(finder: u32, len: usize, ascii: u32) -> i32 {
    with_state(|state| {
        let State { input, ints, bytes, finders, .. } = state;
        let Some(Shared { finder, .. }) = finders.get(finder) else { return -1 };
        let text = text_of(input, len);
        let unit = if ascii != 0 { OffsetUnit::Bytes } else { OffsetUnit::Utf16 };
        let mut offsets = OffsetConverter::new(&text, unit);
        let links = finder.links(&text).map(|link| {
            let range = [offsets.convert(link.start()), offsets.convert(link.end())];
            (link, range)
        });
        push_links(ints, bytes, links, false)
    })
}

/// Puts `links` (each with its range for the host) in the ints and bytes
/// in place of the last call's results; their count.
fn push_links<'a>(
    ints: &mut Vec<u32>,
    bytes: &mut Vec<u8>,
    links: impl Iterator<Item = (Link<'a>, [usize; 2])>,
    with_text: bool,
) -> i32 {
    ints.clear();
    bytes.clear();
    let mut count = 0;
    for (link, range) in links {
        push_link(ints, bytes, &link, range, with_text);
        count += 1;
    }
    count
}

/// The flag of a kind's number: the prefix is the whole href.
const WHOLE_HREF: u32 = 4;

/// A link's numbers and strings for the host; `with_text` adds its text's
/// length to the numbers and the text after the prefix.
fn push_link(ints: &mut Vec<u32>, bytes: &mut Vec<u8>, link: &Link<'_>, range: [usize; 2], with_text: bool) {
    let prefix = link.href_prefix();
    let kind = kind_number(link.kind()) | if link.href_rest().is_empty() { WHOLE_HREF } else { 0 };
    ints.extend([range[0] as u32, range[1] as u32, kind, prefix.len() as u32]);
    bytes.extend_from_slice(prefix.as_bytes());
    if with_text {
        ints.push(link.as_str().len() as u32);
        bytes.extend_from_slice(link.as_str().as_bytes());
    }
}

/// What the scan of the input text considered (`LinkFinder::explain`), as
/// a JSON array in the bytes: each candidate `[start, end, kind, href,
/// decisions]` (kind and href null for a candidate refused), each decision
/// `[rule, start, end]`, a rule by its index in [`ls_rules`]' list; offsets
/// as for [`ls_find`]. Its length, or -1 for a finder freed.
#[cfg(feature = "explain")]
#[unsafe(no_mangle)]
pub extern "C" fn ls_explain(finder: u32, len: usize, ascii: u32) -> i32 {
    with_state(|state| {
        let State { input, bytes, finders, .. } = state;
        let Some(Shared { finder, .. }) = finders.get(finder) else { return -1 };
        let text = text_of(input, len);
        let unit = if ascii != 0 { OffsetUnit::Bytes } else { OffsetUnit::Utf16 };
        let mut offsets = OffsetConverter::new(&text, unit);
        let mut json = String::from("[");
        for (i, candidate) in finder.explain(&text).iter().enumerate() {
            let range = candidate.range();
            let (start, end) = (offsets.convert(range.start), offsets.convert(range.end));
            let sep = if i > 0 { "," } else { "" };
            match &candidate.link {
                Some(link) => {
                    let _ = write!(json, "{sep}[{start},{end},{},", kind_number(link.kind()));
                    json_string(&mut json, &link.href());
                    json.push_str(",[");
                }
                None => {
                    let _ = write!(json, "{sep}[{start},{end},null,null,[");
                }
            }
            for (k, decision) in candidate.decisions.iter().enumerate() {
                let rule = Rule::ALL.iter().position(|&r| r == decision.rule).unwrap_or_default();
                let (start, end) =
                    (offsets.convert(decision.range.start), offsets.convert(decision.range.end));
                let _ = write!(json, "{}[{rule},{start},{end}]", if k > 0 { "," } else { "" });
            }
            json.push_str("]]");
        }
        json.push(']');
        *bytes = json.into_bytes();
        bytes.len() as i32
    })
}

/// `s` as a JSON string.
#[cfg(feature = "explain")]
fn json_string(json: &mut String, s: &str) {
    json.push('"');
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                json.push('\\');
                json.push(c);
            }
            c if c < ' ' => {
                let _ = write!(json, "\\u{:04x}", u32::from(c));
            }
            c => json.push(c),
        }
    }
    json.push('"');
}

/// Every rule, as a JSON array in the bytes: `[id, reason, reference,
/// refuses]` each, in [`Rule::ALL`]'s order.
#[cfg(feature = "explain")]
#[unsafe(no_mangle)]
pub extern "C" fn ls_rules() -> i32 {
    with_state(|state| {
        let mut json = String::from("[");
        for (i, rule) in Rule::ALL.iter().enumerate() {
            let about = rule.about();
            json.push_str(if i > 0 { ",[" } else { "[" });
            for text in [about.id, about.reason, about.reference] {
                json_string(&mut json, text);
                json.push(',');
            }
            let _ = write!(json, "{}]", about.refuses);
        }
        json.push(']');
        state.bytes = json.into_bytes();
        state.bytes.len() as i32
    })
}

/// A stream over a copy of a finder: its number, or -1 for a finder freed.
#[unsafe(no_mangle)]
pub extern "C" fn ls_stream_new(finder: u32) -> i32 {
    with_state(|state| match state.finders.get(finder) {
        Some(Shared { finder, .. }) => {
            let stream = LinkStream::new(finder.clone()).offsets(OffsetUnit::Utf16);
            state.streams.add(stream)
        }
        None => -1,
    })
}

/// Frees a stream.
#[unsafe(no_mangle)]
pub extern "C" fn ls_stream_free(stream: u32) {
    with_state(|state| {
        state.streams.remove(stream);
    });
}

/// Adds the input to a stream (`finish`: the text has ended, the input is
/// empty); the links made final, as [`ls_find`] gives them with a fifth
/// number, the text's length, and the text after each prefix. Offsets
/// count from the stream's start.
#[unsafe(no_mangle)]
pub extern "C" fn ls_stream_feed(stream: u32, len: usize, finish: u32) -> i32 {
    with_state(|state| {
        let State { input, ints, bytes, streams, .. } = state;
        let Some(stream) = streams.get(stream) else { return -1 };
        let chunk = text_of(input, len);
        let links = if finish != 0 { stream.finish() } else { stream.feed(&chunk) };
        push_links(ints, bytes, links.map(|found| (found.link, [found.start, found.end])), true)
    })
}

/// The input text as safe HTML with its links (`html::linkify_with`); the
/// input is the text, then `rel`, `target` and `class` (lengths in
/// `attributes`, `u32::MAX` for one not given). The HTML is in the bytes.
#[unsafe(no_mangle)]
pub extern "C" fn ls_linkify_html(finder: u32, len: usize, rel: u32, target: u32, class: u32) -> i32 {
    with_state(|state| {
        let State { input, bytes, finders, .. } = state;
        let Some(Shared { finder, .. }) = finders.get(finder) else { return -1 };
        let text = text_of(input, len);
        let mut rest = &input[len.min(input.len())..];
        let mut attribute = |length: u32| {
            if length == u32::MAX {
                return None;
            }
            let (value, after) = rest.split_at((length as usize).min(rest.len()));
            rest = after;
            Some(String::from_utf8_lossy(value))
        };
        let (rel, target, class) = (attribute(rel), attribute(target), attribute(class));
        let mut options = linkscan::html::HtmlOptions::new();
        options.rel = rel.as_deref();
        options.target = target.as_deref();
        options.class = class.as_deref();
        *bytes = linkscan::html::linkify_with(&text, finder, &options).into_bytes();
        0
    })
}

/// The display form of the URL in the input (`format::display_url`).
#[unsafe(no_mangle)]
pub extern "C" fn ls_display_url(len: usize) -> i32 {
    with_state(|state| {
        state.bytes = linkscan::format::display_url(&text_of(&state.input, len)).into_bytes();
        0
    })
}

/// The email address in the input with its local part quoted where UTS #58
/// §5.3 requires it (`format::display_email`), or -1.
#[unsafe(no_mangle)]
pub extern "C" fn ls_display_email(len: usize) -> i32 {
    with_state(|state| match linkscan::format::display_email(&text_of(&state.input, len)) {
        Ok(shown) => {
            state.bytes = shown.into_bytes();
            0
        }
        Err(e) => fail(state, &e.to_string()),
    })
}

#[cfg(any(feature = "markdown", feature = "comrak"))]
/// The finder of a Markdown `dialect`: 0 GFM, 1 MD4C, 2 UTS #58.
fn markdown_finder(dialect: u32) -> LinkFinder {
    match dialect {
        0 => LinkFinder::gfm(),
        1 => LinkFinder::md4c(),
        _ => LinkFinder::new(),
    }
}

#[cfg(feature = "markdown")]
/// The Markdown in the input as HTML with autolinks: `dialect` 0 GFM (with
/// its extensions), 1 MD4C, 2 UTS #58; safe unless `allow_unsafe`.
#[unsafe(no_mangle)]
pub extern "C" fn ls_markdown(len: usize, dialect: u32, allow_unsafe: u32) -> i32 {
    with_state(|state| {
        let markdown = text_of(&state.input, len);
        let finder = markdown_finder(dialect);
        let options = linkscan::markdown::options_for(&finder);
        let mut html = String::with_capacity(markdown.len() * 3 / 2);
        let events = linkscan::markdown::MarkdownAutolinks::new(&markdown, options, &finder)
            .allow_unsafe(allow_unsafe != 0);
        pulldown_cmark::html::push_html(&mut html, events);
        state.bytes = html.into_bytes();
        0
    })
}

#[cfg(feature = "comrak")]
/// The Markdown in the input as HTML with autolinks, parsed and written
/// by comrak (a port of cmark-gfm: GitHub's blocks and HTML exactly):
/// `dialect` 0 GFM (with its extensions), 1 MD4C, 2 UTS #58; safe unless
/// `allow_unsafe`.
#[unsafe(no_mangle)]
pub extern "C" fn ls_markdown_comrak(len: usize, dialect: u32, allow_unsafe: u32) -> i32 {
    with_state(|state| {
        let markdown = text_of(&state.input, len);
        let finder = markdown_finder(dialect);
        let options = linkscan::comrak::options_for(&finder, allow_unsafe != 0);
        state.bytes = linkscan::comrak::markdown_to_html(&markdown, &options, &finder).into_bytes();
        0
    })
}

/// The Unicode and IANA TLD list versions, as `unicode tld` in the bytes.
#[unsafe(no_mangle)]
pub extern "C" fn ls_versions() -> i32 {
    with_state(|state| {
        let (u, tld) = (linkscan::UNICODE_VERSION, linkscan::TLD_LIST_VERSION);
        state.bytes = format!("{}.{}.{} {tld}", u.0, u.1, u.2).into_bytes();
        0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(input: &str, f: impl FnOnce(usize) -> i32) -> (i32, Vec<u32>, String) {
        let ptr = ls_input(input.len());
        with_state(|s| {
            assert_eq!(ptr, s.input.as_mut_ptr());
            s.input[..input.len()].copy_from_slice(input.as_bytes());
        });
        let result = f(input.len());
        with_state(|s| (result, s.ints.clone(), String::from_utf8(s.bytes.clone()).unwrap()))
    }

    #[test]
    fn finds_links_with_utf16_offsets_and_hrefs() {
        let (finder, ..) = call("", |len| ls_finder_new(len));
        let text = "😀 see example.com and アルベルト@example.com";
        let (count, ints, bytes) = call(text, |len| ls_find(finder as u32, len, 0));
        assert_eq!(count, 2);
        let utf16: Vec<u16> = text.encode_utf16().collect();
        assert_eq!(String::from_utf16(&utf16[ints[0] as usize..ints[1] as usize]).unwrap(), "example.com");
        assert_eq!(ints[2..4], [0, 8]);
        assert_eq!(
            String::from_utf16(&utf16[ints[4] as usize..ints[5] as usize]).unwrap(),
            "アルベルト@example.com"
        );
        assert_eq!(ints[6..8], [1, 7]);
        assert_eq!(bytes, "https://mailto:");
        ls_finder_free(finder as u32);
        assert_eq!(call(text, |len| ls_find(finder as u32, len, 0)).0, -1);
    }

    /// A finder made per request and never freed by the host (the
    /// garbage collector frees it later) costs a lookup, not a search of
    /// every slot: a million hold one finder; freeing each user of it frees
    /// it once, and a freed number is used again at once.
    #[test]
    fn finders_per_request_cost_constant_time_and_memory() {
        let spec = "profile=chat";
        let mut slots = std::collections::BTreeSet::new();
        for _ in 0..1_000_000 {
            slots.insert(call(spec, |len| ls_finder_new(len)).0);
        }
        assert_eq!(slots.len(), 1);
        let finder = *slots.first().unwrap();
        let other = call("profile=strict", |len| ls_finder_new(len)).0;
        assert_ne!(other, finder);
        with_state(|s| assert_eq!((s.finders.values.len(), s.finder_of.len()), (2, 2)));
        for _ in 0..999_999 {
            ls_finder_free(finder as u32);
        }
        assert_eq!(call("x.com", |len| ls_find(finder as u32, len, 1)).0, 1, "one user left");
        ls_finder_free(finder as u32);
        assert_eq!(call("x.com", |len| ls_find(finder as u32, len, 1)).0, -1, "freed");
        ls_finder_free(finder as u32); // twice: nothing else is freed
        assert_eq!(call("x.com", |len| ls_find(other as u32, len, 1)).0, 1);
        // The freed number serves the next finder made.
        assert_eq!(call("profile=docs", |len| ls_finder_new(len)).0, finder);
        with_state(|s| assert_eq!(s.finders.values.len(), 2));
    }

    #[test]
    fn options_are_checked_with_their_names() {
        for (spec, message) in [
            ("dialect=gfm\nip_hosts=true", "ip_hosts: a UTS #58 option; it means nothing in the gfm dialect"),
            ("default_scheme=javascript:", "default_scheme: \"javascript:\" is a script scheme"),
            ("ip_hosts=yes", "ip_hosts: \"yes\" is not true or false"),
            ("colour=red", "options: \"colour\" is not one"),
            ("tlds=list:", "tlds: an empty list"),
        ] {
            let (result, _, error) = call(spec, |len| ls_finder_new(len));
            assert_eq!(result, -1, "{spec}");
            assert!(error.starts_with(message), "{spec}: {error}");
        }
        let (finder, ..) =
            call("profile=chat\nkinds=url,www,email,handle\ntlds=list:com,social", |len| ls_finder_new(len));
        let (count, _, bytes) =
            call("@ann@chaos.social x.org example.com", |len| ls_find(finder as u32, len, 1));
        assert_eq!((count, bytes.as_str()), (2, "https://chaos.social/@annhttps://"));
    }

    #[test]
    fn a_stream_gives_each_link_once_with_offsets_from_its_start() {
        let (finder, ..) = call("", |len| ls_finder_new(len));
        let stream = ls_stream_new(finder as u32) as u32;
        let (n, ..) = call("😀 see https://exa", |len| ls_stream_feed(stream, len, 0));
        assert_eq!(n, 0);
        let (n, ints, bytes) = call("mple.com/a", |len| ls_stream_feed(stream, len, 0));
        assert_eq!(n, 0, "{ints:?} {bytes}");
        let (n, ints, bytes) = call("", |len| ls_stream_feed(stream, len, 1));
        assert_eq!((n, &ints[..], bytes.as_str()), (1, &[7, 28, 0, 0, 21][..], "https://example.com/a"));
        ls_stream_free(stream);
    }
}
