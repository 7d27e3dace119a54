use super::ast_cases::AST_CASES;
use super::dump;
use super::{entry_needs_more, parse_interactive, parse_module};
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
                    failures.push(format!(
                        "source {src:?}\n  expected {expected}\n  got      {got}"
                    ));
                }
            }
            Err(e) => failures.push(format!("source {src:?}: unexpected error {e:?}")),
        }
    }
    for f in &failures {
        println!("{f}\n");
    }
    assert!(
        failures.is_empty(),
        "{} of {} AST cases differ",
        failures.len(),
        AST_CASES.len()
    );
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
        println!("{f}");
    }
    assert!(
        failures.is_empty(),
        "{} of {} error cases differ",
        failures.len(),
        super::error_cases::ERROR_CASES.len()
    );
}

fn err(src: &str) -> CompileError {
    match check(src) {
        Err(e) => e,
        Ok(()) => panic!("{src:?} should fail"),
    }
}

/// (line, col, end_line, end_col) of an error.
type Span = (u32, u32, u32, u32);

#[test]
fn unsupported_features_name_themselves() {
    let cases: &[(&str, &str, Span)] = &[(
        "try:\n    pass\nexcept* E:\n    pass\n",
        "'except*' is not supported by Tiercel",
        (3, 7, 3, 8),
    )];
    for (src, msg, (line, col, end_line, end_col)) in cases {
        let e = err(src);
        assert_eq!(
            (e.msg.as_str(), e.line, e.col, e.end_line, e.end_col),
            (*msg, *line, *col, *end_line, *end_col),
            "{src:?}"
        );
        assert_eq!(e.kind, CompileErrorKind::Syntax);
    }
}

#[test]
fn match_is_a_soft_keyword() {
    for src in [
        "match = 3\n",
        "match(x)\n",
        "match.x = 1\n",
        "match[1] = 2\n",
        "match: int = 3\n",
        "match, case = 1, 2\n",
        "print(match)\n",
        "def match(match): return match\n",
        "match(x).y\n",
        "x = match if case else _\n",
        "match += 1\n",
        "match (x)\n",
    ] {
        assert!(check(src).is_ok(), "{src:?}: {:?}", check(src));
    }
}

#[test]
fn interactive_incomplete_input() {
    let incomplete = [
        "x = (1,\n",
        "x = [\n",
        "s = '''abc\n",
        "if x:\n",
        "if x:\n    y = 1\n",
        "for i in y:\n    if i:\n        pass\n",
        "def f():\n",
        "class C:\n    def f(self):\n",
        "try:\n    pass\n",
        "x = 1 + \\\n",
        "@dec\n",
        "while x:\n    pass\nelse:\n",
        "match x:\n",
        "match x:\n    case 1:\n",
        "match x:\n    case [a, *b] if a:\n        pass\n",
    ];
    for src in incomplete {
        let e = parse_interactive(src).err();
        assert!(
            e.as_ref().is_some_and(|e| e.incomplete_input),
            "{src:?}: {e:?}"
        );
        // A file gives an ordinary error (or parses) instead.
        if let Err(e) = parse_module(src) {
            assert!(!e.incomplete_input);
        }
    }
    let complete = [
        "x = 1\n",
        "if x:\n    y = 1\n\n",
        "def f():\n    return 1\n\n",
        "",
        "\n",
        "# comment\n",
        "x = (1,\n 2)\n",
    ];
    for src in complete {
        assert!(
            parse_interactive(src).is_ok(),
            "{src:?}: {:?}",
            parse_interactive(src)
        );
    }
    // A compound statement on one line is complete to `compile(..., 'single')`, while a
    // REPL waits for the empty line that ends it.
    for src in [
        "while True: n += 1\n",
        "if x: pass\n",
        "@dec\ndef f(): pass\n",
        "class C: pass\n",
    ] {
        assert!(parse_interactive(src).is_ok(), "{src:?}");
        assert!(entry_needs_more(src), "{src:?}");
    }
    for src in [
        "while x: f()\n\n",
        "x = 1; y = 2\n",
        "x = )\n",
        "x = (1,\n 2)\n",
    ] {
        assert!(!entry_needs_more(src), "{src:?}");
    }
    assert!(entry_needs_more("x = [\n"));
    let errors = [
        "x = )\n",
        "x = 1 2\n",
        "if x:\npass\n",
        "x = 'abc\n",
        "x =\n",
    ];
    for src in errors {
        let e = parse_interactive(src).unwrap_err();
        assert!(!e.incomplete_input, "{src:?}: {e:?}");
    }
}

