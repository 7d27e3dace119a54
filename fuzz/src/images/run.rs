//! Checking one mutated image: read and verify it without a VM; when the verifier
//! accepts it, load and run it in a VM of its own (so its outcome depends on nothing that
//! ran before), under a fuel budget, a small heap and a watchdog; a panic is caught and
//! reported with its place.

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use vm_core::bytecode::verify;
use vm_core::image;
use vm_core::{Config, Host, Vm};

use crate::watchdog::Watchdog;

/// What became of one mutated image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Refused by the reader or the verifier, with this message.
    Refused(String),
    /// Accepted, loaded and run to an end (an outcome, an exception, fuel, the watchdog).
    Ran,
    /// A panic: where and what.
    Panic(String),
}

thread_local! {
    /// The place and message of this thread's last panic ([`install_panic_hook`]).
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Replaces the default panic hook (which prints every caught panic) by one that records
/// the panic's place and message for the thread that panicked (and prints a backtrace
/// when `RUST_BACKTRACE` is set).
pub fn install_panic_hook() {
    let backtrace = std::env::var_os("RUST_BACKTRACE").is_some();
    std::panic::set_hook(Box::new(move |info| {
        if backtrace {
            eprintln!("{info}\n{}", std::backtrace::Backtrace::force_capture());
        }
        let loc = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let p = info.payload();
        let msg = p
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        LAST_PANIC.with(|l| *l.borrow_mut() = Some(format!("{loc}: {msg}")));
    }));
}

/// A host that drops output and has a real clock (so `time` functions behave).
struct SinkHost(Instant);

impl Host for SinkHost {
    fn write_stdout(&mut self, _: &str) {}
    fn write_stderr(&mut self, _: &str) {}
    fn monotonic(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64()
    }
}

/// The limits every accepted image runs under: `fuel` instructions, a 3 MiB heap, a small
/// recursion limit; tier 2 (hot threshold 2) or tier 1.
pub fn new_vm(fuel: u64, tier2: bool) -> Vm {
    let config = Config {
        heap_limit: 3 << 20,
        recursion_limit: 150,
        native_depth_limit: 100,
        fuel: Some(fuel),
        tier: if tier2 { 2 } else { 1 },
        hot: tier2.then_some(2),
        ..Config::default()
    };
    Vm::new(config, Box::new(SinkHost(Instant::now()))).expect("a VM with the fuzz limits")
}

/// Reads and verifies `bytes`; when accepted, runs them in a fresh VM watched by `dog`
/// for at most `budget`.
pub fn check_image(bytes: &[u8], fuel: u64, tier2: bool, dog: &Watchdog, budget: Duration) -> Fate {
    let mut vm = None;
    check_image_in(&mut vm, bytes, fuel, tier2, dog, budget)
}

/// [`check_image`] in the VM `vm` holds (made when it holds none, dropped after a panic):
/// a VM that runs image after image, as an embedder's may.
pub fn check_image_in(
    vm: &mut Option<Vm>,
    bytes: &[u8],
    fuel: u64,
    tier2: bool,
    dog: &Watchdog,
    budget: Duration,
) -> Fate {
    let caught = catch_unwind(AssertUnwindSafe(|| {
        if let Err(e) = image::read(bytes).and_then(|img| verify::verify(&img)) {
            return Fate::Refused(e.to_string());
        }
        let vm = vm.get_or_insert_with(|| new_vm(fuel, tier2));
        match vm.load_image(bytes, "fuzz.tbc") {
            Err(e) => Fate::Refused(e.to_string()),
            Ok(code) => {
                dog.arm(vm.signals(), budget);
                let _ = vm.run_main(code);
                dog.disarm();
                Fate::Ran
            }
        }
    }));
    caught.unwrap_or_else(|_| {
        dog.disarm();
        *vm = None;
        let what = LAST_PANIC.with(|l| l.borrow_mut().take());
        Fate::Panic(what.unwrap_or_else(|| String::from("a panic (no hook installed)")))
    })
}
