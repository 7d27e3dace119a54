//! What an optimized executor tells the traces that follow it, so they need not check again
//! what it proved:
//! - **Facts at exits.** For each `_EXIT_TRACE` stub, the types known of the exiting
//!   frame's locals and of the known top of its value stack when the exit is taken. A side
//!   trace recorded from that exit starts its forward pass from them
//!   ([`ExecutorBuilder::entry`]), instead of knowing nothing (LuaJIT's side traces inherit
//!   their parent's snapshot the same way).
//! - **The loop entry.** A peeled executor's loop copy assumes its header (the types of the
//!   loop frame's locals and stack top, the checked dict versions). A trace that ends at
//!   that executor's start (a side trace that finishes an iteration, an outer loop reaching
//!   an inner one) and whose own facts prove the header enters the loop copy directly
//!   ([`UopInst::expect`] of its terminal `_EXIT_TRACE` names the executor), so the
//!   preamble's guards do not run on every such iteration.
//!
//! Class-version facts (`Ty::Instance`) rest on the executor's validity: they are only
//! given to a side trace where nothing since the parent's last validity check can have
//! changed a class (the exit of a validity check itself is exactly where one did), and the
//! side trace then depends on the parent's classes too.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::forward::Pass;
use super::symbol::Ty;
use crate::bytecode::ops::{Op, Uop};
use crate::exec::ir::{Dep, Executor, ExecutorBuilder, UopInst};

/// What is known of one frame: the types of its locals (by index; missing ones unknown)
/// and of the known top part of its value stack (bottom first; below it unknown).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FrameFacts {
    /// Types of the locals.
    pub locals: Box<[Ty]>,
    /// Types of the known top of the value stack, bottom first.
    pub stack: Box<[Ty]>,
    /// The frame was entered by a call the trace followed (its return pushes the value
    /// on the caller's stack).
    pub called: bool,
}

impl FrameFacts {
    /// Facts from the two lists, trimmed of what says nothing (trailing unknown locals,
    /// unknown stack items at the bottom).
    pub fn new(mut locals: Vec<Ty>, stack: &[Ty]) -> FrameFacts {
        while locals.last() == Some(&Ty::Unknown) {
            locals.pop();
        }
        let skip = stack.iter().take_while(|&&t| t == Ty::Unknown).count();
        FrameFacts {
            locals: locals.into_boxed_slice(),
            stack: stack[skip..].into(),
            called: false,
        }
    }

    /// Whether nothing is known.
    pub fn is_empty(&self) -> bool {
        self.locals.is_empty() && self.stack.is_empty() && !self.called
    }

    /// What holds on both (the stacks line up at the top: the same offset of the same
    /// code has one stack depth).
    pub fn join(&self, other: &FrameFacts) -> FrameFacts {
        let n = self.locals.len().min(other.locals.len());
        let locals = (0..n)
            .map(|i| self.locals[i].join(other.locals[i]))
            .collect();
        let m = self.stack.len().min(other.stack.len());
        let (a, b) = (
            &self.stack[self.stack.len() - m..],
            &other.stack[other.stack.len() - m..],
        );
        let stack: Vec<Ty> = a.iter().zip(b).map(|(x, y)| x.join(*y)).collect();
        FrameFacts {
            called: self.called && other.called,
            ..FrameFacts::new(locals, &stack)
        }
    }

    /// Whether a class-version fact is among them.
    pub fn has_instance(&self) -> bool {
        self.locals
            .iter()
            .chain(self.stack.iter())
            .any(|t| matches!(t, Ty::Instance(_)))
    }

    /// Bytes they occupy (counted in the executor's memory).
    pub fn bytes(&self) -> usize {
        size_of::<FrameFacts>() + (self.locals.len() + self.stack.len()) * size_of::<Ty>()
    }
}

/// The facts at an executor's linkable exits, packed: one index entry per stub (stub,
/// locals, stack items, offset) into one byte string of types ([`Ty::encode`]: a byte
/// each, five with a payload), where a stub with the same facts as the previous one
/// shares its bytes. Bit 7 of an entry's stack count is [`FrameFacts::called`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExitFacts {
    index: Box<[(u16, u8, u8, u32)]>,
    bytes: Box<[u8]>,
}

