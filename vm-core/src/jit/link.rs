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
use core::mem::{offset_of, size_of};

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
    /// For a dynamic exit's way whose frame is a function's entry that code can push
    /// itself (no `*args`, `**kwargs` or keyword-only parameters): the arguments the
    /// function takes; [`NOT_CALLABLE`] otherwise. With it, the frame slots past the
    /// arguments and the value-stack slots the VM's call path makes sure of past the
    /// caller's top (as an inline call of the recorded callee has them as constants).
    call_nargs: Cell<u64>,
    call_extra: Cell<u64>,
    call_room: Cell<u64>,
    /// The frame slots in use at every exit of the code that links through the slot, as
    /// the backend noted them ([`LinkSlots::note_from_slots`]): [`UNNOTED`] until noted,
    /// [`MIXED_SLOTS`] when exits with different counts share the slot. Read by the VM
    /// (not by machine code) when it fills the slot.
    from_slots: Cell<u32>,
}

/// A slot's `from_slots` before the backend noted its exits.
const UNNOTED: u32 = u32::MAX;
/// A slot's `from_slots` when its exits have different counts.
const MIXED_SLOTS: u32 = u32::MAX - 1;

/// A way's `call_nargs` when code cannot push the way's frame for a call.
pub const NOT_CALLABLE: u64 = u64::MAX;

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
/// Offset of a dynamic exit's way's argument count for calls (a `u64`).
pub const LINK_CALL_NARGS: usize = offset_of!(LinkSlot, call_nargs);
/// Offset of a dynamic exit's way's frame slots past the arguments (a `u64`).
pub const LINK_CALL_EXTRA: usize = offset_of!(LinkSlot, call_extra);
/// Offset of a dynamic exit's way's value-stack room for a call (a `u64`).
pub const LINK_CALL_ROOM: usize = offset_of!(LinkSlot, call_room);

const _: () = assert!(
    LINK_CODE == 0
        && LINK_EXEC == 8
        && LINK_EPOCH == 16
        && LINK_WARM == 24
        && LINK_CACHES == 32
        && LINK_FRAME_CODE == 48
        && LINK_FRAME_IP == 56
        && LINK_CODE_REF == 64
        && LINK_CALL_NARGS == 72
        && LINK_CALL_EXTRA == 80
        && LINK_CALL_ROOM == 88
);

/// The size of a slot: a dynamic exit's ways lie this far apart.
pub const LINK_SLOT_SIZE: usize = size_of::<LinkSlot>();

/// How many frames a dynamic exit's slot leads to at once (its *ways*, consecutive slots):
/// a call or return site that goes to several places (a method that subclasses override,
/// a function returning to several callers) follows each in code.
pub const DYNAMIC_WAYS: usize = 4;

const _: () = assert!(LINK_SLOT_SIZE == 104);

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
            call_nargs: Cell::new(NOT_CALLABLE),
            call_extra: Cell::new(0),
            call_room: Cell::new(0),
            from_slots: Cell::new(UNNOTED),
        }
    }
}

/// A call's view of the frame an executor starts in: `(nargs, extra, room)` as the way
/// fields hold them, when it is the entry of a function code can push a frame for.
fn callable_entry(next: &Executor) -> Option<(u64, u64, u64)> {
    use crate::bytecode::code::code_flags;
    let code = &next.codes.first()?.code;
    let plain = code.flags & (code_flags::VARARGS | code_flags::VARKEYWORDS) == 0
        && code.kwonlyargcount == 0;
    if next.start != 0 || !plain {
        return None;
    }
    let nargs = u64::from(code.argcount);
    let extra = u64::try_from(code.nlocalsplus()).ok()?.checked_sub(nargs)?;
    let room = extra
        .checked_add(u64::from(code.stacksize))?
        .checked_add(crate::interp::stack::SLACK as u64)?;
    Some((nargs, extra, room))
}

/// The link slots of one executor's code: one per `_EXIT_TRACE` stub and
/// [`DYNAMIC_WAYS`] consecutive ones per `_DYNAMIC_EXIT` stub.
#[derive(Debug)]
pub struct LinkSlots {
    /// The stubs with slots (indexes in [`Executor::uops`]), ascending.
    stubs: Box<[u16]>,
    /// Per stub, the index of its first slot in `slots`.
    first: Box<[u32]>,
    /// Per dynamic stub, the way its next fill replaces when every way is current.
    victim: Box<[Cell<u8>]>,
    slots: Box<[LinkSlot]>,
}

impl LinkSlots {
    /// No slots (code whose exits follow no link).
    pub fn empty() -> LinkSlots {
        LinkSlots {
            stubs: Box::new([]),
            first: Box::new([]),
            victim: Box::new([]),
            slots: Box::new([]),
        }
    }

