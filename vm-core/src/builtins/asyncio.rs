//! The `asyncio` module: Python source (`asyncio/`: the loop in `events.py`, futures and
//! tasks in `tasks.py`, synchronization in `locks.py`, embedded as one text) compiled and
//! run in the module's namespace when it is first imported. Without the compiler (feature
//! `compiler`) the import raises `ImportError`.

#[cfg(feature = "compiler")]
use crate::bytecode::code::{code_flags, CodeObject};
#[cfg(feature = "compiler")]
use crate::object::types::Obj;
use crate::object::value::ObjRef;
#[cfg(feature = "compiler")]
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};
#[cfg(feature = "compiler")]
use alloc::rc::Rc;

/// The file name tracebacks give the module's frames (CPython's frozen modules are named
/// the same way).
#[cfg(feature = "compiler")]
const FILENAME: &str = "<frozen asyncio>";

/// The module's source: its three parts in order.
#[cfg(feature = "compiler")]
const SOURCE: &str = concat!(
    include_str!("asyncio/events.py"),
    "\n\n",
    include_str!("asyncio/tasks.py"),
    "\n\n",
    include_str!("asyncio/locks.py"),
);

pub(crate) fn init_asyncio(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    #[cfg(feature = "compiler")]
    {
        let code = vm
            .compile(SOURCE, FILENAME, crate::api::Mode::Exec)
            .map_err(|e| vm.internal_error(&alloc::format!("asyncio does not compile: {e}")))?;
        hide_c_methods(vm, &code);
        vm.run_code(code, d, Value::UNDEF, Value::UNDEF)?;
        Ok(())
    }
    #[cfg(not(feature = "compiler"))]
    {
        let _ = d;
        let name = vm.intern("asyncio")?;
        Err(vm.import_error_named(
            vm.types.import_error,
            "the asyncio module is Python source: it needs Tiercel's compiler (feature 'compiler')",
            name,
        ))
    }
}

/// The classes CPython implements in C (`_asyncio.Future`, `_asyncio.Task`), by the
/// qualified names of their methods: those add no traceback entry
/// ([`code_flags::HIDDEN`]), so a traceback through `await task` shows the awaiting
/// coroutine and the task's own frames as CPython's does.
#[cfg(feature = "compiler")]
const C_CLASSES: [&str; 2] = ["Future.", "Task."];

/// Marks the code of those methods, found in the constants of `code` (freshly compiled:
/// each nested code object is owned by its constant alone, so it can still change).
#[cfg(feature = "compiler")]
fn hide_c_methods(vm: &mut Vm, code: &CodeObject) {
    for &c in code.consts.iter() {
        let Some(r) = c.as_obj() else { continue };
        let Obj::Code(inner) = vm.heap.get(r) else {
            continue;
        };
        let hidden = vm
            .str_of(inner.qualname)
            .is_some_and(|q| C_CLASSES.iter().any(|p| q.starts_with(p)));
        if let (true, Obj::Code(rc)) = (hidden, vm.heap.get_mut(r)) {
            if let Some(inner) = Rc::get_mut(rc) {
                inner.flags |= code_flags::HIDDEN;
            }
        }
        if let Obj::Code(rc) = vm.heap.get(r) {
            let inner = rc.clone();
            hide_c_methods(vm, &inner);
        }
    }
}
