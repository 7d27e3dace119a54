//! Links between compiled executors: the indirection slots through which machine code that
//! leaves one trace at a linked exit goes straight on in the next trace's code.
//!
//! Sealed code is never patched. Each `_EXIT_TRACE` stub of a compiled executor has a
//! [`LinkSlot`] beside the code (its address fixed for the code's life), which the code of
//! the exit reads: when the slot is *current*, the code writes back the frame as for a
//! hand-back, switches the run to the executor the slot names and jumps to the slot's start
//! address; otherwise it hands back, and the uop executor follows the link itself and fills
//! the slot for next time ([`LinkSlots::fill`]).
//!
//! A slot is current when its epoch equals the VM's link epoch. The registry moves the epoch
//! on whenever an executor is unregistered (invalidated, evicted, replaced) or loses its
//! code, so no slot ever leads to an executor that is gone or invalid; slots are filled
//! again, lazily, as links are followed. Executors and code blocks that go away while
//! machine code runs are kept until the outermost run returns (the registry's graveyard),
//! since a linked run holds no `Rc` of the executor it jumped to.

use core::cell::Cell;
use core::mem::offset_of;

use alloc::boxed::Box;
use alloc::rc::Rc;

use crate::bytecode::ops::Uop;
use crate::exec::ir::Executor;

/// One link: where machine code goes on when it leaves through the slot's stub.
#[repr(C)]
#[derive(Debug)]
pub struct LinkSlot {
    /// The address of the next executor's code start.
    code: Cell<usize>,
    /// The next executor (`Rc::as_ptr`), which code writes into the helper context.
    exec: Cell<*const Executor>,
    /// The link epoch the slot was filled in (0: never).
    epoch: Cell<u64>,
    /// The next executor's `warm` cell, which code sets (the sweep frees executors not
    /// entered since the last one).
    warm: Cell<*const Cell<bool>>,
    /// The next executor's snapshot of its first code's caches (a `&[Cell<u32>]`: address
    /// and length), which code writes into the run state.
    caches: [Cell<usize>; 2],
    /// For a dynamic exit's slot: the frame the next executor starts in, which code checks
    /// the innermost frame is (its code as a frame record holds it, an `Rc`'s bits, and
    /// the offset it goes on at), and the `&CodeObject` code writes into the run state.
    /// Zero in other slots.
    frame_code: Cell<usize>,
    frame_ip: Cell<u64>,
    code_ref: Cell<usize>,
}

/// Offset of a slot's code address.
pub const LINK_CODE: usize = offset_of!(LinkSlot, code);
/// Offset of a slot's executor pointer.
pub const LINK_EXEC: usize = offset_of!(LinkSlot, exec);
/// Offset of a slot's epoch.
pub const LINK_EPOCH: usize = offset_of!(LinkSlot, epoch);
/// Offset of a slot's pointer to the next executor's `warm` cell.
pub const LINK_WARM: usize = offset_of!(LinkSlot, warm);
/// Offset of a slot's caches reference (two words).
pub const LINK_CACHES: usize = offset_of!(LinkSlot, caches);
/// Offset of a dynamic exit's slot's frame code (the bits of an `Rc<CodeObject>`).
pub const LINK_FRAME_CODE: usize = offset_of!(LinkSlot, frame_code);
/// Offset of a dynamic exit's slot's frame offset (a `u64`).
pub const LINK_FRAME_IP: usize = offset_of!(LinkSlot, frame_ip);
/// Offset of a dynamic exit's slot's `&CodeObject`.
pub const LINK_CODE_REF: usize = offset_of!(LinkSlot, code_ref);

const _: () = assert!(
    LINK_CODE == 0
        && LINK_EXEC == 8
        && LINK_EPOCH == 16
        && LINK_WARM == 24
        && LINK_CACHES == 32
        && LINK_FRAME_CODE == 48
        && LINK_FRAME_IP == 56
        && LINK_CODE_REF == 64
);

impl LinkSlot {
    fn empty() -> LinkSlot {
        LinkSlot {
            code: Cell::new(0),
            exec: Cell::new(core::ptr::null()),
            epoch: Cell::new(0),
            warm: Cell::new(core::ptr::null()),
            caches: [Cell::new(0), Cell::new(0)],
            frame_code: Cell::new(0),
            frame_ip: Cell::new(0),
            code_ref: Cell::new(0),
        }
    }
}

/// The link slots of one executor's code: one per `_EXIT_TRACE` and `_DYNAMIC_EXIT` stub.
#[derive(Debug)]
pub struct LinkSlots {
    /// The stub each slot belongs to (an index in [`Executor::uops`]), ascending.
    stubs: Box<[u16]>,
    slots: Box<[LinkSlot]>,
}

