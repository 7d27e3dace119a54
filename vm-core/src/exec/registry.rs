//! The per-VM tier-2 state: the optimizer, hot-spot thresholds, the executor registry
//! (ids, installation as `ENTER_EXECUTOR`, memory limit, sweeping) and invalidation.
//!
//! Executors live in the registry; code objects and exit links refer to them by id (slot
//! and generation), so no reference cycle forms and a freed executor is never reached
//! through a stale link: [`Tier2::get`] checks the generation.

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::vec::Vec;

use super::api::{Optimizer, Thresholds};
use super::ir::{Dep, Executor, ExecutorBuilder, Origin, UopInst};
use super::stats::Tier2Stats;
use crate::bytecode::code::{CodeObject, ExecutorSlot};
use crate::bytecode::ops::{Op, Uop};
use crate::trace::record::Recorder;

/// Executors one code object can hold (the `ENTER_EXECUTOR` table bound).
pub const MAX_EXECUTORS_PER_CODE: usize = 255;
/// Registry slots (ids carry a 20-bit slot).
const MAX_SLOTS: usize = 1 << 20;
/// Invalidations a globals dict may cause before the VM stops treating its bindings as
/// assumptions (a dict rebound in a hot loop would otherwise re-trace forever).
pub const DICT_MUTATION_CAP: u32 = 8;

struct Slot {
    exec: Option<Rc<Executor>>,
    gen: u32,
}

/// Tier-2 state of a VM.
pub(crate) struct Tier2 {
    /// The registered optimizer (taken out while it runs).
    pub(crate) optimizer: Option<Box<dyn Optimizer>>,
    /// Whether the interpreter counts hot spots (false for the null optimizer).
    pub(crate) counting: bool,
    /// Hot-spot thresholds.
    pub(crate) thresholds: Thresholds,
    slots: Vec<Slot>,
    free: Vec<u32>,
    /// Bytes of live executors, and the limit.
    pub(crate) memory: usize,
    pub(crate) memory_limit: usize,
    /// The recording in progress, if any.
    pub(crate) recorder: Option<Box<Recorder>>,
    /// Nesting of `run_frames` (native code calling back into Python).
    pub(crate) nesting: u32,
    /// A specialized instruction deoptimized while recording (record its generic form).
    pub(crate) rec_deopt: bool,
    /// The original instruction unit of the `ENTER_EXECUTOR` being run, for the
    /// no-progress fallback.
    pub(crate) enter_original: u32,
    /// Union Bloom filter of every live executor's dependencies (the cheap "is anything
    /// watching this" test).
    pub(crate) watched: super::ir::Bloom,
    /// Dicts whose bindings caused invalidations, with the count (see `DICT_MUTATION_CAP`).
    pub(crate) dict_mutations: Vec<(u32, u32)>,
    /// Statistics, when enabled.
    pub(crate) stats: Option<Box<Tier2Stats>>,
    /// The JIT that compiles executors as they are registered, when configured.
    pub(crate) jit: Option<crate::jit::backend::Jit>,
    /// Executors run their uops through the uop helpers (`Config::uop_helpers`).
    pub(crate) uop_helpers: bool,
    /// How machine code left its executor at a uop that changes frames, when the frame
    /// change was not the recorded one (see `jit::helpers::flow_helper`).
    pub(crate) code_left: Option<super::compiled::Left>,
    /// The link epoch (see `jit::link`): moves on whenever an executor is unregistered or
    /// loses its code, so that no link slot filled before leads to it. Never 0 (an empty
    /// slot's epoch).
    pub(crate) link_epoch: u64,
    /// Machine-code runs in progress (more than one when a helper runs Python).
    pub(crate) code_runs: u32,
    /// Where machine code that followed links left, for the run that goes on there.
    pub(crate) hop: super::compiled::Hop,
    /// Executors and code that went away while machine code ran: a run that followed a
    /// link in code holds no `Rc` of where it went, so they are kept until the outermost
    /// run returns.
    graveyard: Vec<Rc<Executor>>,
    code_graveyard: Vec<Rc<crate::jit::CompiledCode>>,
}