impl ExitFacts {
    /// Packs per-stub facts (sorted by stub, one entry each), relocating the stubs by
    /// `base`. Facts past 255 locals or 127 stack items are dropped (knowing less is
    /// sound; the stack keeps its top).
    pub fn pack(v: Vec<(u16, FrameFacts)>, base: u16) -> ExitFacts {
        let mut index: Vec<(u16, u8, u8, u32)> = Vec::with_capacity(v.len());
        let mut bytes: Vec<u8> = Vec::new();
        let mut prev: Option<&FrameFacts> = None;
        for (stub, f) in &v {
            let nl = f.locals.len().min(255);
            let ns = f.stack.len().min(127);
            match index.last() {
                Some(&(_, l, s, at)) if prev == Some(f) => index.push((stub + base, l, s, at)),
                _ => {
                    let at = bytes.len() as u32;
                    for t in f.locals[..nl].iter().chain(&f.stack[f.stack.len() - ns..]) {
                        t.encode(&mut bytes);
                    }
                    let flag = if f.called { 0x80 } else { 0 };
                    index.push((stub + base, nl as u8, ns as u8 | flag, at));
                }
            }
            prev = Some(f);
        }
        ExitFacts {
            index: index.into_boxed_slice(),
            bytes: bytes.into_boxed_slice(),
        }
    }

    /// The facts at exit stub `stub` (an index in the executor's uops), if any.
    pub fn get(&self, stub: u16) -> Option<FrameFacts> {
        let i = self.index.binary_search_by_key(&stub, |e| e.0).ok()?;
        let (_, l, s, at) = self.index[i];
        let mut at = at as usize;
        let mut read = |n: u8| -> Option<Box<[Ty]>> {
            (0..n).map(|_| Ty::decode(&self.bytes, &mut at)).collect()
        };
        let locals = read(l)?;
        let stack = read(s & 0x7f)?;
        Some(FrameFacts {
            locals,
            stack,
            called: s & 0x80 != 0,
        })
    }

    /// How many exits have facts.
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// Whether no exit has facts.
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// Bytes they occupy.
    pub fn bytes(&self) -> usize {
        self.index.len() * size_of::<(u16, u8, u8, u32)>() + self.bytes.len()
    }
}

/// The loop copy of a peeled executor and what it assumes at its top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopEntry {
    /// Index (in the executor's uops) of the loop copy's first uop.
    pub top: u32,
    /// The loop frame's facts the copy assumes.
    pub facts: FrameFacts,
    /// Globals dicts (heap slot, keys version) the copy assumes checked with no escape
    /// since.
    pub globals: Box<[(u32, u32)]>,
    /// Builtins keys versions likewise.
    pub builtins: Box<[u32]>,
    /// Known contents of the loop frame's cells (by index).
    pub cells: Box<[(u32, Ty)]>,
}

impl LoopEntry {
    /// Bytes it occupies.
    pub fn bytes(&self) -> usize {
        size_of::<LoopEntry>()
            + self.facts.bytes()
            + self.globals.len() * 8
            + self.builtins.len() * 4
            + self.cells.len() * size_of::<(u32, Ty)>()
    }
}

/// Joins facts noted more than once for one stub (a stub shared by the preamble and the
/// loop copy, or by several uops), keeping one entry per stub, sorted.
pub(super) fn merge_exit_facts(mut v: Vec<(u16, FrameFacts)>) -> Vec<(u16, FrameFacts)> {
    v.sort_by_key(|(s, _)| *s);
    let mut out: Vec<(u16, FrameFacts)> = Vec::with_capacity(v.len());
    for (s, f) in v {
        match out.last_mut() {
            Some((t, g)) if *t == s => *g = g.join(&f),
            _ => out.push((s, f)),
        }
    }
    out.retain(|(_, f)| !f.is_empty());
    out
}

/// The facts a side trace recorded from exit `stub` of `parent` (starting at `target` of
/// `code`) starts from, with the dependencies they bring (the parent's classes, when a
/// class-version fact is among them).
pub(crate) fn seed(
    parent: &Executor,
    stub: u16,
    code: &alloc::rc::Rc<crate::bytecode::code::CodeObject>,
    target: u32,
    b: &mut ExecutorBuilder,
) {
    let Some(s) = parent.uops.get(stub as usize) else {
        return;
    };
    let here = parent
        .codes
        .get(s.code as usize)
        .is_some_and(|tc| alloc::rc::Rc::ptr_eq(&tc.code, code));
    if s.uop != Uop::_EXIT_TRACE || s.target != target || !here {
        return;
    }
    let Some(facts) = parent.exit_facts.get(stub) else {
        return;
    };
    if facts.has_instance() {
        for d in parent.deps.iter() {
            if matches!(d, Dep::Class(_)) && !b.deps.contains(d) {
                b.deps.push(*d);
            }
        }
    }
    b.entry = Some(facts);
}