impl LinkSlots {
    /// No slots (code whose exits follow no link).
    pub fn empty() -> LinkSlots {
        LinkSlots {
            stubs: Box::new([]),
            slots: Box::new([]),
        }
    }

    /// Empty slots for every `_EXIT_TRACE` and `_DYNAMIC_EXIT` stub of `exec`.
    pub fn for_executor(exec: &Executor) -> LinkSlots {
        let stubs: Box<[u16]> = exec
            .uops
            .iter()
            .enumerate()
            .filter(|(_, u)| matches!(u.uop, Uop::_EXIT_TRACE | Uop::_DYNAMIC_EXIT))
            .filter_map(|(i, _)| u16::try_from(i).ok())
            .collect();
        let slots = stubs.iter().map(|_| LinkSlot::empty()).collect();
        LinkSlots { stubs, slots }
    }

    /// The slot of exit stub `stub`, if it has one.
    pub fn slot(&self, stub: usize) -> Option<&LinkSlot> {
        let stub = u16::try_from(stub).ok()?;
        let i = self.stubs.binary_search(&stub).ok()?;
        self.slots.get(i)
    }

    /// The address of exit stub `stub`'s slot, for code to embed (it stays put for as long
    /// as the slots live, which is as long as the code that reads them).
    pub fn address(&self, stub: usize) -> Option<usize> {
        self.slot(stub).map(|s| s as *const LinkSlot as usize)
    }

    /// Fills stub `stub`'s slot so that code leaving through it goes on at `start` (an
    /// address in `next`'s code) in epoch `epoch`. The caller vouches that `next` starts
    /// where the stub exits to, in the same code, and is registered (the epoch moves on
    /// before it stops being so).
    pub(crate) fn fill(&self, stub: usize, next: &Rc<Executor>, start: *const u8, epoch: u64) {
        let Some(slot) = self.slot(stub) else {
            return;
        };
        let Some(first) = next.codes.first() else {
            return;
        };
        slot.code.set(start as usize);
        slot.exec.set(Rc::as_ptr(next));
        slot.warm.set(&next.warm);
        slot.caches[0].set(first.caches.as_ptr() as usize);
        slot.caches[1].set(first.caches.len());
        slot.epoch.set(epoch);
    }

    /// Fills dynamic exit stub `stub`'s slot as [`LinkSlots::fill`] does, with the frame
    /// `next` starts in (its first code, at its start offset), which code checks the frame
    /// change went to before it follows the slot. The caller vouches for `next` as for
    /// `fill`; a code whose `Rc` machine code cannot read leaves the slot as it is.
    pub(crate) fn fill_dynamic(
        &self,
        stub: usize,
        next: &Rc<Executor>,
        start: *const u8,
        epoch: u64,
    ) {
        let (Some(slot), Some(refs)) = (self.slot(stub), super::frames::code_refs(next, 0)) else {
            return;
        };
        slot.frame_code.set(refs.rc as usize);
        slot.frame_ip.set(u64::from(next.start));
        slot.code_ref.set(refs.code as usize);
        self.fill(stub, next, start, epoch);
    }

    /// Whether stub `stub`'s slot leads to `next` in epoch `epoch` already.
    pub(crate) fn leads_to(&self, stub: usize, next: &Executor, epoch: u64) -> bool {
        self.slot(stub)
            .is_some_and(|s| s.epoch.get() == epoch && core::ptr::eq(s.exec.get(), next))
    }
}

