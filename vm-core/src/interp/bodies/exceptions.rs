//! Bodies of the uops of exception handlers and `with` blocks.

use crate::interp::eval::{Ctx, Flow};
use crate::interp::operand_checks::enter_missing;
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

impl Vm {
    /// `_RERAISE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_reraise(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let exc = self.pop();
        if arg > 0 {
            // The handler lookup stays at this RERAISE; the restored offset is what
            // the traceback shows and what an outer handler's lasti gets.
            let lasti = self.peek(arg as usize);
            if let Some(l) = lasti.as_small_int() {
                self.reraise_lasti = Some(l as u32);
            }
        }
        Err(self.reraise_marker(exc))
    }

    /// `_PUSH_EXC_INFO`.
    #[inline(always)]
    pub(in crate::interp) fn uop_push_exc_info(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let exc = self.pop();
        let prev = self.handled_exc;
        self.push(prev);
        self.push(exc);
        self.handled_exc = exc;
        Ok(Flow::Next)
    }

    /// `_POP_EXCEPT`.
    #[inline(always)]
    pub(in crate::interp) fn uop_pop_except(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let prev = self.pop();
        self.handled_exc = if prev.is_undef() { Value::NONE } else { prev };
        Ok(Flow::Next)
    }

    /// `_CHECK_EXC_MATCH`.
    #[inline(always)]
    pub(in crate::interp) fn uop_check_exc_match(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let typ = self.pop();
        let exc = self.top();
        let m = self.exception_match(exc, typ)?;
        self.push(Value::bool(m));
        Ok(Flow::Next)
    }

    /// `_CLEANUP_THROW`.
    #[inline(always)]
    pub(in crate::interp) fn uop_cleanup_throw(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let exc = self.pop();
        let _last_sent = self.pop();
        let _sub = self.pop();
        if self.exc_matches(exc, self.types.stop_iteration) {
            let v = self.stop_iteration_value(exc);
            self.push(Value::NONE);
            self.push(v);
        } else {
            return Err(self.reraise_marker(exc));
        }
        Ok(Flow::Next)
    }

    /// `_BEFORE_WITH`.
    #[inline(always)]
    pub(in crate::interp) fn uop_before_with(
        &mut self,
        ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let mgr = self.pop();
        let enter = self.lookup_special(mgr, "__enter__")?;
        let exit = self.lookup_special(mgr, "__exit__")?;
        let (Some(enter), Some(exit)) = (enter, exit) else {
            let what = if enter_missing(self, mgr) {
                ""
            } else {
                " (missed __exit__ method)"
            };
            let msg = alloc::format!(
                "'{}' object does not support the context manager protocol{}",
                self.type_name(mgr),
                what
            );
            return Err(self.type_error(msg));
        };
        let t = self.type_of(mgr);
        let bound_exit = self.bind_descriptor(exit, mgr, t)?;
        self.push(bound_exit);
        self.frames[ctx.fi].lasti = ctx.this as u32;
        let r = self.call_bound(enter, mgr, &[])?;
        self.push(r);
        Ok(Flow::Next)
    }

    /// `_WITH_EXCEPT_START`.
    #[inline(always)]
    pub(in crate::interp) fn uop_with_except_start(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let exc = self.peek(1);
        let exit = self.peek(4);
        let t = Value::obj(self.type_of(exc));
        let r = self.call(exit, &[t, exc, Value::NONE])?;
        self.push(r);
        Ok(Flow::Next)
    }
}
