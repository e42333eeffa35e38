//! Which inputs a command reads: standard input, named files, and the files
//! of named directories, walked the way ripgrep walks them (the `ignore`
//! crate: `.gitignore`, `.ignore` and hidden files skipped unless asked,
//! globs and file types), in a stable order.

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

/// The inputs for `paths`: standard input for `-`, or for no path when
/// standard input is not a terminal; else the current directory, walked.
/// A path that cannot be walked becomes an input whose opening fails, so
/// it is reported in order with the others.
pub fn inputs(mut paths: Vec<OsString>, options: &WalkOptions) -> Result<Vec<Input>, String> {
    if paths.is_empty() {
        paths.push(if std::io::stdin().is_terminal() { ".".into() } else { "-".into() });
    }
    let mut inputs = Vec::new();
    for path in paths {
        if path == "-" {
            inputs.push(Input::stdin());
            continue;
        }
        let path = PathBuf::from(path);
        if !path.is_dir() {
            inputs.push(Input::file(path));
            continue;
        }
        let mut builder = WalkBuilder::new(&path);
        builder
            .hidden(!options.hidden)
            .ignore(!options.no_ignore)
            .git_ignore(!options.no_ignore)
            .git_global(!options.no_ignore)
            .git_exclude(!options.no_ignore)
            .parents(!options.no_ignore)
            .sort_by_file_path(|a, b| a.cmp(b));
        if !options.globs.is_empty() {
            let mut overrides = OverrideBuilder::new(&path);
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
        for entry in builder.build() {
            match entry {
                Ok(entry) if entry.file_type().is_some_and(|t| t.is_file()) => {
                    inputs.push(Input::walked(entry.into_path()));
                }
                Ok(_) => {}
                Err(e) => inputs.push(Input::failed(path.clone(), e.to_string())),
            }
        }
    }
    Ok(inputs)
}
