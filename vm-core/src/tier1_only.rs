//! What the interpreter meets of tier 2 in a build without it (feature `tier2` off): no
//! recording is ever in progress, no hot spot fires and no executor exists, so the hooks
//! the interpreter and the object model call are empty and the trace machinery (`trace`,
//! `opt`, `exec`, `jit`) is not linked.

use crate::interp::eval::{Ctx, Flow};
use crate::object::value::ObjRef;
use crate::vm::{PyErr, Vm};

/// The interpreter's tier-2 state when there is no tier 2.
#[derive(Debug, Default)]
pub(crate) struct Tier2 {
    /// Nesting of `run_frames` (kept so the run loop reads the same in both builds).
    pub(crate) nesting: u32,
    /// A specialized instruction deoptimized (only a recording reads it).
    pub(crate) rec_deopt: bool,
    /// The instruction an `ENTER_EXECUTOR` replaced: never set, no executor exists.
    pub(crate) enter_original: u32,
    /// No recording can exist.
    pub(crate) recorder: Option<core::convert::Infallible>,
}

impl Tier2 {
    /// No recording is in progress at any level.
    #[inline(always)]
    pub(crate) fn recording_here(&self) -> bool {
        false
    }
}

impl Vm {
    /// `_HOT_COUNT`: nothing counts hot spots without an optimizer.
    #[inline(always)]
    pub(crate) fn hot_count(&mut self, _ctx: &Ctx) -> Result<Flow, PyErr> {
        Ok(Flow::Next)
    }

    /// `ENTER_EXECUTOR`: only tier 2 installs it, so meeting it is an internal error.
    #[cold]
    pub(crate) fn enter_executor(&mut self, _ctx: &mut Ctx, _arg: u32) -> Result<Flow, PyErr> {
        Err(self.internal_error("ENTER_EXECUTOR in a build without tier 2"))
    }

    /// A dict binding changed: no executor assumed anything of it.
    #[inline(always)]
    pub(crate) fn tier2_dict_changed(&mut self, _d: ObjRef, _hash: u64) {}

    /// The instruction as the recorder would have it run: unchanged, nothing records.
    #[inline(always)]
    pub(crate) fn record_instr(
        &mut self,
        _ctx: &Ctx,
        _op: crate::bytecode::ops::Op,
        unit: u32,
    ) -> u32 {
        unit
    }

    /// The run loop of a recording's level returns: there is no recording.
    #[inline(always)]
    pub(crate) fn end_recording_here(&mut self) {}

    /// Abandons the recording at this level: there is none.
    #[inline(always)]
    pub(crate) fn abort_recording_here(&mut self, _why: &'static str) {}
}
