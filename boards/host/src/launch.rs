//! What a command line runs: the source, its file name in tracebacks and `sys.argv[0]`.

use std::path::{Path, PathBuf};

use crate::cli::Program;
use crate::stdio::Console;

/// A program ready to run.
#[derive(Debug)]
pub struct Source {
    /// Its text.
    pub text: String,
    /// Its name in tracebacks (`<string>`, `<stdin>` or the path).
    pub filename: String,
    /// `sys.argv[0]`.
    pub argv0: String,
}

/// Why a program could not be loaded: the message (on stderr) and the exit status.
#[derive(Debug)]
pub struct LoadError {
    /// The message, with its newline.
    pub message: String,
    /// The exit status (2 for a missing file, 1 for a missing module, as `python3`).
    pub status: u8,
}

/// Loads `program`; `Ok(None)` for the REPL (standard input from a terminal, or `-i`).
pub fn load(
    program: &Program,
    prog: &str,
    console: &mut Console,
    interactive: bool,
) -> Result<Option<Source>, LoadError> {
    match program {
        Program::Code(code) => Ok(Some(Source {
            text: code.clone(),
            filename: "<string>".into(),
            argv0: "-c".into(),
        })),
        Program::File(path) => read_script(prog, path, path).map(Some),
        Program::Module(name) => {
            let path = find_module(prog, name)?;
            let full = path.display().to_string();
            read_script(prog, &full, &full).map(Some)
        }
        Program::Stdin { dash } => {
            if interactive {
                return Ok(None);
            }
            let bytes = console.read_script().map_err(|e| LoadError {
                message: format!("{prog}: cannot read standard input: {}\n", e.message),
                status: 1,
            })?;
            let text = decode(bytes, "<stdin>")?;
            Ok(Some(Source {
                text,
                filename: "<stdin>".into(),
                argv0: if *dash { "-".into() } else { String::new() },
            }))
        }
    }
}

fn read_script(prog: &str, path: &str, argv0: &str) -> Result<Source, LoadError> {
    match std::fs::read(path) {
        Ok(bytes) => Ok(Source {
            text: decode(bytes, path)?,
            filename: path.into(),
            argv0: argv0.into(),
        }),
        Err(e) => {
            let full = std::path::absolute(path).unwrap_or_else(|_| PathBuf::from(path));
            Err(LoadError {
                message: format!(
                    "{prog}: can't open file '{}': [Errno {}] {}\n",
                    full.display(),
                    e.raw_os_error().unwrap_or(0),
                    crate::stdio::io_error(&e).message
                ),
                status: 2,
            })
        }
    }
}

fn decode(bytes: Vec<u8>, name: &str) -> Result<String, LoadError> {
    String::from_utf8(bytes).map_err(|_| LoadError {
        message: format!(
            "SyntaxError: (unicode error) 'utf-8' codec can't decode the file {name}\n"
        ),
        status: 1,
    })
}

/// `-m NAME`, until the import system lands: `NAME.py` or the package `NAME/` (run as its
/// `__main__.py`) in the current directory, dots separating directories. A regular package
/// (with `__init__.py`) comes before a module of the same name, as in CPython's finder.
pub fn find_module(prog: &str, name: &str) -> Result<PathBuf, LoadError> {
    let missing = |what: String| LoadError {
        message: format!("{prog}: {what}\n"),
        status: 1,
    };
    let valid = !name.is_empty()
        && name.split('.').all(|p| {
            !p.is_empty()
                && !p.starts_with(|c: char| c.is_ascii_digit())
                && p.chars().all(|c| c == '_' || c.is_alphanumeric())
        });
    if !valid {
        return Err(missing(format!("No module named {name}")));
    }
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let base: PathBuf = name.split('.').fold(cwd, |p, part| p.join(part));
    let package = |dir: &Path| {
        let main = dir.join("__main__.py");
        if main.is_file() {
            Ok(main)
        } else {
            Err(missing(format!(
                "No module named {name}.__main__; '{name}' is a package and cannot be directly executed"
            )))
        }
    };
    if base.join("__init__.py").is_file() {
        return package(&base);
    }
    let file = base.with_extension("py");
    if file.is_file() {
        return Ok(file);
    }
    if base.is_dir() {
        return package(&base);
    }
    Err(missing(format!("No module named {name}")))
}
