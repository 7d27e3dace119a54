//! Code generator tests: golden disassemblies, structural invariants of the generated code,
//! compile errors, sample programs and a mutation fuzz loop.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{compile_source, Mode};
use crate::bytecode::code::{CodeObject, ConstAllocError, ConstPool, IntLiteral};
use crate::bytecode::disasm::disassemble_with;
use crate::bytecode::ops::{Flags, Op};
use crate::object::value::{ObjRef, Value};

mod golden;
mod syntax;

/// Heap constants of the mock pool.
enum Obj {
    Str(String),
    Int(String),
    Bytes(Vec<u8>),
    Complex(f64, f64),
    Tuple(Vec<Value>),
    Code(Rc<CodeObject>),
}

/// A `ConstPool` that keeps constants in a vector and hands out fake object references.
#[derive(Default)]
struct MockPool {
    objs: Vec<Obj>,
    strs: BTreeMap<String, Value>,
}

impl MockPool {
    fn push(&mut self, o: Obj) -> Value {
        self.objs.push(o);
        Value::obj(ObjRef((self.objs.len() - 1) as u32))
    }

    fn get(&self, v: Value) -> Option<&Obj> {
        v.as_obj().and_then(|r| self.objs.get(r.index()))
    }

    fn code(&self, v: Value) -> Option<Rc<CodeObject>> {
        match self.get(v) {
            Some(Obj::Code(c)) => Some(c.clone()),
            _ => None,
        }
    }

    fn str_of(&self, v: Value) -> String {
        match self.get(v) {
            Some(Obj::Str(s)) => s.clone(),
            _ => String::from("?"),
        }
    }

    /// A Python-like repr.
    fn describe(&self, v: Value) -> String {
        if let Some(f) = v.as_float() {
            return format!("{f:?}");
        }
        if let Some(i) = v.as_small_int() {
            return format!("{i}");
        }
        match self.get(v) {
            Some(Obj::Str(s)) => format!("'{s}'"),
            Some(Obj::Int(s)) => s.clone(),
            Some(Obj::Bytes(b)) => format!("b'{}'", String::from_utf8_lossy(b)),
            Some(Obj::Complex(re, im)) => format!("complex({re}, {im})"),
            Some(Obj::Tuple(items)) => {
                let parts: Vec<String> = items.iter().map(|x| self.describe(*x)).collect();
                if parts.len() == 1 {
                    format!("({},)", parts[0])
                } else {
                    format!("({})", parts.join(", "))
                }
            }
            Some(Obj::Code(c)) => format!(
                "<code object {}, line {}>",
                self.str_of(c.name),
                c.firstlineno
            ),
            None => format!("{v:?}"),
        }
    }
}

impl ConstPool for MockPool {
    fn str(&mut self, s: &str) -> Result<Value, ConstAllocError> {
        if let Some(v) = self.strs.get(s) {
            return Ok(*v);
        }
        let v = self.push(Obj::Str(s.to_string()));
        self.strs.insert(s.to_string(), v);
        Ok(v)
    }
    fn int(&mut self, lit: IntLiteral<'_>) -> Result<Value, ConstAllocError> {
        let s = match lit {
            IntLiteral::Small(i) => format!("{i}"),
            IntLiteral::Big { digits, radix } => format!("int('{digits}', {radix})"),
        };
        Ok(self.push(Obj::Int(s)))
    }
    fn bytes(&mut self, b: &[u8]) -> Result<Value, ConstAllocError> {
        Ok(self.push(Obj::Bytes(b.to_vec())))
    }
    fn complex(&mut self, re: f64, im: f64) -> Result<Value, ConstAllocError> {
        Ok(self.push(Obj::Complex(re, im)))
    }
    fn tuple(&mut self, items: &[Value]) -> Result<Value, ConstAllocError> {
        Ok(self.push(Obj::Tuple(items.to_vec())))
    }
    fn code(&mut self, code: Rc<CodeObject>) -> Result<Value, ConstAllocError> {
        Ok(self.push(Obj::Code(code)))
    }
}

