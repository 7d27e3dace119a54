//! Loop peeling: a trace that ends in `_JUMP_TO_TOP` (back to its start) is emitted twice,
//! a preamble that runs once per entry and a loop copy that `_JUMP_TO_TOP` returns to, so
//! what the preamble proves (a local's type, a checked globals version) is not checked
//! again on every iteration.
//!
//! The loop copy is entered from the preamble's end and from its own end, so what it may
//! assume at its top (a `Header`: the types of the loop frame's locals and of the known
//! top of its value stack, the checked dict versions, whether the executor is known valid)
//! is what holds at both: the join of the
//! two states, computed by iterating the copy's analysis until the header is stable (the
//! lattice is shallow), with a header that assumes nothing as the last resort.

use alloc::vec::Vec;

use super::forward::{Entered, Frame, Pass};
use super::generator_hops::{join_gens, GenHeader};
use super::symbol::{Contradiction, Ty};
use crate::bytecode::ops::Uop;
use crate::exec::ir::ExecutorBuilder;

/// Most uops of a body that gets peeled (the executor doubles in size).
pub const PEEL_MAX_UOPS: usize = 300;

/// Rounds of the header fixpoint before falling back to a header that assumes nothing.
const MAX_ROUNDS: usize = 6;

/// Whether `b` is a loop that gets peeled.
pub fn peelable(b: &ExecutorBuilder) -> bool {
    let n = b.body.len();
    (2..=PEEL_MAX_UOPS).contains(&n)
        && b.body[n - 1].uop == Uop::_JUMP_TO_TOP
        && b.body[n - 1].oparg == 0
        && (b.first_len as usize) < n
}

/// What the loop copy may assume at its top.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Header {
    /// Types of the loop frame's locals (missing ones unknown).
    locals: Vec<Ty>,
    /// Types of the known top part of the loop frame's value stack, bottom first (a `for`
    /// loop's iterator lives there). The depth at the loop top is the same on every
    /// entry (the same instruction of the same code), so the two states' known parts line
    /// up at the top.
    stack: Vec<Ty>,
    /// Globals dicts checked at a keys version with no escape since (sorted).
    globals: Vec<(u32, u32)>,
    /// Builtins keys versions checked with no escape since (sorted).
    builtins: Vec<u32>,
    /// Known contents of the loop frame's cells (by index, sorted; none unknown).
    cells: Vec<(u32, Ty)>,
    /// Nothing since the last validity check can have invalidated the executor.
    clean: bool,
    /// Saved states of the suspended generators the known stack holds, by depth from the
    /// top (`opt::gen`).
    gens: Vec<(usize, GenHeader)>,
}

impl Header {
    fn nothing() -> Header {
        Header {
            locals: Vec::new(),
            stack: Vec::new(),
            globals: Vec::new(),
            builtins: Vec::new(),
            cells: Vec::new(),
            clean: false,
            gens: Vec::new(),
        }
    }

    /// What holds at both.
    fn join(&self, other: &Header) -> Header {
        let n = self.locals.len().min(other.locals.len());
        let m = self.stack.len().min(other.stack.len());
        let (a, b) = (
            &self.stack[self.stack.len() - m..],
            &other.stack[other.stack.len() - m..],
        );
        Header {
            locals: (0..n)
                .map(|i| self.locals[i].join(other.locals[i]))
                .collect(),
            stack: a.iter().zip(b).map(|(x, y)| x.join(*y)).collect(),
            globals: self
                .globals
                .iter()
                .filter(|g| other.globals.contains(g))
                .copied()
                .collect(),
            builtins: self
                .builtins
                .iter()
                .filter(|g| other.builtins.contains(g))
                .copied()
                .collect(),
            cells: self
                .cells
                .iter()
                .filter_map(|&(i, t)| {
                    let (_, u) = other.cells.iter().find(|c| c.0 == i)?;
                    Some((i, t.join(*u))).filter(|c| c.1 != Ty::Unknown)
                })
                .collect(),
            clean: self.clean && other.clean,
            gens: join_gens(&self.gens, &other.gens, m),
        }
        .linkable()
    }

    /// A header without saved generator states is one links may enter: it assumes no
    /// value is a generator (traces linking in rarely know it, and the proof only turns
    /// `_FOR_ITER_GEN` into `_FOR_ITER_GEN_PROVEN`, the same work).
    fn linkable(mut self) -> Header {
        if self.gens.is_empty() {
            for t in self.locals.iter_mut().chain(self.stack.iter_mut()) {
                if *t == Ty::Gen {
                    *t = Ty::Unknown;
                }
            }
            self.cells.retain(|c| c.1 != Ty::Gen);
        }
        self
    }
}

