use super::tokenize;
use crate::compile::ast::Constant;
use crate::compile::error::CompileErrorKind;
use crate::compile::token::{Kw, Op, Tok};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// A compact rendering of the token stream: `kind@line:col-end_line:end_col`.
fn toks(src: &str) -> Vec<String> {
    let lexed = tokenize(src);
    assert!(lexed.error.is_none(), "{src:?}: {:?}", lexed.error);
    lexed
        .tokens
        .iter()
        .map(|t| {
            let k = match &t.tok {
                Tok::Name(n) => format!("N({n})"),
                Tok::Number(Constant::Int(v)) => format!("I({v})"),
                Tok::Number(Constant::Float(v)) => format!("F({v})"),
                Tok::Number(c) => format!("{c:?}"),
                Tok::Str(s) => format!("S({})", s.body),
                Tok::Kw(k) => String::from(k.as_str()),
                Tok::Op(o) => String::from(o.as_str()),
                Tok::Newline => String::from("NL"),
                Tok::Indent => String::from("IN"),
                Tok::Dedent => String::from("DE"),
                Tok::EndMarker => String::from("END"),
                Tok::Error => String::from("ERR"),
                Tok::Unknown(c) => format!("?{c}"),
            };
            format!(
                "{k}\u{b7}{}:{}-{}:{}",
                t.loc.line, t.loc.col, t.loc.end_line, t.loc.end_col
            )
        })
        .collect()
}