fn compile_mode(src: &str, mode: Mode) -> (Rc<CodeObject>, MockPool) {
    let mut pool = MockPool::default();
    match compile_source(src, "<test>", mode, &mut pool) {
        Ok(code) => {
            check_all(&code, &pool);
            (code, pool)
        }
        Err(e) => panic!("compile error: {} at {}:{}\n{src}", e.msg, e.line, e.col),
    }
}

fn compile(src: &str) -> (Rc<CodeObject>, MockPool) {
    compile_mode(src, Mode::Exec)
}

fn dis_code(code: &CodeObject, pool: &MockPool) -> String {
    let mut out = String::new();
    disassemble_with(code, &mut out, &|v| pool.describe(v), &|v| pool.code(v));
    out
}

fn dis(src: &str) -> String {
    let (code, pool) = compile(src);
    dis_code(&code, &pool)
}

/// Instruction starts of a code object.
fn starts(code: &CodeObject) -> Vec<u32> {
    let mut v = Vec::new();
    let mut ip = 0;
    while ip < code.code.len() {
        v.push(ip as u32);
        let (op, _) = code.instr_unfused(ip).expect("valid opcode");
        ip += 1 + op.cache_units();
    }
    assert_eq!(ip, code.code.len(), "last instruction overruns the code");
    v
}

/// Structural invariants of one code object and everything nested in it.
fn check_all(code: &CodeObject, pool: &MockPool) {
    let st = starts(code);
    let is_start = |x: u32| st.binary_search(&x).is_ok();
    assert!(
        code.stacksize > 0,
        "empty stack for {}",
        pool.str_of(code.qualname)
    );
    for &ip in &st {
        let (op, arg) = code.instr_unfused(ip as usize).unwrap();
        if op.flags().contains(Flags::JUMP) {
            assert!(
                is_start(arg),
                "jump from {ip} to {arg} is not an instruction boundary"
            );
        }
        for k in 1..=op.cache_units() {
            let adaptive = k == 1 && op.own_flags().contains(Flags::SPECIALIZE);
            let want = if adaptive {
                crate::bytecode::counter::initial()
            } else {
                0
            };
            assert_eq!(
                code.code[ip as usize + k].get(),
                want,
                "cache units start zeroed, counters at warmup"
            );
        }
        if op == Op::LOAD_CONST {
            assert!((arg as usize) < code.consts.len());
        }
        if op.flags().contains(Flags::LOCAL) {
            assert!((arg as usize) < code.varnames.len());
        }
        if op.flags().contains(Flags::FREE) {
            assert!((arg as usize) < code.cellvars.len() + code.freevars.len());
        }
    }
    let mut prev_end = 0;
    for e in code.exc_table.iter() {
        assert!(e.start < e.end && e.end as usize <= code.code.len());
        assert!(is_start(e.start) && is_start(e.target));
        assert!(e.end as usize == code.code.len() || is_start(e.end));
        assert!(
            e.start >= prev_end,
            "exception table entries overlap or are unsorted"
        );
        assert!(e.depth < code.stacksize);
        prev_end = e.end;
    }
    for w in code.lines.windows(2) {
        assert!(w[0].start < w[1].start, "line table not sorted");
    }
    assert_eq!(code.cell2arg.len(), code.cellvars.len());
    check_stack(code, pool);
    for v in code.consts.iter() {
        if let Some(c) = pool.code(*v) {
            check_all(&c, pool);
        }
    }
}