    /// Empty slots for every `_EXIT_TRACE` and `_DYNAMIC_EXIT` stub of `exec`.
    pub fn for_executor(exec: &Executor) -> LinkSlots {
        let mut stubs = alloc::vec::Vec::new();
        let mut first = alloc::vec::Vec::new();
        let mut count = 0u32;
        for (i, u) in exec.uops.iter().enumerate() {
            let ways = match u.uop {
                Uop::_EXIT_TRACE => 1,
                Uop::_DYNAMIC_EXIT => DYNAMIC_WAYS as u32,
                _ => continue,
            };
            let Ok(i) = u16::try_from(i) else { break };
            stubs.push(i);
            first.push(count);
            count += ways;
        }
        first.push(count);
        LinkSlots {
            victim: stubs.iter().map(|_| Cell::new(0)).collect(),
            stubs: stubs.into(),
            first: first.into(),
            slots: (0..count).map(|_| LinkSlot::empty()).collect(),
        }
    }

    /// The slots of exit stub `stub` (one, or a dynamic exit's ways), with the stub's
    /// index among the stubs; empty if it has none.
    fn ways(&self, stub: usize) -> (usize, &[LinkSlot]) {
        let found = u16::try_from(stub)
            .ok()
            .and_then(|stub| self.stubs.binary_search(&stub).ok());
        let Some(i) = found else {
            return (0, &[]);
        };
        let (Some(&a), Some(&b)) = (self.first.get(i), self.first.get(i + 1)) else {
            return (0, &[]);
        };
        (i, self.slots.get(a as usize..b as usize).unwrap_or(&[]))
    }

    /// The (first) slot of exit stub `stub`, if it has one.
    pub fn slot(&self, stub: usize) -> Option<&LinkSlot> {
        self.ways(stub).1.first()
    }

    /// The address of exit stub `stub`'s slot, for code to embed (it stays put for as long
    /// as the slots live, which is as long as the code that reads them).
    pub fn address(&self, stub: usize) -> Option<usize> {
        self.slot(stub).map(|s| s as *const LinkSlot as usize)
    }

    /// Notes that code leaves through stub `stub`'s slot with `slots` frame slots in use
    /// (what the backend knows of each exit that reads the slot), so that filling it may
    /// lead past the next start's length check ([`crate::jit::CodeStart::linked_offset`]).
    pub fn note_from_slots(&self, stub: usize, slots: u32) {
        if let Some(slot) = self.slot(stub) {
            let noted = match slot.from_slots.get() {
                UNNOTED => slots,
                s if s == slots => s,
                _ => MIXED_SLOTS,
            };
            slot.from_slots.set(noted);
        }
    }

    /// The frame slots in use at every exit through stub `stub`'s slot, when the backend
    /// noted one count for them all.
    pub fn from_slots(&self, stub: usize) -> Option<u32> {
        let s = self.slot(stub)?.from_slots.get();
        (s != UNNOTED && s != MIXED_SLOTS).then_some(s)
    }

    /// Fills stub `stub`'s slot so that code leaving through it goes on at `start` (an
    /// address in `next`'s code) in epoch `epoch`. The caller vouches that `next` starts
    /// where the stub exits to, in the same code, and is registered (the epoch moves on
    /// before it stops being so).
    pub(crate) fn fill(&self, stub: usize, next: &Rc<Executor>, start: *const u8, epoch: u64) {
        if let Some(slot) = self.slot(stub) {
            Self::fill_slot(slot, next, start, epoch);
        }
    }

