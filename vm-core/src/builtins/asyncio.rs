//! The `asyncio` module: Python source (`asyncio/`: the loop in `events.py`, futures and
//! tasks in `tasks.py`, synchronization in `locks.py`, embedded as one text) compiled and
//! run in the module's namespace when it is first imported. Without the compiler (feature
//! `compiler`) the import raises `ImportError`.

use crate::object::value::ObjRef;
#[cfg(feature = "compiler")]
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

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