/// An independent stack simulation over the final encoding: every reachable instruction
/// has one consistent depth, never underflows, never exceeds `stacksize`, and every
/// exception handler is entered with at most the depth of the protected instruction.
fn check_stack(code: &CodeObject, pool: &MockPool) {
    let name = pool.str_of(code.qualname);
    let n = code.code.len();
    let mut depth: Vec<Option<u32>> = alloc::vec![None; n + 1];
    let mut work = alloc::vec![0usize];
    depth[0] = Some(0);
    let reach = |depth: &mut Vec<Option<u32>>, work: &mut Vec<usize>, at: usize, d: u32| {
        assert!(
            d <= code.stacksize,
            "{name}: depth {d} above stacksize {} at {at}",
            code.stacksize
        );
        match depth[at] {
            None => {
                depth[at] = Some(d);
                work.push(at);
            }
            Some(old) => assert_eq!(old, d, "{name}: inconsistent depth at {at}"),
        }
    };
    while let Some(ip) = work.pop() {
        let d = depth[ip].unwrap();
        assert!(ip < n, "{name}: falls off the end");
        let (op, arg) = code.instr_unfused(ip).unwrap();
        if let Some(h) = code.handler_for(ip as u32) {
            assert!(
                h.depth <= d,
                "{name}: handler depth {} above {d} at {ip}",
                h.depth
            );
            reach(
                &mut depth,
                &mut work,
                h.target as usize,
                h.depth + h.push_lasti as u32 + 1,
            );
        }
        let (pop, push) = op.stack_effect(arg);
        assert!(d >= pop, "{name}: underflow at {ip} ({})", op.name());
        let after = d - pop + push;
        let next = ip + 1 + op.cache_units();
        if op.flags().contains(Flags::JUMP) {
            let t = match op {
                Op::FOR_ITER => d - 1,
                Op::JUMP_FORWARD | Op::JUMP_BACKWARD | Op::JUMP_BACKWARD_NO_INTERRUPT => d,
                _ => after,
            };
            reach(&mut depth, &mut work, arg as usize, t);
        }
        if !op.flags().contains(Flags::TERMINATOR) {
            reach(&mut depth, &mut work, next, after);
        }
    }
    // The VM's own analysis (what machine code addresses the stack by) agrees.
    let Some(known) = crate::bytecode::depth::stack_depths(code) else {
        panic!("{name}: stack_depths refused code the simulation accepts");
    };
    for (at, d) in depth.iter().enumerate() {
        let want = d.map_or(crate::bytecode::depth::UNKNOWN, |d| d as u16);
        assert_eq!(known[at], want, "{name}: stack_depths differs at {at}");
    }
}

/// The first nested code object named `name`.
fn nested(code: &CodeObject, pool: &MockPool, name: &str) -> Option<Rc<CodeObject>> {
    for v in code.consts.iter() {
        if let Some(c) = pool.code(*v) {
            if pool.str_of(c.name) == name {
                return Some(c);
            }
            if let Some(x) = nested(&c, pool, name) {
                return Some(x);
            }
        }
    }
    None
}

fn compile_err(src: &str) -> crate::compile::error::CompileError {
    let mut pool = MockPool::default();
    match compile_source(src, "<test>", Mode::Exec, &mut pool) {
        Ok(_) => panic!("expected an error for {src:?}"),
        Err(e) => e,
    }
}

// ---- golden code shapes ------------------------------------------------------------------

/// Development aid: `CODEGEN_SHOW=file.py cargo test show_disassembly -- --ignored --nocapture`.
#[test]
#[ignore = "development aid"]
fn show_disassembly() {
    if let Ok(path) = std::env::var("CODEGEN_SHOW") {
        let src = std::fs::read_to_string(path).unwrap();
        std::eprintln!("{}", dis(&src));
    }
}

/// Development aid: prints golden tests for the snippets in `CODEGEN_GOLDEN` (separated by
/// `#### name` lines).
#[test]
#[ignore = "development aid"]
fn print_goldens() {
    if let Ok(path) = std::env::var("CODEGEN_GOLDEN") {
        let text = std::fs::read_to_string(path).unwrap();
        for chunk in text.split("#### ").skip(1) {
            let (name, src) = chunk.split_once('\n').unwrap();
            let out = dis(src);
            std::println!("#[test]\nfn golden_{name}() {{\n    golden(\n        r#\"{src}\"#,\n        r#\"{out}\"#,\n    );\n}}\n");
        }
    }
}

// ---- compile errors ----------------------------------------------------------------------

