//! The typed embedding API (`vm_core::Interpreter`): closures, conversions, native
//! classes, capability lists, errors.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::rc::Rc;

mod common;

use common::{exception, stdout};
use vm_core::{
    Allow, BufferHost, CallCtx, ClassBuilder, Config, ExcKind, Handle, Interpreter, NativeClass,
    PyResult, RunError, Variadic,
};

/// Every tier a native call can go through in vm-core: the interpreter alone, and traces
/// recorded at once (so a loop's calls run in the uop executor).
fn configs() -> Vec<Config> {
    vec![
        Config {
            tier: 1,
            ..Config::default()
        },
        Config {
            hot: Some(1),
            ..Config::default()
        },
        Config {
            hot: Some(1),
            uop_helpers: true,
            ..Config::default()
        },
    ]
}

#[test]
fn closures_keep_state_in_every_tier() {
    for config in configs() {
        let mut py = Interpreter::new(config, BufferHost::default()).unwrap();
        let calls = Rc::new(Cell::new(0i64));
        let seen = calls.clone();
        py.function("tick", move |_: &mut CallCtx, (by,): (i64,)| {
            seen.set(seen.get() + by);
            Ok(seen.get())
        })
        .unwrap();
        py.run(
            "t = 0\nfor i in range(300):\n    t = tick(2)\nprint(t, tick)\n",
            "main.py",
        )
        .unwrap();
        assert_eq!(calls.get(), 600);
        assert_eq!(stdout(&py), "600 <built-in function tick>\n");
    }
}

#[test]
fn closure_modules_are_imported() {
    let mut py = Interpreter::new(Config::default(), BufferHost::default()).unwrap();
    let log = Rc::new(std::cell::RefCell::new(Vec::<String>::new()));
    let sink = log.clone();
    py.module("board", move |m| {
        m.value("PINS", 8)?;
        let sink = sink.clone();
        m.function("led", move |_: &mut CallCtx, (on,): (bool,)| {
            sink.borrow_mut().push(format!("led {on}"));
            Ok(())
        })
    })
    .unwrap();
    py.run("import board\nboard.led(board.PINS > 4)\n", "main.py")
        .unwrap();
    py.run("from board import led\nled(False)\n", "main.py")
        .unwrap();
    assert_eq!(*log.borrow(), ["led true", "led false"]);
}

/// Arguments of every conversion kind.
type SummaryArgs = (
    Vec<i64>,
    Option<String>,
    BTreeMap<String, f64>,
    (i32, bool),
    Vec<u8>,
);

#[test]
fn typed_arguments_and_results_convert() {
    let mut py = Interpreter::new(Config::default(), BufferHost::default()).unwrap();
    py.function(
        "summary",
        |_: &mut CallCtx, (xs, label, weights, pair, raw): SummaryArgs| {
            let total: i64 = xs.iter().sum();
            let w: f64 = weights.values().sum();
            Ok((
                total,
                label.unwrap_or_default(),
                w,
                Some(pair.0 * 2),
                raw.into_iter().rev().collect::<Vec<u8>>(),
            ))
        },
    )
    .unwrap();
    py.run(
        "r = summary([1, 2, 3], None, {'a': 0.5, 'b': 2}, (21, True), b'abc')\nprint(r)\n",
        "main.py",
    )
    .unwrap();
    assert_eq!(stdout(&py), "(6, '', 2.5, 42, b'cba')\n");
    let r: (i64, String, f64, Option<i32>, Vec<u8>) = py.global("r").unwrap();
    assert_eq!(r, (6, String::new(), 2.5, Some(42), b"cba".to_vec()));
    let m: BTreeMap<String, Vec<i64>> = py.eval("{'x': [1, 2], 'y': []}").unwrap();
    assert_eq!(m.get("x"), Some(&vec![1, 2]));
    let pairs: Vec<(String, i64)> = py.eval("{'a': 1, 'b': 2}").unwrap();
    assert_eq!(pairs, [("a".to_string(), 1), ("b".to_string(), 2)]);
    let pairs: Vec<(String, i64)> = py.eval("[('c', 3)]").unwrap();
    assert_eq!(pairs, [("c".to_string(), 3)]);
    let h: std::collections::HashMap<i64, bool> = py.eval("{1: True}").unwrap();
    assert_eq!(h.get(&1), Some(&true));
    py.set_global("h", h).unwrap();
    assert_eq!(py.eval::<String>("repr(h)").unwrap(), "{1: True}");
    py.set_global("names", vec!["a", "b"]).unwrap();
    let joined: String = py.eval("'-'.join(names)").unwrap();
    assert_eq!(joined, "a-b");
}

