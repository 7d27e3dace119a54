//! Golden disassemblies of key constructs, in the shape of CPython 3.12's compiler.

use super::dis;

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
              4 COMPARE_OP              16 (bool(<))
              9 POP_JUMP_IF_FALSE       33 (to 33)

  2          11 LOAD_NAME                0 (i)
             12 LOAD_CONST               1 (5)
             13 COMPARE_OP              18 (bool(==))
             18 POP_JUMP_IF_FALSE       21 (to 21)

  3          20 JUMP_FORWARD            40 (to 40)

  4     >>   21 LOAD_NAME                0 (i)
             22 LOAD_CONST               2 (1)
             23 BINARY_OP               13 (+=)
             28 STORE_NAME               0 (i)

  5          29 JUMP_BACKWARD            2 (to 2)

  1          31 JUMP_BACKWARD            2 (to 2)

  7     >>   33 LOAD_NAME                1 (done)
             34 PUSH_NULL
             35 CALL                     0
             39 POP_TOP
        >>   40 LOAD_CONST               3 (None)
             41 RETURN_VALUE
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
              8 LOAD_FAST                0 (x)
              9 CALL                     1

  5          13 LOAD_GLOBAL              3 (cleanup + NULL)
             19 CALL                     0
             23 POP_TOP

  3          24 RETURN_VALUE

  5          25 LOAD_GLOBAL              3 (cleanup + NULL)
             31 CALL                     0
             35 POP_TOP
             36 JUMP_FORWARD            53 (to 53)
        >>   37 PUSH_EXC_INFO
             38 LOAD_GLOBAL              3 (cleanup + NULL)
             44 CALL                     0
             48 POP_TOP
             49 RERAISE                  0
        >>   50 COPY                     3
             51 POP_EXCEPT
             52 RERAISE                  1
        >>   53 LOAD_CONST               0 (None)
             54 RETURN_VALUE
ExceptionTable:
  2 to 9 -> 37 [0]
  37 to 49 -> 50 [1] lasti
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

  6           8 LOAD_FAST                3 (add)
              9 RETURN_VALUE