/// (source, message, line, col, end_line, end_col) as CPython 3.11 reports them.
const ERRORS: &[(&str, &str, u32, u32, u32, u32)] = &[
    ("return 1\n", "'return' outside function", 1, 1, 1, 9),
    ("x = 1\nyield x\n", "'yield' outside function", 2, 1, 2, 8),
    ("break\n", "'break' outside loop", 1, 1, 1, 6),
    (
        "if x:\n    continue\n",
        "'continue' not properly in loop",
        2,
        5,
        2,
        13,
    ),
    (
        "*a = b\n",
        "starred assignment target must be in a list or tuple",
        1,
        1,
        1,
        3,
    ),
    (
        "a, *b, *c = d\n",
        "multiple starred expressions in assignment",
        1,
        1,
        1,
        10,
    ),
    ("x = *a\n", "can't use starred expression here", 1, 5, 1, 7),
    (
        "def f():\n    from m import *\n",
        "import * only allowed at module level",
        2,
        19,
        2,
        20,
    ),
    (
        "class C:\n    return 3\n",
        "'return' outside function",
        2,
        5,
        2,
        13,
    ),
    ("f(a=1, a=2)\n", "keyword argument repeated: a", 1, 8, 1, 11),
    (
        "def f():\n    x = [(yield 1) for y in z]\n",
        "'yield' inside list comprehension",
        2,
        11,
        2,
        18,
    ),
    (
        "for x in y:\n    def g():\n        break\n",
        "'break' outside loop",
        3,
        9,
        3,
        14,
    ),
];

#[test]
fn compile_errors_match_cpython() {
    for &(src, msg, line, col, end_line, end_col) in ERRORS {
        let e = compile_err(src);
        assert_eq!(
            (e.msg.as_str(), e.line, e.col, e.end_line, e.end_col),
            (msg, line, col, end_line, end_col),
            "for {src:?}"
        );
    }
}

#[test]
fn too_many_statically_nested_blocks() {
    let mut src = String::new();
    for i in 0..21 {
        for _ in 0..i {
            src.push_str("    ");
        }
        src.push_str(&format!("for x{i} in y:\n"));
    }
    for _ in 0..21 {
        src.push_str("    ");
    }
    src.push_str("pass\n");
    let e = compile_err(&src);
    assert_eq!(
        (e.msg.as_str(), e.line, e.col),
        ("too many statically nested blocks", 21, 81)
    );
    // 20 levels are fine.
    let ok: String = src
        .lines()
        .skip(1)
        .map(|l| format!("{}\n", l.strip_prefix("    ").unwrap_or(l)))
        .collect();
    compile(&ok);
}

// ---- sample programs and fuzzing ---------------------------------------------------------

const SAMPLES: &[(&str, &str)] = &[
    ("shapes.py", include_str!("samples/shapes.py")),
    ("control.py", include_str!("samples/control.py")),
    ("misc.py", include_str!("samples/misc.py")),
    ("matching.py", include_str!("samples/matching.py")),
];

/// Every code object nested in `code`, including itself.
fn all_codes(code: &Rc<CodeObject>, pool: &MockPool, out: &mut Vec<Rc<CodeObject>>) {
    out.push(code.clone());
    for v in code.consts.iter() {
        if let Some(c) = pool.code(*v) {
            all_codes(&c, pool, out);
        }
    }
}

#[test]
fn sample_programs_compile() {
    for (name, src) in SAMPLES {
        let mut pool = MockPool::default();
        let code = compile_source(src, name, Mode::Exec, &mut pool)
            .unwrap_or_else(|e| panic!("{name}: {} at {}:{}", e.msg, e.line, e.col));
        check_all(&code, &pool);
        let mut codes = Vec::new();
        all_codes(&code, &pool, &mut codes);
        assert!(
            codes.len() > 10,
            "{name}: only {} code objects",
            codes.len()
        );
        // The disassembler handles everything it is given.
        let text = dis_code(&code, &pool);
        assert!(text.contains("RETURN_VALUE"));
    }
}