#[test]
fn string_literals_decode() {
    use crate::compile::ast::{Constant, ExprKind, StmtKind};
    let value = |src: &str| -> Constant {
        let m = parse_module(src).unwrap();
        match &m.body[0].kind {
            StmtKind::Expr(e) => match &e.kind {
                ExprKind::Constant(c) => c.clone(),
                other => panic!("{other:?}"),
            },
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(
        value(r"'\N{EM DASH}\N{bullet}'"),
        Constant::Str("\u{2014}\u{2022}".into())
    );
    assert_eq!(
        value(r"'\777\18\q'"),
        Constant::Str("\u{1ff}\u{1}8\\q".into())
    );
    assert_eq!(value("'a\\\nb'"), Constant::Str("ab".into()));
    assert_eq!(
        value(r"b'\777\x41\n\q'"),
        Constant::Bytes(alloc::vec![0xff, 0x41, b'\n', b'\\', b'q'])
    );
    assert_eq!(
        value(r"rb'\x41' Br'\n'"),
        Constant::Bytes(b"\\x41\\n".to_vec())
    );
    assert_eq!(
        value("'''a\nb''' \"c\" 'd'"),
        Constant::Str("a\nbcd".into())
    );
    assert_eq!(value("u'x'"), Constant::Str("x".into()));
    assert_eq!(
        value("0xFFFF_FFFF_FFFF_FFFF_F"),
        Constant::BigInt {
            digits: "FFFFFFFFFFFFFFFFF".into(),
            radix: 16
        }
    );
    assert_eq!(value("0o777"), Constant::Int(0o777));
    assert_eq!(value("0b1010"), Constant::Int(10));
    assert_eq!(value("1e400"), Constant::Float(f64::INFINITY));
    assert_eq!(value("1.5J"), Constant::Imaginary(1.5));
    assert_eq!(value("0j"), Constant::Imaginary(0.0));
    assert_eq!(value("1_0.2_5e1_0"), Constant::Float(10.25e10));
    assert_eq!(value("000"), Constant::Int(0));
    let e = err(r"'\N{NOT A REAL NAME}'");
    assert_eq!(e.msg, "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-18: unknown Unicode character name");
    // Non-ASCII characters count as CPython's 10-byte `\UXXXXXXXX` copies.
    let e = err("'\u{e9}\\x4'");
    assert_eq!(e.msg, "(unicode error) 'unicodeescape' codec can't decode bytes in position 10-12: truncated \\xXX escape");
    assert_eq!(
        value(
            r"'\N{greek small letter alpha}\N{LF}\N{CJK UNIFIED IDEOGRAPH-4E00}\N{HANGUL SYLLABLE GAG}'"
        ),
        Constant::Str("\u{3b1}\n\u{4e00}\u{ac01}".into())
    );
    // Bytes must be ASCII (positions in characters).
    let e = err("x = b'é'\n");
    assert_eq!(
        (e.msg.as_str(), e.line, e.col, e.end_line, e.end_col),
        (
            "bytes can only contain ASCII literal characters",
            1,
            5,
            1,
            9
        )
    );
}

#[test]
fn fstring_parts() {
    use crate::compile::ast::{ExprKind, StmtKind};
    let m = parse_module("f'{x!r:>{w}} {y=}' f'{{{z}}}'\n").unwrap();
    let StmtKind::Expr(e) = &m.body[0].kind else {
        panic!()
    };
    let ExprKind::JoinedStr(parts) = &e.kind else {
        panic!()
    };
    let kinds: Vec<String> = parts.iter().map(dump::expr).collect();
    assert_eq!(parts.len(), 6, "{kinds:?}");
    let ExprKind::FormattedValue {
        conversion,
        format_spec,
        ..
    } = &parts[0].kind
    else {
        panic!()
    };
    assert_eq!(*conversion, Some('r'));
    assert!(format_spec.is_some());
    // `{y=}` adds the literal " y=" and converts with repr by default.
    assert!(kinds[1].contains("' y='"), "{kinds:?}");
    let ExprKind::FormattedValue { conversion, .. } = &parts[2].kind else {
        panic!()
    };
    assert_eq!(*conversion, Some('r'));
    assert!(kinds[3].contains("'{'"), "{kinds:?}");
    assert!(kinds[5].contains("'}'"), "{kinds:?}");
    // Nested f-strings with different quotes.
    assert!(check("f'{f\"{x}\"}'\n").is_ok());
    assert!(check("f'''{f\"{f'{x}'}\"}'''\n").is_ok());
    // Expressions spanning lines inside a triple-quoted f-string get their real positions.
    let m = parse_module("x = f'''\n{\n  a +\n  b}'''\n").unwrap();
    let d = dump::module(&m);
    assert!(d.contains("Name(id='a')@3:2-3:3"), "{d}");
    assert!(d.contains("Name(id='b')@4:2-4:3"), "{d}");
}

#[test]
fn locations_use_characters() {
    let m = parse_module("é = 'ü' + ñ\n").unwrap();
    let d = dump::module(&m);
    assert!(d.contains("Name(id=ue9)@1:0-1:1"), "{d}");
    assert!(d.contains("Constant(ufc)@1:4-1:7"), "{d}");
    assert!(d.contains("Name(id=uf1)@1:10-1:11"), "{d}");
}

#[test]
fn tokenizer_error_wins_over_earlier_parse_error() {
    // As in CPython, a tokenizer error anywhere in the file is reported instead.
    let e = err("x = 1 2\ny = 'abc\n");
    assert_eq!(e.msg, "unterminated string literal (detected at line 2)");
    // But an unclosed bracket only wins for errors after its line.
    let e = err("x = 1 2\ny = (\n");
    assert_eq!(e.msg, "invalid syntax");
    let e = err("y = (\nx = 1 2\n");
    assert_eq!(e.msg, "'(' was never closed");
}

#[test]
fn walrus_positions_and_scope_errors() {
    assert!(check("if (n := 10) > 5: pass\n").is_ok());
    assert!(check("f(x := 1)\n").is_ok());
    assert!(check("a[x := 1]\n").is_ok());
    assert!(check("[y := 1, 2]\n").is_ok());
    assert!(check("def f():\n    return [(y := x) for x in z], y\n").is_ok());
    assert_eq!(err("x := 1\n").msg, "invalid syntax");
}

#[test]
fn compile_time_checks() {
    for (src, msg) in [
        (
            "for x in y:\n    pass\nelse:\n    break\n",
            "'break' outside loop",
        ),
        (
            "while x:\n    def f():\n        break\n",
            "'break' outside loop",
        ),
        ("class C:\n    return\n", "'return' outside function"),
        (
            "try:\n    pass\nexcept:\n    pass\nexcept E:\n    pass\n",
            "default 'except:' must be last",
        ),
        ("print(*a for a in b)\n", "invalid syntax"),
        ("x = *a, *b\n", ""),
        ("del *a, b\n", "cannot delete starred"),
    ] {
        match check(src) {
            Ok(()) => assert!(msg.is_empty(), "{src:?} should fail with {msg}"),
            Err(e) => assert_eq!(e.msg, msg, "{src:?}"),
        }
    }
    assert!(check("for x in y:\n    try:\n        pass\n    finally:\n        continue\n").is_ok());
    assert!(check("while 1:\n    for x in y:\n        pass\n    else:\n        break\n").is_ok());
}

#[test]
fn mutated_programs_match_cpython() {
    let mut failures = Vec::new();
    for (src, (class, msg, line, col, end_line, end_col)) in super::mutation_cases::MUTATION_CASES {
        let expected = (*class, *msg, *line, *col, *end_line, *end_col);
        match check(src) {
            Ok(()) => failures.push(format!("{src:?}: expected {expected:?}, parsed fine")),
            Err(e) => {
                let got = (
                    e.kind.class_name(),
                    e.msg.as_str(),
                    e.line,
                    e.col,
                    e.end_line,
                    e.end_col,
                );
                if got != expected {
                    failures.push(format!(
                        "{src:?}:\n  expected {expected:?}\n  got      {got:?}"
                    ));
                }
            }
        }
    }
    for f in &failures {
        println!("{f}");
    }
    assert!(
        failures.is_empty(),
        "{} of {} mutation cases differ",
        failures.len(),
        super::mutation_cases::MUTATION_CASES.len()
    );
}

/// CPython refuses decimal literals of more than 4300 digits (underscores aside) when it
/// parses them, with no column; other radixes and all-zero literals are not limited.
#[test]
fn huge_decimal_literals_are_refused() {
    let msg = |n: usize| {
        format!("Exceeds the limit (4300 digits) for integer string conversion: value has {n} digits; use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge integer literals to avoid decimal conversion limits.")
    };
    let digits = |n: usize| "7".repeat(n);
    let e = err(&format!("x = 1\ny = {}\n", digits(4301)));
    assert_eq!(
        (e.msg.as_str(), e.line, e.col, e.end_line, e.end_col),
        (msg(4301).as_str(), 2, 0, 2, 0)
    );
    let e = err(&format!("y = -{}\n", "1_2".repeat(2200)));
    assert_eq!(e.msg, msg(4400));
    let e = err(&format!("x = f'{{{}}}'\n", digits(5000)));
    assert_eq!(e.msg, format!("f-string: {}", msg(5000)));
    for ok in [
        digits(4300),
        "0".repeat(5000),
        format!("0x{}", "f".repeat(20_000)),
        format!("0o{}", "7".repeat(20_000)),
        format!("0b{}", "1".repeat(20_000)),
        format!("{}.5", digits(5000)),
        format!("{}e3", digits(5000)),
    ] {
        assert!(check(&format!("y = {ok}\n")).is_ok(), "{}", &ok[..10]);
    }
    // Parse order: an earlier syntax error wins, a later tokenizer error replaces it.
    let e = err(&format!("x = 1 = 2\ny = {}\n", digits(4301)));
    assert_eq!(e.msg, "cannot assign to literal");
    let e = err(&format!("y = {}\nx = 'abc\n", digits(4301)));
    assert_eq!(e.msg, "unterminated string literal (detected at line 2)");
    let e = err(&format!("y = {}\nx = 1 2\n", digits(4301)));
    assert_eq!(e.msg, msg(4301));
}
