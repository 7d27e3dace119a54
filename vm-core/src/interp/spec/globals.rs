//! `LOAD_GLOBAL` forms: guards on the versions of the globals and builtins dicts, and the
//! load of the cached entry.

use super::{UopResult, DEOPT, NEXT};
use crate::interp::eval::Ctx;
use crate::interp::specialize::cache;
use crate::object::types::Obj;
use crate::object::value::{ObjRef, Value};
use crate::vm::Vm;

impl Vm {
    #[inline(always)]
    pub(crate) fn guard_globals_version(&self, ctx: &Ctx) -> UopResult {
        let g = self.frames[ctx.fi].globals;
        match self.heap.get(g) {
            Obj::Dict(d) if g.0 == cache(ctx, 1) && d.keys_version == cache(ctx, 2) => NEXT,
            _ => DEOPT,
        }
    }

    #[inline(always)]
    pub(crate) fn guard_builtins_version(&self, ctx: &Ctx) -> UopResult {
        match self.heap.get(self.builtins) {
            Obj::Dict(d) if d.keys_version == cache(ctx, 3) => NEXT,
            _ => DEOPT,
        }
    }

    #[inline(always)]
    pub(crate) fn load_global_entry(&mut self, ctx: &Ctx, d: ObjRef, arg: u32) -> UopResult {
        let v = match self.heap.get(d) {
            Obj::Dict(t) => t.live_entry(cache(ctx, 4) as usize).map(|e| e.value),
            _ => None,
        };
        let Some(v) = v else { return DEOPT };
        self.push(v);
        if arg & 1 != 0 {
            self.push(Value::UNDEF);
        }
        NEXT
    }
}
