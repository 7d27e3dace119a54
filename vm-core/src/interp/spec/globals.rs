//! `LOAD_GLOBAL` forms: guards on the versions of the globals and builtins dicts, and the
//! load of the cached entry.
//!
//! Each reads the instruction's inline cache as one array ([`global_cache`]): the uops of
//! one instruction then share a single bounds check (the compiler merges the identical
//! tests), where a check per unit read cost four compares and branches. A guard reads one
//! dict, through its arena slot once; a failed guard leaves the handler (`DEOPT`).

use core::cell::Cell;

use super::{UopResult, DEOPT, NEXT};
use crate::interp::eval::{Ctx, Flow};
use crate::object::dict::Dict;
use crate::object::types::Obj;
use crate::object::value::{ObjRef, Value};
use crate::vm::Vm;

/// Units of a `LOAD_GLOBAL_*` cache after the counter: the globals dict, its keys version,
/// the builtins' keys version, the entry index (see `spec_load_global`).
const GLOBALS_REF: usize = 0;
const GLOBALS_VERSION: usize = 1;
const BUILTINS_VERSION: usize = 2;
const ENTRY: usize = 3;

/// The current instruction's cache units after its counter, or `None` when the caches end
/// early (a corrupt code object: the guard fails, the generic form runs).
#[inline(always)]
fn global_cache<'a>(ctx: &Ctx<'a>) -> Option<&'a [Cell<u32>; 4]> {
    ctx.caches.get(..ctx.this + 6)?.last_chunk::<4>()
}

/// The dict behind `r`, if it is one.
#[inline(always)]
fn dict_at(vm: &Vm, r: ObjRef) -> Option<&Dict> {
    match vm.heap.get(r) {
        Obj::Dict(d) => Some(d),
        _ => None,
    }
}

impl Vm {
    #[inline(always)]
    pub(crate) fn guard_globals_version(&self, ctx: &Ctx) -> UopResult {
        let Some(c) = global_cache(ctx) else {
            return DEOPT;
        };
        let g = self.frames[ctx.fi].globals;
        match dict_at(self, g) {
            Some(d)
                if g.0 == c[GLOBALS_REF].get() && d.keys_version == c[GLOBALS_VERSION].get() =>
            {
                NEXT
            }
            _ => DEOPT,
        }
    }

    #[inline(always)]
    pub(crate) fn guard_builtins_version(&self, ctx: &Ctx) -> UopResult {
        let Some(c) = global_cache(ctx) else {
            return DEOPT;
        };
        match dict_at(self, self.builtins) {
            Some(d) if d.keys_version == c[BUILTINS_VERSION].get() => NEXT,
            _ => DEOPT,
        }
    }

    /// Pushes the value of the cached entry of dict `d` (and the `NULL` of a call when the
    /// oparg's low bit asks for it).
    #[inline(always)]
    pub(crate) fn load_global_entry(&mut self, ctx: &Ctx, d: ObjRef, arg: u32) -> UopResult {
        let v = global_cache(ctx).and_then(|c| {
            let e = dict_at(self, d)?.live_entry(c[ENTRY].get() as usize)?;
            Some(e.value)
        });
        let Some(v) = v else { return DEOPT };
        if arg & 1 != 0 {
            self.stack.push2_reserved(v, Value::UNDEF);
        } else {
            self.push(v);
        }
        Ok(Flow::Next)
    }
}
