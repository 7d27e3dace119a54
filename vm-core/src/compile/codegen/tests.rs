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
use crate::bytecode::ops::{flags, Op};
use crate::object::value::{ObjRef, Value};

/// Heap constants of the mock pool.
enum Obj {
    Str(String),
    Int(String),
    Bytes(Vec<u8>),
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
        let (op, _) = code.instr(ip).expect("valid opcode");
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
        let (op, arg) = code.instr(ip as usize).unwrap();
        if op.flags() & flags::JUMP != 0 {
            assert!(
                is_start(arg),
                "jump from {ip} to {arg} is not an instruction boundary"
            );
        }
        for k in 1..=op.cache_units() {
            assert_eq!(
                code.code[ip as usize + k].get(),
                0,
                "cache units are zeroed"
            );
        }
        if op == Op::LOAD_CONST {
            assert!((arg as usize) < code.consts.len());
        }
        if op.flags() & flags::LOCAL != 0 {
            assert!((arg as usize) < code.varnames.len());
        }
        if op.flags() & flags::FREE != 0 {
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
        let (op, arg) = code.instr(ip).unwrap();
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
        let (pop, push) = if op == Op::RETURN_GENERATOR {
            (0, 1)
        } else {
            op.stack_effect(arg)
        };
        assert!(d >= pop, "{name}: underflow at {ip} ({})", op.name());
        let after = d - pop + push;
        let next = ip + 1 + op.cache_units();
        if op.flags() & flags::JUMP != 0 {
            let t = match op {
                Op::FOR_ITER => d - 1,
                Op::JUMP_FORWARD | Op::JUMP_BACKWARD | Op::JUMP_BACKWARD_NO_INTERRUPT => d,
                _ => after,
            };
            reach(&mut depth, &mut work, arg as usize, t);
        }
        if op.flags() & flags::TERMINATOR == 0 {
            reach(&mut depth, &mut work, next, after);
        }
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

/// Compares the full disassembly (module and nested code) with CPython-shaped golden text.
fn golden(src: &str, expected: &str) {
    let got = dis(src);
    if got != expected {
        panic!("disassembly differs for:\n{src}\n--- got ---\n{got}\n--- expected ---\n{expected}");
    }
}

#[test]
fn golden_if_elif_else() {
    golden(
        r#"if a:
    x = 1
elif not b and c:
    x = 2
else:
    x = 3
"#,
        r#"  0           0 RESUME                   0

  1           2 LOAD_NAME                0 (a)
              3 TO_BOOL
              7 POP_JUMP_IF_FALSE       12 (to 12)

  2           9 LOAD_CONST               0 (1)
             10 STORE_NAME               1 (x)
             11 JUMP_FORWARD            31 (to 31)

  3     >>   12 LOAD_NAME                2 (b)
             13 TO_BOOL
             17 POP_JUMP_IF_TRUE        29 (to 29)
             19 LOAD_NAME                3 (c)
             20 TO_BOOL
             24 POP_JUMP_IF_FALSE       29 (to 29)

  4          26 LOAD_CONST               1 (2)
             27 STORE_NAME               1 (x)
             28 JUMP_FORWARD            31 (to 31)

  6     >>   29 LOAD_CONST               2 (3)
             30 STORE_NAME               1 (x)
        >>   31 LOAD_CONST               3 (None)
             32 RETURN_VALUE
"#,
    );
}

#[test]
fn golden_while_break_continue_else() {
    golden(
        r#"while i < 10:
    if i == 5:
        break
    i += 1
    continue
else:
    done()
"#,
        r#"  0           0 RESUME                   0

  1     >>    2 LOAD_NAME                0 (i)
              3 LOAD_CONST               0 (10)
              4 COMPARE_OP               0 (<)
              6 TO_BOOL
             10 POP_JUMP_IF_FALSE       32 (to 32)

  2          12 LOAD_NAME                0 (i)
             13 LOAD_CONST               1 (5)
             14 COMPARE_OP               2 (==)
             16 TO_BOOL
             20 POP_JUMP_IF_FALSE       23 (to 23)

  3          22 JUMP_FORWARD            39 (to 39)

  4     >>   23 LOAD_NAME                0 (i)
             24 LOAD_CONST               2 (1)
             25 BINARY_OP               13 (+=)
             27 STORE_NAME               0 (i)

  5          28 JUMP_BACKWARD            2 (to 2)

  1          30 JUMP_BACKWARD            2 (to 2)

  7     >>   32 LOAD_NAME                1 (done)
             33 PUSH_NULL
             34 CALL                     0
             38 POP_TOP
        >>   39 LOAD_CONST               3 (None)
             40 RETURN_VALUE
"#,
    );
}

#[test]
fn golden_for_else() {
    golden(
        r#"for k, v in items():
    if v is None:
        continue
    print(k)
else:
    pass
"#,
        r#"  0           0 RESUME                   0

  1           2 LOAD_NAME                0 (items)
              3 PUSH_NULL
              4 CALL                     0
              8 GET_ITER
        >>    9 FOR_ITER                30 (to 30)
             11 UNPACK_SEQUENCE          2
             13 STORE_NAME               1 (k)
             14 STORE_NAME               2 (v)

  2          15 LOAD_NAME                2 (v)
             16 POP_JUMP_IF_NOT_NONE    20 (to 20)

  3          18 JUMP_BACKWARD            9 (to 9)

  4     >>   20 LOAD_NAME                3 (print)
             21 PUSH_NULL
             22 LOAD_NAME                1 (k)
             23 CALL                     1
             27 POP_TOP

  1          28 JUMP_BACKWARD            9 (to 9)
        >>   30 LOAD_CONST               0 (None)
             31 RETURN_VALUE
"#,
    );
}

#[test]
fn golden_try_except_as() {
    golden(
        r#"try:
    f()
except (A, B) as e:
    g(e)
except C:
    pass
else:
    h()
"#,
        r#"  0           0 RESUME                   0

  2           2 LOAD_NAME                0 (f)
              3 PUSH_NULL
              4 CALL                     0
              8 POP_TOP

  8           9 LOAD_NAME                1 (h)
             10 PUSH_NULL
             11 CALL                     0
             15 POP_TOP
             16 JUMP_FORWARD            53 (to 53)
        >>   17 PUSH_EXC_INFO

  3          18 LOAD_NAME                2 (A)
             19 LOAD_NAME                3 (B)
             20 BUILD_TUPLE              2
             21 CHECK_EXC_MATCH
             22 POP_JUMP_IF_FALSE       42 (to 42)
             24 STORE_NAME               4 (e)

  4          25 LOAD_NAME                5 (g)
             26 PUSH_NULL
             27 LOAD_NAME                4 (e)
             28 CALL                     1
             32 POP_TOP
             33 POP_EXCEPT
             34 LOAD_CONST               0 (None)
             35 STORE_NAME               4 (e)
             36 DELETE_NAME              4 (e)
             37 JUMP_FORWARD            53 (to 53)
        >>   38 LOAD_CONST               0 (None)
             39 STORE_NAME               4 (e)
             40 DELETE_NAME              4 (e)
             41 RERAISE                  1

  5     >>   42 LOAD_NAME                6 (C)
             43 CHECK_EXC_MATCH
             44 POP_JUMP_IF_FALSE       49 (to 49)
             46 POP_TOP
             47 POP_EXCEPT
             48 JUMP_FORWARD            53 (to 53)
        >>   49 RERAISE                  0
        >>   50 COPY                     3
             51 POP_EXCEPT
             52 RERAISE                  1
        >>   53 LOAD_CONST               0 (None)
             54 RETURN_VALUE
ExceptionTable:
  2 to 8 -> 17 [0]
  17 to 24 -> 50 [1] lasti
  25 to 32 -> 38 [1] lasti
  38 to 46 -> 50 [1] lasti
  49 to 49 -> 50 [1] lasti
"#,
    );
}

#[test]
fn golden_try_finally_return() {
    golden(
        r#"def f(x):
    try:
        return g(x)
    finally:
        cleanup()
"#,
        r#"  0           0 RESUME                   0

  1           2 LOAD_CONST               0 (<code object f, line 1>)
              3 MAKE_FUNCTION            0
              4 STORE_NAME               0 (f)
              5 LOAD_CONST               1 (None)
              6 RETURN_VALUE

Disassembly of <code object f, line 1>:
  1           0 RESUME                   0

  3           2 LOAD_GLOBAL              1 (g + NULL)
              7 LOAD_FAST                0 (x)
              8 CALL                     1

  5          12 LOAD_GLOBAL              3 (cleanup + NULL)
             17 CALL                     0
             21 POP_TOP

  3          22 RETURN_VALUE

  5          23 LOAD_GLOBAL              3 (cleanup + NULL)
             28 CALL                     0
             32 POP_TOP
             33 JUMP_FORWARD            49 (to 49)
        >>   34 PUSH_EXC_INFO
             35 LOAD_GLOBAL              3 (cleanup + NULL)
             40 CALL                     0
             44 POP_TOP
             45 RERAISE                  0
        >>   46 COPY                     3
             47 POP_EXCEPT
             48 RERAISE                  1
        >>   49 LOAD_CONST               0 (None)
             50 RETURN_VALUE
ExceptionTable:
  2 to 8 -> 34 [0]
  34 to 45 -> 46 [1] lasti
"#,
    );
}

#[test]
fn golden_with_as() {
    golden(
        r#"with open(p) as fh:
    data = fh.read()
"#,
        r#"  0           0 RESUME                   0

  1           2 LOAD_NAME                0 (open)
              3 PUSH_NULL
              4 LOAD_NAME                1 (p)
              5 CALL                     1
              9 BEFORE_WITH
             10 STORE_NAME               2 (fh)

  2          11 LOAD_NAME                2 (fh)
             12 LOAD_ATTR                7 (read + NULL|self)
             17 CALL                     0
             21 STORE_NAME               4 (data)

  1          22 PUSH_NULL
             23 LOAD_CONST               0 (None)
             24 LOAD_CONST               0 (None)
             25 LOAD_CONST               0 (None)
             26 CALL                     3
             30 POP_TOP
             31 JUMP_FORWARD            49 (to 49)
        >>   32 PUSH_EXC_INFO
             33 WITH_EXCEPT_START
             34 TO_BOOL
             38 POP_JUMP_IF_TRUE        41 (to 41)
             40 RERAISE                  2
        >>   41 POP_TOP
             42 POP_EXCEPT
             43 POP_TOP
             44 POP_TOP
             45 JUMP_FORWARD            49 (to 49)
        >>   46 COPY                     3
             47 POP_EXCEPT
             48 RERAISE                  1
        >>   49 LOAD_CONST               0 (None)
             50 RETURN_VALUE
ExceptionTable:
  10 to 21 -> 32 [1] lasti
  32 to 41 -> 46 [3] lasti
"#,
    );
}

#[test]
fn golden_function_closure_decorator() {
    golden(
        r#"@deco
def make(a, b=2, *, c=3):
    "doc"
    def add(y):
        return a + y
    return add
"#,
        r#"  0           0 RESUME                   0

  1           2 LOAD_NAME                0 (deco)

  2           3 LOAD_CONST               0 ((2,))
              4 LOAD_CONST               1 ('c')
              5 LOAD_CONST               2 (3)
              6 BUILD_MAP                1
              7 LOAD_CONST               3 (<code object make, line 1>)
              8 MAKE_FUNCTION            3 (defaults, kwdefaults)

  1           9 CALL                     0

  2          13 STORE_NAME               1 (make)
             14 LOAD_CONST               4 (None)
             15 RETURN_VALUE

Disassembly of <code object make, line 1>:
  1           0 MAKE_CELL                0 (a)
              1 RESUME                   0

  4           3 LOAD_CLOSURE             0 (a)
              4 BUILD_TUPLE              1
              5 LOAD_CONST               1 (<code object add, line 4>)
              6 MAKE_FUNCTION            8 (closure)
              7 STORE_FAST               3 (add)

  6           8 LOAD_FAST_CHECK          3 (add)
              9 RETURN_VALUE

Disassembly of <code object add, line 4>:
  4           0 COPY_FREE_VARS           1
              1 RESUME                   0

  5           3 LOAD_DEREF               0 (a)
              4 LOAD_FAST                0 (y)
              5 BINARY_OP                0 (+)
              7 RETURN_VALUE
"#,
    );
}

#[test]
fn golden_class_super() {
    golden(
        r#"class A(Base):
    def f(self):
        return super().f()
"#,
        r#"  0           0 RESUME                   0

  1           2 LOAD_BUILD_CLASS
              3 PUSH_NULL
              4 LOAD_CONST               0 (<code object A, line 1>)
              5 MAKE_FUNCTION            0
              6 LOAD_CONST               1 ('A')
              7 LOAD_NAME                0 (Base)
              8 CALL                     3
             12 STORE_NAME               1 (A)
             13 LOAD_CONST               2 (None)
             14 RETURN_VALUE

Disassembly of <code object A, line 1>:
  1           0 MAKE_CELL                0 (__class__)
              1 RESUME                   0
              3 LOAD_NAME                0 (__name__)
              4 STORE_NAME               1 (__module__)
              5 LOAD_CONST               0 ('A')
              6 STORE_NAME               2 (__qualname__)

  2           7 LOAD_CLOSURE             0 (__class__)
              8 BUILD_TUPLE              1
              9 LOAD_CONST               1 (<code object f, line 2>)
             10 MAKE_FUNCTION            8 (closure)
             11 STORE_NAME               3 (f)
             12 LOAD_CLOSURE             0 (__class__)
             13 COPY                     1
             14 STORE_NAME               4 (__classcell__)
             15 RETURN_VALUE

Disassembly of <code object f, line 2>:
  2           0 COPY_FREE_VARS           1
              1 RESUME                   0

  3           3 LOAD_GLOBAL              1 (super + NULL)
              8 CALL                     0
             12 LOAD_ATTR                3 (f + NULL|self)
             17 CALL                     0
             21 RETURN_VALUE
"#,
    );
}

#[test]
fn golden_list_comprehension() {
    golden(
        r#"r = [x * 2 for x in xs if x for y in x]
"#,
        r#"  0           0 RESUME                   0

  1           2 LOAD_CONST               0 (<code object <listcomp>, line 1>)
              3 MAKE_FUNCTION            0
              4 PUSH_NULL
              5 LOAD_NAME                0 (xs)
              6 GET_ITER
              7 CALL                     1
             11 STORE_NAME               1 (r)
             12 LOAD_CONST               1 (None)
             13 RETURN_VALUE

Disassembly of <code object <listcomp>, line 1>:
  1           0 RESUME                   0
              2 BUILD_LIST               0
              3 LOAD_FAST                0 (.0)
        >>    4 FOR_ITER                28 (to 28)
              6 STORE_FAST               1 (x)
              7 LOAD_FAST_CHECK          1 (x)
              8 TO_BOOL
             12 POP_JUMP_IF_FALSE       26 (to 26)
             14 LOAD_FAST_CHECK          1 (x)
             15 GET_ITER
        >>   16 FOR_ITER                26 (to 26)
             18 STORE_FAST               2 (y)
             19 LOAD_FAST_CHECK          1 (x)
             20 LOAD_CONST               0 (2)
             21 BINARY_OP                5 (*)
             23 LIST_APPEND              3
             24 JUMP_BACKWARD           16 (to 16)
        >>   26 JUMP_BACKWARD            4 (to 4)
        >>   28 RETURN_VALUE
"#,
    );
}

#[test]
fn golden_generator_yield_from() {
    golden(
        r#"def g(xs):
    yield 1
    r = yield from xs
    return r
"#,
        r#"  0           0 RESUME                   0

  1           2 LOAD_CONST               0 (<code object g, line 1>)
              3 MAKE_FUNCTION            0
              4 STORE_NAME               0 (g)
              5 LOAD_CONST               1 (None)
              6 RETURN_VALUE

Disassembly of <code object g, line 1>:
  1           0 RETURN_GENERATOR
              1 POP_TOP
              2 RESUME                   0

  2           4 LOAD_CONST               0 (1)
              5 YIELD_VALUE
              6 POP_TOP

  3           7 LOAD_FAST                0 (xs)
              8 GET_YIELD_FROM_ITER
              9 LOAD_CONST               1 (None)
        >>   10 SEND                    14 (to 14)
             11 YIELD_VALUE
             12 JUMP_BACKWARD_NO_INTERRUPT    10 (to 10)
        >>   13 CLEANUP_THROW
        >>   14 END_SEND
             15 STORE_FAST               1 (r)

  4          16 LOAD_FAST_CHECK          1 (r)
             17 RETURN_VALUE
        >>   18 CALL_INTRINSIC_1         3 (INTRINSIC_STOPITERATION_ERROR)
             19 RERAISE                  1
ExceptionTable:
  2 to 10 -> 18 [0] lasti
  11 to 11 -> 13 [2]
  12 to 17 -> 18 [0] lasti
"#,
    );
}

#[test]
fn golden_calls() {
    golden(
        r#"o.m(1, k=2)
f(*args)
g(a, *b, c=1, **d)
"#,
        r#"  0           0 RESUME                   0

  1           2 LOAD_NAME                0 (o)
              3 LOAD_ATTR                3 (m + NULL|self)
              8 LOAD_CONST               0 (1)
              9 LOAD_CONST               1 (2)
             10 LOAD_CONST               2 (('k',))
             11 CALL_KW                  2
             12 POP_TOP

  2          13 LOAD_NAME                2 (f)
             14 PUSH_NULL
             15 BUILD_LIST               0
             16 LOAD_NAME                3 (args)
             17 LIST_EXTEND              1
             18 CALL_INTRINSIC_1         1 (INTRINSIC_LIST_TO_TUPLE)
             19 PUSH_NULL
             20 CALL_FUNCTION_EX         0
             21 POP_TOP

  3          22 LOAD_NAME                4 (g)
             23 PUSH_NULL
             24 LOAD_NAME                5 (a)
             25 BUILD_LIST               1
             26 LOAD_NAME                6 (b)
             27 LIST_EXTEND              1
             28 CALL_INTRINSIC_1         1 (INTRINSIC_LIST_TO_TUPLE)
             29 LOAD_CONST               3 ('c')
             30 LOAD_CONST               0 (1)
             31 BUILD_MAP                1
             32 LOAD_NAME                7 (d)
             33 DICT_MERGE               1
             34 CALL_FUNCTION_EX         1
             35 POP_TOP
             36 LOAD_CONST               4 (None)
             37 RETURN_VALUE
"#,
    );
}

#[test]
fn golden_bool_and_compare() {
    golden(
        r#"r = a and b or c
s = 1 < x <= 3
t = x not in y
"#,
        r#"  0           0 RESUME                   0

  1           2 LOAD_NAME                0 (a)
              3 COPY                     1
              4 TO_BOOL
              8 POP_JUMP_IF_FALSE       12 (to 12)
             10 POP_TOP
             11 LOAD_NAME                1 (b)
        >>   12 COPY                     1
             13 TO_BOOL
             17 POP_JUMP_IF_TRUE        21 (to 21)
             19 POP_TOP
             20 LOAD_NAME                2 (c)
        >>   21 STORE_NAME               3 (r)

  2          22 LOAD_CONST               0 (1)
             23 LOAD_NAME                4 (x)
             24 SWAP                     2
             25 COPY                     2
             26 COMPARE_OP               0 (<)
             28 COPY                     1
             29 TO_BOOL
             33 POP_JUMP_IF_FALSE       40 (to 40)
             35 POP_TOP
             36 LOAD_CONST               1 (3)
             37 COMPARE_OP               1 (<=)
             39 JUMP_FORWARD            42 (to 42)
        >>   40 SWAP                     2
             41 POP_TOP
        >>   42 STORE_NAME               5 (s)

  3          43 LOAD_NAME                4 (x)
             44 LOAD_NAME                6 (y)
             45 CONTAINS_OP              1
             47 STORE_NAME               7 (t)
             48 LOAD_CONST               2 (None)
             49 RETURN_VALUE
"#,
    );
}

#[test]
fn golden_unpack_and_augassign() {
    golden(
        r#"a, *b, c = t
x.y += 1
d[k] //= 2
s[1:n] = v
"#,
        r#"  0           0 RESUME                   0

  1           2 LOAD_NAME                0 (t)
              3 UNPACK_EX              257
              4 STORE_NAME               1 (a)
              5 STORE_NAME               2 (b)
              6 STORE_NAME               3 (c)

  2           7 LOAD_NAME                4 (x)
              8 COPY                     1
              9 LOAD_ATTR               10 (y)
             14 LOAD_CONST               0 (1)
             15 BINARY_OP               13 (+=)
             17 SWAP                     2
             18 STORE_ATTR               5 (y)

  3          23 LOAD_NAME                6 (d)
             24 LOAD_NAME                7 (k)
             25 COPY                     2
             26 COPY                     2
             27 BINARY_SUBSCR
             29 LOAD_CONST               1 (2)
             30 BINARY_OP               15 (//=)
             32 SWAP                     3
             33 SWAP                     2
             34 STORE_SUBSCR

  4          36 LOAD_NAME                8 (v)
             37 LOAD_NAME                9 (s)
             38 LOAD_CONST               0 (1)
             39 LOAD_NAME               10 (n)
             40 STORE_SLICE
             41 LOAD_CONST               2 (None)
             42 RETURN_VALUE
"#,
    );
}

#[test]
fn golden_lambda_and_dict() {
    golden(
        r#"f = lambda x, *a, **k: {x: a, **k}
"#,
        r#"  0           0 RESUME                   0

  1           2 LOAD_CONST               0 (<code object <lambda>, line 1>)
              3 MAKE_FUNCTION            0
              4 STORE_NAME               0 (f)
              5 LOAD_CONST               1 (None)
              6 RETURN_VALUE

Disassembly of <code object <lambda>, line 1>:
  1           0 RESUME                   0
              2 LOAD_FAST                0 (x)
              3 LOAD_FAST                1 (a)
              4 BUILD_MAP                1
              5 LOAD_FAST                2 (k)
              6 DICT_UPDATE              1
              7 RETURN_VALUE
"#,
    );
}

#[test]
fn golden_break_through_finally_and_with() {
    golden(
        r#"for x in y:
    try:
        with c:
            break
    finally:
        z()
"#,
        r#"  0           0 RESUME                   0

  1           2 LOAD_NAME                0 (y)
              3 GET_ITER
        >>    4 FOR_ITER                77 (to 77)
              6 STORE_NAME               1 (x)

  3           7 LOAD_NAME                2 (c)
              8 BEFORE_WITH
              9 POP_TOP
             10 PUSH_NULL
             11 LOAD_CONST               0 (None)
             12 LOAD_CONST               0 (None)
             13 LOAD_CONST               0 (None)
             14 CALL                     3
             18 POP_TOP

  6          19 LOAD_NAME                3 (z)
             20 PUSH_NULL
             21 CALL                     0
             25 POP_TOP

  3          26 POP_TOP
             27 JUMP_FORWARD            77 (to 77)
             28 PUSH_NULL
             29 LOAD_CONST               0 (None)
             30 LOAD_CONST               0 (None)
             31 LOAD_CONST               0 (None)
             32 CALL                     3
             36 POP_TOP
             37 JUMP_FORWARD            55 (to 55)
        >>   38 PUSH_EXC_INFO
             39 WITH_EXCEPT_START
             40 TO_BOOL
             44 POP_JUMP_IF_TRUE        47 (to 47)
             46 RERAISE                  2
        >>   47 POP_TOP
             48 POP_EXCEPT
             49 POP_TOP
             50 POP_TOP
             51 JUMP_FORWARD            55 (to 55)
        >>   52 COPY                     3
             53 POP_EXCEPT
             54 RERAISE                  1

  6     >>   55 LOAD_NAME                3 (z)
             56 PUSH_NULL
             57 CALL                     0
             61 POP_TOP
             62 JUMP_FORWARD            75 (to 75)
        >>   63 PUSH_EXC_INFO
             64 LOAD_NAME                3 (z)
             65 PUSH_NULL
             66 CALL                     0
             70 POP_TOP
             71 RERAISE                  0
        >>   72 COPY                     3
             73 POP_EXCEPT
             74 RERAISE                  1

  1     >>   75 JUMP_BACKWARD            4 (to 4)
        >>   77 LOAD_CONST               0 (None)
             78 RETURN_VALUE
ExceptionTable:
  7 to 8 -> 63 [1]
  9 to 9 -> 38 [2] lasti
  10 to 18 -> 63 [1]
  28 to 37 -> 63 [1]
  38 to 47 -> 52 [4] lasti
  48 to 54 -> 63 [1]
  63 to 71 -> 72 [2] lasti
"#,
    );
}

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
        let (op, _) = code.instr(ip).unwrap();
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
    assert!(!text.contains("__debug__") && !text.contains("POP_JUMP"), "{text}");
}
