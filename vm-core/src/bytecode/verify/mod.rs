//! The bytecode verifier: every image passes it before anything of it runs
//! (`Vm::load_image`). It accepts what the code generator emits and refuses, with the
//! reason and the place, anything the interpreter, the trace tiers or machine code could
//! trip over. What it checks, per code object:
//!
//! - **the header** ([`check_header`]): known flags only; parameter counts within the
//!   locals; one `cell2arg` entry per cell, each a parameter or none; `stacksize` within
//!   the format's limit; the module's code is a module body (a namespace without
//!   parameters, cells or free variables, not a generator);
//! - **instructions** (`instrs`): every opcode one the code generator emits (no
//!   specialized form, super-instruction or `ENTER_EXECUTOR`: those only the VM writes, at
//!   run time), every inline-cache unit zero, every oparg valid for its kind as the op
//!   table declares it ([`Oparg`](crate::bytecode::ops::Oparg): an index in range, an
//!   operator, intrinsic, conversion or flag set that exists), jump targets on instruction
//!   boundaries and in the compiler's direction (only the loop back-edges jump backward),
//!   `MAKE_FUNCTION` right after the `LOAD_CONST` of a code object, with no other way in,
//!   and `RETURN_GENERATOR` exactly once in the prologue of a generator or coroutine
//!   (after its `MAKE_CELL`s and `COPY_FREE_VARS`), out of reach of jumps and handlers;
//! - **tables** (`tables`): exception-table ranges on instruction boundaries, in order,
//!   not overlapping, handlers at instructions, with their depths within `stacksize`; line
//!   entries in increasing order, at instructions, each range of lines in order;
//! - **flow** (`flow`): one stack depth per instruction over all paths, exception handlers
//!   included, never below zero and within `stacksize` (the analysis machine code relies
//!   on, `depth::analyse`); no path that runs past the end; a handler's depth no deeper than
//!   the stack of any instruction it covers (how much of its input an instruction has
//!   popped when it raises is not in the table: the unwinder refuses a handler deeper than
//!   the stack it finds); `RERAISE`'s `lasti` item present; and safe points where the VM
//!   needs them: every loop passes one (an instruction with flag `PERIODIC`) or a yield,
//!   and every path from the start to an instruction that can run Python code (flag
//!   `ESCAPES`) passes one, so a run can always be stopped (fuel, an embedder's request)
//!   and recursion always meets one;
//! - **locals** (`locals`): `LOAD_FAST` (which reads without a check) only where its
//!   local is bound on every path, as the code generator decides between it and
//!   `LOAD_FAST_CHECK`.
//!
//! The format's limits (nesting, sizes) are the reader's (`image`).

mod flow;
mod instrs;
mod locals;
mod tables;

use alloc::format;
use alloc::string::String;

use super::code::code_flags;
use super::image::{Const, Image, ImageCode, ImageError, ImageErrorKind, Place, MAX_STACKSIZE};

/// Verifies every code object of an image.
pub fn verify(img: &Image<'_>) -> Result<(), ImageError> {
    for (index, code) in img.codes.iter().enumerate() {
        let c = Check { index, code };
        c.check_header()?;
        let scan = instrs::scan(&c)?;
        tables::check(&c, &scan)?;
        flow::check(&c, &scan)?;
        locals::check(&c, &scan)?;
    }
    Ok(())
}

/// The code object being verified, and how to describe a place in it.
pub(crate) struct Check<'i, 'a> {
    pub(crate) index: usize,
    pub(crate) code: &'i ImageCode<'a>,
}

type Res = Result<(), ImageError>;

impl Check<'_, '_> {
    /// An error at unit `offset` (or of the code object as a whole).
    pub(crate) fn error(&self, offset: Option<u32>, message: String) -> ImageError {
        ImageError::new(
            ImageErrorKind::Invalid,
            Place::Code {
                index: self.index,
                qualname: self.code.qualname.into(),
                offset,
            },
            message,
        )
    }

    /// Number of parameters, `*args` and `**kwargs` included.
    pub(crate) fn total_args(&self) -> u64 {
        let c = self.code;
        u64::from(c.argcount)
            + u64::from(c.kwonlyargcount)
            + u64::from(c.flags & code_flags::VARARGS != 0)
            + u64::from(c.flags & code_flags::VARKEYWORDS != 0)
    }

    /// See the module's documentation.
    fn check_header(&self) -> Res {
        let c = self.code;
        let fail = |msg: String| Err(self.error(None, msg));
        if c.flags & !code_flags::KNOWN != 0 {
            return fail(format!("unknown flags {:#x}", c.flags & !code_flags::KNOWN));
        }
        if c.posonlyargcount > c.argcount {
            return fail(format!(
                "{} positional-only parameters of {} positional ones",
                c.posonlyargcount, c.argcount
            ));
        }
        let total = self.total_args();
        if total > c.varnames.len() as u64 {
            return fail(format!(
                "{total} parameters but {} local names",
                c.varnames.len()
            ));
        }
        if c.cell2arg.len() != c.cellvars.len() {
            return fail(format!(
                "{} cell2arg entries for {} cells",
                c.cell2arg.len(),
                c.cellvars.len()
            ));
        }
        if let Some(a) = c
            .cell2arg
            .iter()
            .find(|&&a| a != u32::MAX && u64::from(a) >= total)
        {
            return fail(format!(
                "a cell starts from parameter {a} of {total} parameters"
            ));
        }
        if c.stacksize > MAX_STACKSIZE {
            return fail(format!(
                "stacksize {} (at most {MAX_STACKSIZE})",
                c.stacksize
            ));
        }
        if c.units.is_empty() {
            return fail(String::from("no instructions"));
        }
        if c.flags & code_flags::HAS_DOCSTRING != 0
            && !matches!(c.consts.first(), Some(Const::Str(_) | Const::None))
        {
            return fail(String::from(
                "the docstring flag without a docstring constant",
            ));
        }
        if self.index == 0 {
            let module_like = c.flags & !code_flags::HAS_DOCSTRING == code_flags::NAMESPACE;
            if !module_like || total > 0 || !c.cellvars.is_empty() || !c.freevars.is_empty() {
                return fail(String::from(
                    "the image's first code object is not a module body (a namespace \
                     without parameters, cells or free variables)",
                ));
            }
        }
        Ok(())
    }
}
