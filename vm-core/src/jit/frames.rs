//! What machine code needs to push and pop frame records itself, for a call and a return
//! inside a trace: where the run state keeps the innermost frame's context (which helpers
//! read, so code moves it to the new frame as the uop executor does), and the bits of the
//! references a frame record and that context hold for one of the executor's codes.
//!
//! A frame record's code is an `Rc<CodeObject>`: code that pushes a record writes the
//! `Rc`'s pointer and adds one to its strong count, and code that pops one subtracts one.
//! Neither std nor the language fixes where an `Rc`'s count lives, so [`code_refs`] finds
//! out for each code and answers `None` when it is not the first word the `Rc` points to;
//! code then leaves calls and returns to the flow helper. The executor holds an `Rc` of
//! each of its codes for as long as its code runs, so a pop never takes the count to zero.

use core::cell::Cell;
use core::mem::{offset_of, size_of};

use alloc::rc::Rc;

use crate::bytecode::code::CodeObject;
use crate::exec::ir::{Executor, TraceCode};
use crate::exec::run::Run;
use crate::interp::eval::Ctx;

/// Offset of the running frame's code (`&CodeObject`) in the run state.
pub const RUN_CODE: usize = offset_of!(Run<'static>, ctx) + offset_of!(Ctx<'static>, code);
/// Offset of the running frame's caches (`&[Cell<u32>]`: two words).
pub const RUN_CACHES: usize = offset_of!(Run<'static>, ctx) + offset_of!(Ctx<'static>, caches);
/// Offset of the running frame's base (`usize`).
pub const RUN_BASE: usize = offset_of!(Run<'static>, ctx) + offset_of!(Ctx<'static>, base);
/// Offset of the running frame's next instruction (`usize`).
pub const RUN_IP: usize = offset_of!(Run<'static>, ctx) + offset_of!(Ctx<'static>, ip);
/// Offset of the running frame's current instruction (`usize`).
pub const RUN_THIS: usize = offset_of!(Run<'static>, ctx) + offset_of!(Ctx<'static>, this);
/// Offset of the running frame's index in the context (`usize`).
pub const RUN_CTX_FI: usize = offset_of!(Run<'static>, ctx) + offset_of!(Ctx<'static>, fi);
/// Offset of the running frame's index in the run (`usize`; equal to the context's).
pub const RUN_FI: usize = offset_of!(Run<'static>, fi);
/// Offset of the run's first instruction's uop count (`usize`; code that follows a link
/// writes 0: the run has made progress).
pub const RUN_FIRST_LEN: usize = offset_of!(Run<'static>, first_len);

const _: () = assert!(
    size_of::<&CodeObject>() == 8
        && size_of::<&[Cell<u32>]>() == 16
        && size_of::<Rc<CodeObject>>() == 8
        && size_of::<usize>() == 8
);

/// The bits machine code writes and compares for one of an executor's codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeRefs {
    /// The `Rc<CodeObject>` a frame record holds (the executor's own, copied).
    pub rc: u64,
    /// The address of that `Rc`'s strong count.
    pub strong: u64,
    /// The `&CodeObject` the run state holds.
    pub code: u64,
    /// The `&[Cell<u32>]` of the executor's snapshot of the code's caches, which the run
    /// state holds in a trace.
    pub caches: [u64; 2],
}

/// The references of the executor's code `index`, or `None` when there is no such code or
/// an `Rc`'s strong count is not where machine code would change it.
pub fn code_refs(exec: &Executor, index: u8) -> Option<CodeRefs> {
    refs_of(exec.codes.get(usize::from(index))?)
}

/// The references of `tc`, when its `Rc`'s strong count is where machine code changes it.
fn refs_of(tc: &TraceCode) -> Option<CodeRefs> {
    let rc: &Rc<CodeObject> = &tc.code;
    // SAFETY: an `Rc` of a sized value with the global allocator is one non-null pointer
    // (the size is asserted above); copying its bits makes no second owner, since nothing
    // drops the copy.
    let bits: usize = unsafe { core::mem::transmute_copy::<Rc<CodeObject>, usize>(rc) };
    let value = Rc::as_ptr(rc) as usize;
    if bits.checked_add(2 * size_of::<usize>()) != Some(value) {
        return None;
    }
    let count = || {
        // SAFETY: `bits` is the address of the `Rc`'s allocation, which lives while `rc`
        // does, and the value is 16 bytes further on, so the allocation's first word is in
        // bounds and initialized (the check above); it is read, not borrowed, while no
        // `&mut` to the allocation exists (an `Rc`'s counts are cells).
        unsafe { (bits as *const usize).read() }
    };
    let before = count();
    let held = rc.clone();
    let during = count();
    drop(held);
    if before != Rc::strong_count(rc) || during != before + 1 {
        return None;
    }
    let caches: &[Cell<u32>] = &tc.caches;
    // SAFETY: a slice reference is two words (asserted above); its bits are copied, and
    // machine code writes them back only into a field of the same type, whose referent
    // (the executor's snapshot) outlives every run of the executor's code.
    let caches: [u64; 2] = unsafe { core::mem::transmute::<&[Cell<u32>], [u64; 2]>(caches) };
    Some(CodeRefs {
        rc: bits as u64,
        strong: bits as u64,
        code: value as u64,
        caches,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::types::Obj;
    use crate::vm::{BufferHost, Config, Vm};

    #[test]
    fn a_codes_refs_name_its_rc_its_count_and_its_caches() {
        let mut vm = Vm::new(
            Config::default(),
            alloc::boxed::Box::new(BufferHost::default()),
        )
        .expect("a VM");
        vm.run_source("def f():\n    return 1\n", "<t>").unwrap();
        let f = vm.get_global("f").expect("f is defined").get();
        let Some(Obj::Function(func)) = vm.obj(f) else {
            panic!("a function")
        };
        let tc = TraceCode::new(func.code.clone());
        let before = Rc::strong_count(&tc.code);
        let refs = refs_of(&tc).expect("std's Rc keeps its strong count first");
        assert_eq!(
            Rc::strong_count(&tc.code),
            before,
            "the probe gave its clone back"
        );
        assert_eq!(refs.code, Rc::as_ptr(&tc.code) as u64);
        assert_eq!((refs.rc + 16, refs.strong), (refs.code, refs.rc));
        let caches: &[Cell<u32>] = &tc.caches;
        assert!(refs.caches.contains(&(caches.as_ptr() as u64)));
        assert!(refs.caches.contains(&(caches.len() as u64)));
    }
}
