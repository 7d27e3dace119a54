//! Deterministic fuzzing: mutated real programs must never panic, hang or overflow.

use super::{parse_interactive, parse_module};
use crate::compile::lexer::tokenize;
use crate::compile::symtable;
use alloc::string::String;
use alloc::vec::Vec;

const SAMPLES: &[&str] = &[
    r#"
import os.path as p, sys
from . import x
from ..m import (a, b as c,)

@decorator(1, k=2)
class Point(Base, metaclass=Meta):
    """A point."""
    count: int = 0

    def __init__(self, x=0, /, y=0, *args, z, w=1, **kw) -> None:
        super().__init__()
        self.x, self.y = x, y
        nonlocal_ = [i ** 2 for i in range(10) if i % 2 if i > 3]

    def __repr__(self):
        return f"Point({self.x!r}, {self.y:>{width}.{prec}f}) {x=}"

def gen(n):
    total = 0
    while n > 0:
        n -= 1
        x = yield n
        if x is not None and x not in (1, 2):
            continue
        elif not x:
            break
    else:
        total += 1
    yield from range(3)
    return total

try:
    with open(f) as fh, lock as (a, b):
        data = fh.read()[1:-1, ::2]
except (ValueError, TypeError) as e:
    raise RuntimeError("bad") from e
except:
    pass
else:
    del data, a[0], b.c
finally:
    print(*args, sep='', **kw)
"#,
    r#"
def outer():
    x = 1
    def inner():
        nonlocal x
        global y
        x += 1
        return lambda a, *b, c=3, **d: (a, b, c, d, x)
    return inner

if (n := len(data)) > 10: print(n)
s = {**a, 'k': 1}
t = [*a, *b]
u = {1, 2, *c}
v = a if b else c if d else e
w = -2 ** -3 ** 4 // 5 @ m | 6 ^ 7 & 8 << 9 >> 10
z = x < y <= z != w is not v not in u in t
q = b"bytes\x00" rb'\d' 'a' "b" '''c''' """d
e"""
r = 0x_FF + 0o17 + 0b1 + 1_000.5e-3 + .5 + 1. + 99999999999999999999999
assert isinstance(q, bytes), "msg"
for i, (j, *k) in enumerate(items):
    pass
"#,
];

const INSERTS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ":",
    ",",
    "\n",
    "    ",
    "\t",
    "\\",
    "\\\n",
    "'",
    "\"",
    "'''",
    "\"\"\"",
    "f'{",
    "}",
    "{{",
    "=",
    ":=",
    "lambda",
    "yield",
    "*",
    "**",
    "not",
    "in",
    "is",
    "if",
    "else",
    "for",
    "def",
    "class",
    "return",
    "@",
    "#",
    ".",
    "...",
    "0x",
    "1e",
    "1_",
    "0777",
    "€",
    "\u{a0}",
    "\0",
    "\r",
    "async",
    "await",
    "match x:\n",
    "global x\n",
    "nonlocal x\n",
    "break",
    "continue",
    "del",
    "->",
    ";",
    "!",
    "$",
    "`",
    "f\"{x!r:{y}}\"",
    "b'\\x4'",
    "'\\N{foo}'",
    "from",
    "import",
    "*,",
];

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*: deterministic and dependency-free.
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Splits a source into token-sized pieces using the lexer's token boundaries.
fn pieces(src: &str) -> Vec<String> {
    let chars: Vec<char> = src.chars().collect();
    let mut line_starts = alloc::vec![0usize];
    for (i, c) in chars.iter().enumerate() {
        if *c == '\n' {
            line_starts.push(i + 1);
        }
    }
    let offset = |line: u32, col: u32| {
        line_starts
            .get(line as usize - 1)
            .map_or(chars.len(), |s| (s + col as usize).min(chars.len()))
    };
    let mut cuts: Vec<usize> = Vec::new();
    for t in tokenize(src).tokens {
        cuts.push(offset(t.loc.line.max(1), t.loc.col));
        cuts.push(offset(t.loc.end_line.max(1), t.loc.end_col));
    }
    cuts.push(chars.len());
    cuts.sort_unstable();
    cuts.dedup();
    let mut out = Vec::new();
    let mut prev = 0;
    for c in cuts {
        if c > prev {
            out.push(chars[prev..c].iter().collect());
            prev = c;
        }
    }
    out
}

fn exercise(src: &str) {
    for result in [parse_module(src), parse_interactive(src)] {
        match result {
            Ok(m) => {
                if let Err(e) = symtable::build(&m) {
                    let _ = e.render("f.py", src);
                }
            }
            Err(e) => {
                let _ = e.render("f.py", src);
            }
        }
    }
}