impl core::fmt::Debug for Tier2 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Tier2")
            .field("counting", &self.counting)
            .field("thresholds", &self.thresholds)
            .field("executors", &self.alive())
            .finish()
    }
}

impl Tier2 {
    /// State for `optimizer`, with thresholds from its costs unless `hot` overrides them.
    pub(crate) fn new(
        optimizer: Box<dyn Optimizer>,
        hot: Option<u32>,
        memory_limit: usize,
        stats: bool,
    ) -> Tier2 {
        let from_costs =
            Thresholds::from_costs(optimizer.optimization_cost(), optimizer.run_cost());
        let counting = from_costs.is_some();
        let thresholds = match hot {
            Some(n) => Thresholds::uniform(n),
            None => from_costs.unwrap_or(Thresholds::uniform(super::api::MAX_THRESHOLD)),
        };
        let mut t = Tier2 {
            optimizer: Some(optimizer),
            counting,
            thresholds,
            slots: Vec::new(),
            free: Vec::new(),
            memory: 0,
            memory_limit,
            recorder: None,
            nesting: 0,
            rec_deopt: false,
            enter_original: 0,
            watched: super::ir::Bloom::default(),
            dict_mutations: Vec::new(),
            stats: stats.then(Default::default),
            jit: None,
            uop_helpers: false,
            code_left: None,
            link_epoch: 1,
            code_runs: 0,
            hop: Default::default(),
            graveyard: Vec::new(),
            code_graveyard: Vec::new(),
        };
        // Slot 0: the shared cold exit, an executor of one `_COLD_EXIT` that every exit
        // links to until a trace is attached to it.
        t.slots.push(Slot {
            exec: Some(Rc::new(cold_executor())),
            gen: 0,
        });
        t
    }

    /// The executor with this id, if it is still registered.
    #[inline]
    pub(crate) fn get(&self, id: u32) -> Option<&Rc<Executor>> {
        let slot = self.slots.get((id & (MAX_SLOTS as u32 - 1)) as usize)?;
        if slot.gen != id >> 20 {
            return None;
        }
        slot.exec.as_ref()
    }

    /// A machine-code run begins.
    pub(crate) fn code_run_begins(&mut self) {
        self.code_runs += 1;
    }

    /// A machine-code run ended: once no run is left, what went away meanwhile is freed.
    pub(crate) fn code_run_ends(&mut self) {
        self.code_runs = self.code_runs.saturating_sub(1);
        if self.code_runs == 0 {
            self.graveyard.clear();
            self.code_graveyard.clear();
        }
    }

    /// Moves the link epoch on: every link slot filled so far is stale.
    fn unlink_all(&mut self) {
        self.link_epoch += 1;
    }

    /// Number of live executors (not counting the cold exit).
    pub(crate) fn alive(&self) -> usize {
        self.slots
            .iter()
            .skip(1)
            .filter(|s| s.exec.is_some())
            .count()
    }

