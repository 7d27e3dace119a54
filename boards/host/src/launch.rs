//! What a command line runs: the source, its file name in tracebacks and `sys.argv[0]`.

use std::path::PathBuf;

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
    /// `sys.path[0]`: the script's directory, else the current directory.
    pub path0: String,
    /// The script is a file (its path is `__main__.__file__`).
    pub file: bool,
    /// `-m NAME`: the module the import system finds once the VM exists (the text, file
    /// name and `sys.argv[0]` are set then).
    pub module: Option<String>,
}

impl Source {
    /// A program that is not a file (`-c`, standard input).
    fn text(text: String, filename: &str, argv0: &str) -> Source {
        Source {
            text,
            filename: filename.into(),
            argv0: argv0.into(),
            path0: current_dir(),
            file: false,
            module: None,
        }
    }
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
        Program::Code(code) => Ok(Some(Source::text(code.clone(), "<string>", "-c"))),
        Program::File(path) => read_script(prog, path).map(Some),
        Program::Module(name) => Ok(Some(Source {
            module: Some(name.clone()),
            ..Source::text(String::new(), "", "-m")
        })),
        Program::Stdin { dash } => {
            if interactive {
                return Ok(None);
            }
            let bytes = console.read_script().map_err(|e| LoadError {
                message: format!("{prog}: cannot read standard input: {}\n", e.message),
                status: 1,
            })?;
            let text = decode(bytes, "<stdin>")?;
            let argv0 = if *dash { "-" } else { "" };
            Ok(Some(Source::text(text, "<stdin>", argv0)))
        }
    }
}

fn read_script(prog: &str, path: &str) -> Result<Source, LoadError> {
    match std::fs::read(path) {
        Ok(bytes) => Ok(Source {
            // A bytecode image (`tiercel compile`) is read again and run by the caller.
            text: if path.ends_with(".tbc") {
                String::new()
            } else {
                decode(bytes, path)?
            },
            filename: path.into(),
            argv0: path.into(),
            path0: crate::modules::script_dir(path),
            file: true,
            module: None,
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

/// The current directory as a `sys.path` entry (absolute, so modules imported from it have
/// absolute `__file__`s, as CPython's).
pub fn current_dir() -> String {
    std::env::current_dir().map_or_else(|_| String::new(), |d| d.display().to_string())
}
