//! The forward pass's abstract state ([`super::forward`]): frames with their stack,
//! locals and cells, what escaping code forgets, and reading the trace's cache snapshot.

use alloc::vec::Vec;

use super::forward::{Entered, Frame, Pass};
use super::symbol::{Sym, Ty};
use crate::bytecode::ops::Op;
use crate::exec::ir::UopInst;

impl Pass<'_> {
    // -- Abstract state ---------------------------------------------------------------------

    pub(super) fn frame(&mut self) -> &mut Frame {
        if self.frames.is_empty() {
            self.frames.push(Frame {
                code: 0,
                entered: Entered::Opaque,
                locals: Vec::new(),
                stack: Vec::new(),
                cells: Vec::new(),
                gen: None,
            });
        }
        let n = self.frames.len();
        &mut self.frames[n - 1]
    }

    pub(super) fn new_frame(&mut self, code: u8, entered: Entered, locals: Vec<Sym>) {
        self.frames.push(Frame {
            code,
            entered,
            locals,
            stack: Vec::new(),
            cells: Vec::new(),
            gen: None,
        });
    }

    pub(super) fn push(&mut self, s: Sym) {
        self.frame().stack.push(s);
    }

    pub(super) fn push_new(&mut self, ty: Ty) -> Sym {
        let s = self.syms.fresh(ty);
        self.push(s);
        s
    }

    pub(super) fn pop(&mut self) -> Sym {
        match self.frame().stack.pop() {
            Some(s) => s,
            None => self.syms.fresh(Ty::Unknown),
        }
    }

    pub(super) fn pop_n(&mut self, n: usize) {
        for _ in 0..n {
            self.pop();
        }
    }

    /// The `n`-th item from the top (1 = top), made known (an unknown symbol) if below
    /// the known part.
    pub(super) fn peek(&mut self, n: usize) -> Sym {
        let len = self.frame().stack.len();
        if n > len {
            // Materialize the missing items below the known part.
            let missing = n - len;
            let mut fresh: Vec<Sym> = (0..missing).map(|_| self.syms.fresh(Ty::Unknown)).collect();
            let f = self.frame();
            fresh.append(&mut f.stack);
            f.stack = fresh;
        }
        let f = self.frame();
        f.stack[f.stack.len() - n]
    }

    pub(super) fn local(&mut self, i: u32) -> Sym {
        let i = i as usize;
        while self.frame().locals.len() <= i {
            let s = self.syms.fresh(Ty::Unknown);
            self.frame().locals.push(s);
        }
        self.frame().locals[i]
    }

    pub(super) fn set_local(&mut self, i: u32, s: Sym) {
        self.local(i);
        self.frame().locals[i as usize] = s;
    }

    /// Forgets the frame's stack (its depth or contents are no longer certain).
    pub(super) fn forget_stack(&mut self) {
        self.frame().stack.clear();
    }

    /// Forgets the frame's locals.
    pub(super) fn forget_locals(&mut self) {
        self.frame().locals.clear();
    }

    /// A uop that may run arbitrary code: anything may have been rebound, and the
    /// executor may have been invalidated.
    pub(super) fn escape(&mut self) {
        self.clean = false;
        self.escapes.push(self.out.len());
        self.globals_ok.clear();
        self.builtins_ok.clear();
        // (Code may give an instance a dict, or a class a property.)
        self.shape_guards.clear();
        self.syms.forget_shapes();
        self.forget_cells();
        self.forget_gens();
    }

    /// Forgets what every frame knows of its cells' contents.
    pub(super) fn forget_cells(&mut self) {
        for f in &mut self.frames {
            f.cells.clear();
        }
    }

    // -- Reading the trace ------------------------------------------------------------------

    pub(super) fn code_obj(&self, code: u8) -> Option<&crate::bytecode::code::CodeObject> {
        self.b.codes.get(code as usize).map(|tc| &*tc.code)
    }

    /// The oparg of the unit after `u`'s instruction (second halves of super-instructions).
    pub(super) fn next_arg(&self, u: &UopInst) -> u32 {
        self.code_obj(u.code)
            .and_then(|c| c.code.get(u.target as usize + 1))
            .map_or(0, |c| c.get() >> 8)
    }

    /// Inline-cache entry `k` of `u`'s instruction in the trace's snapshot (as `cache`).
    pub(super) fn cache(&self, u: &UopInst, k: usize) -> Option<u32> {
        let tc = self.b.codes.get(u.code as usize)?;
        tc.caches.get(u.target as usize + 1 + k).map(|c| c.get())
    }

    /// Whether the attribute guard `u` (`_GUARD_INSTANCE_SLOT*`) has only ever passed for
    /// its cached class in tier 1 (see `interp::specialize::POLYMORPHIC_UNIT`).
    pub(super) fn monomorphic_site(&self, u: &UopInst) -> bool {
        self.cache(u, crate::interp::specialize::POLYMORPHIC_UNIT)
            .is_some_and(|c| c & crate::interp::specialize::POLYMORPHIC_BIT == 0)
    }

    /// The shape the attribute guard `u` was specialized for: its cached class's layout
    /// prefix ending at the cached slot (see `interp::specialize::POLYMORPHIC_UNIT`).
    pub(super) fn shape_hint(&self, u: &UopInst) -> Option<u32> {
        let cls = self.cache(u, crate::interp::specialize::POLYMORPHIC_UNIT)? >> 1;
        let slot = self.cache(u, 2)?;
        // (A stale cached class may be gone: the heap slot is checked.)
        match self.vm.heap.try_get(crate::object::value::ObjRef(cls))? {
            crate::object::types::Obj::Class(c) => c.shape_path.get(slot as usize).copied(),
            _ => None,
        }
    }

    /// The instruction the snapshot recorded at `u`'s offset.
    pub(super) fn recorded(&self, u: &UopInst) -> Option<Op> {
        let tc = self.b.codes.get(u.code as usize)?;
        Op::from_u8(tc.caches.get(u.target as usize)?.get() as u8)
    }
}