    /// The live executors.
    pub(crate) fn executors(&self) -> impl Iterator<Item = &Rc<Executor>> + '_ {
        self.slots.iter().skip(1).filter_map(|s| s.exec.as_ref())
    }

    /// Registers an executor; returns it, or `None` when no slot is left.
    pub(crate) fn register(&mut self, mut e: Executor) -> Option<Rc<Executor>> {
        if !e.well_formed() {
            return None;
        }
        e.table = Box::new(super::table::Table::derive(
            &e.uops,
            &e.codes,
            &e.consts,
            self.uop_helpers,
        ));
        let slot = match self.free.pop() {
            Some(s) => s as usize,
            None if self.slots.len() < MAX_SLOTS => {
                self.slots.push(Slot { exec: None, gen: 0 });
                self.slots.len() - 1
            }
            None => return None,
        };
        let gen = (self.slots[slot].gen + 1) & 0xFFF;
        self.slots[slot].gen = gen;
        e.id.set(slot as u32 | gen << 20);
        for d in e.deps.iter() {
            self.watched.add(d.key());
        }
        self.memory += e.memory();
        let rc = Rc::new(e);
        self.compile(&rc);
        self.slots[slot].exec = Some(rc.clone());
        if let Some(s) = self.stats.as_mut() {
            s.executors_created += 1;
        }
        Some(rc)
    }

    /// Gives a newly registered executor machine code when a JIT is configured. When code
    /// memory is short, the code of executors whose code has not run since memory was last
    /// short is freed first (they go on in the uop executor).
    fn compile(&mut self, e: &Rc<Executor>) {
        use crate::jit::backend::Compiled;
        let Some(jit) = self.jit.as_mut() else {
            return;
        };
        let mut r = jit.compile(e);
        if matches!(r, Compiled::OutOfMemory) {
            let keep = (self.code_runs > 0).then_some(&mut self.code_graveyard);
            let freed = free_cold_code(self.slots.iter().filter_map(|s| s.exec.as_ref()), keep);
            self.link_epoch += 1;
            jit.stats.freed_cold += freed;
            if freed > 0 {
                r = jit.compile(e);
            }
        }
        match r {
            Compiled::Code(code) => *e.code.borrow_mut() = Some(Rc::from(code)),
            Compiled::OutOfMemory => jit.out_of_memory(),
            Compiled::NoCode => {}
        }
    }

    /// Unregisters an executor: it is marked invalid, its `ENTER_EXECUTOR` (if any) is
    /// replaced by the original instruction, and exits linking to it go cold when next
    /// taken (the generation check). Running frames keep their `Rc` until they leave.
    pub(crate) fn remove(&mut self, id: u32) {
        let Some(e) = self.unregister(id) else {
            return;
        };
        if e.origin != Origin::Side {
            detach(&e.codes[0].code, id);
        }
    }

    /// Frees executor `id`'s slot and marks it invalid; returns it.
    fn unregister(&mut self, id: u32) -> Option<Rc<Executor>> {
        let e = self.get(id).cloned()?;
        let slot = (id & (MAX_SLOTS as u32 - 1)) as usize;
        self.slots[slot].exec = None;
        self.free.push(slot as u32);
        e.valid.set(false);
        e.table.invalidate(&e.uops);
        self.memory = self.memory.saturating_sub(e.memory());
        self.unlink_all();
        if self.code_runs > 0 {
            self.graveyard.push(e.clone());
        }
        Some(e)
    }

    /// Installs `e` as `ENTER_EXECUTOR` at `offset` of `code`. Fails when the code's table
    /// is full or the instruction there is not one an executor can replace.
    pub(crate) fn install(&mut self, code: &CodeObject, offset: u32, id: u32) -> bool {
        let Some(unit) = code.code.get(offset as usize) else {
            return false;
        };
        let original = unit.get();
        let op = Op::from_u8(original as u8);
        if !matches!(op, Some(Op::JUMP_BACKWARD | Op::RESUME)) {
            return false;
        }
        let mut table = code.executors.borrow_mut();
        let index = match table.iter().position(|s| s.id == 0) {
            Some(i) => i,
            None if table.len() < MAX_EXECUTORS_PER_CODE => {
                table.push(ExecutorSlot {
                    id: 0,
                    offset: 0,
                    original: 0,
                });
                table.len() - 1
            }
            None => return false,
        };
        table[index] = ExecutorSlot {
            id,
            offset,
            original,
        };
        unit.set(Op::ENTER_EXECUTOR as u32 | (index as u32) << 8);
        true
    }

    /// Replaces executor `old` by `new` wherever `old` is installed or linked from the
    /// code (an executor replacing itself, seed 003's `_Py_Executor_Replace`).
    pub(crate) fn replace(&mut self, old: u32, new: &Rc<Executor>) -> bool {
        let Some(e) = self.get(old).cloned() else {
            return false;
        };
        let code = &e.codes[0].code;
        let mut table = code.executors.borrow_mut();
        let Some(slot) = table.iter_mut().find(|s| s.id == old) else {
            return false;
        };
        slot.id = new.id.get();
        drop(table);
        // `old` is no longer installed: unregister it without restoring the instruction.
        self.unregister(old);
        true
    }

    /// Invalidates every executor that depends on `dep`; returns how many.
    pub(crate) fn invalidate(&mut self, dep: Dep) -> usize {
        let key = dep.key();
        if !self.watched.may_contain(key) {
            return 0;
        }
        let doomed: Vec<u32> = self
            .executors()
            .filter(|e| e.bloom.may_contain(key) && e.deps.contains(&dep))
            .map(|e| e.id.get())
            .collect();
        for &id in &doomed {
            self.remove(id);
        }
        if let Some(s) = self.stats.as_mut() {
            s.invalidations += doomed.len() as u64;
        }
        if self.alive() == 0 {
            self.watched = super::ir::Bloom::default();
        }
        doomed.len()
    }

    /// Frees executors not entered since the last sweep (called after each collection),
    /// and marks the survivors for the next one.
    pub(crate) fn sweep(&mut self) {
        let cold: Vec<u32> = self
            .executors()
            .filter(|e| !e.warm.replace(false))
            .map(|e| e.id.get())
            .collect();
        self.evict(&cold);
    }

    /// Frees executors until the memory limit holds, coldest first (never-entered ones,
    /// then the oldest).
    pub(crate) fn enforce_memory_limit(&mut self) {
        if self.memory <= self.memory_limit {
            return;
        }
        let mut order: Vec<(bool, u32)> = self
            .executors()
            .map(|e| (e.warm.get(), e.id.get()))
            .collect();
        order.sort_by_key(|&(warm, id)| (warm, id & (MAX_SLOTS as u32 - 1)));
        let mut doomed = Vec::new();
        let mut memory = self.memory;
        for (_, id) in order {
            if memory <= self.memory_limit {
                break;
            }
            if let Some(e) = self.get(id) {
                memory = memory.saturating_sub(e.memory());
                doomed.push(id);
            }
        }
        self.evict(&doomed);
    }

    fn evict(&mut self, ids: &[u32]) {
        for &id in ids {
            self.remove(id);
        }
        if let Some(s) = self.stats.as_mut() {
            s.evictions += ids.len() as u64;
        }
    }

    /// Whether any live executor has dependencies (one test before hashing a change).
    #[inline]
    pub(crate) fn alive_hint(&self) -> bool {
        self.watched.0.iter().any(|&w| w != 0)
    }

    /// Whether a recording is in progress in the run loop at the current nesting level.
    #[inline]
    pub(crate) fn recording_here(&self) -> bool {
        self.recorder
            .as_ref()
            .is_some_and(|r| r.nesting == self.nesting)
    }
}

