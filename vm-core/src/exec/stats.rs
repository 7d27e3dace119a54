//! Tier-2 statistics (`tiercel --stats`, [`crate::Vm::tier2_stats`]).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Counters of tier 2, collected when statistics are enabled.
#[derive(Clone, Debug, Default)]
pub struct Tier2Stats {
    /// Recordings started (root and side traces).
    pub traces_started: u64,
    /// Recordings that produced an executor.
    pub traces_completed: u64,
    /// Recordings abandoned, by reason.
    pub traces_aborted: Vec<(&'static str, u64)>,
    /// How completed recordings ended, by reason.
    pub trace_ends: Vec<(&'static str, u64)>,
    /// Executors made from hot side exits and linked to them.
    pub side_traces: u64,
    /// Executors created (all origins).
    pub executors_created: u64,
    /// Executors entered through `ENTER_EXECUTOR`.
    pub executor_entries: u64,
    /// Exits taken (any kind, including trace ends).
    pub exits_taken: u64,
    /// Exits that went on in a linked executor.
    pub exits_linked: u64,
    /// Trace ends that went on in a peeled executor's loop copy, past its preamble
    /// (`opt::link`).
    pub loop_links: u64,
    /// Exits that returned to tier 1 through the shared cold exit.
    pub cold_exits: u64,
    /// `_DEOPT` and dynamic exits (back to tier 1, never warming).
    pub deopts: u64,
    /// Those exits by kind (the stub's uop, or what went elsewhere than recorded).
    pub deopts_by: Vec<(&'static str, u64)>,
    /// Executors invalidated because an assumption changed.
    pub invalidations: u64,
    /// Executors freed by the sweeper or the memory limit.
    pub evictions: u64,
    /// Uops executed in traces.
    pub uops_executed: u64,
    /// Dispatches of the uop executor (a whole tier-1 instruction run through its handler
    /// is one dispatch).
    pub dispatches: u64,
    /// Type and version guards executed in traces (uops that deoptimize on a miss).
    pub guards_executed: u64,
    /// Type and version guards executed in traces, by uop name (most frequent first in
    /// the report).
    pub guards_by_uop: Vec<(&'static str, u64)>,
    /// Dispatches of single uops that are part of a longer instruction (no tier-1 or
    /// dispatch form runs what is left of it whole), by uop name: where a form in
    /// `exec::forms` would save dispatches.
    pub split_by_uop: Vec<(&'static str, u64)>,
    /// Validity checks (`_CHECK_VALIDITY`) executed in traces.
    pub validity_checks: u64,
    /// Branch guards (`_GUARD_IS_*_POP`) executed in traces.
    pub branch_guards: u64,
    /// Value checks executed in traces: actions split from their type guards that still
    /// deoptimize on a property of a value of the right type (an index in bounds; see
    /// `exec::ir::is_value_check`). Not guards: no type proof removes them, so they are
    /// not in the removed share.
    pub value_checks: u64,
    /// Guards the optimizer removed that would have run (counted where they stood).
    pub guards_removed: u64,
    /// Guards the optimizer removed from traces, counted once per trace.
    pub guards_removed_static: u64,
    /// Tier-1 instructions whose uops ran in traces.
    pub instrs_in_traces: u64,
    /// Tier-1 instructions run by the interpreter (filled in from the tier-1 statistics).
    pub instrs_in_tier1: u64,
    /// Executors alive at the time of the report.
    pub executors_alive: u64,
    /// Bytes they occupy.
    pub executor_memory: u64,
}

pub(crate) fn bump(list: &mut Vec<(&'static str, u64)>, reason: &'static str) {
    match list.iter_mut().find(|(r, _)| *r == reason) {
        Some(e) => e.1 += 1,
        None => list.push((reason, 1)),
    }
}

/// Adds `n` to the count of `key` in `list`.
pub(crate) fn bump_by(list: &mut Vec<(&'static str, u64)>, key: &'static str, n: u64) {
    match list.iter_mut().find(|(r, _)| *r == key) {
        Some(e) => e.1 += n,
        None => list.push((key, n)),
    }
}

impl Tier2Stats {
    /// Share of executed instructions that ran inside traces (0.0 to 1.0).
    pub fn trace_share(&self) -> f64 {
        let all = self.instrs_in_traces + self.instrs_in_tier1;
        if all == 0 {
            0.0
        } else {
            self.instrs_in_traces as f64 / all as f64
        }
    }

    /// Of the type/version guards and validity checks the unoptimized traces would have
    /// executed, the share the optimizer removed (`None` before any ran).
    pub fn guards_removed_share(&self) -> Option<f64> {
        let all = self.guards_removed + self.guards_executed + self.validity_checks;
        (all > 0).then(|| self.guards_removed as f64 / all as f64)
    }

    /// Aborted recordings in total.
    pub fn aborted(&self) -> u64 {
        self.traces_aborted.iter().map(|(_, n)| n).sum()
    }

    /// The report printed by `tiercel --stats`.
    pub fn report(&self) -> String {
        let mut out = String::from("tier 2 statistics\n");
        let line =
            |out: &mut String, k: &str, v: u64| out.push_str(&format!("  {k:<34} {v:>12}\n"));
        line(&mut out, "traces started", self.traces_started);
        line(&mut out, "traces completed", self.traces_completed);
        for (r, n) in &self.trace_ends {
            out.push_str(&format!("    ended: {r:<27} {n:>12}\n"));
        }
        line(&mut out, "traces aborted", self.aborted());
        for (r, n) in &self.traces_aborted {
            out.push_str(&format!("    aborted: {r:<25} {n:>12}\n"));
        }
        line(&mut out, "side traces", self.side_traces);
        line(&mut out, "executors created", self.executors_created);
        line(&mut out, "executors alive", self.executors_alive);
        line(&mut out, "executor memory (bytes)", self.executor_memory);
        line(&mut out, "executor entries", self.executor_entries);
        line(&mut out, "exits taken", self.exits_taken);
        line(&mut out, "  to a linked executor", self.exits_linked);
        line(&mut out, "    into a loop copy", self.loop_links);
        line(&mut out, "  through the cold exit", self.cold_exits);
        line(&mut out, "  deopt / dynamic", self.deopts);
        let mut by = self.deopts_by.clone();
        by.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        for (why, n) in &by {
            out.push_str(&format!("      {why:<30} {n:>12}\n"));
        }
        line(&mut out, "invalidations", self.invalidations);
        line(&mut out, "evictions", self.evictions);
        line(&mut out, "uops executed", self.uops_executed);
        line(&mut out, "uop dispatches", self.dispatches);
        line(
            &mut out,
            "type/version guards executed",
            self.guards_executed,
        );
        let mut by = self.guards_by_uop.clone();
        by.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        for (uop, n) in by.iter().take(8) {
            out.push_str(&format!("    {uop:<32} {n:>12}\n"));
        }
        let split: u64 = self.split_by_uop.iter().map(|x| x.1).sum();
        line(&mut out, "split instruction dispatches", split);
        let mut by = self.split_by_uop.clone();
        by.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        for (uop, n) in by.iter().take(8) {
            out.push_str(&format!("    {uop:<32} {n:>12}\n"));
        }
        line(&mut out, "validity checks executed", self.validity_checks);
        line(&mut out, "branch guards executed", self.branch_guards);
        line(&mut out, "value checks executed", self.value_checks);
        line(&mut out, "guards removed (dynamic)", self.guards_removed);
        line(
            &mut out,
            "guards removed (static)",
            self.guards_removed_static,
        );
        if let Some(share) = self.guards_removed_share() {
            out.push_str(&format!(
                "  {:<34} {:>11.1}%\n",
                "guards removed share",
                share * 100.0
            ));
        }
        line(&mut out, "instructions in traces", self.instrs_in_traces);
        line(&mut out, "instructions in tier 1", self.instrs_in_tier1);
        out.push_str(&format!(
            "  {:<34} {:>11.1}%\n",
            "share in traces",
            self.trace_share() * 100.0
        ));
        if self.instrs_in_traces > 0 {
            out.push_str(&format!(
                "  {:<34} {:>12.2}\n",
                "uops per instruction in traces",
                self.uops_executed as f64 / self.instrs_in_traces as f64
            ));
        }
        out
    }
}
