//! Whole programs against CPython 3.11's verdict: the parser, the symbol table and the
//! code generator together accept what CPython compiles and reject the rest with its
//! exception class, message and position (`testgen/syntax.py` made the table).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::super::{compile_source, Mode};
use super::{check_all, MockPool};

extern crate std;

#[path = "syntax_cases.rs"]
mod syntax_cases;

#[test]
fn programs_compile_or_fail_as_cpython() {
    let mut failures: Vec<String> = Vec::new();
    for (src, expected) in syntax_cases::SYNTAX_CASES {
        let mut pool = MockPool::default();
        let got = compile_source(src, "<test>", Mode::Exec, &mut pool);
        match (expected, got) {
            (None, Ok(code)) => check_all(&code, &pool),
            (None, Err(e)) => failures.push(format!("{src:?}: expected success, got {e:?}")),
            (Some(x), Ok(_)) => failures.push(format!("{src:?}: expected {x:?}, compiled")),
            (Some((class, msg, line, col, end_line, end_col)), Err(e)) => {
                let got = (
                    e.kind.class_name(),
                    e.msg.as_str(),
                    e.line,
                    e.col,
                    e.end_line,
                    e.end_col,
                );
                if got != (*class, *msg, *line, *col, *end_line, *end_col) {
                    failures.push(format!(
                        "{src:?}:\n  expected {:?}\n  got      {got:?}",
                        (class, msg, line, col, end_line, end_col)
                    ));
                }
            }
        }
    }
    for f in &failures {
        std::println!("{f}");
    }
    assert!(
        failures.is_empty(),
        "{} of {} programs differ",
        failures.len(),
        syntax_cases::SYNTAX_CASES.len()
    );
}