/// Frees the machine code of the executors whose code has not run since the last call, and
/// starts the next period for the others; answers how many lost their code. A run in
/// progress holds its own `Rc` of the code it entered; code it reached through a link goes
/// to `keep` (the graveyard) while any runs.
fn free_cold_code<'a>(
    executors: impl Iterator<Item = &'a Rc<Executor>>,
    mut keep: Option<&mut Vec<Rc<crate::jit::CompiledCode>>>,
) -> u64 {
    let mut freed = 0;
    for e in executors {
        let mut code = e.code.borrow_mut();
        if code.as_ref().is_some_and(|c| !c.take_ran()) {
            if let (Some(keep), Some(c)) = (keep.as_deref_mut(), code.take()) {
                keep.push(c);
            }
            *code = None;
            freed += 1;
        }
    }
    freed
}

/// Restores the original instruction where executor `id` was installed in `code`.
fn detach(code: &CodeObject, id: u32) {
    let mut table = code.executors.borrow_mut();
    for slot in table.iter_mut().filter(|s| s.id == id) {
        if let Some(unit) = code.code.get(slot.offset as usize) {
            if unit.get() as u8 == Op::ENTER_EXECUTOR as u8 {
                unit.set(slot.original);
            }
        }
        slot.id = 0;
    }
}

/// The shared cold exit: one `_COLD_EXIT`. It runs no tier-1 code, so it needs a code
/// object only to satisfy the executor's shape; an empty one is made here.
fn cold_executor() -> Executor {
    let mut b = ExecutorBuilder::default();
    b.body.push(UopInst::new(Uop::_COLD_EXIT, 0, 0, 0, 0));
    b.build(Origin::External, 0, 0)
}