#[test]
fn argument_errors_read_like_cpython() {
    let mut py = Interpreter::new(Config::default(), BufferHost::default()).unwrap();
    py.function("add", |_: &mut CallCtx, (a, b): (i64, i64)| Ok(a + b))
        .unwrap();
    py.function("opt", |_: &mut CallCtx, (a, b): (u8, Option<f64>)| {
        Ok(f64::from(a) + b.unwrap_or(0.0))
    })
    .unwrap();
    py.function("none", |_: &mut CallCtx, ()| Ok(())).unwrap();
    py.function("nums", |_: &mut CallCtx, Variadic(xs): Variadic<i64>| {
        Ok(xs.len())
    })
    .unwrap();
    let cases = [
        (
            "add(1, 'x')",
            "TypeError: add() argument 2 must be int, not str",
        ),
        (
            "add(1, 2, 3)",
            "TypeError: add() takes 2 positional arguments but 3 were given",
        ),
        (
            "add(1)",
            "TypeError: add() takes 2 positional arguments but 1 was given",
        ),
        ("add(1, b=2)", "TypeError: add() takes no keyword arguments"),
        (
            "opt()",
            "TypeError: opt() takes from 1 to 2 positional arguments but 0 were given",
        ),
        (
            "opt(300)",
            "OverflowError: opt() argument 1: int 300 is out of range for u8",
        ),
        (
            "opt(1, 'x')",
            "TypeError: opt() argument 2 must be float or None, not str",
        ),
        ("none(1)", "TypeError: none() takes no arguments (1 given)"),
        (
            "nums(1, 2, 3.5)",
            "TypeError: nums() argument 3 must be int, not float",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(exception(py.run(src, "main.py")), want, "{src}");
    }
    assert_eq!(py.eval::<usize>("nums(1, 2, 3)").unwrap(), 3);
    assert_eq!(py.eval::<f64>("opt(2, 0.5)").unwrap(), 2.5);
    match py.global::<i64>("undefined") {
        Err(RunError::Exception { type_name, .. }) => assert_eq!(type_name, "NameError"),
        other => panic!("{other:?}"),
    }
    match py.eval::<i64>("'text'") {
        Err(RunError::Exception { message, .. }) => assert_eq!(message, "expected int, not str"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn native_functions_raise_and_call_back() {
    let mut py = Interpreter::new(Config::default(), BufferHost::default()).unwrap();
    py.function("checked", |ctx: &mut CallCtx, (x,): (i64,)| {
        if x < 0 {
            return Err(ctx.error(ExcKind::ValueError, "negative"));
        }
        Ok(x)
    })
    .unwrap();
    py.function("twice", |ctx: &mut CallCtx, (f, x): (Handle, i64)| {
        let once: i64 = ctx.call(&f, (x,))?;
        ctx.call::<i64>(&f, (once,))
    })
    .unwrap();
    assert_eq!(
        exception(py.run("checked(-1)", "main.py")),
        "ValueError: negative"
    );
    py.run(
        "def inc(v):\n    return v + 1\ntry:\n    checked(-2)\nexcept ValueError as e:\n    print('caught', e)\nprint(twice(inc, 5))\n",
        "main.py",
    )
    .unwrap();
    assert_eq!(stdout(&py), "caught negative\n7\n");
    let inc: Handle = py.global("inc").unwrap();
    assert_eq!(py.call::<i64>(&inc, (41,)).unwrap(), 42);
}

/// A native class with Rust data.
#[derive(Clone, Debug, PartialEq)]
struct Counter {
    count: i64,
    step: i64,
    _alive: Option<Rc<()>>,
}

impl NativeClass for Counter {
    const NAME: &'static str = "Counter";

    fn build(class: &mut ClassBuilder<'_, Self>) -> PyResult<()> {
        class.constructor(|_, (step,): (Option<i64>,)| {
            Ok(Counter {
                count: 0,
                step: step.unwrap_or(1),
                _alive: None,
            })
        })?;
        class.method("tick", |_, this: &mut Counter, ()| {
            this.count += this.step;
            Ok(this.count)
        })?;
        class.getter("count", |_, this: &Counter| Ok(this.count))?;
        class.setter("count", |ctx, this: &mut Counter, v: i64| {
            if v < 0 {
                return Err(ctx.error(ExcKind::ValueError, "count must not be negative"));
            }
            this.count = v;
            Ok(())
        })?;
        class.repr(|this: &Counter| format!("Counter({})", this.count))
    }
}

#[test]
fn native_classes_have_methods_attributes_and_repr() {
    for config in configs() {
        let mut py = Interpreter::new(config, BufferHost::default()).unwrap();
        py.class::<Counter>().unwrap();
        py.run(
            "c = Counter(2)\nfor i in range(100):\n    c.tick()\nprint(c.count, c, isinstance(c, Counter), type(c).__name__)\n\
             c.count = 5\nprint(repr(c))\n\
             class Sub(Counter):\n    def tick(self):\n        return super().tick() * 10\n\
             s = Sub()\nprint(s.tick(), isinstance(s, Counter))\n",
            "main.py",
        )
        .unwrap();
        assert_eq!(
            stdout(&py),
            "200 Counter(200) True Counter\nCounter(5)\n10 True\n"
        );
        let errors = [
            ("c.count = -1", "ValueError: count must not be negative"),
            (
                "Counter.tick(3)",
                "TypeError: descriptor 'tick' for 'Counter' objects doesn't apply to a 'int' object",
            ),
            ("Counter('x')", "TypeError: Counter() argument 1 must be int or None, not str"),
            ("c.tick(1)", "TypeError: tick() takes no arguments (1 given)"),
            (
                "Counter.__init__([], 1)",
                "TypeError: descriptor '__init__' requires a 'Counter' object but received a 'list'",
            ),
        ];
        for (src, want) in errors {
            assert_eq!(exception(py.run(src, "main.py")), want, "{src}");
        }
        // Values go both ways: a clone out, a new instance in.
        let c: Counter = py.global("c").unwrap();
        assert_eq!(c.count, 5);
        py.set_global(
            "d",
            Counter {
                count: 7,
                step: 3,
                _alive: None,
            },
        )
        .unwrap();
        assert_eq!(py.eval::<i64>("d.tick()").unwrap(), 10);
    }
}

#[test]
fn native_class_data_is_dropped_with_its_instance() {
    let mut py = Interpreter::new(Config::default(), BufferHost::default()).unwrap();
    py.class::<Counter>().unwrap();
    let alive = Rc::new(());
    py.set_global(
        "c",
        Counter {
            count: 0,
            step: 1,
            _alive: Some(alive.clone()),
        },
    )
    .unwrap();
    py.run("c.tick()\n", "main.py").unwrap();
    assert_eq!(Rc::strong_count(&alive), 2);
    py.run("del c\n", "main.py").unwrap();
    assert_eq!(Rc::strong_count(&alive), 1);
}

#[test]
fn capability_lists_withhold_modules_and_builtins() {
    let config = Config {
        modules: Allow::only(["math"]),
        builtins: Allow::all_except(["open", "input"]),
        ..Config::default()
    };
    let mut py = Interpreter::new(config, BufferHost::default()).unwrap();
    py.module("board", |m| m.value("LEDS", 4)).unwrap();
    py.run(
        "import math, board\nprint(math.floor(2.5), board.LEDS, len('ab'))\n",
        "main.py",
    )
    .unwrap();
    assert_eq!(stdout(&py), "2 4 2\n");
    for (src, want) in [
        ("import sys", "ModuleNotFoundError: No module named 'sys'"),
        ("import time", "ModuleNotFoundError: No module named 'time'"),
        (
            "import random",
            "ModuleNotFoundError: No module named 'random'",
        ),
        ("import json", "ModuleNotFoundError: No module named 'json'"),
        ("open('f')", "NameError: name 'open' is not defined"),
        ("input()", "NameError: name 'input' is not defined"),
    ] {
        assert_eq!(exception(py.run(src, "main.py")), want, "{src}");
    }
    // Withholding every module but the ones named keeps the rest of the builtins.
    let config = Config {
        modules: Allow::all_except(["sys"]),
        builtins: Allow::only(["print"]),
        ..Config::default()
    };
    let mut py = Interpreter::new(config, BufferHost::default()).unwrap();
    py.run(
        "import math\nclass A: pass\nprint(math.pi > 3)\n",
        "main.py",
    )
    .unwrap();
    assert_eq!(stdout(&py), "True\n");
    assert_eq!(
        exception(py.run("len([])", "main.py")),
        "NameError: name 'len' is not defined"
    );
    assert_eq!(
        exception(py.run("import sys", "main.py")),
        "ModuleNotFoundError: No module named 'sys'"
    );
}

#[test]
fn a_script_without_builtins_or_modules_fails_cleanly() {
    let config = Config {
        modules: Allow::only(Vec::<String>::new()),
        builtins: Allow::only(Vec::<String>::new()),
        ..Config::default()
    };
    let mut py = Interpreter::new(config, BufferHost::default()).unwrap();
    py.run(
        "class A:\n    def f(self):\n        return [x * 2 for x in (1, 2)]\ny = A().f()\n",
        "main.py",
    )
    .unwrap();
    assert_eq!(py.global::<Vec<i64>>("y").unwrap(), [2, 4]);
    for (src, want) in [
        ("print(1)", "NameError: name 'print' is not defined"),
        ("1 / 0", "ZeroDivisionError: division by zero"),
        (
            "import collections",
            "ModuleNotFoundError: No module named 'collections'",
        ),
        (
            "import os.path",
            "ModuleNotFoundError: No module named 'os'",
        ),
        (
            "__import__('sys')",
            "ModuleNotFoundError: No module named 'sys'",
        ),
        (
            "from math import pi",
            "ModuleNotFoundError: No module named 'math'",
        ),
    ] {
        assert_eq!(exception(py.run(src, "main.py")), want, "{src}");
    }
}

#[test]
fn run_errors_display_their_traceback() {
    let mut py = Interpreter::new(Config::default(), BufferHost::default()).unwrap();
    let err = py.run("def f():\n    1 / 0\nf()\n", "main.py").unwrap_err();
    let shown = err.to_string();
    assert!(
        shown.starts_with("Traceback (most recent call last):\n"),
        "{shown}"
    );
    assert!(
        shown.ends_with("ZeroDivisionError: division by zero"),
        "{shown}"
    );
    let boxed: Box<dyn std::error::Error> = Box::new(err);
    assert_eq!(boxed.to_string(), shown);
    let err = py.run("x = (", "main.py").unwrap_err();
    assert!(
        err.to_string()
            .ends_with("SyntaxError: '(' was never closed"),
        "{err}"
    );
    assert_eq!(
        py.run("raise SystemExit(3)", "main.py")
            .unwrap_err()
            .to_string(),
        "SystemExit: 3"
    );
}

#[test]
fn buffer_host_output_is_read_back() {
    let mut py = Interpreter::new(Config::default(), BufferHost::default()).unwrap();
    py.run(
        "import sys\nprint('out')\nprint('err', file=sys.stderr)\n",
        "main.py",
    )
    .unwrap();
    let host = py.host::<BufferHost>().unwrap();
    assert_eq!(
        (host.stdout.as_str(), host.stderr.as_str()),
        ("out\n", "err\n")
    );
    py.host_mut::<BufferHost>().unwrap().stdout.clear();
    py.run("print(1)", "main.py").unwrap();
    assert_eq!(stdout(&py), "1\n");
}

#[test]
fn closures_are_dropped_with_their_function() {
    let mut py = Interpreter::new(Config::default(), BufferHost::default()).unwrap();
    let alive = Rc::new(());
    let held = alive.clone();
    py.function("probe", move |_: &mut CallCtx, ()| {
        Ok(Rc::strong_count(&held))
    })
    .unwrap();
    assert_eq!(py.eval::<usize>("probe()").unwrap(), 2);
    // A handle keeps the function (and so the closure) alive; dropping it lets both go.
    let probe: Handle = py.eval("probe").unwrap();
    py.run("import builtins\ndel builtins.probe\n", "main.py")
        .unwrap();
    assert_eq!(py.call::<usize>(&probe, ()).unwrap(), 2);
    drop(probe);
    py.run("pass", "main.py").unwrap();
    assert_eq!(Rc::strong_count(&alive), 1);
}

#[test]
fn fnmut_closures_refuse_reentry() {
    let mut py = Interpreter::new(Config::default(), BufferHost::default()).unwrap();
    let mut seen = Vec::new();
    py.function_mut(
        "record",
        move |ctx: &mut CallCtx, (x, again): (i64, Option<Handle>)| {
            seen.push(x);
            if let Some(f) = again {
                ctx.call::<()>(&f, ())?;
            }
            Ok(seen.len())
        },
    )
    .unwrap();
    assert_eq!(py.eval::<usize>("record(1)").unwrap(), 1);
    assert_eq!(py.eval::<usize>("record(2)").unwrap(), 2);
    assert_eq!(
        exception(py.run("record(3, lambda: record(4))", "main.py")),
        "RuntimeError: record() called while it runs"
    );
}