impl Pass<'_> {
    /// The state at the current point, as seen from the loop frame (code `code`): nothing
    /// when the state is not in that frame.
    fn header(&self, code: u8) -> Header {
        let Some(f) = self.frames.last().filter(|f| f.code == code) else {
            return Header::nothing();
        };
        let mut globals = self.globals_ok.clone();
        globals.sort_unstable();
        let mut builtins = self.builtins_ok.clone();
        builtins.sort_unstable();
        let mut cells: Vec<(u32, Ty)> = f
            .cells
            .iter()
            .map(|&(i, s)| (i, self.syms.ty(s)))
            .filter(|c| c.1 != Ty::Unknown)
            .collect();
        cells.sort_unstable_by_key(|c| c.0);
        Header {
            locals: f.locals.iter().map(|&s| self.syms.ty(s)).collect(),
            stack: f.stack.iter().map(|&s| self.syms.ty(s)).collect(),
            globals,
            builtins,
            cells,
            clean: self.clean,
            gens: self.gen_headers(&f.stack, &mut Vec::new()),
        }
        .linkable()
    }

    /// Starts the loop copy's analysis from `h`.
    fn enter(&mut self, h: &Header, code: u8) {
        let locals = h.locals.iter().map(|&t| self.syms.fresh(t)).collect();
        let stack: Vec<_> = h.stack.iter().map(|&t| self.syms.fresh(t)).collect();
        self.forget_gens();
        self.install_gens(&stack, &h.gens, &mut Vec::new());
        let cells = h
            .cells
            .iter()
            .map(|&(i, t)| (i, self.syms.fresh(t)))
            .collect();
        self.frames.clear();
        self.frames.push(Frame {
            code,
            entered: Entered::Opaque,
            locals,
            stack,
            cells,
            gen: None,
        });
        self.globals_ok = h.globals.clone();
        self.builtins_ok = h.builtins.clone();
        self.shape_guards.clear();
        self.clean = h.clean;
    }

    /// Forgets what was emitted since `mark` (output, removal counts, new stubs).
    fn rewind(&mut self, mark: (usize, usize, u32, usize, usize)) {
        let (out, stubs, removed_total, map, facts) = mark;
        self.exit_facts.truncate(facts);
        self.out.truncate(out);
        self.removed.truncate(out);
        self.new_stubs.truncate(stubs);
        self.escapes.retain(|&i| i < out);
        self.removed_total = removed_total;
        self.map.truncate(map);
        self.pending = 0;
    }
}

/// Emits the preamble and the loop copy of a peelable body.
pub(super) fn peel(p: &mut Pass<'_>) -> Result<(), Contradiction> {
    let b = p.b;
    let n = b.body.len() - 1;
    let code = b.body[0].code;
    p.range(0, n, b.first_len as usize)?;
    let mut h = p.header(code);
    let mark = (
        p.out.len(),
        p.new_stubs.len(),
        p.removed_total,
        p.map.len(),
        p.exit_facts.len(),
    );
    // Guards removed at the end of the preamble are counted before the loop's first uop.
    let carried = p.pending;
    let mut round = 0;
    loop {
        p.enter(&h, code);
        p.pending = carried;
        p.range(0, n, 0)?;
        let end = p.header(code);
        let joined = h.join(&end);
        if joined == h {
            break;
        }
        p.rewind(mark);
        round += 1;
        h = if round >= MAX_ROUNDS {
            Header::nothing()
        } else {
            joined
        };
    }
    let mut jump = b.body[n].clone();
    jump.oparg = mark.0 as u32;
    p.emit(&jump);
    // A header that assumes nothing gives nothing to prove: any trace ending here may
    // enter the loop copy; that is still worth it (the preamble's safe point and first
    // instruction are skipped) and costs nothing to check.
    // A trace linking in cannot prove saved generator states: with some, the loop copy
    // is only entered from the preamble and from itself.
    if !h.gens.is_empty() {
        return Ok(());
    }
    p.loop_entry = Some(super::link::LoopEntry {
        top: mark.0 as u32,
        facts: super::link::FrameFacts::new(h.locals, &h.stack),
        globals: h.globals.into_boxed_slice(),
        builtins: h.builtins.into_boxed_slice(),
        cells: h.cells.into_boxed_slice(),
    });
    Ok(())
}
