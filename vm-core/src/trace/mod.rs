//! Trace recording (the front end of tier 2).
//!
//! While a recording is in progress the interpreter runs its second dispatch variant, which
//! calls [`record`] before every instruction: the recorder first translates the *previous*
//! instruction into uops, now that its outcome is known (branch direction, callee frame,
//! iterator exhaustion, whether its specialized form deoptimized), then notes the current one
//! and lets the normal handler run it. The trace follows Python calls, returns and generator
//! resumptions through the live frames; it ends when the loop closes, at an existing
//! executor (linking to it), at an instruction it does not translate, or at a length or
//! depth budget. The normal interpreter variant has no recording code at all.

pub(crate) mod record;
mod translate;
