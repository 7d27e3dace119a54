//! [`Vm::exec_uop`]: the body of every uop, which tier-1 instruction handlers, traces and
//! the uop helpers all run, generated from the op table: each uop runs the function of its
//! name in `interp::bodies`.

use crate::bytecode::ops::Uop;
use crate::interp::eval::{Ctx, Flow};
use crate::vm::{PyErr, Vm};

/// The oparg of the unit after the instruction: the second half of a super-instruction.
#[inline(always)]
pub(super) fn next_arg(ctx: &Ctx) -> u32 {
    ctx.code.code.get(ctx.this + 1).map_or(0, |c| c.get() >> 8)
}

macro_rules! uop_dispatch {
    ($($name:ident |$a:ident| ($pops:expr, $pushes:expr) $(/ ($jpops:expr, $jpushes:expr))? {$($f:ident)|*} $(replaces [$($from:ident),*])?;)*) => {
        impl Vm {
            /// The body of every uop: the function of the uop's name in `interp::bodies`
            /// (a uop without one does not compile).
            #[inline(always)]
            pub(crate) fn exec_uop(
                &mut self,
                ctx: &mut Ctx,
                uop: Uop,
                arg: u32,
            ) -> Result<Flow, PyErr> {
                match uop {
                    $(Uop::$name => super::bodies::$name(self, ctx, arg),)*
                }
            }
        }
    };
}

crate::for_each_uop!(uop_dispatch);
