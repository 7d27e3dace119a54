//! Running compiled code: the VM enters an executor's machine code at the starts its backend
//! lists (the first body uop and the loop copy's top), and goes on in the uop executor at
//! the dispatch entry the code hands back. The test backend's code hands back at once, at
//! the entry it started from (what compiled code does with a uop it has no inline code
//! for), counting its entries: every program must print what it prints without machine
//! code, and the code must have run.
#![cfg(target_arch = "x86_64")]

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tiercel::HostCodeMemory;
use vm_core::exec::ir::Executor;
use vm_core::jit::{
    Backend, BackendFactory, CodeBlock, CodeMemory, CodeStart, CompiledCode, JitConfig, JitError,
};
use vm_core::{Config, Vm};

/// Entries into compiled code, over every test of this file.
static ENTERED: AtomicU64 = AtomicU64::new(0);

/// A backend whose code hands back at once: the entry is `jmp rsi` (to the start), each
/// start `mov rax, &ENTERED; inc qword [rax]; mov eax, uop; ret`. `bad_start` lists a start
/// that begins no dispatch entry instead.
struct HandBack {
    bad_start: bool,
}

/// The code of one start: count the entry, hand back at uop `uop`.
fn start_code(uop: u16) -> Vec<u8> {
    let counter = &ENTERED as *const AtomicU64 as u64;
    let mut code = vec![0x48, 0xB8]; // mov rax, imm64
    code.extend_from_slice(&counter.to_le_bytes());
    code.extend_from_slice(&[0xF0, 0x48, 0xFF, 0x00]); // lock inc qword [rax]
    code.push(0xB8); // mov eax, imm32
    code.extend_from_slice(&u32::from(uop).to_le_bytes());
    code.push(0xC3); // ret
    code
}

// SAFETY: the entry jumps to a start; a start touches only its counter and returns the
// index of the uop it starts at, which begins a dispatch entry (`with_starts` checks), with
// the VM untouched: as the uop executor stands before that entry.
unsafe impl Backend for HandBack {
    fn name(&self) -> &'static str {
        "hand-back"
    }

    fn compile(
        &mut self,
        exec: &Executor,
        memory: &Rc<dyn CodeMemory>,
    ) -> Result<CompiledCode, JitError> {
        let mut uops: Vec<u16> = vec![1];
        if exec.loop_top as usize > 1 {
            uops.push(exec.loop_top as u16);
        }
        uops.retain(|&u| exec.starts_entry(usize::from(u)));
        if self.bad_start {
            uops = vec![exec.uops.len() as u16];
        }
        let mut bytes = vec![0xFF, 0xE6]; // jmp rsi
        let mut starts = Vec::new();
        for &u in &uops {
            starts.push(CodeStart {
                uop: u,
                code_offset: bytes.len() as u32,
                linked_offset: None,
                slots: 0,
            });
            bytes.extend_from_slice(&start_code(u));
        }
        let mut block = CodeBlock::allocate(memory, bytes.len())?;
        block.writable()?[..bytes.len()].copy_from_slice(&bytes);
        CompiledCode::new(block, 0, Vec::new(), exec)?.with_starts(&starts, exec)
    }
}

/// Stdout and stderr, readable while the VM lives, and a clock.
struct Shared(Rc<RefCell<String>>, Instant);

impl vm_core::Host for Shared {
    fn write_stdout(&mut self, s: &str) {
        self.0.borrow_mut().push_str(s);
    }
    fn write_stderr(&mut self, s: &str) {
        self.0.borrow_mut().push_str(s);
    }
    fn time(&mut self) -> f64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64())
    }
    fn monotonic(&mut self) -> f64 {
        self.1.elapsed().as_secs_f64()
    }
}

