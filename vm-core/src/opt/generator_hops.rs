//! Generator hops (`_FOR_ITER_GEN`, `_YIELD_VALUE`) in the forward pass: the resumer's
//! stack is kept across the hop, the yielded value reaches it, and what the generator's
//! frame held when it yielded is known again when the same generator is resumed.
//!
//! Why the saved state holds: only running a generator changes its frame (there is no
//! frame-locals API, and finalizers only run at a collection, which the safe points leave
//! the trace for). A generator runs when the trace resumes it (modelled here: a resume of
//! a symbol forgets every saved state of a symbol that may be the same object) or under
//! code the pass does not follow (an escape or an unmodelled frame change forgets them
//! all).

use alloc::vec::Vec;

use super::forward::{Entered, Frame, Pass};
use super::symbol::{Sym, Ty};
use crate::bytecode::ops::Uop;
use crate::exec::ir::{check, UopInst, SAME_FRAME};

/// What a suspended generator's frame held when it last yielded in the trace.
#[derive(Debug)]
pub(super) struct GenSave {
    /// The generator object.
    pub(super) gen: Sym,
    /// Its frame's code (trace code index).
    pub(super) code: u8,
    /// The offset of the `YIELD_VALUE` it is suspended at.
    pub(super) at: u32,
    pub(super) locals: Vec<Sym>,
    /// The known top part of its value stack (without the yielded value).
    pub(super) stack: Vec<Sym>,
    /// Generators proven other objects than `gen` (their frames were running below its
    /// frame when it yielded: one object has one frame).
    pub(super) distinct: Vec<Sym>,
}

/// A saved generator state carried by a loop header (types instead of symbols), with the
/// states of the generators its stack holds (by depth from the top).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct GenHeader {
    pub(super) code: u8,
    pub(super) at: u32,
    pub(super) locals: Vec<Ty>,
    pub(super) stack: Vec<Ty>,
    pub(super) nested: Vec<(usize, GenHeader)>,
}

/// How deep a header nests generator states (a pipeline of generators).
const MAX_NEST: usize = 8;

impl GenHeader {
    /// What holds at both (`None`: nothing, e.g. suspended at different yields).
    fn join(&self, other: &GenHeader) -> Option<GenHeader> {
        if self.code != other.code || self.at != other.at {
            return None;
        }
        let n = self.locals.len().min(other.locals.len());
        let m = self.stack.len().min(other.stack.len());
        let (a, b) = (
            &self.stack[self.stack.len() - m..],
            &other.stack[other.stack.len() - m..],
        );
        Some(GenHeader {
            code: self.code,
            at: self.at,
            locals: (0..n)
                .map(|i| self.locals[i].join(other.locals[i]))
                .collect(),
            stack: a.iter().zip(b).map(|(x, y)| x.join(*y)).collect(),
            nested: join_gens(&self.nested, &other.nested, m),
        })
    }
}

/// The join of two lists of generator states keyed by stack depth from the top, for a
/// joined stack of `m` known items.
pub(super) fn join_gens(
    a: &[(usize, GenHeader)],
    b: &[(usize, GenHeader)],
    m: usize,
) -> Vec<(usize, GenHeader)> {
    a.iter()
        .filter(|(d, _)| *d < m)
        .filter_map(|(d, x)| {
            let (_, y) = b.iter().find(|(e, _)| e == d)?;
            Some((*d, x.join(y)?))
        })
        .collect()
}

/// Instance facts rest on the executor's validity; header states drop them (a header
/// is assumed on entry, where no validity check has been made).
fn plain(t: Ty) -> Ty {
    match t {
        Ty::Instance(_) => Ty::Unknown,
        t => t,
    }
}

