//! What every Tiercel board runs once it has a console, a clock and a heap.
//!
//! A board crate (for example `boards/qemu-x86_64`) boots the machine, sets up its allocator,
//! implements [`Platform`] for its serial port and clock, looks for a script the harness
//! placed in guest memory ([`script::Script`]), and calls [`run`]. Everything here is plain
//! safe `no_std` code, so it is unit-tested on the host; the unsafe hardware work stays in the
//! board crates.
//!
//! The main script is source or a bytecode image (`tiercel compile`; its magic says which).
//! With the `compiler` feature off the board is an image runner: it runs images only, and
//! has no REPL.
#![no_std]
// The product is safe code; only the self-test's unit tests implement vm-core's unsafe
// `CodeMemory` trait (a fake over heap memory), so tests relax `forbid` to `deny`.
#![cfg_attr(not(test), forbid(unsafe_code))]
#![cfg_attr(test, deny(unsafe_code))]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod codemem;
pub mod console;
#[cfg(feature = "defmt")]
pub mod defmt_events;
#[cfg(feature = "defmt")]
pub mod defmt_log;
#[cfg(test)]
mod fake_console;
pub mod line_editor;
#[cfg(feature = "compiler")]
pub mod repl;
pub mod report;
pub mod script;
pub mod selftest;
pub mod serial_input;

#[cfg(test)]
mod run_tests;

pub use codemem::RegionPages;
pub use console::{ConsoleHost, Devices, Platform};
pub use selftest::TestCpu;

use alloc::boxed::Box;
use vm_core::{Config, RunError, Vm};

use console::write_text;
use script::{FLAG_FAULT_EXEC_WRITABLE, FLAG_FAULT_WRITE_EXEC, FLAG_SELFTEST};
use selftest::Fault;

/// Exit status when the board's panic handler runs (a bug in Tiercel or the board).
pub const EXIT_PANIC: i32 = 70;
/// Exit status when the CPU takes an unexpected exception (fault, trap).
pub const EXIT_FAULT: i32 = 71;
/// Exit status of a board self-test that failed.
pub const EXIT_SELFTEST_FAILED: i32 = 72;

/// Exit status when the script image's header is there but the image is malformed.
pub const EXIT_BAD_IMAGE: i32 = 2;

/// Exit status when the board's heap cannot hold the VM itself.
pub const EXIT_NO_VM: i32 = 3;

/// Exit status of an image runner (a board built without the `compiler` feature) booted
/// without a script image: it has no REPL to open.
pub const EXIT_NO_SCRIPT: i32 = 4;

/// What a board tells the shared code about itself.
#[derive(Clone, Copy, Debug)]
pub struct BoardInfo {
    /// Shown in the REPL banner, e.g. `"qemu-x86_64"`.
    pub name: &'static str,
    /// The VM heap limit in bytes: a fraction of the board's allocator, so the VM raises
    /// `MemoryError` while the allocator still has room for the compiler and bookkeeping.
    pub heap_limit: usize,
    /// Makes the board's JIT (its code memory and the backend of its architecture) for a
    /// script run at tier 3, in the backend's stress mode when asked (`true`); `None` on a
    /// board without a backend, which then runs tier 2.
    #[cfg(feature = "tier2")]
    pub jit: Option<fn(bool) -> Option<vm_core::jit::JitConfig>>,
}

impl BoardInfo {
    /// A board called `name` whose allocator manages `heap_size` bytes: the VM gets 3/4 of
    /// them.
    pub const fn new(name: &'static str, heap_size: usize) -> Self {
        BoardInfo {
            name,
            heap_limit: heap_size / 4 * 3,
            #[cfg(feature = "tier2")]
            jit: None,
        }
    }

    /// This board with a JIT for tier 3.
    #[cfg(feature = "tier2")]
    pub const fn with_jit(self, jit: fn(bool) -> Option<vm_core::jit::JitConfig>) -> Self {
        BoardInfo {
            jit: Some(jit),
            ..self
        }
    }
}

/// A board's whole program after boot. `script_area` is the guest RAM where the harness
/// places a script image (see [`script::find`]); `C` is the board's code memory. Runs the
/// REPL when there is no image, otherwise what its flags ask for: the code-memory self-test,
/// a fault test, or the script. Returns the exit status for the board's exit device.
pub fn main<P: Platform + Clone + 'static, C: TestCpu>(
    mut platform: P,
    info: BoardInfo,
    script_area: &'static [u8],
) -> i32 {
    let Some(image) = script::find(script_area) else {
        return no_script(platform, info);
    };
    let Some(s) = script::parse(image) else {
        write_text(&mut platform, "tiercel: malformed script image\n");
        return EXIT_BAD_IMAGE;
    };
    if s.flags & FLAG_SELFTEST != 0 {
        selftest::run::<P, C>(&mut platform)
    } else if s.flags & FLAG_FAULT_EXEC_WRITABLE != 0 {
        selftest::fault::<P, C>(&mut platform, Fault::ExecWritable)
    } else if s.flags & FLAG_FAULT_WRITE_EXEC != 0 {
        selftest::fault::<P, C>(&mut platform, Fault::WriteExec)
    } else {
        run_script(platform, info, &s)
    }
}

