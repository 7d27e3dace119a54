//! An embedder that uses only vm-core's public API (the `internals` feature off). Built
//! alone (`cargo build -p embed-surface`), it shows that the public surface is enough for
//! the embedding guide's uses; `check.sh` also shows that the VM's internals stay out of it.

use std::rc::Rc;

use vm_core::hostfs::{FileMode, HostError, Whence};
use vm_core::importing::loader::{candidate_files, FoundModule, FrozenModule, ModuleCode};
use vm_core::jit::{BackendFactory, CodeMemory, JitConfig, JitStats};
use vm_core::{
    image, Allow, BufferHost, CallCtx, ClassBuilder, Config, ExcKind, Handle, Host, Interpreter,
    NativeClass, PyErr, PyResult, RunError, Signals, StartError, Termination, Variadic,
};

/// A host that serves one module from memory and has no filesystem.
#[derive(Default)]
struct MemoryHost {
    out: String,
}

impl Host for MemoryHost {
    fn write_stdout(&mut self, s: &str) {
        self.out.push_str(s);
    }
    fn write_stderr(&mut self, s: &str) {
        self.out.push_str(s);
    }
    fn find_module(&mut self, name: &str, _path: &[String]) -> Option<FoundModule> {
        (name == "greeting").then(|| FoundModule {
            code: ModuleCode::Source("WORD = 'hello'\n".into()),
            origin: candidate_files("lib", name)[2].0.clone(),
            package_path: None,
        })
    }
    fn file_open(&mut self, _path: &str, _mode: FileMode) -> Result<u64, HostError> {
        Err(HostError::no_filesystem())
    }
    fn file_seek(&mut self, _h: u64, _offset: i64, _whence: Whence) -> Result<u64, HostError> {
        Err(HostError::bad_handle())
    }
}

#[derive(Clone)]
struct Counter {
    n: i64,
}

impl NativeClass for Counter {
    const NAME: &'static str = "Counter";

    fn build(class: &mut ClassBuilder<'_, Self>) -> PyResult<()> {
        class.constructor(|_, (): ()| Ok(Counter { n: 0 }))?;
        class.method("bump", |_, this: &mut Counter, (): ()| {
            this.n += 1;
            Ok(this.n)
        })?;
        class.getter("n", |_, this: &Counter| Ok(this.n))
    }
}

/// A JIT configuration names only public types (a backend comes from a crate that
/// implements `vm_core::jit::Backend`, which needs the internals).
fn jit_config(memory: Rc<dyn CodeMemory>, backend: BackendFactory) -> JitConfig {
    let mut jit = JitConfig::new(memory, backend);
    jit.code_limit = 64 << 10;
    jit
}

fn functions(py: &mut Interpreter) -> Result<(), RunError> {
    py.function("total", |_: &mut CallCtx, Variadic(xs): Variadic<i64>| {
        Ok(xs.iter().sum::<i64>())
    })?;
    py.function(
        "check",
        |ctx: &mut CallCtx, (x,): (i64,)| -> PyResult<i64> {
            if x < 0 {
                let err: PyErr = ctx.error(ExcKind::ValueError, "negative");
                return Err(err);
            }
            Ok(x)
        },
    )?;
    py.module("board", |m| m.value("LEDS", 4))?;
    py.class::<Counter>()?;
    Ok(())
}

fn main() {
    let config = Config {
        fuel: Some(1_000_000),
        modules: Allow::all_except(["_fs"]),
        ..Config::default()
    };
    // Without a backend crate there is nothing to run it with; it only has to compile.
    let _ = jit_config as fn(_, _) -> _;
    let mut py = Interpreter::new(config, MemoryHost::default()).expect("heap large enough");
    functions(&mut py).unwrap();
    py.frozen(
        "frozen_mod",
        FrozenModule {
            source: Some("X = 3\n"),
            image: None,
            package: false,
        },
    );
    let src = "import board, greeting, frozen_mod\nc = Counter()\nc.bump()\n\
               print(greeting.WORD, total(1, 2, board.LEDS), frozen_mod.X, c.n)\n";
    py.run(src, "main.py").unwrap();
    assert_eq!(py.host::<MemoryHost>().unwrap().out, "hello 7 3 1\n");

    // Values in and out, and Python functions called from Rust.
    py.set_global("base", 10).unwrap();
    py.run("def add(x):\n    return base + x\n", "main.py")
        .unwrap();
    let add: Handle = py.global("add").unwrap();
    assert_eq!(py.call::<i64>(&add, (5,)).unwrap(), 15);
    let err = py.run("check(-1)", "main.py").unwrap_err();
    assert!(err.to_string().ends_with("ValueError: negative"), "{err}");

    // Limits: the instruction budget and the signals.
    let signals: std::sync::Arc<Signals> = py.signals();
    signals.terminate();
    match py.run("while True: pass", "main.py") {
        Err(RunError::Terminated { reason, .. }) => assert_eq!(reason, Termination::Request),
        other => panic!("{other:?}"),
    }
    py.set_fuel(Some(1000));
    match py.run("while True: pass", "main.py") {
        Err(RunError::Terminated { reason, .. }) => assert_eq!(reason, Termination::Fuel),
        other => panic!("{other:?}"),
    }
    let stats: Option<JitStats> = py.jit_stats();
    assert!(stats.is_none());

    // Bytecode images.
    let bytes = image::compile_to_image("print('from an image')\n", "img.py").unwrap();
    assert!(image::is_image(&bytes));
    py.set_fuel(None);
    py.run_image(&bytes, "img.py").unwrap();

    // Too small a heap is an error value.
    let tiny = Config {
        heap_limit: 1024,
        ..Config::default()
    };
    match Interpreter::new(tiny, BufferHost::default()) {
        Err(StartError::HeapTooSmall { limit, .. }) => assert_eq!(limit, 1024),
        Ok(_) => panic!("a 1 KiB heap cannot hold the builtins"),
    }
    println!("embed-surface: the public API is enough");
}
