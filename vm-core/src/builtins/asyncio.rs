//! The `asyncio` module: Python source (`asyncio/`: the loop in `events.py`, futures and
//! tasks in `tasks.py`, synchronization in `locks.py`, compiled as one text into the frozen
//! image `vm-core/frozen/asyncio.tbz`, see [`crate::frozen`]) loaded and run in the
//! module's namespace when it is first imported. It needs no compiler.

use crate::bytecode::code::{code_flags, CodeObject};
use crate::object::types::Obj;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};
use alloc::rc::Rc;

/// The file name tracebacks give the module's frames (CPython's frozen modules are named
/// the same way).
const FILENAME: &str = "<frozen asyncio>";

/// The module's frozen image.
const IMAGE: &[u8] = include_bytes!("../../frozen/asyncio.tbz");

pub(crate) fn init_asyncio(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    let code = vm
        .load_image(IMAGE, FILENAME)
        .map_err(|e| vm.internal_error(&alloc::format!("asyncio's frozen image: {e}")))?;
    hide_c_methods(vm, &code);
    vm.run_code(code, d, Value::UNDEF, Value::UNDEF)?;
    Ok(())
}

/// The classes CPython implements in C (`_asyncio.Future`, `_asyncio.Task`), by the
/// qualified names of their methods: those add no traceback entry
/// ([`code_flags::HIDDEN`]), so a traceback through `await task` shows the awaiting
/// coroutine and the task's own frames as CPython's does.
const C_CLASSES: [&str; 2] = ["Future.", "Task."];

/// Marks the code of those methods, found in the constants of `code` (freshly loaded:
/// each nested code object is owned by its constant alone, so it can still change).
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