#[test]
fn fuzz_mutations_never_panic() {
    fuzz_with_seed(0x1234_5678_9abc_def1, 3000);
}

/// A longer run over many seeds: `cargo test -p vm-core fuzz_long -- --ignored`.
#[test]
#[ignore = "slow; run explicitly"]
fn fuzz_long() {
    for seed in 1..=40u64 {
        fuzz_with_seed(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15), 10_000);
    }
}

fn fuzz_with_seed(seed: u64, rounds: usize) {
    let mut rng = Rng(seed);
    for sample in SAMPLES {
        exercise(sample);
        let base = pieces(sample);
        for _ in 0..rounds {
            let mut p = base.clone();
            for _ in 0..1 + rng.below(4) {
                let i = rng.below(p.len());
                match rng.below(5) {
                    0 if !p.is_empty() => {
                        p.remove(i);
                    }
                    1 => p.insert(i, String::from(INSERTS[rng.below(INSERTS.len())])),
                    2 if !p.is_empty() => {
                        let dup = p[i].clone();
                        p.insert(i, dup);
                    }
                    3 if !p.is_empty() => {
                        let j = rng.below(p.len());
                        p.swap(i, j);
                    }
                    _ => p.truncate(i),
                }
            }
            let src: String = p.concat();
            exercise(&src);
        }
    }
}

#[test]
fn fuzz_random_bytes_never_panic() {
    let mut rng = Rng(42);
    let alphabet: Vec<char> = "()[]{}:;,.=+-*/%<>!@&|^~'\"\\#\n\t fbrx0123456789_abcdefgiln€"
        .chars()
        .collect();
    for _ in 0..3000 {
        let len = rng.below(60);
        let src: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        exercise(&src);
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let cases: Vec<String> = alloc::vec![
        alloc::format!("x = {}1{}", "(".repeat(199), ")".repeat(199)),
        alloc::format!("x = {}1{}", "[".repeat(300), "]".repeat(300)),
        alloc::format!("x = {}1", "-".repeat(5000)),
        alloc::format!("x = {}1", "not ".repeat(5000)),
        alloc::format!("x = 1{}", " + 1".repeat(5000)),
        alloc::format!("x = a{}", ".b".repeat(5000)),
        alloc::format!("x = a{}", "()".repeat(5000)),
        alloc::format!("x = 2{}", " ** 2".repeat(5000)),
        alloc::format!("x = {}1", "lambda: ".repeat(5000)),
        alloc::format!("x = 1{}", " if 1 else 1".repeat(5000)),
        alloc::format!("x = {}1{}", "f(".repeat(199), ")".repeat(199)),
        alloc::format!("x = {}1{}", "{1: ".repeat(199), "}".repeat(199)),
        alloc::format!("x = {}", "(-".repeat(199)),
        alloc::format!("x = {}1", "-".repeat(990)),
        alloc::format!("x = {}1", "lambda: ".repeat(990)),
        alloc::format!("x = 2{}", " ** 2".repeat(990)),
        alloc::format!("x = 1{}", " if 1 else 1".repeat(990)),
        alloc::format!("x = a{}", "[0]".repeat(990)),
        alloc::format!(
            "def f():\n    return {}1{}",
            "[(".repeat(99),
            ")]".repeat(99)
        ),
        alloc::format!("x = {}1{}", "[x for x in ".repeat(190), "]".repeat(190)),
    ];
    for src in &cases {
        exercise(src);
    }
    // Within the limits, deep programs still parse.
    assert!(parse_module(&alloc::format!(
        "x = {}1{}",
        "(".repeat(199),
        ")".repeat(199)
    ))
    .is_ok());
    assert!(parse_module(&alloc::format!("x = {}1", "-".repeat(500))).is_ok());
    assert!(parse_module(&alloc::format!("x = 1{}", " + 1".repeat(500))).is_ok());
    let e = parse_module(&alloc::format!(
        "x = {}1{}",
        "(".repeat(201),
        ")".repeat(201)
    ))
    .unwrap_err();
    assert_eq!(e.msg, "too many nested parentheses");
}

#[test]
fn deep_indentation_is_an_error_not_a_crash() {
    let mut src = String::new();
    for i in 0..150 {
        src.push_str(&" ".repeat(i));
        src.push_str("if x:\n");
    }
    src.push_str(&" ".repeat(150));
    src.push_str("pass\n");
    let e = parse_module(&src).unwrap_err();
    assert_eq!(e.msg, "too many levels of indentation");
}
