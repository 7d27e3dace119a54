//! The embedding API's closures and native classes called from loops compiled to machine
//! code (tier 3), as the interpreter and the uop executor call them (`vm-core`'s
//! `tests/embed_api.rs` covers tiers 1 and 2).
#![cfg(target_arch = "x86_64")]

use std::cell::Cell;
use std::rc::Rc;

use tiercel::HostJit;
use vm_core::{BufferHost, CallCtx, ClassBuilder, Config, Interpreter, NativeClass, PyResult};

struct Acc {
    total: i64,
}

impl NativeClass for Acc {
    const NAME: &'static str = "Acc";

    fn build(class: &mut ClassBuilder<'_, Self>) -> PyResult<()> {
        class.constructor(|_, ()| Ok(Acc { total: 0 }))?;
        class.method("add", |_, this: &mut Acc, (x,): (i64,)| {
            this.total += x;
            Ok(this.total)
        })?;
        class.getter("total", |_, this: &Acc| Ok(this.total))
    }
}

#[test]
fn closures_and_native_methods_run_from_compiled_loops() {
    let jit = HostJit::new(1 << 20, false);
    let config = Config {
        jit: jit.config,
        hot: Some(1),
        ..Config::default()
    };
    let mut py = Interpreter::new(config, BufferHost::default()).unwrap();
    let calls = Rc::new(Cell::new(0u32));
    let seen = calls.clone();
    py.function("double", move |_: &mut CallCtx, (x,): (i64,)| {
        seen.set(seen.get() + 1);
        Ok(x * 2)
    })
    .unwrap();
    py.class::<Acc>().unwrap();
    py.run(
        "def f(n):\n    a = Acc()\n    s = 0\n    for i in range(n):\n        s += double(i)\n        a.add(i)\n    return s, a.total\n\
         print(f(2000))\n",
        "main.py",
    )
    .unwrap();
    let out = &py.host::<BufferHost>().unwrap().stdout;
    assert_eq!(out, "(3998000, 1999000)\n");
    assert_eq!(calls.get(), 2000);
    let stats = py.vm().jit_stats().expect("a JIT");
    assert!(stats.compiled > 0, "{stats:?}");
}
