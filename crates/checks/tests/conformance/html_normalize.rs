//! The HTML normalisation of the CommonMark test runners (cmark's and
//! md4c's `normalize.py`), reimplemented: attributes sorted, `href`/`src`
//! percent-escaped alike, white space collapsed and trimmed around block
//! tags, entities for `< > & "` only, void tags without `/`.
//!
//! Also the coarser view used for renderer-only differences: the links
//! (href, text) in order and the plain text.

const BLOCK_TAGS: &[&str] = &[
    "article",
    "header",
    "aside",
    "hgroup",
    "blockquote",
    "hr",
    "iframe",
    "body",
    "li",
    "map",
    "button",
    "object",
    "canvas",
    "ol",
    "caption",
    "output",
    "col",
    "p",
    "colgroup",
    "pre",
    "dd",
    "progress",
    "div",
    "section",
    "dl",
    "table",
    "td",
    "dt",
    "tbody",
    "embed",
    "textarea",
    "fieldset",
    "tfoot",
    "figcaption",
    "th",
    "figure",
    "thead",
    "footer",
    "tr",
    "form",
    "ul",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "video",
    "script",
    "style",
];

#[derive(Debug, PartialEq)]
enum Token {
    Start(String, Vec<(String, Option<String>)>),
    End(String),
    /// Text, and whether it came from an entity or character reference.
    Data(String, bool),
    Comment(String),
}

fn entity(name: &str) -> Option<char> {
    if let Some(num) = name.strip_prefix('#') {
        let value = match num.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => num.parse().ok()?,
        };
        return char::from_u32(value);
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{A0}',
        "copy" => '©',
        _ => return None,
    })
}

/// Text with its references decoded, as (text, from a reference) pieces.
fn decode(text: &str, out: &mut Vec<Token>) {
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        let (before, after) = rest.split_at(amp);
        if !before.is_empty() {
            out.push(Token::Data(before.to_string(), false));
        }
        let reference =
            after[1..].find(';').filter(|&n| n <= 32).and_then(|n| Some((entity(&after[1..1 + n])?, n)));
        match reference {
            Some((c, n)) => {
                out.push(Token::Data(c.to_string(), true));
                rest = &after[n + 2..];
            }
            None => {
                out.push(Token::Data("&".into(), false));
                rest = &after[1..];
            }
        }
    }
    if !rest.is_empty() {
        out.push(Token::Data(rest.to_string(), false));
    }
}

fn unescape_attr(value: &str) -> String {
    let mut tokens = Vec::new();
    decode(value, &mut tokens);
    tokens.into_iter().map(|t| if let Token::Data(s, _) = t { s } else { String::new() }).collect()
}

fn tokenize(html: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut rest = html;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            decode(rest, &mut tokens);
            break;
        };
        decode(&rest[..lt], &mut tokens);
        rest = &rest[lt..];
        if let Some(body) = rest.strip_prefix("<!--") {
            let end = body.find("-->").unwrap_or(body.len());
            tokens.push(Token::Comment(body[..end].to_string()));
            rest = body.get(end + 3..).unwrap_or("");
            continue;
        }
        let is_tag = rest[1..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '/');
        let Some(gt) = rest.find('>').filter(|_| is_tag) else {
            decode("<", &mut tokens);
            rest = &rest[1..];
            continue;
        };
        let inner = &rest[1..gt];
        rest = &rest[gt + 1..];
        if let Some(name) = inner.strip_prefix('/') {
            tokens.push(Token::End(name.trim().to_ascii_lowercase()));
            continue;
        }
        let inner = inner.trim_end_matches('/');
        let name_end = inner.find(|c: char| c.is_whitespace()).unwrap_or(inner.len());
        let name = inner[..name_end].to_ascii_lowercase();
        let mut attrs = Vec::new();
        let mut a = inner[name_end..].trim_start();
        while !a.is_empty() {
            let key_end = a.find(|c: char| c.is_whitespace() || c == '=').unwrap_or(a.len());
            let key = a[..key_end].to_ascii_lowercase();
            a = a[key_end..].trim_start();
            let value = if let Some(v) = a.strip_prefix('=') {
                let v = v.trim_start();
                let (value, after) = match v.chars().next() {
                    Some(q @ ('"' | '\'')) => {
                        let close = v[1..].find(q).map_or(v.len(), |i| i + 1);
                        (&v[1..close], v.get(close + 1..).unwrap_or(""))
                    }
                    _ => {
                        let end = v.find(char::is_whitespace).unwrap_or(v.len());
                        (&v[..end], &v[end..])
                    }
                };
                a = after.trim_start();
                Some(unescape_attr(value))
            } else {
                None
            };
            attrs.push((key, value));
        }
        tokens.push(Token::Start(name, attrs));
    }
    tokens
}