/// A tiny deterministic PRNG (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const FRAGMENTS: &[&str] = &[
    "break",
    "continue",
    "return",
    "yield",
    "yield from x",
    "*",
    "**",
    "(",
    ")",
    "[",
    "]",
    ":",
    ",",
    "lambda x: ",
    "try:\n    pass\nfinally:\n    pass\n",
    "with a as b:\n",
    "    ",
    "\n",
    "not ",
    " and ",
    " or ",
    "del ",
    "global g\n",
    "nonlocal n\n",
    "async ",
    "await ",
    "async def a():\n",
    "async for i in j:\n",
    "async with a as b:\n",
    "[i async for i in k]",
    "(await i for i in k)",
    "= ",
    "+= ",
    "f'{x}'",
    "-1",
    "class K:\n",
    "def q(*, a=1):\n",
    "for i in j:\n",
    "while 1:\n",
    "import *",
    "from m import *\n",
    "super()",
    "__class__",
    " if c else ",
    "[i for i in k]",
    "{**d}",
    "x := 1",
    "@d\n",
    "raise\n",
    "except E as e:\n",
    "else:\n",
    "elif x:\n",
    "...",
    "None",
    "0x10",
    "1e5",
    "'s'",
    "b'b'",
];

/// Mutates `src`: deletions, duplications, insertions of fragments, line swaps.
fn mutate(src: &str, rng: &mut Rng) -> String {
    let mut s: Vec<char> = src.chars().collect();
    for _ in 0..1 + rng.below(2) {
        let len = s.len();
        match rng.below(5) {
            0 if len > 0 => {
                let a = rng.below(len);
                let b = (a + 1 + rng.below(20)).min(len);
                s.drain(a..b);
            }
            1 if len > 0 => {
                let a = rng.below(len);
                let b = (a + 1 + rng.below(60)).min(len);
                let piece: Vec<char> = s[a..b].to_vec();
                let at = rng.below(len);
                s.splice(at..at, piece);
            }
            2 | 3 => {
                let f = FRAGMENTS[rng.below(FRAGMENTS.len())];
                let at = rng.below(len + 1);
                s.splice(at..at, f.chars());
            }
            _ => {
                let text: String = s.iter().collect();
                let mut lines: Vec<&str> = text.lines().collect();
                if lines.len() > 2 {
                    let a = rng.below(lines.len());
                    let b = rng.below(lines.len());
                    lines.swap(a, b);
                }
                s = lines.join("\n").chars().collect();
                s.push('\n');
            }
        }
    }
    s.into_iter().collect()
}

#[test]
fn fuzz_mutations_never_panic() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut compiled = 0;
    let iterations = 3000;
    for i in 0..iterations {
        let (_, base) = SAMPLES[i % SAMPLES.len()];
        let src = mutate(base, &mut rng);
        let mut pool = MockPool::default();
        if let Ok(code) = compile_source(&src, "<fuzz>", Mode::Exec, &mut pool) {
            check_all(&code, &pool);
            compiled += 1;
        }
        // Interactive mode too, on a prefix.
        let cut = src
            .char_indices()
            .nth(src.chars().count() / 3)
            .map_or(0, |(i, _)| i);
        let mut pool = MockPool::default();
        if let Ok(code) = compile_source(&src[..cut], "<fuzz>", Mode::Interactive, &mut pool) {
            check_all(&code, &pool);
        }
    }
    std::eprintln!("fuzz: {compiled}/{iterations} mutants compiled");
    // Most mutations are syntax errors, but a fair share must reach the code generator.
    assert!(
        compiled > iterations / 20,
        "only {compiled} mutants compiled"
    );
}

