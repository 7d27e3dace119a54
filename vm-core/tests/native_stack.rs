//! Native recursion never overflows the native stack: iterator chains, deep structures and
//! re-entry from native code into Python either work or raise `RecursionError` at the
//! native depth limit, on a stack as small as a board's.

use vm_core::{BufferHost, Config, RunError, Vm};

/// The stack the programs run on: a quarter of the QEMU boards' 4 MiB, so the bound holds
/// with room to spare in the unoptimized test build.
const STACK: usize = 1 << 20;

/// Runs `src` on a thread with a [`STACK`]-byte stack; returns the uncaught exception's
/// type name, or "" when the run succeeded.
fn outcome_on_small_stack(src: &'static str) -> String {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            let config = Config {
                heap_limit: 64 << 20,
                ..Config::default()
            };
            let mut vm = Vm::new(config, Box::new(BufferHost::default())).expect("VM");
            let r = vm.run_source(src, "t.py");
            // The VM keeps working after it.
            vm.run_source("x = [i for i in range(10)]\n", "t.py")
                .expect("the VM stays usable");
            match r {
                Ok(()) => String::new(),
                Err(RunError::Exception { type_name, .. }) => type_name,
                Err(other) => format!("{other:?}"),
            }
        })
        .expect("thread")
        .join()
        .expect("no stack overflow")
}

#[test]
fn chains_of_30000_iterators_raise_recursion_error() {
    for wrap in [
        "map(abs, it)",
        "filter(None, it)",
        "zip(it)",
        "enumerate(it)",
    ] {
        let src =
            format!("it = [1, -2, 3]\nfor i in range(30000):\n    it = {wrap}\nr = list(it)\n");
        let src: &'static str = Box::leak(src.into_boxed_str());
        assert_eq!(outcome_on_small_stack(src), "RecursionError", "{wrap}");
    }
    assert_eq!(
        outcome_on_small_stack(
            "it = [1, -2, 3]\nfor i in range(30000):\n    it = map(abs, it)\nr = sum(it)\n"
        ),
        "RecursionError"
    );
}

#[test]
fn deep_structures_raise_recursion_error() {
    for op in [
        "repr(a)", "a == b", "a < b", "hash(t)", "str(a)", "a in [b]",
    ] {
        let src = format!(
            "a = b = []\nt = ()\nfor i in range(100000):\n    a = [a]\n    b = [b]\n    t = (t,)\nr = {op}\n"
        );
        let src: &'static str = Box::leak(src.into_boxed_str());
        assert_eq!(outcome_on_small_stack(src), "RecursionError", "{op}");
    }
}

#[test]
fn native_code_calling_back_into_python_raises_recursion_error() {
    // A key function that sorts again, a `__eq__`, `__repr__` and `__hash__` that recurse
    // through the builtins, a generator driven by `next` that drives another.
    let programs = [
        "def k(x):\n    return sorted([x, x], key=k)\nsorted([1, 2], key=k)\n",
        "class E:\n    def __eq__(self, o):\n        return [self] == [o]\nE() == E()\n",
        "class R:\n    def __repr__(self):\n        return repr([self])\nrepr(R())\n",
        "class H:\n    def __hash__(self):\n        return hash((self,))\nhash(H())\n",
        "def g():\n    yield next(g())\nnext(g())\n",
        "class I:\n    def __iter__(self):\n        return iter(list(I()))\nlist(I())\n",
    ];
    for src in programs {
        assert_eq!(outcome_on_small_stack(src), "RecursionError", "{src}");
    }
}

/// A chain of `n` `elif` branches (each is an `if` nested in the `else` before it).
fn elif_chain(n: usize) -> &'static str {
    let mut src = String::from("x = 5\nif x == 0:\n    pass\n");
    for i in 1..n {
        src.push_str(&format!("elif x == {i}:\n    x = x\n"));
    }
    src.push_str("else:\n    x = -1\nassert x == -1 or x == 5\n");
    Box::leak(src.into_boxed_str())
}

#[test]
fn long_elif_chains_compile_or_are_a_syntax_error() {
    // Every stage of the compiler recurses on the chain: it stops at the parser's nesting
    // limit (the chain of 20,000 overflowed the host's 8 MiB main stack and aborted).
    assert_eq!(outcome_on_small_stack(elif_chain(1_000)), "");
    for n in [1_001, 20_000, 100_000] {
        let r = outcome_on_small_stack(elif_chain(n));
        assert!(
            r.starts_with("Compile(") && r.contains("SyntaxError: too many 'elif' branches"),
            "{n}: {r}"
        );
    }
}

#[test]
fn expressions_at_the_nesting_limit_compile_on_a_small_stack() {
    let n = 990;
    for src in [
        format!("x = {}\n", vec!["1"; n].join(" + ")),
        format!("x = {}1\n", "-".repeat(n)),
        format!("x = {}True\n", "not ".repeat(n)),
        format!("x = {}2{}\n", "(".repeat(199), ")".repeat(199)),
        format!("x = {}2\n", "1 if 0 else ".repeat(n)),
        format!("x = 1\ny = x{}\n", ".real".repeat(n)),
    ] {
        let src: &'static str = Box::leak(src.into_boxed_str());
        assert_eq!(outcome_on_small_stack(src), "", "{}", &src[..40]);
    }
}