/// Runs the script if there is one, otherwise the REPL, and returns the exit status
/// (0 on success, 1 on an uncaught exception, `n` for `sys.exit(n)`), as `tiercel` does.
pub fn run<P: Platform + Clone + 'static>(
    platform: P,
    info: BoardInfo,
    script: Option<script::Script<'static>>,
) -> i32 {
    match script {
        Some(s) => run_script(platform, info, &s),
        None => no_script(platform, info),
    }
}

/// What a board does without a script: the REPL when it has the compiler.
#[cfg(feature = "compiler")]
fn no_script<P: Platform + Clone + 'static>(platform: P, info: BoardInfo) -> i32 {
    repl::repl(platform, info)
}

/// What a board does without a script: an image runner has no REPL, so it says so and
/// exits.
#[cfg(not(feature = "compiler"))]
fn no_script<P: Platform + Clone + 'static>(mut platform: P, info: BoardInfo) -> i32 {
    write_text(
        &mut platform,
        &alloc::format!(
            "tiercel on {}: no script image, and no REPL (this board runs bytecode images only: \
             built without the compiler)\n",
            info.name
        ),
    );
    EXIT_NO_SCRIPT
}

/// Creates a VM whose output goes to the board's console; `flags` are the script image's
/// (`script::FLAG_*`), 0 for the REPL; scripts import `modules`. When the board's heap
/// cannot hold the VM, says so on the console and returns `None`.
pub fn new_vm<P: Platform + Clone + 'static>(
    platform: P,
    info: BoardInfo,
    flags: u32,
    argv0: &str,
    modules: script::Modules<'static>,
) -> Option<Vm> {
    let framed = flags & script::FLAG_FRAMED != 0;
    let config = Config {
        heap_limit: info.heap_limit,
        argv: alloc::vec![alloc::string::String::from(argv0)],
        stress_specialize: flags & script::FLAG_STRESS_SPECIALIZE != 0,
        tier: if flags & script::FLAG_TIER1 != 0 {
            1
        } else {
            2
        },
        hot: (flags & script::FLAG_HOT1 != 0).then_some(1),
        // Events are told as `defmt` frames: a board without them has nowhere to send any.
        events: if cfg!(feature = "defmt") {
            script::events(flags)
        } else {
            vm_core::EventMask::NONE
        },
        // Machine code where the board has a backend, unless the image asks for tier 1
        // or 2.
        #[cfg(feature = "tier2")]
        jit: match info.jit {
            Some(make) if flags & (script::FLAG_TIER1 | script::FLAG_TIER2) == 0 => {
                make(flags & script::FLAG_JIT_STRESS != 0)
            }
            _ => None,
        },
        ..Config::default()
    };
    let mut console = platform.clone();
    match Vm::new(
        config,
        Box::new(ConsoleHost::new(platform, framed).with_modules(modules)),
    ) {
        Ok(vm) => {
            serial_input::watch(vm.signals());
            Some(vm)
        }
        Err(e) => {
            write_text(&mut console, &alloc::format!("tiercel: {e}\n"));
            None
        }
    }
}

/// Runs one script to completion and returns its exit status.
pub fn run_script<P: Platform + Clone + 'static>(
    platform: P,
    info: BoardInfo,
    s: &script::Script<'static>,
) -> i32 {
    let Some(mut vm) = new_vm(platform, info, s.flags, s.name, s.modules) else {
        return EXIT_NO_VM;
    };
    let r = if vm_core::image::is_image(s.source) {
        vm.run_image(s.source, s.name, None)
    } else {
        run_source(&mut vm, s)
    };
    let status = report(&mut vm, r);
    if s.flags & script::FLAG_JIT_STATS != 0 {
        #[cfg(feature = "tier2")]
        let line = match vm.jit_stats() {
            Some(j) => alloc::format!(
                "jit: {} compiled, {} refused, {} out of memory, {} code bytes, {} runs, {} guard exits\n",
                j.compiled,
                j.refused,
                j.out_of_memory,
                j.code_bytes,
                j.exits.entries,
                j.exits.guards
            ),
            None => alloc::string::String::from("jit: none\n"),
        };
        #[cfg(not(feature = "tier2"))]
        let line = alloc::string::String::from("jit: none\n");
        vm.write_out(&line);
    }
    vm.host.flush();
    status
}

/// Runs a source script (the board has the compiler).
#[cfg(feature = "compiler")]
fn run_source(vm: &mut Vm, s: &script::Script<'static>) -> Result<(), RunError> {
    let Ok(source) = core::str::from_utf8(s.source) else {
        return Err(RunError::Compile(alloc::string::String::from(
            "SyntaxError: (unicode error) 'utf-8' codec can't decode the script\n",
        )));
    };
    vm.run_source(source, s.name)
}

/// Refuses a source script: an image runner has no compiler.
#[cfg(not(feature = "compiler"))]
fn run_source(_vm: &mut Vm, s: &script::Script<'static>) -> Result<(), RunError> {
    Err(RunError::Compile(alloc::format!(
        "tiercel: {} is Python source, and this board runs bytecode images only (built \
         without the compiler): compile it with `tiercel compile`\n",
        s.name
    )))
}

/// Prints a run's error (if any) to the VM's stderr and returns the exit status.
pub fn report(vm: &mut Vm, r: Result<(), RunError>) -> i32 {
    vm.report_outcome(r)
}
