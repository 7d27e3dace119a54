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
            match (s.is_generator, s.is_coroutine) {
                (true, false) => fl.push("'gen'"),
                (false, true) => fl.push("'coro'"),
                (true, true) => fl.push("'agen'"),
                (false, false) => {}
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

#[test]
fn mangling() {
    assert_eq!(&*mangle(Some("A"), "__x"), "_A__x");
    assert_eq!(&*mangle(Some("_A"), "__x"), "_A__x");
    assert_eq!(&*mangle(Some("__"), "__x"), "__x");
    assert_eq!(&*mangle(Some("A"), "__x__"), "__x__");
    assert_eq!(&*mangle(Some("A"), "_x"), "_x");
    assert_eq!(&*mangle(Some("A"), "__a.b"), "__a.b");
    assert_eq!(&*mangle(None, "__x"), "__x");
    let m =
        parse_module("class A:\n    def f(self):\n        __y = 1\n        return __y\n").unwrap();
    let t = build(&m).unwrap();
    let method = t.scope(t.scope(t.scope(0).children[0]).children[0]);
    assert_eq!(method.lookup("__y"), SymScope::Local);
    assert_eq!(method.lookup("_A__y"), SymScope::Local);
    assert_eq!(method.varnames.last().map(|n| &**n), Some("_A__y"));
}

#[test]
fn node_lookup() {
    use crate::compile::ast::StmtKind;
    let m =
        parse_module("def f():\n    return lambda: [x for x in y]\nclass C:\n    pass\n").unwrap();
    let t = build(&m).unwrap();
    let StmtKind::FunctionDef(f) = &m.body[0].kind else {
        panic!()
    };
    let fs = t.function_scope(f);
    assert_eq!(t.scope(fs).kind, ScopeKind::Function);
    let StmtKind::Return(Some(lam)) = &f.body[0].kind else {
        panic!()
    };
    let ls = t.expr_scope(lam);
    assert_eq!(t.scope(ls).kind, ScopeKind::Lambda);
    assert_eq!(t.scope(ls).parent, Some(fs));
    let ExprKind::Lambda { body, .. } = &lam.kind else {
        panic!()
    };
    let cs = t.expr_scope(body);
    assert_eq!(&*t.scope(cs).name, "<listcomp>");
    let StmtKind::ClassDef(c) = &m.body[1].kind else {
        panic!()
    };
    assert_eq!(t.scope(t.class_scope(c)).kind, ScopeKind::Class);
    assert_eq!(
        t.scope(t.module_scope()).children,
        alloc::vec![fs, t.class_scope(c)]
    );
}