#[test]
fn deep_nesting_does_not_overflow() {
    // Test threads have 2 MiB stacks; the parser admits nesting up to about 1000 levels.
    let n = 950;
    let cases = [
        format!("x = {}1{}\n", "[".repeat(n / 2), "]".repeat(n / 2)),
        format!("x = {}1{}\n", "f(".repeat(n / 2), ")".repeat(n / 2)),
        format!("x = {}1\n", "-".repeat(n)),
        format!("x = {}1\n", "not ".repeat(n)),
        format!("x = {}1\n", "~".repeat(n)),
        format!("x = 1{}\n", " + 1".repeat(5000)),
        format!("x = a{}\n", ".b".repeat(n)),
        format!("x = a{}\n", "[0]".repeat(n / 2)),
        format!("x = {}1\n", "lambda: ".repeat(n / 4)),
        format!("x = {}0\n", "1 if c else ".repeat(n / 2)),
        format!("x = {}1{}\n", "(1, ".repeat(n / 2), ")".repeat(n / 2)),
        format!("if x:\n    pass\n{}", "elif y:\n    pass\n".repeat(300)),
    ];
    for src in &cases {
        let mut pool = MockPool::default();
        // Either compiles or reports an error; never overflows.
        if let Ok(code) = compile_source(src, "<deep>", Mode::Exec, &mut pool) {
            check_all(&code, &pool);
        }
    }
}

// ---- code object metadata, constants, positions ------------------------------------------

#[test]
fn interactive_mode_prints_expression_statements() {
    let (code, pool) = compile_mode("x = 1\nx\nx + 1\n", Mode::Interactive);
    let text = dis_code(&code, &pool);
    assert_eq!(
        text.matches("CALL_INTRINSIC_1         4 (INTRINSIC_PRINT)")
            .count(),
        2,
        "{text}"
    );
    // Exec mode does not print, and drops constant expression statements.
    let (code, pool) = compile("x\n'just a string'\n");
    let text = dis_code(&code, &pool);
    assert!(
        !text.contains("INTRINSIC_PRINT") && !text.contains("just a string"),
        "{text}"
    );
}

#[test]
fn code_flags_and_parameters() {
    use crate::bytecode::code::code_flags as cf;
    let src = "def f(a, b, /, c, *args, d, e=1, **kw):\n    'doc'\n    def g():\n        return a\n    yield g\nclass C:\n    def m(self):\n        return __class__\nr = [i for i in x]\n";
    let (code, pool) = compile(src);
    assert_eq!(code.flags & cf::NAMESPACE, cf::NAMESPACE);
    let f = nested(&code, &pool, "f").unwrap();
    assert_eq!((f.argcount, f.posonlyargcount, f.kwonlyargcount), (3, 2, 2));
    let want = cf::VARARGS | cf::VARKEYWORDS | cf::GENERATOR | cf::HAS_DOCSTRING;
    assert_eq!(f.flags & want, want);
    assert_eq!(f.flags & cf::NESTED, 0);
    assert_eq!(pool.describe(f.consts[0]), "'doc'");
    // `a` is a captured parameter: its cell is initialized from argument 0.
    assert_eq!(f.cell2arg.as_ref(), &[0]);
    let g = nested(&code, &pool, "g").unwrap();
    assert_eq!(g.flags & cf::NESTED, cf::NESTED);
    assert_eq!(pool.str_of(g.qualname), "f.<locals>.g");
    let c = nested(&code, &pool, "C").unwrap();
    assert_eq!(c.flags & cf::NAMESPACE, cf::NAMESPACE);
    let m = nested(&code, &pool, "m").unwrap();
    assert_eq!(m.flags & cf::USES_CLASS_CELL, cf::USES_CLASS_CELL);
    assert_eq!(pool.str_of(m.qualname), "C.m");
    let lc = nested(&code, &pool, "<listcomp>").unwrap();
    assert_eq!(lc.flags & cf::COMPREHENSION, cf::COMPREHENSION);
    assert_eq!(lc.argcount, 1);
    assert_eq!(pool.str_of(lc.varnames[0]), ".0");
}

#[test]
fn constants_are_deduplicated_but_kinds_stay_distinct() {
    let (code, pool) =
        compile("a = 0\nb = 0.0\nc = -0.0\nd = False\ne = 0\nf = 'x'\ng = 'x'\nh = -0.0\n");
    let shown: Vec<String> = code.consts.iter().map(|v| pool.describe(*v)).collect();
    assert_eq!(shown, ["0", "0.0", "-0.0", "False", "'x'", "None"]);
}