impl Pass<'_> {
    /// Forgets every saved generator state (code may have run any generator).
    pub(super) fn forget_gens(&mut self) {
        self.gens.clear();
    }

    /// Models (and emits) a generator hop recorded as a frame change (`_FOR_ITER_GEN`
    /// resuming a generator, `_YIELD_VALUE` back to the `_FOR_ITER_GEN` that resumed it).
    /// Returns false, having changed nothing, when the group is not such a hop.
    pub(super) fn gen_hop(&mut self, uops: &[UopInst], frozen: bool) -> bool {
        let [u] = uops else {
            return false;
        };
        if u.expect_code == SAME_FRAME || u.check & check::FLOW == 0 {
            return false;
        }
        match u.uop {
            Uop::_FOR_ITER_GEN | Uop::_FOR_ITER_GEN_PROVEN => {
                // Rule: on an iterator proven a generator, the action is no longer a type
                // guard (it keeps its checks as a safety net); past it, the iterator is one.
                let it = self.peek(1);
                let mut n = u.clone();
                if !frozen && self.syms.is(it, Ty::Gen) && u.uop == Uop::_FOR_ITER_GEN {
                    n.uop = Uop::_FOR_ITER_GEN_PROVEN;
                    self.pending = self.pending.saturating_add(1);
                    self.removed_total += 1;
                }
                // (The iterator is proven by the resume: the action deopts otherwise.)
                let _ = self.syms.refine(it, Ty::Gen);
                self.resume_gen(u);
                self.emit(&n);
                true
            }
            Uop::_YIELD_VALUE => {
                let ok = self.yield_gen(u);
                if ok {
                    self.emit(u);
                }
                ok
            }
            _ => false,
        }
    }

    /// The generator on top of the stack is resumed (sent `None`) and its frame entered;
    /// the resumer's stack stays (the generator stays on it).
    fn resume_gen(&mut self, u: &UopInst) {
        let g = self.peek(1);
        let save = self
            .gens
            .iter()
            .position(|s| s.gen == g)
            .map(|i| self.gens.swap_remove(i));
        // Rule: a state saved under another symbol that may be the same object is stale
        // once this one runs.
        self.gens.retain(|s| s.distinct.contains(&g));
        let (locals, stack) = match save {
            Some(s) if s.code == u.expect_code && u.expect == s.at + 1 => {
                // The value sent in (`None`) is pushed when no `POP_TOP` follows the yield.
                let mut stack = s.stack;
                stack.push(self.syms.fresh(Ty::NoneV));
                (s.locals, stack)
            }
            // A `POP_TOP` after the yield was skipped: the sent value is not pushed.
            Some(s) if s.code == u.expect_code && u.expect == s.at + 2 => (s.locals, s.stack),
            _ => (Vec::new(), Vec::new()),
        };
        self.frames.push(Frame {
            code: u.expect_code,
            entered: Entered::Opaque,
            locals,
            stack,
            cells: Vec::new(),
            gen: Some(g),
        });
    }

    /// A yield from a frame entered by a modelled resume: its state is saved under the
    /// generator and the yielded value pushed on the resumer's stack.
    fn yield_gen(&mut self, u: &UopInst) -> bool {
        let n = self.frames.len();
        let Some(g) = self.frames.last().and_then(|f| f.gen) else {
            return false;
        };
        if n < 2 || self.frames[n - 2].code != u.expect_code {
            return false;
        }
        let v = self.pop();
        let Some(f) = self.frames.pop() else {
            return false;
        };
        let distinct = self.frames.iter().filter_map(|f| f.gen).collect();
        self.gens.retain(|s| s.gen != g);
        self.gens.push(GenSave {
            gen: g,
            code: f.code,
            at: u.target,
            locals: f.locals,
            stack: f.stack,
            distinct,
        });
        // Rule: `for` over a generator pushes exactly the value it yields.
        self.push(v);
        true
    }

    /// The saved states reachable from `stack` (a frame's known stack, or a saved one),
    /// as header entries; `ancestors` are the generators whose states hold `stack`.
    pub(super) fn gen_headers(
        &self,
        stack: &[Sym],
        ancestors: &mut Vec<Sym>,
    ) -> Vec<(usize, GenHeader)> {
        let mut out = Vec::new();
        if ancestors.len() >= MAX_NEST {
            return out;
        }
        for (d, &s) in stack.iter().rev().enumerate() {
            // Nested states only where the generator is proven distinct from the ones
            // that hold it (the loop copy re-creates that relation).
            let Some(save) = self
                .gens
                .iter()
                .find(|g| g.gen == s && ancestors.iter().all(|a| g.distinct.contains(a)))
            else {
                continue;
            };
            ancestors.push(s);
            let nested = self.gen_headers(&save.stack, ancestors);
            ancestors.pop();
            out.push((
                d,
                GenHeader {
                    code: save.code,
                    at: save.at,
                    locals: save
                        .locals
                        .iter()
                        .map(|&s| plain(self.syms.ty(s)))
                        .collect(),
                    stack: save.stack.iter().map(|&s| plain(self.syms.ty(s))).collect(),
                    nested,
                },
            ));
        }
        out
    }

    /// Installs the saved states of header entries `gens` for the stack `stack`.
    pub(super) fn install_gens(
        &mut self,
        stack: &[Sym],
        gens: &[(usize, GenHeader)],
        ancestors: &mut Vec<Sym>,
    ) {
        for (d, h) in gens {
            let Some(&s) = stack.len().checked_sub(d + 1).and_then(|i| stack.get(i)) else {
                continue;
            };
            let locals: Vec<Sym> = h.locals.iter().map(|&t| self.syms.fresh(t)).collect();
            let saved: Vec<Sym> = h.stack.iter().map(|&t| self.syms.fresh(t)).collect();
            ancestors.push(s);
            self.install_gens(&saved, &h.nested, ancestors);
            ancestors.pop();
            self.gens.push(GenSave {
                gen: s,
                code: h.code,
                at: h.at,
                locals,
                stack: saved,
                distinct: ancestors.clone(),
            });
        }
    }
}
