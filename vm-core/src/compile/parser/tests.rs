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