#[test]
fn big_and_negative_literals() {
    let (code, pool) =
        compile("a = 123456789012345678901234567890\nb = -5\nc = 2 ** 60\nd = -140737488355329\n");
    let shown: Vec<String> = code.consts.iter().map(|v| pool.describe(*v)).collect();
    assert_eq!(
        shown,
        [
            "int('123456789012345678901234567890', 10)",
            "-5",
            "2",
            "60",
            "-140737488355329",
            "None"
        ]
    );
}

#[test]
fn positions_follow_the_sub_expression() {
    let src = "x = f(\n    a,\n    g(b),\n)\n";
    let (code, _) = compile(src);
    let mut calls = Vec::new();
    let mut ip = 0;
    while ip < code.code.len() {
        let (op, _) = code.instr_unfused(ip).unwrap();
        if op == Op::CALL {
            let p = code.position(ip as u32).unwrap();
            calls.push((p.line, p.col, p.end_line, p.end_col));
        }
        ip += 1 + op.cache_units();
    }
    // g(b) on line 3 first, then the whole call spanning lines 1-4.
    assert_eq!(calls, [(3, 4, 3, 8), (1, 4, 4, 1)]);
    // The store is attributed to the statement's target.
    assert_eq!(code.line_of(code.code.len() as u32 - 1), 1);
}

#[test]
fn to_bool_is_only_skipped_for_values_known_to_be_bools() {
    // `x is y` is a bool: no TO_BOOL before the jump.
    let text = dis("if x is y:\n    pass\n");
    assert!(!text.contains("TO_BOOL"), "{text}");
    let text = dis("r = x in y and z\n");
    assert!(!text.contains("TO_BOOL"), "{text}");
    // Two paths meet before the COPY: one of them is not a bool.
    let text = dis("r = (a if c else b is d) and e\n");
    assert_eq!(text.matches("TO_BOOL").count(), 2, "{text}");
    let text = dis("if not (a if c else b is d):\n    pass\n");
    assert_eq!(text.matches("TO_BOOL").count(), 2, "{text}");
    // `__debug__` is constant-true.
    let text = dis("if __debug__:\n    x = 1\n");
    assert!(
        !text.contains("__debug__") && !text.contains("POP_JUMP"),
        "{text}"
    );
}

#[test]
fn fast_loads_are_checked_unless_definitely_bound() {
    let load_of = |src: &str| -> String {
        let (code, pool) = compile(src);
        let f = nested(&code, &pool, "f").unwrap();
        let text = dis_code(&f, &pool);
        let line = text
            .lines()
            .rfind(|l| l.contains("LOAD_FAST"))
            .unwrap_or("")
            .to_string();
        line.split_whitespace()
            .nth_back(2)
            .unwrap_or("")
            .to_string()
    };
    let checked = [
        "def f(c):\n    if c:\n        x = 1\n    return x\n",
        "def f():\n    x = 1\n    del x\n    return x\n",
        "def f(n):\n    for i in n:\n        pass\n    return i\n",
        "def f():\n    try:\n        x = g()\n    except E:\n        pass\n    return x\n",
        "def f(p):\n    del p\n    return p\n",
        "def f(p):\n    try:\n        g()\n    except E as p:\n        pass\n    return p\n",
        "def f(n):\n    while n:\n        x = 1\n        n -= 1\n    return x\n",
    ];
    for src in checked {
        assert_eq!(load_of(src), "LOAD_FAST_CHECK", "{src}");
    }
    let bound = [
        "def f():\n    x = 1\n    return x\n",
        "def f(c):\n    if c:\n        x = 1\n    else:\n        x = 2\n    return x\n",
        "def f():\n    while True:\n        x = 1\n        break\n    return x\n",
        "def f():\n    try:\n        x = g()\n    except E:\n        x = 0\n    return x\n",
        "def f(p):\n    del p\n    p = 1\n    return p\n",
    ];
    for src in bound {
        assert_eq!(load_of(src), "LOAD_FAST", "{src}");
    }
}