/// An `Rc` of the executor whose code machine code entered for `entered` left from, when
/// that code followed links to another one (`last`, as the helper context held it then).
/// To be called before the machine-code run ends (see the registry's graveyard).
pub(crate) fn left_from(entered: &Executor, last: *const Executor) -> Option<Rc<Executor>> {
    if core::ptr::eq(last, entered) || last.is_null() {
        return None;
    }
    // SAFETY: code only ever writes into the context an executor pointer from a link slot,
    // which `LinkSlots::fill` set from `Rc::as_ptr` of a registered executor in the current
    // link epoch; the epoch moves on before that executor is unregistered, and one
    // unregistered while code runs stays in the registry's graveyard until the outermost
    // run returns, which is after this call. So `last` points into a live `Rc` allocation,
    // and taking one more strong count makes an `Rc` of our own.
    unsafe {
        Rc::increment_strong_count(last);
        Some(Rc::from_raw(last))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::ir::{ExecutorBuilder, Origin, UopInst};
    use crate::vm::{BufferHost, Config, Vm};

    /// An executor of one uop and the stubs `stubs`, in code `f` of a fresh VM.
    fn executor(stubs: &[Uop]) -> Executor {
        let mut vm = Vm::new(Config::default(), Box::new(BufferHost::default())).expect("a VM");
        vm.run_source("def f():\n    return 1\n", "<t>").unwrap();
        let f = vm.get_global("f").expect("f is defined").get();
        let Some(crate::object::types::Obj::Function(func)) = vm.obj(f) else {
            panic!("a function")
        };
        let mut b = ExecutorBuilder::new(func.code.clone());
        b.body.push(UopInst::new(Uop::_EXIT_TRACE, 0, 0, 0, 0));
        for &s in stubs {
            b.stub(s, 0, 0);
        }
        b.build(Origin::External, 0, 0)
    }

    #[test]
    fn every_exit_trace_and_dynamic_exit_stub_has_a_slot_and_no_other_uop_does() {
        let e = executor(&[Uop::_DEOPT, Uop::_EXIT_TRACE, Uop::_DYNAMIC_EXIT]);
        let slots = LinkSlots::for_executor(&e);
        let with_slot: alloc::vec::Vec<usize> = (0..e.uops.len())
            .filter(|&i| slots.address(i).is_some())
            .collect();
        let linkable: alloc::vec::Vec<usize> = (0..e.uops.len())
            .filter(|&i| matches!(e.uops[i].uop, Uop::_EXIT_TRACE | Uop::_DYNAMIC_EXIT))
            .collect();
        assert_eq!(with_slot, linkable);
        assert_eq!(with_slot.len(), 3);
    }

    #[test]
    fn a_dynamic_slot_names_the_frame_its_executor_starts_in() {
        let e = executor(&[Uop::_DYNAMIC_EXIT]);
        let next = Rc::new(executor(&[]));
        let slots = LinkSlots::for_executor(&e);
        let stub = e.uops.len() - 1;
        slots.fill_dynamic(stub, &next, 0x2000 as *const u8, 3);
        assert!(slots.leads_to(stub, &next, 3));
        let slot = slots.slot(stub).expect("a slot");
        let refs = crate::jit::frames::code_refs(&next, 0).expect("readable refs");
        assert_eq!(slot.frame_code.get(), refs.rc as usize);
        assert_eq!(
            slot.code_ref.get(),
            Rc::as_ptr(&next.codes[0].code) as usize
        );
        assert_eq!(slot.frame_ip.get(), u64::from(next.start));
        let base = slot as *const LinkSlot as usize;
        assert_eq!(
            &slot.frame_code as *const Cell<usize> as usize,
            base + LINK_FRAME_CODE
        );
        assert_eq!(
            &slot.frame_ip as *const Cell<u64> as usize,
            base + LINK_FRAME_IP
        );
        assert_eq!(
            &slot.code_ref as *const Cell<usize> as usize,
            base + LINK_CODE_REF
        );
    }

    #[test]
    fn a_filled_slot_leads_to_its_executor_in_its_epoch_only() {
        let e = executor(&[Uop::_EXIT_TRACE]);
        let next = Rc::new(executor(&[]));
        let slots = LinkSlots::for_executor(&e);
        let stub = e.uops.len() - 1;
        assert!(
            !slots.leads_to(stub, &next, 1),
            "an empty slot leads nowhere"
        );
        let start = 0x1000 as *const u8;
        slots.fill(stub, &next, start, 7);
        assert!(slots.leads_to(stub, &next, 7));
        assert!(
            !slots.leads_to(stub, &next, 8),
            "a later epoch makes it stale"
        );
        let slot = slots.slot(stub).expect("a slot");
        assert_eq!(slot.code.get(), 0x1000);
        assert_eq!(slot.warm.get(), &next.warm as *const Cell<bool>);
        assert_eq!(slot.caches[1].get(), next.codes[0].caches.len());
        // Code reads the fields at the offsets the constants give.
        let base = slot as *const LinkSlot as usize;
        assert_eq!(&slot.epoch as *const Cell<u64> as usize, base + LINK_EPOCH);
        assert_eq!(&slot.exec as *const _ as usize, base + LINK_EXEC);
    }

    #[test]
    fn the_executor_code_left_from_is_an_rc_of_its_own() {
        let first = executor(&[]);
        let next = Rc::new(executor(&[]));
        assert!(left_from(&first, &first).is_none(), "no link followed");
        assert!(left_from(&first, core::ptr::null()).is_none());
        let got = left_from(&first, Rc::as_ptr(&next)).expect("the linked executor");
        assert!(Rc::ptr_eq(&got, &next));
        assert_eq!(Rc::strong_count(&next), 2);
        drop(got);
        assert_eq!(Rc::strong_count(&next), 1);
    }
}
