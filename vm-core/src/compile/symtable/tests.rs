use super::cases::SYMTABLE_CASES;
use super::*;
use crate::compile::parser::parse_module;
use alloc::string::ToString;

extern crate std;
use std::println;

fn dump(t: &SymbolTable) -> String {
    let mut lines = Vec::new();
    dump_scope(t, t.module_scope(), &mut lines);
    lines.join("\n")
}

fn quoted(v: &[Name]) -> String {
    let parts: Vec<String> = v.iter().map(|n| format!("'{n}'")).collect();
    format!("[{}]", parts.join(", "))
}

fn dump_scope(t: &SymbolTable, id: ScopeId, lines: &mut Vec<String>) {
    let s = t.scope(id);
    let syms: Vec<String> = s
        .symbols
        .iter()
        .map(|(n, sym)| format!("{n}={:?}", sym.scope))
        .collect();
    let name = s.name.to_string();
    let mut line = format!("{:?} {name}: {}", s.kind, syms.join(", "));
    match s.kind {
        ScopeKind::Module => {}
        ScopeKind::Class => line.push_str(&format!(" | cells={}", quoted(&s.cellvars))),
        _ => {
            let mut fl = Vec::new();
            if s.is_generator {
                fl.push("'gen'");
            }
            if s.has_varargs {
                fl.push("'varargs'");
            }
            if s.has_varkw {
                fl.push("'varkw'");
            }
            line.push_str(&format!(
                " | varnames={} cells={} frees={} argc={} posonly={} kwonly={} flags=[{}]",
                quoted(&s.varnames),
                quoted(&s.cellvars),
                quoted(&s.freevars),
                s.argcount,
                s.posonlyargcount,
                s.kwonlyargcount,
                fl.join(", ")
            ));
        }
    }
    lines.push(line);
    for &c in &s.children {
        dump_scope(t, c, lines);
    }
}

#[test]
fn symtables_match_cpython() {
    let mut failures = Vec::new();
    for (src, expected) in SYMTABLE_CASES {
        let m = parse_module(src).expect("parses");
        match build(&m) {
            Ok(t) => {
                let got = dump(&t);
                if got != *expected {
                    failures.push(format!(
                        "source {src:?}\nexpected:\n{expected}\ngot:\n{got}\n"
                    ));
                }
            }
            Err(e) => failures.push(format!("source {src:?}: error {e:?}")),
        }
    }
    for f in &failures {
        println!("{f}");
    }
    assert!(
        failures.is_empty(),
        "{} of {} symtable cases differ",
        failures.len(),
        SYMTABLE_CASES.len()
    );
}