/// Runs `src` with everything hot, with or without the hand-back backend (`Some(bad_start)`):
/// what it printed and what the JIT did. A watchdog ends the run after a minute (a hang is a
/// failure, not a stuck test).
fn run(src: &str, jit: Option<bool>) -> (String, Option<vm_core::jit::JitStats>) {
    let jit = jit.map(|bad_start| {
        let memory: Rc<dyn CodeMemory> = Rc::new(HostCodeMemory::new(64 << 20));
        JitConfig {
            memory,
            backend: BackendFactory(Rc::new(move || Box::new(HandBack { bad_start }))),
            code_limit: usize::MAX,
        }
    });
    let config = Config {
        hot: Some(1),
        jit,
        ..Config::default()
    };
    let out = Rc::new(RefCell::new(String::new()));
    let mut vm = Vm::new(config, Box::new(Shared(out.clone(), Instant::now()))).expect("VM");
    let signals = vm.signals();
    let done = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let done = done.clone();
        std::thread::spawn(move || {
            let deadline = Instant::now() + Duration::from_secs(60);
            while !done.load(Ordering::Relaxed) {
                if Instant::now() > deadline {
                    signals.terminate();
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        })
    };
    if let Err(e) = vm.run_source(src, "t.py") {
        out.borrow_mut().push_str(&format!("{e:?}\n"));
    }
    done.store(true, Ordering::Relaxed);
    let _ = watchdog.join();
    let stats = vm.jit_stats();
    drop(vm);
    let text = out.borrow().clone();
    (text, stats)
}

const LOOP: &str = "def f(n):
    t = 0
    for i in range(n):
        if i % 3:
            t += i
        else:
            t -= 1
    return t
print(f(30000))
";

#[test]
fn code_is_entered_and_hands_back_to_the_uop_executor() {
    let before = ENTERED.load(Ordering::Relaxed);
    let (out, stats) = run(LOOP, Some(false));
    assert_eq!(out, run(LOOP, None).0);
    let stats = stats.expect("a JIT");
    assert!(stats.compiled >= 1, "{stats:?}");
    assert!(
        ENTERED.load(Ordering::Relaxed) > before,
        "compiled code ran"
    );
}

#[test]
fn a_start_that_begins_no_entry_is_refused() {
    let (out, stats) = run(LOOP, Some(true));
    assert_eq!(out, run(LOOP, None).0);
    let stats = stats.expect("a JIT");
    assert_eq!(stats.compiled, 0);
    assert!(stats.refused >= 1, "{stats:?}");
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/py")
}

/// The corpus programs that end normally and print only to stdout (their expected output
/// is `.exp` alone), with that output; not those of `BOARD_SKIP`, which need host services
/// (files) this test's host lacks, as a board's does.
fn plain_programs() -> Vec<(PathBuf, String)> {
    let xfail = std::fs::read_to_string(corpus_dir().join("XFAIL")).unwrap_or_default();
    let skip = std::fs::read_to_string(corpus_dir().join("BOARD_SKIP")).unwrap_or_default();
    let mut out: Vec<(PathBuf, String)> = std::fs::read_dir(corpus_dir())
        .expect("tests/py")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .filter(|p| !p.with_extension("err").exists() && !p.with_extension("code").exists())
        .filter(|p| {
            let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
            !xfail.lines().any(|l| l.trim() == stem)
                && !skip
                    .lines()
                    .any(|l| l.split(':').next().is_some_and(|n| n.trim() == stem))
        })
        .filter_map(|p| {
            let exp = std::fs::read_to_string(p.with_extension("exp")).ok()?;
            Some((p, exp))
        })
        .collect();
    out.sort();
    out
}

/// Every corpus program that ends normally prints what CPython printed (or, where the
/// embedding differs from the command line, what it prints without machine code) with
/// compiled entries too, on a few threads that each run their own VMs.
#[test]
fn the_corpus_runs_the_same_through_compiled_entries() {
    let programs = plain_programs();
    assert!(programs.len() >= 100, "{} programs", programs.len());
    let before = ENTERED.load(Ordering::Relaxed);
    let next = Mutex::new(0usize);
    let differ = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap_or_else(|e| e.into_inner());
                    *n += 1;
                    *n - 1
                };
                let Some((path, exp)) = programs.get(i) else {
                    break;
                };
                let src = std::fs::read_to_string(path).expect("readable");
                let with = run(&src, Some(false)).0;
                // (A few programs print what the command-line host differs in, such as
                // `sys.argv`: those must print what they print without machine code.)
                if with != *exp && with != run(&src, None).0 {
                    let name = path.display().to_string();
                    differ.lock().unwrap_or_else(|e| e.into_inner()).push(name);
                }
            });
        }
    });
    let differ = differ.into_inner().unwrap_or_else(|e| e.into_inner());
    assert!(differ.is_empty(), "printed differently: {differ:?}");
    assert!(
        ENTERED.load(Ordering::Relaxed) > before,
        "compiled code ran"
    );
}