    fn fill_slot(slot: &LinkSlot, next: &Rc<Executor>, start: *const u8, epoch: u64) {
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

    /// Fills a way of dynamic exit stub `stub`'s slot as [`LinkSlots::fill`] does, with
    /// the frame `next` starts in (its first code, at its start offset), which code checks
    /// the frame change went to before it follows the way. The way is one not current in
    /// `epoch` if there is one, else the ways take turns. The caller vouches for `next` as
    /// for `fill`; a code whose `Rc` machine code cannot read leaves the slot as it is.
    pub(crate) fn fill_dynamic(
        &self,
        stub: usize,
        next: &Rc<Executor>,
        start: *const u8,
        epoch: u64,
    ) {
        let (i, ways) = self.ways(stub);
        let (Some(victim), Some(refs)) = (self.victim.get(i), super::frames::code_refs(next, 0))
        else {
            return;
        };
        let stale = ways.iter().find(|w| w.epoch.get() != epoch);
        let slot = match stale {
            Some(w) => w,
            None => {
                let v = usize::from(victim.get()) % ways.len().max(1);
                victim.set(((v + 1) % ways.len().max(1)) as u8);
                let Some(w) = ways.get(v) else { return };
                w
            }
        };
        slot.frame_code.set(refs.rc as usize);
        slot.frame_ip.set(u64::from(next.start));
        slot.code_ref.set(refs.code as usize);
        let (nargs, extra, room) = callable_entry(next).unwrap_or((NOT_CALLABLE, 0, 0));
        slot.call_nargs.set(nargs);
        slot.call_extra.set(extra);
        slot.call_room.set(room);
        Self::fill_slot(slot, next, start, epoch);
    }

    /// Whether stub `stub`'s slot (one of its ways) leads to `next` in epoch `epoch`
    /// already.
    pub(crate) fn leads_to(&self, stub: usize, next: &Executor, epoch: u64) -> bool {
        self.ways(stub)
            .1
            .iter()
            .any(|s| s.epoch.get() == epoch && core::ptr::eq(s.exec.get(), next))
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
        // `f`'s entry, which a call can push: no arguments, its locals past them.
        let code = &next.codes[0].code;
        assert_eq!(next.start, 0);
        assert_eq!(slot.call_nargs.get(), 0);
        assert_eq!(slot.call_extra.get(), code.nlocalsplus() as u64);
        assert_eq!(
            slot.call_room.get(),
            (code.nlocalsplus() + code.stacksize as usize + crate::interp::stack::SLACK) as u64
        );
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
        let words = [
            (&slot.call_nargs, LINK_CALL_NARGS),
            (&slot.call_extra, LINK_CALL_EXTRA),
            (&slot.call_room, LINK_CALL_ROOM),
        ];
        for (cell, offset) in words {
            assert_eq!(cell as *const Cell<u64> as usize, base + offset);
        }
    }

    #[test]
    fn a_way_into_a_frame_past_its_entry_is_no_call_target() {
        let e = executor(&[Uop::_DYNAMIC_EXIT]);
        let slots = LinkSlots::for_executor(&e);
        let stub = e.uops.len() - 1;
        let mut mid = executor(&[]);
        mid.start = 2;
        slots.fill_dynamic(stub, &Rc::new(mid), 0x2000 as *const u8, 3);
        let slot = slots.slot(stub).expect("a slot");
        assert_eq!(slot.call_nargs.get(), NOT_CALLABLE);
    }

    #[test]
    fn a_dynamic_slot_leads_to_several_executors_and_replaces_them_in_turn() {
        let e = executor(&[Uop::_EXIT_TRACE, Uop::_DYNAMIC_EXIT]);
        let slots = LinkSlots::for_executor(&e);
        let stub = e.uops.len() - 1;
        let nexts: alloc::vec::Vec<Rc<Executor>> =
            (0..=DYNAMIC_WAYS).map(|_| Rc::new(executor(&[]))).collect();
        let start = 0x3000 as *const u8;
        for next in &nexts[..DYNAMIC_WAYS] {
            slots.fill_dynamic(stub, next, start, 5);
        }
        assert!(nexts[..DYNAMIC_WAYS]
            .iter()
            .all(|n| slots.leads_to(stub, n, 5)));
        // The ways lie one slot apart, as code reads them.
        let (_, ways) = slots.ways(stub);
        assert_eq!(ways.len(), DYNAMIC_WAYS);
        let base = ways.as_ptr() as usize;
        for (k, w) in ways.iter().enumerate() {
            assert_eq!(w as *const LinkSlot as usize, base + k * LINK_SLOT_SIZE);
        }
        // Every way current: one more replaces the first, then the second.
        slots.fill_dynamic(stub, &nexts[DYNAMIC_WAYS], start, 5);
        assert!(slots.leads_to(stub, &nexts[DYNAMIC_WAYS], 5));
        assert!(!slots.leads_to(stub, &nexts[0], 5));
        assert!(slots.leads_to(stub, &nexts[1], 5));
        slots.fill_dynamic(stub, &nexts[0], start, 5);
        assert!(!slots.leads_to(stub, &nexts[1], 5));
        // A new epoch makes every way stale, and a fill takes the first one.
        slots.fill_dynamic(stub, &nexts[2], start, 6);
        assert!(core::ptr::eq(ways[0].exec.get(), Rc::as_ptr(&nexts[2])));
        assert!(!slots.leads_to(stub, &nexts[3], 6));
        // The static exit's slot is a single one, apart from the dynamic ways.
        let exit = e.uops.len() - 2;
        assert_eq!(slots.ways(exit).1.len(), 1);
        slots.fill(exit, &nexts[1], start, 6);
        assert!(slots.leads_to(exit, &nexts[1], 6));
        assert!(!slots.leads_to(stub, &nexts[1], 6));
    }

    #[test]
    fn exits_noted_with_one_slot_count_tell_it_and_mixed_ones_do_not() {
        let e = executor(&[Uop::_EXIT_TRACE, Uop::_EXIT_TRACE, Uop::_DYNAMIC_EXIT]);
        let slots = LinkSlots::for_executor(&e);
        let (a, b, dynamic) = (e.uops.len() - 3, e.uops.len() - 2, e.uops.len() - 1);
        assert_eq!(slots.from_slots(a), None);
        slots.note_from_slots(a, 7);
        slots.note_from_slots(a, 7);
        assert_eq!(slots.from_slots(a), Some(7));
        slots.note_from_slots(b, 3);
        slots.note_from_slots(b, 4);
        assert_eq!(slots.from_slots(b), None);
        slots.note_from_slots(b, 3);
        assert_eq!(slots.from_slots(b), None);
        assert_eq!(slots.from_slots(dynamic), None);
        // A stub without a slot notes nothing.
        slots.note_from_slots(0, 1);
        assert_eq!(slots.from_slots(0), None);
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
