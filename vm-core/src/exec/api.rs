//! The VM-driven optimizer API (seed 003): the VM counts loop back-edges and function
//! entries, and when one is hot it asks the registered [`Optimizer`] for an executor.
//!
//! An optimizer declares what producing an executor costs and how fast executors run; the VM
//! derives its hot-spot thresholds from the two (see [`Thresholds::from_costs`]). Three
//! optimizers come with the VM: [`NullOptimizer`] (tier 1 only: the VM does not even count),
//! [`CountingOptimizer`] (a test aid whose executors run zero instructions) and
//! [`TraceOptimizer`] (records a trace while the interpreter runs; see `trace`). Others can
//! be written outside the crate against this module and [`super::ir::ExecutorBuilder`].

use alloc::boxed::Box;
use alloc::rc::Rc;
use core::cell::Cell;

use super::ir::{Executor, ExecutorBuilder, Origin};
use crate::bytecode::code::CodeObject;
use crate::bytecode::ops::Uop;
use crate::vm::Vm;

/// Where a hot spot was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HotKind {
    /// A loop back-edge (`JUMP_BACKWARD`).
    BackEdge,
    /// A function entry (`RESUME`).
    FunctionEntry,
}

/// A hot spot the VM asks an optimizer to compile.
#[derive(Debug)]
pub struct HotSpot<'a> {
    /// The code containing it.
    pub code: &'a Rc<CodeObject>,
    /// The instruction offset (where `ENTER_EXECUTOR` will go).
    pub offset: u32,
    /// Back-edge or function entry.
    pub kind: HotKind,
    /// Index of the live frame in `Vm::frames` (the innermost one).
    pub frame: usize,
}

/// An optimizer's answer.
#[derive(Debug)]
pub enum Compiled {
    /// An executor to install at the hot spot now.
    Executor(Executor),
    /// Start recording a trace at the hot spot; the VM calls [`Optimizer::finish_trace`]
    /// when the recording completes.
    Record,
    /// Not now (the VM backs off exponentially before asking again).
    Declined(&'static str),
}

/// An optimizer the VM calls at hot spots.
pub trait Optimizer {
    /// A short name for statistics.
    fn name(&self) -> &'static str;

    /// What producing an executor costs, in units of one run of the interpreted code it
    /// replaces (an estimate).
    fn optimization_cost(&self) -> u32;

    /// What running an executor costs per mille of interpreting the same code (an
    /// estimate; 1000 or more means executors never pay and the VM never asks).
    fn run_cost(&self) -> u32;

    /// Called at a hot spot.
    fn compile(&mut self, vm: &mut Vm, hot: &HotSpot<'_>) -> Compiled;

    /// Called with a completed recording (after [`Compiled::Record`] or a hot side exit):
    /// the optimizer may transform the uops, or refuse the trace.
    fn finish_trace(
        &mut self,
        vm: &mut Vm,
        trace: ExecutorBuilder,
    ) -> Result<ExecutorBuilder, &'static str> {
        let _ = vm;
        Ok(trace)
    }

    /// What the optimizer wrote about the traces it saw since the last call (the trace
    /// optimizer's listings before and after optimization, when asked to keep them).
    fn take_log(&mut self) -> Option<alloc::string::String> {
        None
    }
}

/// Hot-spot thresholds (executions before the optimizer is asked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// Loop back-edges.
    pub back_edge: u32,
    /// Function entries.
    pub function_entry: u32,
    /// Side exits of executors.
    pub side_exit: u32,
}

/// Largest threshold a hot counter can hold.
pub const MAX_THRESHOLD: u32 = 1 << 26;

impl Thresholds {
    /// The rule: an executor pays for itself once `n * (1 - run_cost) >= optimization_cost`,
    /// so a spot is hot after `n = optimization_cost / (1 - run_cost)` executions. Side
    /// exits warm six times faster (a hot exit is on a path that already proved hot), as
    /// CPython does. Thresholds are moved to the next prime so periodic loop shapes (an
    /// inner loop of 4096 iterations) do not trigger on the same phase every time.
    pub fn from_costs(optimization_cost: u32, run_cost: u32) -> Option<Thresholds> {
        if run_cost >= 1000 {
            return None;
        }
        let n = (optimization_cost as u64 * 1000).div_ceil(1000 - run_cost as u64);
        let n = n.clamp(1, MAX_THRESHOLD as u64) as u32;
        Some(Thresholds {
            back_edge: next_prime(n),
            function_entry: next_prime(n),
            side_exit: next_prime((n / 6).max(1)),
        })
    }

    /// Every threshold set to `n` (`tiercel --hot N`).
    pub fn uniform(n: u32) -> Thresholds {
        let n = n.clamp(1, MAX_THRESHOLD);
        Thresholds {
            back_edge: n,
            function_entry: n,
            side_exit: n,
        }
    }
}

