//! `tiercel compile FILE.py [-o FILE.tbc]`: compiles a program to a bytecode image (see
//! `docs/IMAGES.md`), and what `tiercel FILE.tbc` needs to run one: the image's bytes and
//! the source beside it, when there is one, for the lines tracebacks show.

use std::process::ExitCode;

const USAGE: &str = "usage: tiercel compile FILE.py [-o FILE.tbc]";

/// Runs the `compile` subcommand with its arguments (those after `compile`). Without `-o`
/// the image goes beside the source, its `.py` suffix replaced by `.tbc`.
pub fn main(args: &[String]) -> ExitCode {
    let (mut input, mut output) = (None, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-o" => match it.next() {
                Some(o) => output = Some(o.clone()),
                None => return usage(),
            },
            "-h" | "--help" => return usage(),
            file if input.is_none() && !file.starts_with('-') => input = Some(file.to_owned()),
            _ => return usage(),
        }
    }
    let Some(input) = input else { return usage() };
    let output = output.unwrap_or_else(|| image_path_for(&input));
    let source = match std::fs::read(&input) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(_) => {
                eprintln!(
                    "SyntaxError: (unicode error) 'utf-8' codec can't decode the file {input}"
                );
                return ExitCode::from(1);
            }
        },
        Err(e) => {
            eprintln!("tiercel compile: can't open file '{input}': {e}");
            return ExitCode::from(2);
        }
    };
    let image = match vm_core::image::compile_to_image(&source, &input) {
        Ok(bytes) => bytes,
        Err(e) => {
            // A compile error is reported as running the source would report it.
            eprint!("{e}");
            return ExitCode::from(1);
        }
    };
    if let Err(e) = std::fs::write(&output, image) {
        eprintln!("tiercel compile: can't write '{output}': {e}");
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("{USAGE}");
    ExitCode::from(2)
}

/// `prog.py` → `prog.tbc`; any other name gets `.tbc` appended.
fn image_path_for(source: &str) -> String {
    match source.strip_suffix(".py") {
        Some(stem) => format!("{stem}.tbc"),
        None => format!("{source}.tbc"),
    }
}

/// Whether the command line names an image to run (a `.tbc` file).
pub fn is_image_path(file: &str) -> bool {
    file.ends_with(".tbc")
}

/// Runs the image at `path` as `__main__` (`tiercel FILE.tbc`). An unreadable file is
/// reported as for a script, with exit status 2; a refused image as a compile error.
pub fn run_image_file(vm: &mut vm_core::Vm, path: &str) -> Result<(), vm_core::RunError> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!(
                "tiercel: can't open file '{path}': [Errno {}] {e}",
                e.raw_os_error().unwrap_or(0)
            );
            return Err(vm_core::RunError::Exit(2));
        }
    };
    // With the source beside it, tracebacks name and quote the source file.
    match source_beside(path) {
        Some(src) => {
            let py = format!("{}.py", path.strip_suffix(".tbc").unwrap_or(path));
            vm.run_image(&bytes, &py, Some(&src))
        }
        None => vm.run_image(&bytes, path, None),
    }
}

/// The source an image at `image_path` was compiled from, when it is beside it (`.py` for
/// `.tbc`) and is UTF-8: tracebacks show its lines, as CPython's do for a `.pyc` whose
/// source is present.
pub fn source_beside(image_path: &str) -> Option<String> {
    let stem = image_path.strip_suffix(".tbc")?;
    let bytes = std::fs::read(format!("{stem}.py")).ok()?;
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_names() {
        assert_eq!(image_path_for("a/prog.py"), "a/prog.tbc");
        assert_eq!(image_path_for("prog"), "prog.tbc");
        assert!(is_image_path("x.tbc"));
        assert!(!is_image_path("x.py"));
    }
}
