//! Tests of operands: `except` clause matching, the iterable and mapping tests of `*` and
//! `**` unpacking, and the context-manager test of `with`.

use alloc::vec::Vec;

use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

impl Vm {
    pub(crate) fn exception_match(&mut self, exc: Value, typ: Value) -> PyResult<bool> {
        let classes: Vec<Value> = match self.obj(typ) {
            Some(Obj::Tuple(t)) => t.to_vec(),
            _ => alloc::vec![typ],
        };
        for c in classes {
            match c.as_obj() {
                Some(cr)
                    if self
                        .class(cr)
                        .is_some_and(|cl| cl.mro.contains(&self.types.base_exception)) =>
                {
                    if self.exc_matches(exc, cr) {
                        return Ok(true);
                    }
                }
                _ => {
                    return Err(self.type_error(
                        "catching classes that do not inherit from BaseException is not allowed",
                    ));
                }
            }
        }
        Ok(false)
    }

    pub(crate) fn is_iterable(&mut self, v: Value) -> bool {
        self.get_iter(v).is_ok()
    }

    pub(crate) fn is_mapping(&mut self, v: Value) -> bool {
        matches!(self.obj(v), Some(Obj::Dict(_)))
            || self.lookup_special(v, "keys").ok().flatten().is_some()
    }
}

pub(crate) fn enter_missing(vm: &mut Vm, mgr: Value) -> bool {
    vm.lookup_special(mgr, "__enter__").ok().flatten().is_none()
}