fn next_prime(n: u32) -> u32 {
    if n <= 2 {
        return n.max(1);
    }
    let mut p = n | 1;
    loop {
        let mut d = 3;
        let mut prime = true;
        while d * d <= p {
            if p % d == 0 {
                prime = false;
                break;
            }
            d += 2;
        }
        if prime {
            return p;
        }
        p += 2;
    }
}

/// Tier 1 only: never optimizes, and the VM does not count hot spots for it.
#[derive(Debug, Default)]
pub struct NullOptimizer;

impl Optimizer for NullOptimizer {
    fn name(&self) -> &'static str {
        "null"
    }

    fn optimization_cost(&self) -> u32 {
        u32::MAX
    }

    fn run_cost(&self) -> u32 {
        1000
    }

    fn compile(&mut self, _vm: &mut Vm, _hot: &HotSpot<'_>) -> Compiled {
        Compiled::Declined("null optimizer")
    }
}

/// A test aid: counts the hot spots it is asked about and returns executors that are valid
/// but execute zero instructions (they leave at once; the VM then runs the original
/// instruction, which is the forward-progress rule at work).
#[derive(Debug, Default)]
#[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "the tier-2 integration tests use it"))]
pub struct CountingOptimizer {
    /// Hot spots compiled so far (shared with whoever made the optimizer).
    pub compiled: Rc<Cell<u64>>,
}

impl Optimizer for CountingOptimizer {
    fn name(&self) -> &'static str {
        "counting"
    }

    fn optimization_cost(&self) -> u32 {
        10
    }

    fn run_cost(&self) -> u32 {
        0
    }

    fn compile(&mut self, _vm: &mut Vm, hot: &HotSpot<'_>) -> Compiled {
        self.compiled.set(self.compiled.get() + 1);
        let mut b = ExecutorBuilder::new(hot.code.clone());
        b.body.push(super::ir::UopInst::new(
            Uop::_DEOPT,
            0,
            0,
            hot.offset,
            hot.offset,
        ));
        Compiled::Executor(b.build(Origin::External, hot.offset, 0))
    }
}

/// The tier-2 optimizer: records a trace from the hot spot while the interpreter runs (see
/// `trace::record`), optimizes it (`crate::opt`) and builds an executor of the result.
#[derive(Debug)]
pub struct TraceOptimizer {
    /// Run the optimizer on recorded traces (else they run as recorded).
    pub optimize: bool,
    /// Listings of traces before and after optimization, when kept.
    pub log: Option<alloc::string::String>,
}

impl Default for TraceOptimizer {
    fn default() -> TraceOptimizer {
        TraceOptimizer::new(true, false)
    }
}

impl TraceOptimizer {
    /// A trace optimizer that optimizes (or not) and keeps listings (or not).
    pub fn new(optimize: bool, log: bool) -> TraceOptimizer {
        TraceOptimizer {
            optimize,
            log: log.then(alloc::string::String::new),
        }
    }
}

impl Optimizer for TraceOptimizer {
    fn name(&self) -> &'static str {
        "traces"
    }

    /// Recording runs the interpreter about five times slower for one iteration, and
    /// building is a few allocations: about ten iterations' worth, times the cost of losing
    /// the first iterations to a trace that then exits.
    fn optimization_cost(&self) -> u32 {
        200
    }

    /// The uop executor runs the tier-1 bodies with less dispatch per instruction but more
    /// per uop; measured close to the interpreter (docs/PERFORMANCE.md).
    fn run_cost(&self) -> u32 {
        950
    }

    fn compile(&mut self, _vm: &mut Vm, _hot: &HotSpot<'_>) -> Compiled {
        Compiled::Record
    }

    fn finish_trace(
        &mut self,
        vm: &mut Vm,
        mut trace: ExecutorBuilder,
    ) -> Result<ExecutorBuilder, &'static str> {
        if let Some(log) = self.log.as_mut() {
            log.push_str(&crate::opt::listing(vm, &trace, "trace as recorded"));
        }
        if !self.optimize {
            return Ok(trace);
        }
        let removed = crate::opt::optimize(vm, &mut trace);
        if let Some(s) = vm.tier2.stats.as_mut() {
            s.guards_removed_static += removed as u64;
        }
        if let Some(log) = self.log.as_mut() {
            log.push_str(&crate::opt::listing(vm, &trace, "trace optimized"));
        }
        Ok(trace)
    }

    fn take_log(&mut self) -> Option<alloc::string::String> {
        self.log.as_mut().map(core::mem::take)
    }
}

/// Makes a fresh optimizer for each VM (the configuration is cloneable; optimizers hold
/// per-VM state).
#[derive(Clone)]
pub struct OptimizerFactory(pub Rc<dyn Fn() -> Box<dyn Optimizer>>);

impl core::fmt::Debug for OptimizerFactory {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("OptimizerFactory")
    }
}