Disassembly of <code object add, line 4>:
  4           0 COPY_FREE_VARS           1
              1 RESUME                   0

  5           3 LOAD_DEREF               0 (a)
              4 LOAD_FAST                0 (y)
              5 BINARY_OP                0 (+)
             10 RETURN_VALUE
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
              9 CALL                     0
             13 LOAD_ATTR                3 (f + NULL|self)
             18 CALL                     0
             22 RETURN_VALUE
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
        >>    4 FOR_ITER                31 (to 31)
              6 STORE_FAST               1 (x)
              7 LOAD_FAST                1 (x)
              8 TO_BOOL
             12 POP_JUMP_IF_FALSE       29 (to 29)
             14 LOAD_FAST                1 (x)
             15 GET_ITER
        >>   16 FOR_ITER                29 (to 29)
             18 STORE_FAST               2 (y)
             19 LOAD_FAST                1 (x)
             20 LOAD_CONST               0 (2)
             21 BINARY_OP                5 (*)
             26 LIST_APPEND              3
             27 JUMP_BACKWARD           16 (to 16)
        >>   29 JUMP_BACKWARD            4 (to 4)
        >>   31 RETURN_VALUE
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

  4          16 LOAD_FAST                1 (r)
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
             15 LOAD_NAME                3 (args)
             16 PUSH_NULL
             17 CALL_FUNCTION_EX         0
             18 POP_TOP

  3          19 LOAD_NAME                4 (g)
             20 PUSH_NULL
             21 LOAD_NAME                5 (a)
             22 BUILD_LIST               1
             23 LOAD_NAME                6 (b)
             24 LIST_EXTEND              1
             25 CALL_INTRINSIC_1         1 (INTRINSIC_LIST_TO_TUPLE)
             26 LOAD_CONST               3 ('c')
             27 LOAD_CONST               0 (1)
             28 BUILD_MAP                1
             29 LOAD_NAME                7 (d)
             30 DICT_MERGE               1
             31 CALL_FUNCTION_EX         1
             32 POP_TOP
             33 LOAD_CONST               4 (None)
             34 RETURN_VALUE
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
             31 COPY                     1
             32 TO_BOOL
             36 POP_JUMP_IF_FALSE       46 (to 46)
             38 POP_TOP
             39 LOAD_CONST               1 (3)
             40 COMPARE_OP               1 (<=)
             45 JUMP_FORWARD            48 (to 48)
        >>   46 SWAP                     2
             47 POP_TOP
        >>   48 STORE_NAME               5 (s)

  3          49 LOAD_NAME                4 (x)
             50 LOAD_NAME                6 (y)
             51 CONTAINS_OP              1
             53 STORE_NAME               7 (t)
             54 LOAD_CONST               2 (None)
             55 RETURN_VALUE
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
             20 SWAP                     2
             21 STORE_ATTR               5 (y)

  3          26 LOAD_NAME                6 (d)
             27 LOAD_NAME                7 (k)
             28 COPY                     2
             29 COPY                     2
             30 BINARY_SUBSCR
             32 LOAD_CONST               1 (2)
             33 BINARY_OP               15 (//=)
             38 SWAP                     3
             39 SWAP                     2
             40 STORE_SUBSCR

  4          42 LOAD_NAME                8 (v)
             43 LOAD_NAME                9 (s)
             44 LOAD_CONST               0 (1)
             45 LOAD_NAME               10 (n)
             46 STORE_SLICE
             47 LOAD_CONST               2 (None)
             48 RETURN_VALUE
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

  3          26 POP_ITER
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

#[test]
fn golden_match_shapes() {
    golden(
        r#"match x:
    case [a, *_, b]:
        pass
    case {1: c, **r}:
        pass
    case C(1, k=d) | (2 as d):
        pass
    case _:
        pass
"#,
        r#"  0           0 RESUME                   0

  1           2 LOAD_NAME                0 (x)

  2           3 COPY                     1
              4 MATCH_SEQUENCE
              5 POP_JUMP_IF_FALSE       38 (to 38)
              7 GET_LEN
              8 LOAD_CONST               0 (2)
              9 COMPARE_OP              21 (bool(>=))
             14 POP_JUMP_IF_FALSE       38 (to 38)
             16 COPY                     1
             17 LOAD_CONST               1 (0)
             18 BINARY_SUBSCR
             20 SWAP                     2
             21 COPY                     1
             22 GET_LEN
             23 LOAD_CONST               2 (1)
             24 BINARY_OP               10 (-)
             29 BINARY_SUBSCR
             31 SWAP                     3
             32 SWAP                     2
             33 POP_TOP
             34 STORE_NAME               1 (a)
             35 STORE_NAME               2 (b)
             36 POP_TOP

  3          37 JUMP_FORWARD           116 (to 116)

  2     >>   38 POP_TOP

  4          39 COPY                     1
             40 MATCH_MAPPING
             41 POP_JUMP_IF_FALSE       77 (to 77)
             43 GET_LEN
             44 LOAD_CONST               2 (1)
             45 COMPARE_OP              21 (bool(>=))
             50 POP_JUMP_IF_FALSE       77 (to 77)
             52 LOAD_CONST               2 (1)
             53 BUILD_TUPLE              1
             54 MATCH_KEYS
             55 COPY                     1
             56 POP_JUMP_IF_NONE        75 (to 75)
             58 UNPACK_SEQUENCE          1
             60 SWAP                     3
             61 SWAP                     2
             62 BUILD_MAP                0
             63 SWAP                     3
             64 DICT_UPDATE              2
             65 UNPACK_SEQUENCE          1
             67 COPY                     2
             68 SWAP                     2
             69 DELETE_SUBSCR
             70 SWAP                     2
             71 STORE_NAME               3 (c)
             72 STORE_NAME               4 (r)
             73 POP_TOP

  5          74 JUMP_FORWARD           116 (to 116)

  4     >>   75 POP_TOP
             76 POP_TOP
        >>   77 POP_TOP

  6          78 COPY                     1
             79 LOAD_NAME                5 (C)
             80 LOAD_CONST               3 (('k',))
             81 MATCH_CLASS              1
             82 COPY                     1
             83 POP_JUMP_IF_NONE        96 (to 96)
             85 UNPACK_SEQUENCE          2
             87 LOAD_CONST               2 (1)
             88 COMPARE_OP              18 (bool(==))
             93 POP_JUMP_IF_FALSE       96 (to 96)
             95 JUMP_FORWARD           111 (to 111)
        >>   96 POP_TOP
             97 COPY                     1
             98 COPY                     1
             99 LOAD_CONST               0 (2)
            100 COMPARE_OP              18 (bool(==))
            105 POP_JUMP_IF_FALSE      108 (to 108)
            107 JUMP_FORWARD           111 (to 111)
        >>  108 POP_TOP
            109 POP_TOP
            110 JUMP_FORWARD           115 (to 115)
        >>  111 SWAP                     2
            112 POP_TOP
            113 STORE_NAME               6 (d)

  7         114 JUMP_FORWARD           116 (to 116)

  8     >>  115 NOP
        >>  116 LOAD_CONST               4 (None)
            117 RETURN_VALUE
"#,
    );
}

#[test]
fn golden_async_with_for_await() {
    golden(
        r#"async def f(it, cm):
    async with cm as c:
        async for x in it:
            await c(x)
"#,
        r#"  0           0 RESUME                   0

  1           2 LOAD_CONST               0 (<code object f, line 1>)
              3 MAKE_FUNCTION            0
              4 STORE_NAME               0 (f)
              5 LOAD_CONST               1 (None)
              6 RETURN_VALUE

Disassembly of <code object f, line 1>:
  1           0 RETURN_GENERATOR
              1 POP_TOP
              2 RESUME                   0

  2           4 LOAD_FAST                1 (cm)
              5 BEFORE_ASYNC_WITH
              6 GET_AWAITABLE            1
              7 LOAD_CONST               0 (None)
        >>    8 SEND                    12 (to 12)
              9 YIELD_VALUE
             10 JUMP_BACKWARD_NO_INTERRUPT     8 (to 8)
        >>   11 CLEANUP_THROW
        >>   12 END_SEND
             13 STORE_FAST               2 (c)

  3          14 LOAD_FAST                0 (it)
             15 GET_AITER
        >>   16 GET_ANEXT
             17 LOAD_CONST               0 (None)
        >>   18 SEND                    22 (to 22)
             19 YIELD_VALUE
             20 JUMP_BACKWARD_NO_INTERRUPT    18 (to 18)
        >>   21 CLEANUP_THROW
        >>   22 END_SEND
             23 STORE_FAST               3 (x)

  4          24 LOAD_FAST                2 (c)
             25 PUSH_NULL
             26 LOAD_FAST                3 (x)
             27 CALL                     1
             31 GET_AWAITABLE            0
             32 LOAD_CONST               0 (None)
        >>   33 SEND                    37 (to 37)
             34 YIELD_VALUE
             35 JUMP_BACKWARD_NO_INTERRUPT    33 (to 33)
        >>   36 CLEANUP_THROW
        >>   37 END_SEND
             38 POP_TOP

  3          39 JUMP_BACKWARD           16 (to 16)
        >>   41 END_ASYNC_FOR

  2          42 PUSH_NULL
             43 LOAD_CONST               0 (None)
             44 LOAD_CONST               0 (None)
             45 LOAD_CONST               0 (None)
             46 CALL                     3
             50 GET_AWAITABLE            2
             51 LOAD_CONST               0 (None)
        >>   52 SEND                    56 (to 56)
             53 YIELD_VALUE
             54 JUMP_BACKWARD_NO_INTERRUPT    52 (to 52)
        >>   55 CLEANUP_THROW
        >>   56 END_SEND
             57 POP_TOP
             58 JUMP_FORWARD            83 (to 83)
        >>   59 PUSH_EXC_INFO
             60 WITH_EXCEPT_START
             61 GET_AWAITABLE            2
             62 LOAD_CONST               0 (None)
        >>   63 SEND                    67 (to 67)
             64 YIELD_VALUE
             65 JUMP_BACKWARD_NO_INTERRUPT    63 (to 63)
        >>   66 CLEANUP_THROW
        >>   67 END_SEND
             68 TO_BOOL
             72 POP_JUMP_IF_TRUE        75 (to 75)
             74 RERAISE                  2
        >>   75 POP_TOP
             76 POP_EXCEPT
             77 POP_TOP
             78 POP_TOP
             79 JUMP_FORWARD            83 (to 83)
        >>   80 COPY                     3
             81 POP_EXCEPT
             82 RERAISE                  1
        >>   83 LOAD_CONST               0 (None)
             84 RETURN_VALUE
        >>   85 CALL_INTRINSIC_1         3 (INTRINSIC_STOPITERATION_ERROR)
             86 RERAISE                  1
ExceptionTable:
  2 to 8 -> 85 [0] lasti
  9 to 9 -> 11 [3]
  10 to 12 -> 85 [0] lasti
  13 to 15 -> 59 [1] lasti
  16 to 18 -> 41 [2]
  19 to 19 -> 21 [4]
  20 to 22 -> 41 [2]
  23 to 33 -> 59 [1] lasti
  34 to 34 -> 36 [4]
  35 to 41 -> 59 [1] lasti
  42 to 52 -> 85 [0] lasti
  53 to 53 -> 55 [2]
  54 to 58 -> 85 [0] lasti
  59 to 63 -> 80 [3] lasti
  64 to 64 -> 66 [6]
  65 to 75 -> 80 [3] lasti
  76 to 84 -> 85 [0] lasti
"#,
    );
}