fn kinds(src: &str) -> String {
    toks(src)
        .iter()
        .map(|t| t.split('\u{b7}').next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join(" ")
}

fn lex_err(src: &str) -> (CompileErrorKind, String, u32, u32, u32, u32) {
    let e = tokenize(src)
        .error
        .unwrap_or_else(|| panic!("{src:?} should fail"));
    (e.kind, e.msg, e.line, e.col, e.end_line, e.end_col)
}

#[test]
fn positions_and_layout_tokens() {
    assert_eq!(
        toks("if x:\n    y = 1\n"),
        [
            "if\u{b7}1:0-1:2",
            "N(x)\u{b7}1:3-1:4",
            ":\u{b7}1:4-1:5",
            "NL\u{b7}1:5-1:5",
            "IN\u{b7}2:0-2:4",
            "N(y)\u{b7}2:4-2:5",
            "=\u{b7}2:6-2:7",
            "I(1)\u{b7}2:8-2:9",
            "NL\u{b7}2:9-2:9",
            "DE\u{b7}3:0-3:0",
            "END\u{b7}2:9-2:9"
        ]
    );
    assert_eq!(
        kinds("a\n  b\n    c\nd\n"),
        "N(a) NL IN N(b) NL IN N(c) NL DE DE N(d) NL END"
    );
    assert_eq!(kinds("x"), "N(x) NL END");
    assert_eq!(kinds(""), "END");
    assert_eq!(kinds("\n\n  # only a comment\n\n"), "END");
    assert_eq!(
        kinds("x = (1,\n  2)  # c\ny\n"),
        "N(x) = ( I(1) , I(2) ) NL N(y) NL END"
    );
    assert_eq!(kinds("x = 1 + \\\n  2\n"), "N(x) = I(1) + I(2) NL END");
    assert_eq!(kinds("a\r\nb\rc\n"), "N(a) NL N(b) NL N(c) NL END");
    assert_eq!(kinds("\u{feff}x\n"), "N(x) NL END");
}

#[test]
fn tabs_follow_cpython() {
    // A tab moves to the next multiple of 8; consistent use is fine.
    assert_eq!(
        kinds("if x:\n\ty\n\tz\n"),
        "if N(x) : NL IN N(y) NL N(z) NL DE END"
    );
    // Same column, different tab/space mix: CPython's TabError.
    assert_eq!(lex_err("if x:\n  \ty\n\tz\n").0, CompileErrorKind::Tab);
    let e = lex_err("if x:\n\tpass\n        pass\n");
    assert_eq!(
        e,
        (
            CompileErrorKind::Tab,
            "inconsistent use of tabs and spaces in indentation".into(),
            3,
            1,
            3,
            0
        )
    );
    // A form feed resets the column.
    assert_eq!(
        kinds("if x:\n  \x0c  y\n"),
        "if N(x) : NL IN N(y) NL DE END"
    );
}

#[test]
fn operators_longest_match() {
    assert_eq!(
        kinds("a **= b //= c >>= d <<= e ... f -> g := h != i == j <= k >= l @= m ** n // o"),
        "N(a) **= N(b) //= N(c) >>= N(d) <<= N(e) ... N(f) -> N(g) := N(h) != N(i) == N(j) <= N(k) >= N(l) @= N(m) ** N(n) // N(o) NL END"
    );
    assert_eq!(kinds("a.b..c"), "N(a) . N(b) . . N(c) NL END");
    assert_eq!(kinds("x $ y"), "N(x) ?$ N(y) NL END");
    let ops = "+ - * / % @ | & ^ ~ < > ( ) [ ] { } , : ; . = += -= *= /= %= &= |= ^=";
    let lexed = kinds(ops);
    assert_eq!(lexed.split(' ').count(), ops.split(' ').count() + 2);
    let _ = Op::At;
}

#[test]
fn names_keywords_and_strings() {
    assert_eq!(
        kinds("def match case _ None"),
        "def N(match) N(case) N(_) None NL END"
    );
    assert_eq!(
        kinds("rb'x' Br\"y\" f'{z}' U'u' bR'''w'''"),
        "S(x) S(y) S({z}) S(u) S(w) NL END"
    );
    assert_eq!(kinds("ub'x'"), "N(ub) S(x) NL END");
    assert_eq!(kinds("été ñ"), "N(été) N(ñ) NL END");
    assert_eq!(
        toks("'a\\\nb' c"),
        [
            "S(a\\\nb)\u{b7}1:0-2:2",
            "N(c)\u{b7}2:3-2:4",
            "NL\u{b7}2:4-2:4",
            "END\u{b7}2:4-2:4"
        ]
    );
    assert_eq!(toks("x = '''a\nbc'''\n")[2], "S(a\nbc)\u{b7}1:4-2:5");
    let lexed = tokenize("f'a{b}'");
    let Tok::Str(s) = &lexed.tokens[0].tok else {
        panic!()
    };
    assert!(s.fmt && !s.bytes && !s.raw && !s.triple);
    assert_eq!((s.body_line, s.body_col), (1, 2));
    let _ = Kw::Def;
}

#[test]
fn numbers() {
    assert_eq!(
        kinds("0 00 0_0 1_000 0x_Ff 0O17 0b1_0"),
        "I(0) I(0) I(0) I(1000) I(255) I(15) I(2) NL END"
    );
    assert_eq!(
        kinds("1. .5 1e3 1E+3 1.5e-3 0e0 00.5 1_0.0_1"),
        "F(1) F(0.5) F(1000) F(1000) F(0.0015) F(0) F(0.5) F(10.01) NL END"
    );
    assert_eq!(kinds("1if x else 2"), "I(1) if N(x) else I(2) NL END");
    assert_eq!(kinds("1or 2"), "I(1) or I(2) NL END");
    assert_eq!(kinds("x[1:]"), "N(x) [ I(1) : ] NL END");
    assert_eq!(kinds("1 .real"), "I(1) . N(real) NL END");
    assert_eq!(
        kinds("9223372036854775808"),
        "BigInt { digits: \"9223372036854775808\", radix: 10 } NL END"
    );
}

#[test]
fn errors() {
    use CompileErrorKind::*;
    let s = |m: &str| String::from(m);
    assert_eq!(
        lex_err("1abc"),
        (Syntax, s("invalid decimal literal"), 1, 1, 1, 1)
    );
    assert_eq!(
        lex_err("0x1g"),
        (Syntax, s("invalid hexadecimal literal"), 1, 3, 1, 3)
    );
    assert_eq!(
        lex_err("0b12"),
        (Syntax, s("invalid digit '2' in binary literal"), 1, 4, 1, 4)
    );
    assert_eq!(
        lex_err("0o8"),
        (Syntax, s("invalid digit '8' in octal literal"), 1, 3, 1, 3)
    );
    assert_eq!(lex_err("0777"), (Syntax, s("leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"), 1, 1, 1, 2));
    assert_eq!(
        lex_err("x = 'ab"),
        (
            Syntax,
            s("unterminated string literal (detected at line 1)"),
            1,
            5,
            1,
            5
        )
    );
    assert_eq!(
        lex_err("x = '''ab\n\n"),
        (
            Syntax,
            s("unterminated triple-quoted string literal (detected at line 2)"),
            1,
            5,
            1,
            5
        )
    );
    assert_eq!(
        lex_err("if x:\n  a\n b\n"),
        (
            Indentation,
            s("unindent does not match any outer indentation level"),
            3,
            3,
            3,
            0
        )
    );
    assert_eq!(
        lex_err("x = (1,\n"),
        (Syntax, s("'(' was never closed"), 1, 5, 1, 0)
    );
    assert_eq!(lex_err("x = )"), (Syntax, s("unmatched ')'"), 1, 5, 1, 5));
    assert_eq!(
        lex_err("x = (]"),
        (
            Syntax,
            s("closing parenthesis ']' does not match opening parenthesis '('"),
            1,
            6,
            1,
            6
        )
    );
    assert_eq!(
        lex_err("x = (\n]"),
        (
            Syntax,
            s("closing parenthesis ']' does not match opening parenthesis '(' on line 1"),
            2,
            1,
            2,
            1
        )
    );
    assert_eq!(
        lex_err("a € b"),
        (Syntax, s("invalid character '€' (U+20AC)"), 1, 3, 1, 3)
    );
    assert_eq!(
        lex_err("a\u{a0}b"),
        (
            Syntax,
            s("invalid non-printable character U+00A0"),
            1,
            2,
            1,
            2
        )
    );
    assert_eq!(
        lex_err("x = 1 \\ 2"),
        (
            Syntax,
            s("unexpected character after line continuation character"),
            1,
            8,
            1,
            0
        )
    );
    assert_eq!(
        lex_err("x = \\"),
        (Syntax, s("unexpected EOF while parsing"), 1, 6, 1, 0)
    );
    assert_eq!(
        toks("x = 1j + 2.5E1J"),
        [
            "N(x)·1:0-1:1",
            "=·1:2-1:3",
            "Imaginary(1.0)·1:4-1:6",
            "+·1:7-1:8",
            "Imaginary(25.0)·1:9-1:15",
            "NL·1:15-1:15",
            "END·1:15-1:15"
        ]
    );
    assert_eq!(lex_err("x = 0x1j").1, "invalid hexadecimal literal");
    assert_eq!(lex_err("a\0b").1, "source code cannot contain null bytes");
    // After an error the token list ends with an error token.
    let lexed = tokenize("x = 1\ny = 'z\n");
    assert!(matches!(
        lexed.tokens.last().map(|t| &t.tok),
        Some(Tok::Error)
    ));
}

#[test]
fn bracket_nesting_limit() {
    let ok = format!("{}{}", "(".repeat(200), ")".repeat(200));
    assert!(tokenize(&ok).error.is_none());
    let bad = format!("{}{}", "(".repeat(201), ")".repeat(201));
    assert_eq!(
        tokenize(&bad).error.map(|e| e.msg),
        Some(String::from("too many nested parentheses"))
    );
}

#[test]
fn long_input_is_linear() {
    // 200k lines must lex quickly (guards against quadratic behaviour).
    let src = "x = [1, 2, 'three', f'{four}']  # comment\n".repeat(200_000);
    let lexed = tokenize(&src);
    assert!(lexed.error.is_none());
    assert!(lexed.tokens.len() > 2_000_000);
}