/// `quote(unquote(v), safe='/')`.
fn normalize_url(v: &str) -> String {
    crate::percent::decode_all(v)
        .iter()
        .map(|&b| {
            if b.is_ascii_alphanumeric() || b"_.-~/".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#x27;")
}

/// The normalised form of `html`.
pub fn normalize(html: &str) -> String {
    let mut out = String::new();
    let (mut last, mut last_tag, mut in_pre) = ("", String::new(), false);
    for token in tokenize(html) {
        match token {
            Token::Start(tag, mut attrs) => {
                if tag == "pre" {
                    in_pre = true;
                }
                if BLOCK_TAGS.contains(&tag.as_str()) {
                    out.truncate(out.trim_end().len());
                }
                out.push('<');
                out.push_str(&tag);
                attrs.sort();
                for (k, v) in attrs {
                    out.push(' ');
                    out.push_str(&k);
                    match v {
                        Some(v) if k == "href" || k == "src" => {
                            out.push_str(&format!("=\"{}\"", normalize_url(&v)))
                        }
                        Some(v) => out.push_str(&format!("=\"{}\"", escape(&v))),
                        None => {}
                    }
                }
                out.push('>');
                (last, last_tag) = ("starttag", tag);
            }
            Token::End(tag) => {
                if tag == "pre" {
                    in_pre = false;
                } else if BLOCK_TAGS.contains(&tag.as_str()) {
                    out.truncate(out.trim_end().len());
                }
                out.push_str(&format!("</{tag}>"));
                (last, last_tag) = ("endtag", tag);
            }
            Token::Data(text, true) => {
                out.push_str(match text.as_str() {
                    "<" => "&lt;",
                    ">" => "&gt;",
                    "&" => "&amp;",
                    "\"" => "&quot;",
                    other => other,
                });
                last = "ref";
            }
            Token::Data(mut data, false) => {
                let after_tag = last == "starttag" || last == "endtag";
                let after_block = after_tag && BLOCK_TAGS.contains(&last_tag.as_str());
                if after_tag && last_tag == "br" {
                    data = data.trim_start_matches('\n').to_string();
                }
                if !in_pre {
                    data = collapse(&data);
                    if after_block && last == "starttag" {
                        data = data.trim_start().to_string();
                    } else if after_block && last == "endtag" {
                        data = data.trim().to_string();
                    }
                }
                out.push_str(&data);
                last = "data";
            }
            Token::Comment(c) => {
                out.push_str(&format!("<!--{c}-->"));
                last = "comment";
            }
        }
    }
    out.trim().to_string()
}

fn collapse(s: &str) -> String {
    let mut out = String::new();
    let mut space = false;
    for c in s.chars() {
        if c.is_whitespace() {
            if !space {
                out.push(' ');
            }
            space = true;
        } else {
            out.push(c);
            space = false;
        }
    }
    out
}

/// The links (normalised href, text) in order, and the plain text with
/// white space collapsed.
pub fn links_and_text(html: &str) -> (Vec<(String, String)>, String) {
    let mut links = Vec::new();
    let mut text = String::new();
    let mut current: Option<(String, String)> = None;
    for token in tokenize(html) {
        match token {
            Token::Start(tag, attrs) if tag == "a" => {
                let href =
                    attrs.into_iter().find(|(k, _)| k == "href").and_then(|(_, v)| v).unwrap_or_default();
                current = Some((normalize_url(&href), String::new()));
            }
            Token::End(tag) if tag == "a" => links.extend(current.take()),
            Token::Data(data, _) => {
                text.push_str(&data);
                if let Some((_, t)) = &mut current {
                    t.push_str(&data);
                }
            }
            Token::Start(..) | Token::End(_) => text.push(' '),
            Token::Comment(_) => {}
        }
    }
    (links, collapse(&text).trim().to_string())
}
