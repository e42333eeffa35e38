//! Which inputs a command reads: standard input, named files, and the files
//! of named directories, walked the way ripgrep walks them (the `ignore`
//! crate: `.gitignore`, `.ignore` and hidden files skipped unless asked,
//! globs and file types), in a stable order, lazily: the first file is
//! searched while the walk goes on.

use crate::input::Input;
use clap::Args;
use ignore::WalkBuilder;
use ignore::overrides::OverrideBuilder;
use ignore::types::TypesBuilder;
use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::PathBuf;

/// How directories are walked.
#[derive(Args, Debug, Clone, Default)]
pub struct WalkOptions {
    /// Search hidden files and directories too.
    #[arg(long)]
    pub hidden: bool,
    /// Do not honour .gitignore, .ignore and .git/info/exclude files.
    #[arg(long)]
    pub no_ignore: bool,
    /// Include (or, with a leading `!`, exclude) files whose path matches
    /// this glob; may be repeated.
    #[arg(short = 'g', long = "glob", value_name = "GLOB")]
    pub globs: Vec<String>,
    /// Search only files of this type (ripgrep's names: md, txt, rust, py,
    /// html, …); may be repeated.
    #[arg(short = 't', long = "type", value_name = "TYPE")]
    pub types: Vec<String>,
    /// Print the file types -t knows, with their globs, and exit.
    #[arg(long)]
    pub type_list: bool,
}

/// `--type-list`: each type `-t` knows and its globs, a line each, as
/// ripgrep prints them.
pub fn print_type_list(out: &mut impl std::io::Write) -> std::io::Result<()> {
    let mut types = TypesBuilder::new();
    types.add_defaults();
    for definition in types.definitions() {
        writeln!(out, "{}: {}", definition.name(), definition.globs().join(", "))?;
    }
    out.flush()
}

/// The inputs of a command, found as they are read: named files and
/// standard input in order, each directory walked lazily (its entries in
/// sorted order, a directory's before the next name's), so the first file
/// is searched while the walk goes on.
pub struct Inputs {
    /// Whether output names the file of each result: more than one path,
    /// or a directory (as ripgrep decides, before walking).
    pub several: bool,
    /// The total size of the named files (not of walked ones: a walk is
    /// not sized before it is searched), for the progress bar.
    pub named_size: u64,
    paths: std::vec::IntoIter<Path>,
    walking: Option<(PathBuf, Box<ignore::Walk>)>,
    /// The current directory is walked because no path was given: its
    /// files are named without `./`, as ripgrep names them.
    implicit: bool,
}

/// One path of the command line, as it is to be read.
enum Path {
    Stdin,
    File(PathBuf),
    Directory(PathBuf, Box<ignore::Walk>),
}

impl Iterator for Inputs {
    type Item = Input;

    fn next(&mut self) -> Option<Input> {
        loop {
            if let Some((root, walk)) = &mut self.walking {
                match walk.next() {
                    Some(Ok(entry)) if entry.file_type().is_some_and(|t| t.is_file()) => {
                        return Some(Input::walked(self.shown(entry.into_path())));
                    }
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => {
                        let (path, message) = walk_error(root, &e);
                        return Some(Input::failed(self.shown(path), message));
                    }
                    None => self.walking = None,
                }
            }
            match self.paths.next()? {
                Path::Stdin => return Some(Input::stdin()),
                // A path that cannot be walked becomes an input whose
                // opening fails, so it is reported in order with the others.
                Path::File(path) => return Some(Input::file(path)),
                Path::Directory(root, walk) => self.walking = Some((root, walk)),
            }
        }
    }
}

impl Inputs {
    /// A walked path as it is shown: without `./` when the current
    /// directory is walked because no path was given, as ripgrep shows it.
    fn shown(&self, path: PathBuf) -> PathBuf {
        match path.strip_prefix(".") {
            Ok(relative) if self.implicit => relative.to_path_buf(),
            _ => path,
        }
    }
}

