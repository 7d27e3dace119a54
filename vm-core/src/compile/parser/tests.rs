use super::ast_cases::AST_CASES;
use super::dump;
use super::{parse_interactive, parse_module};
use crate::compile::error::{CompileError, CompileErrorKind};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

extern crate std;
use std::println;

#[test]
fn ast_matches_cpython() {
    let mut failures = Vec::new();
    for (src, expected) in AST_CASES {
        match parse_module(src) {
            Ok(m) => {
                let got = dump::module(&m);
                if got != *expected {
                    failures.push(format!("source {src:?}\n  expected {expected}\n  got      {got}"));
                }
            }
            Err(e) => failures.push(format!("source {src:?}: unexpected error {e:?}")),
        }
    }
    for f in &failures {
        println!("{f}\n");
    }
    assert!(failures.is_empty(), "{} of {} AST cases differ", failures.len(), AST_CASES.len());
}

/// Parse and build the symbol table (CPython reports both kinds of errors from `compile`).
pub(crate) fn check(src: &str) -> Result<(), CompileError> {
    let m = parse_module(src)?;
    crate::compile::symtable::build(&m).map(|_| ())
}

#[test]
fn errors_match_cpython() {
    let mut failures = Vec::new();
    for (src, expected) in super::error_cases::ERROR_CASES {
        let got = check(src);
        match (expected, got) {
            (None, Ok(())) => {}
            (None, Err(e)) if e.msg.contains("not supported by Tiercel") => {}
            (None, Err(e)) => failures.push(format!("{src:?}: expected success, got {e:?}")),
            (Some(x), Ok(())) => failures.push(format!("{src:?}: expected {x:?}, parsed fine")),
            // Unsupported features are reported before CPython's own checks.
            (Some(_), Err(e)) if e.msg.contains("not supported by Tiercel") && src.contains("await") => {}
            (Some((class, msg, line, col, end_line, end_col)), Err(e)) => {
                let got = (e.kind.class_name(), e.msg.as_str(), e.line, e.col, e.end_line, e.end_col);
                if got != (*class, *msg, *line, *col, *end_line, *end_col) {
                    failures.push(format!("{src:?}:\n  expected {:?}\n  got      {got:?}", (class, msg, line, col, end_line, end_col)));
                }
            }
        }
    }
    for f in &failures {
        println!("{f}");
    }
    assert!(failures.is_empty(), "{} of {} error cases differ", failures.len(), super::error_cases::ERROR_CASES.len());
}
