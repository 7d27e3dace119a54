//! `list[int]`: subscripting a builtin container type (`list`, `tuple`, `dict`, `set`,
//! `frozenset`, `type`) gives a `types.GenericAlias`, a Python class (`generic_alias.py`,
//! the module `_generic_alias`, frozen as the image `vm-core/frozen/_generic_alias.tbz` and
//! loaded when first needed). Module and class bodies evaluate annotations, which use them.

use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// The file name tracebacks give the module's frames.
const FILENAME: &str = "<frozen types>";

/// `_generic_alias`'s frozen image (see [`crate::frozen`]).
const IMAGE: &[u8] = include_bytes!("../../frozen/_generic_alias.tbz");

pub(crate) fn init_generic_alias(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    let code = vm
        .load_image(IMAGE, FILENAME)
        .map_err(|e| vm.internal_error(&alloc::format!("_generic_alias's frozen image: {e}")))?;
    vm.run_code(code, d, Value::UNDEF, Value::UNDEF)?;
    Ok(())
}

/// Whether builtin class `cls` subscripts to a generic alias.
pub(crate) fn is_generic(vm: &Vm, cls: ObjRef) -> bool {
    let t = &vm.types;
    [t.list, t.tuple, t.dict, t.set, t.frozenset, t.type_].contains(&cls)
}

/// `origin[args]` for a builtin class `origin` that [`is_generic`].
pub(crate) fn generic_alias(vm: &mut Vm, origin: Value, args: Value) -> PyResult<Value> {
    // Imported by the VM itself: a capability list that withholds modules does not apply.
    let name = vm.intern("_generic_alias")?;
    let m = vm.import_module(name)?;
    let cls = vm.get_attr_str(m, "GenericAlias")?;
    vm.call(cls, &[origin, args])
}