/// A walk's error as ripgrep words it, each part once: the path it is
/// about (else the walk's `root`), and what went wrong there
/// (`./sub: Permission denied (os error 13)`, not the path again inside
/// the message, twice).
fn walk_error(root: &std::path::Path, mut error: &ignore::Error) -> (PathBuf, String) {
    let mut path = root.to_path_buf();
    loop {
        match error {
            ignore::Error::WithPath { path: at, err } => (path, error) = (at.clone(), err),
            ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => error = err,
            // (The walk's I/O errors wrap the system's in one that names the
            // path: the system's is the message.)
            ignore::Error::Io(io) => {
                let system = io.get_ref().and_then(std::error::Error::source);
                return (path, system.map_or_else(|| io.to_string(), ToString::to_string));
            }
            other => return (path, other.to_string()),
        }
    }
}

/// The inputs for `paths`: standard input for `-`, or for no path when
/// standard input is not a terminal; else the current directory, walked.
/// Globs and types are checked here, before anything is read.
pub fn inputs(mut paths: Vec<OsString>, options: &WalkOptions) -> Result<Inputs, String> {
    let implicit = paths.is_empty() && std::io::stdin().is_terminal();
    if paths.is_empty() {
        paths.push(if implicit { ".".into() } else { "-".into() });
    }
    let mut several = paths.len() > 1;
    let mut named_size = 0;
    let mut planned = Vec::with_capacity(paths.len());
    for path in paths {
        if path == "-" {
            planned.push(Path::Stdin);
            continue;
        }
        let path = PathBuf::from(path);
        if !path.is_dir() {
            named_size += std::fs::metadata(&path).map_or(0, |m| m.len());
            planned.push(Path::File(path));
            continue;
        }
        several = true;
        let walk = walker(&path, options)?;
        planned.push(Path::Directory(path, Box::new(walk)));
    }
    Ok(Inputs { several, named_size, paths: planned.into_iter(), walking: None, implicit })
}

/// The walk of directory `path`, not yet begun.
fn walker(path: &std::path::Path, options: &WalkOptions) -> Result<ignore::Walk, String> {
    let mut builder = WalkBuilder::new(path);
    builder
        .hidden(!options.hidden)
        .ignore(!options.no_ignore)
        .git_ignore(!options.no_ignore)
        .git_global(!options.no_ignore)
        .git_exclude(!options.no_ignore)
        .parents(!options.no_ignore)
        // Each directory's entries sorted as they are read: the walk is
        // still lazy, and the output the same from run to run. (By name,
        // compared as the paths' bytes: in one directory every path is the
        // same prefix and a name, so the order is the names'. Comparing
        // `file_name()`s parses each path's components from its end for
        // every comparison: 7% of a walk's instructions.)
        .sort_by_file_path(|a, b| a.as_os_str().cmp(b.as_os_str()));
    if !options.globs.is_empty() {
        let mut overrides = OverrideBuilder::new(path);
        for glob in &options.globs {
            overrides.add(glob).map_err(|e| format!("--glob {glob}: {e}"))?;
        }
        builder.overrides(overrides.build().map_err(|e| format!("--glob: {e}"))?);
    }
    if !options.types.is_empty() {
        let mut types = TypesBuilder::new();
        types.add_defaults();
        for name in &options.types {
            types.select(name);
        }
        builder.types(types.build().map_err(|e| format!("--type: {e}"))?);
    }
    Ok(builder.build())
}

#[cfg(test)]
mod tests {
    use super::walk_error;
    use std::io;
    use std::path::{Path, PathBuf};

    /// An error that names its path and wraps the system's, as the walk's do.
    #[derive(Debug)]
    struct Named(io::Error);

    impl std::fmt::Display for Named {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "IO error for operation on ./sub: {}", self.0)
        }
    }

    impl std::error::Error for Named {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }

    #[test]
    fn a_walk_error_names_its_path_once() {
        let system = io::Error::from_raw_os_error(13);
        let wrapped = io::Error::new(system.kind(), Named(io::Error::from_raw_os_error(13)));
        let error = ignore::Error::WithDepth {
            depth: 1,
            err: Box::new(ignore::Error::WithPath {
                path: PathBuf::from("./sub"),
                err: Box::new(ignore::Error::Io(wrapped)),
            }),
        };
        assert_eq!(walk_error(Path::new("."), &error), (PathBuf::from("./sub"), system.to_string()));
        // An error without a path of its own is about the root.
        let plain = ignore::Error::Io(io::Error::from_raw_os_error(13));
        assert_eq!(walk_error(Path::new("docs"), &plain), (PathBuf::from("docs"), system.to_string()));
    }
}
