//! `linkscan find`: the links in text files.

use crate::options::FinderOptions;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

/// Reads a file, or standard input for `-`.
pub fn read_input(name: &str) -> io::Result<String> {
    let bytes = if name == "-" {
        let mut buf = Vec::new();
        io::Read::read_to_end(&mut io::stdin().lock(), &mut buf)?;
        buf
    } else {
        std::fs::read(name)?
    };
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("invalid UTF-8 at byte {}", e.utf8_error().valid_up_to()),
        )
    })
}

/// Output formats of `find`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One JSON object per link.
    Jsonl,
    /// The input with ⸠ and ⸡ around each link.
    Marked,
}

/// `linkscan find`.
pub fn run(mut files: Vec<String>, format: Format, options: &FinderOptions) -> io::Result<ExitCode> {
    if files.is_empty() {
        files.push("-".into());
    }
    let finder = options.finder()?;
    let mut out = BufWriter::new(io::stdout().lock());
    let (mut found, mut failed) = (0usize, false);
    for name in &files {
        let text = match read_input(name) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("linkscan: {name}: {e}");
                failed = true;
                continue;
            }
        };
        let display = if name == "-" { "<stdin>" } else { name.as_str() };
        let mut pos = 0;
        let mut line = 1;
        for link in finder.links(&text) {
            found += 1;
            match format {
                Format::Marked => {
                    out.write_all(&text.as_bytes()[pos..link.start()])?;
                    write!(out, "⸠{}⸡", link.as_str())?;
                }
                Format::Jsonl => {
                    line += text.as_bytes()[pos..link.start()].iter().filter(|&&b| b == b'\n').count();
                    out.write_all(b"{\"file\":")?;
                    json_string(&mut out, display)?;
                    write!(
                        out,
                        ",\"line\":{line},\"start\":{},\"end\":{},\"kind\":\"{}\",\"text\":",
                        link.start(),
                        link.end(),
                        link.kind().as_str()
                    )?;
                    json_string(&mut out, link.as_str())?;
                    out.write_all(b",\"href\":")?;
                    json_string(&mut out, &link.href())?;
                    out.write_all(b"}\n")?;
                }
            }
            pos = link.start();
            if format == Format::Marked {
                pos = link.end();
            }
        }
        if format == Format::Marked {
            out.write_all(&text.as_bytes()[pos..])?;
        }
    }
    out.flush()?;
    Ok(ExitCode::from(if failed {
        2
    } else if found == 0 {
        1
    } else {
        0
    }))
}

/// Writes `s` as a JSON string.
fn json_string(out: &mut impl Write, s: &str) -> io::Result<()> {
    out.write_all(b"\"")?;
    let mut last = 0;
    for (i, b) in s.bytes().enumerate() {
        let escape: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0..=0x1F => b"",
            _ => continue,
        };
        out.write_all(&s.as_bytes()[last..i])?;
        if escape.is_empty() {
            write!(out, "\\u{b:04x}")?;
        } else {
            out.write_all(escape)?;
        }
        last = i + 1;
    }
    out.write_all(&s.as_bytes()[last..])?;
    out.write_all(b"\"")
}