impl Pass<'_> {
    /// The facts of the innermost frame if it runs code `code` (class-version facts only
    /// when nothing since the last validity check can have changed a class); `stack`:
    /// with its known top part, else none of it.
    pub(super) fn frame_facts(&self, code: u8, stack: bool) -> Option<FrameFacts> {
        let f = self.frames.last().filter(|f| f.code == code)?;
        let ty = |s| match self.syms.ty(s) {
            Ty::Instance(_) if !self.clean => Ty::Unknown,
            t => t,
        };
        let locals = f.locals.iter().map(|&s| ty(s)).collect();
        let st: Vec<Ty> = if stack {
            f.stack.iter().map(|&s| ty(s)).collect()
        } else {
            Vec::new()
        };
        Some(FrameFacts {
            called: f.entered == super::forward::Entered::Call,
            ..FrameFacts::new(locals, &st)
        })
        .filter(|x| !x.is_empty())
    }

    /// Notes the facts that hold when exit `stub` (a builder stub index) is taken, if it
    /// is a linkable exit in the frame of code `code`.
    pub(super) fn note_exit(&mut self, stub: u16, facts: &Option<FrameFacts>) {
        let Some(f) = facts else {
            return;
        };
        let linkable = self
            .b
            .stubs
            .get(stub as usize)
            .is_some_and(|s| s.uop == Uop::_EXIT_TRACE);
        if linkable {
            self.exit_facts.push((stub, f.clone()));
        }
    }

    /// Notes the facts at the exits of the instruction group `uops` (before it: `before`;
    /// after it, in the frame of `code`). A guard's exit (before any effect: tier 1 runs
    /// the instruction again) sees the state before the group; a branch that goes the
    /// other way sees the state after it (both ways pop the same); any other jump the other
    /// way (a `for` loop's end, which pops its iterator) sees the locals from before. (The
    /// pass learns nothing from the direction a branch took; if it ever does, the other
    /// way's exit must not see that.)
    pub(super) fn note_group_exits(&mut self, uops: &[UopInst], before: &Option<FrameFacts>) {
        let branch = |u: Uop| {
            matches!(
                u,
                Uop::_GUARD_IS_TRUE_POP
                    | Uop::_GUARD_IS_FALSE_POP
                    | Uop::_GUARD_IS_NONE_POP
                    | Uop::_GUARD_IS_NOT_NONE_POP
                    | Uop::_POP_JUMP_NEXT
            )
        };
        let Some(last) = uops.last() else {
            return;
        };
        let no_exit = crate::exec::ir::NO_EXIT;
        if uops
            .iter()
            .all(|u| u.exit == no_exit && u.jump_exit == no_exit)
        {
            return;
        }
        let is_branch = uops.iter().any(|u| branch(u.uop));
        let after = self.frame_facts(last.code, is_branch);
        for u in uops {
            if u.exit != crate::exec::ir::NO_EXIT {
                let f = if branch(u.uop) { &after } else { before };
                self.note_exit(u.exit, f);
            }
            if u.jump_exit != crate::exec::ir::NO_EXIT {
                let f = if is_branch {
                    after.clone()
                } else {
                    // (A frame change elsewhere: nothing of how it was entered.)
                    before.as_ref().map(|b| FrameFacts {
                        locals: b.locals.clone(),
                        stack: Box::default(),
                        called: false,
                    })
                };
                self.note_exit(u.jump_exit, &f);
            }
        }
    }

    /// Starts the pass from the facts the trace is entered with (a side trace's parent's
    /// at its exit).
    pub(super) fn seed_entry(&mut self) {
        let Some(f) = self.b.entry.as_ref() else {
            return;
        };
        let locals = f.locals.iter().map(|&t| self.syms.fresh(t)).collect();
        let stack = f.stack.iter().map(|&t| self.syms.fresh(t)).collect();
        self.frames.push(super::forward::Frame {
            code: 0,
            entered: if f.called {
                super::forward::Entered::Call
            } else {
                super::forward::Entered::Opaque
            },
            locals,
            stack,
            cells: Vec::new(),
            gen: None,
        });
    }

    /// For the trace's terminal `_EXIT_TRACE` `u`: the id of the peeled executor installed
    /// at its target whose loop header the state here proves (0: none). The first
    /// instruction must be complete by then (entering a loop copy is progress).
    pub(super) fn loop_to_enter(&self, u: &UopInst) -> u32 {
        if u.uop != Uop::_EXIT_TRACE || self.b.first_len == 0 {
            return 0;
        }
        let Some(f) = self.frames.last().filter(|f| f.code == u.code) else {
            return 0;
        };
        let Some(code) = self.b.codes.get(u.code as usize).map(|tc| &tc.code) else {
            return 0;
        };
        let Some(unit) = code.code.get(u.target as usize).map(|c| c.get()) else {
            return 0;
        };
        if unit as u8 != Op::ENTER_EXECUTOR as u8 {
            return 0;
        }
        let Some(slot) = code.executors.borrow().get((unit >> 8) as usize).copied() else {
            return 0;
        };
        let Some(e) = self.vm.tier2.get(slot.id) else {
            return 0;
        };
        let Some(h) = e.loop_entry.as_deref() else {
            return 0;
        };
        let same_code = e
            .codes
            .first()
            .is_some_and(|tc| alloc::rc::Rc::ptr_eq(&tc.code, code));
        if !e.valid.get() || e.start != u.target || !same_code {
            return 0;
        }
        let local_ok = h.facts.locals.iter().enumerate().all(|(i, &t)| {
            t == Ty::Unknown || f.locals.get(i).is_some_and(|&s| self.syms.is(s, t))
        });
        let stack_ok = h.facts.stack.iter().rev().enumerate().all(|(j, &t)| {
            t == Ty::Unknown
                || f.stack
                    .len()
                    .checked_sub(j + 1)
                    .is_some_and(|k| self.syms.is(f.stack[k], t))
        });
        let cells_ok = h
            .cells
            .iter()
            .all(|&(i, t)| f.cells.iter().any(|&(j, s)| j == i && self.syms.is(s, t)));
        let globals_ok = cells_ok
            && h.globals.iter().all(|g| self.globals_ok.contains(g))
            && h.builtins.iter().all(|g| self.builtins_ok.contains(g));
        if local_ok && stack_ok && globals_ok {
            e.id.get()
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_trim_and_join_at_the_top() {
        let a = FrameFacts::new(
            alloc::vec![Ty::List, Ty::SmallInt, Ty::Unknown],
            &[Ty::Unknown, Ty::ListIter, Ty::SmallInt],
        );
        assert_eq!(&*a.locals, &[Ty::List, Ty::SmallInt]);
        assert_eq!(&*a.stack, &[Ty::ListIter, Ty::SmallInt]);
        let b = FrameFacts::new(alloc::vec![Ty::List, Ty::Float], &[Ty::Float]);
        let j = a.join(&b);
        assert_eq!(&*j.locals, &[Ty::List, Ty::Number]);
        assert_eq!(&*j.stack, &[Ty::Number]);
        assert!(FrameFacts::new(alloc::vec![Ty::Unknown], &[]).is_empty());
    }

    #[test]
    fn exit_facts_pack_and_share() {
        let f = |t| FrameFacts::new(alloc::vec![Ty::List, t], &[Ty::Instance(9)]);
        let packed = ExitFacts::pack(
            alloc::vec![
                (1, f(Ty::SmallInt)),
                (4, f(Ty::SmallInt)),
                (6, f(Ty::Float))
            ],
            10,
        );
        assert_eq!(packed.len(), 3);
        assert_eq!(packed.bytes.len(), 14, "stub 4 shares stub 1's bytes");
        assert_eq!(packed.get(14), Some(f(Ty::SmallInt)));
        assert_eq!(packed.get(16), Some(f(Ty::Float)));
        assert_eq!(packed.get(1), None);
    }

    #[test]
    fn a_called_frame_is_kept_packed_and_joined() {
        let called = FrameFacts {
            called: true,
            ..FrameFacts::new(alloc::vec![Ty::Shaped(3)], &[Ty::Bool])
        };
        assert!(!FrameFacts {
            called: true,
            ..FrameFacts::default()
        }
        .is_empty());
        let packed = ExitFacts::pack(alloc::vec![(2, called.clone())], 0);
        assert_eq!(packed.get(2), Some(called.clone()));
        let plain = FrameFacts::new(alloc::vec![Ty::Shaped(3)], &[Ty::Bool]);
        assert!(!called.join(&plain).called);
        assert!(called.join(&called).called);
    }

    #[test]
    fn exit_facts_merge_per_stub() {
        let f = |t| FrameFacts::new(alloc::vec![t], &[]);
        let v = merge_exit_facts(alloc::vec![
            (3, f(Ty::SmallInt)),
            (1, f(Ty::List)),
            (3, f(Ty::Float)),
            (2, f(Ty::Str)),
            (2, f(Ty::List)),
        ]);
        assert_eq!(v.len(), 2, "stub 2 joins to nothing: {v:?}");
        assert_eq!(v[0], (1, f(Ty::List)));
        assert_eq!(v[1], (3, f(Ty::Number)));
    }
}
