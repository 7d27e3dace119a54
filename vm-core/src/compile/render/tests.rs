use super::cases::RENDER_CASES;
use crate::compile::error::{CompileError, CompileErrorKind};
use crate::compile::parser::parse_module;
use crate::compile::symtable;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

extern crate std;
use std::println;

fn compile_error(src: &str) -> Option<CompileError> {
    match parse_module(src) {
        Err(e) => Some(e),
        Ok(m) => symtable::build(&m).err(),
    }
}

#[test]
fn render_matches_python_stderr() {
    let mut failures: Vec<String> = Vec::new();
    for (src, expected) in RENDER_CASES {
        if src.contains("f'{") {
            // Known difference: CPython 3.11 shows the text "(a b)" it parsed for an f-string
            // replacement field; Tiercel shows the source line.
            continue;
        }
        let Some(e) = compile_error(src) else {
            failures.push(format!("{src:?}: no error"));
            continue;
        };
        let got = e.render("f.py", src);
        if got != *expected {
            failures.push(format!(
                "{src:?} ({e:?})\n--- expected\n{expected}--- got\n{got}"
            ));
        }
    }
    for f in &failures {
        println!("{f}");
    }
    assert!(
        failures.is_empty(),
        "{} of {} renderings differ",
        failures.len(),
        RENDER_CASES.len()
    );
}

fn err(line: u32, col: u32, end_line: u32, end_col: u32) -> CompileError {
    CompileError {
        kind: CompileErrorKind::Syntax,
        msg: "m".into(),
        line,
        col,
        end_line,
        end_col,
        incomplete_input: false,
    }
}

#[test]
fn render_edge_cases() {
    // No line: only the exception line.
    assert_eq!(err(0, 0, 0, 0).render("f.py", "x"), "SyntaxError: m\n");
    // A line past the end of the source: no source text.
    assert_eq!(
        err(5, 1, 5, 2).render("f.py", "x\n"),
        "  File \"f.py\", line 5\nSyntaxError: m\n"
    );
    // Leading whitespace is stripped and the carets move with it.
    assert_eq!(
        err(1, 7, 1, 9).render("f.py", "    ab cd\n"),
        "  File \"f.py\", line 1\n    ab cd\n      ^^\nSyntaxError: m\n"
    );
    // A caret pointing into the stripped indentation is not shown.
    assert_eq!(
        err(1, 1, 1, 2).render("f.py", "    ab\n"),
        "  File \"f.py\", line 1\n    ab\nSyntaxError: m\n"
    );
    // A range running onto later lines highlights to the end of the first line.
    assert_eq!(
        err(1, 5, 2, 3).render("f.py", "x = (a,\n b)\n"),
        "  File \"f.py\", line 1\n    x = (a,\n        ^^^\nSyntaxError: m\n"
    );
    // CRLF line endings.
    assert_eq!(
        err(2, 1, 2, 2).render("f.py", "a\r\nb c\r\n"),
        "  File \"f.py\", line 2\n    b c\n    ^\nSyntaxError: m\n"
    );
    // The last line without a newline.
    assert_eq!(
        err(1, 3, 1, 4).render("f.py", "a b"),
        "  File \"f.py\", line 1\n    a b\n      ^\nSyntaxError: m\n"
    );
    let mut e = err(1, 1, 1, 2);
    e.kind = CompileErrorKind::Tab;
    assert!(e.render("f.py", "x\n").ends_with("TabError: m\n"));
}

/// CPython shows a file's line as it reads it back, in 999-byte pieces, keeping the last
/// (a line from a string is shown whole).
#[test]
fn long_lines_of_files_show_their_last_piece() {
    let src = format!("x = 1\ny = {}\n", "1".repeat(5000));
    let e = compile_error(&src).unwrap();
    let msg = "Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge integer literals to avoid decimal conversion limits.";
    assert_eq!(
        e.render("f.py", &src),
        format!("  File \"f.py\", line 2\n    111111111\nSyntaxError: {msg}\n")
    );
    assert_eq!(
        e.render("<string>", &src),
        format!(
            "  File \"<string>\", line 2\n    y = {}\nSyntaxError: {msg}\n",
            "1".repeat(5000)
        )
    );
    // The caret's column is clipped to the piece (CPython 3.11, `python3 f.py`).
    let src = format!("x = 1\ny = [{}2 3]\n", "1, ".repeat(600));
    let e = compile_error(&src).unwrap();
    let piece = format!("{}, 2 3]", ", 1".repeat(268));
    let expected = format!(
        "  File \"f.py\", line 2\n    {piece}\n    {}^\nSyntaxError: invalid syntax. Perhaps you forgot a comma?\n",
        " ".repeat(piece.len())
    );
    assert_eq!(e.render("f.py", &src), expected);
    // A piece of only blanks: nothing left but the caret.
    let src = format!("y = [{}2 3]{}\n", "1, ".repeat(200), " ".repeat(1500));
    let e = compile_error(&src).unwrap();
    assert_eq!(
        e.render("f.py", &src),
        "  File \"f.py\", line 1\n    \n    ^\nSyntaxError: invalid syntax. Perhaps you forgot a comma?\n"
    );
}
