//! Compiled code tracked beside executors: with a JIT configured, every registered executor
//! gets its machine code (here from a test backend whose code hands back at once), the code
//! is freed
//! when the executor goes (invalidation, the VM's end) but not while something still holds
//! the executor, a backend's malformed description is refused, and running out of code
//! memory leaves executors to the uop executor with the same results.

use std::cell::RefCell;
use std::rc::Rc;

use tiercel::HostCodeMemory;
use vm_core::bytecode::ops::Uop;
use vm_core::exec::ir::Executor;
use vm_core::jit::{
    Backend, BackendFactory, CodeBlock, CodeExit, CodeMemory, CodeStart, CompiledCode, JitConfig,
    JitError,
};
use vm_core::{Config, Vm};

/// `return 1`, the whole "compiled" executor: as an entry, a hand-back at uop 1 (status
/// `Next`), the executor's first uop, where its only start is.
#[cfg(target_arch = "x86_64")]
const RET: &[u8] = &[0xB8, 0x01, 0x00, 0x00, 0x00, 0xC3]; // mov eax, 1; ret
#[cfg(target_arch = "aarch64")]
const RET: &[u8] = &[0x20, 0x00, 0x80, 0x52, 0xC0, 0x03, 0x5F, 0xD6]; // mov w0, #1; ret

/// A backend that emits [`RET`], calls it (the entry must be executable code), lists one
/// start (the executor's first uop, so that the VM keeps the code) and every exit stub of
/// the executor as an exit at offset 0; or, `malformed`, names `_START_EXECUTOR` as an
/// exit.
struct RetBackend {
    malformed: bool,
}

thread_local! {
    /// The addresses of the executors the test backend compiled, on this test's thread.
    static COMPILED_AT: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

fn exit_stubs(exec: &Executor) -> Vec<CodeExit> {
    exec.uops
        .iter()
        .enumerate()
        .filter(|(_, u)| matches!(u.uop, Uop::_EXIT_TRACE | Uop::_DEOPT | Uop::_DYNAMIC_EXIT))
        .map(|(i, _)| CodeExit {
            code_offset: 0,
            stub: i as u16,
        })
        .collect()
}

// SAFETY: its one start runs code that returns 1 at once, a hand-back at the start (the
// executor's first uop, which begins a dispatch entry) that changed nothing.
unsafe impl Backend for RetBackend {
    fn name(&self) -> &'static str {
        "ret"
    }

    fn compile(
        &mut self,
        exec: &Executor,
        memory: &Rc<dyn CodeMemory>,
    ) -> Result<CompiledCode, JitError> {
        COMPILED_AT.with(|at| at.borrow_mut().push(exec as *const Executor as usize));
        let mut block = CodeBlock::allocate(memory, RET.len())?;
        block.writable()?[..RET.len()].copy_from_slice(RET);
        let exits = if self.malformed {
            vec![CodeExit {
                code_offset: 0,
                stub: 0,
            }]
        } else {
            exit_stubs(exec)
        };
        let start = CodeStart {
            uop: 1,
            code_offset: 0,
            linked_offset: None,
            slots: 0,
        };
        let code = CompiledCode::new(block, 0, exits, exec)?.with_starts(&[start], exec)?;
        // SAFETY: the block is sealed and holds `return 1`, a complete `extern "C" fn()`;
        // `code` keeps it alive and sealed during the call.
        let f = unsafe { std::mem::transmute::<*const u8, extern "C" fn()>(code.entry()) };
        f();
        Ok(code)
    }
}

fn vm(memory: &Rc<HostCodeMemory>, malformed: bool) -> (Vm, Rc<RefCell<String>>) {
    let memory: Rc<dyn CodeMemory> = memory.clone();
    let config = Config {
        jit: Some(JitConfig {
            memory,
            backend: BackendFactory(Rc::new(move || Box::new(RetBackend { malformed }))),
            code_limit: usize::MAX,
        }),
        ..Config::default()
    };
    let out = Rc::new(RefCell::new(String::new()));
    let host = Shared(out.clone());
    (Vm::new(config, Box::new(host)).expect("VM"), out)
}

/// The VM's stdout, readable while the VM lives.
struct Shared(Rc<RefCell<String>>);

impl vm_core::Host for Shared {
    fn write_stdout(&mut self, s: &str) {
        self.0.borrow_mut().push_str(s);
    }
    fn write_stderr(&mut self, s: &str) {
        self.0.borrow_mut().push_str(s);
    }
}

/// A hot loop whose trace depends on the global `K` (promoted to a constant).
const LOOP: &str = "K = 1
def f(n):
    t = 0
    for i in range(n):
        t += K
    return t
print(f(20000))
";

fn run(vm: &mut Vm, src: &str) {
    vm.run_source(src, "t.py").expect("run");
}

#[test]
fn executors_get_code_that_is_freed_with_them() {
    let memory = Rc::new(HostCodeMemory::new(1 << 20));
    let (mut vm, out) = vm(&memory, false);
    run(&mut vm, LOOP);
    assert_eq!(out.borrow().as_str(), "20000\n");
    let stats = vm.jit_stats().expect("a JIT");
    assert!(stats.compiled >= 1, "{stats:?}");
    let executors = vm.executors();
    assert!(!executors.is_empty());
    for e in &executors {
        let code = e.compiled().expect("compiled");
        // Compiled where it lives: machine code may embed the addresses of its cells.
        let at = Rc::as_ptr(e) as usize;
        assert!(
            COMPILED_AT.with(|c| c.borrow().contains(&at)),
            "compiled at {at:#x}"
        );
        assert_eq!(code.exits(), exit_stubs(e).as_slice());
        assert!(code.block().is_sealed());
    }
    let page = memory.page_size();
    assert_eq!(memory.in_use(), executors.len() * page);
    // Rebinding K invalidates the loop's executor, but this test still holds it (as a
    // frame running it would): its code stays until the last holder lets go.
    run(&mut vm, "K = 2\nprint(f(10))\n");
    assert_eq!(out.borrow().as_str(), "20000\n20\n");
    let alive = vm.executors().len();
    assert!(alive < executors.len(), "K's executor was invalidated");
    assert_eq!(memory.in_use(), executors.len() * page);
    drop(executors);
    assert_eq!(memory.in_use(), alive * page);
    drop(vm);
    assert_eq!(memory.in_use(), 0, "the VM's end frees every block");
}

#[test]
fn malformed_code_is_refused_and_freed() {
    let memory = Rc::new(HostCodeMemory::new(1 << 20));
    let (mut vm, out) = vm(&memory, true);
    run(&mut vm, LOOP);
    assert_eq!(out.borrow().as_str(), "20000\n");
    let stats = vm.jit_stats().expect("a JIT");
    assert_eq!(stats.compiled, 0);
    assert!(stats.refused >= 1, "{stats:?}");
    assert!(vm.executors().iter().all(|e| e.compiled().is_none()));
    assert_eq!(memory.in_use(), 0);
}

#[test]
fn without_code_memory_executors_still_run() {
    let memory = Rc::new(HostCodeMemory::new(0));
    let (mut vm, out) = vm(&memory, false);
    run(&mut vm, LOOP);
    assert_eq!(out.borrow().as_str(), "20000\n");
    let stats = vm.jit_stats().expect("a JIT");
    assert_eq!(stats.compiled, 0);
    assert!(stats.out_of_memory >= 1, "{stats:?}");
    assert!(!vm.executors().is_empty());
    assert!(vm.executors().iter().all(|e| e.compiled().is_none()));
}
