//! Runs one program in one tier under the fuzzer's limits and records everything a tier
//! comparison needs: stdout, stderr, and the outcome (compile error, exception with its
//! traceback, exit status).

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use vm_core::{Config, Host, RunError, Vm};

use crate::rng::fnv1a;
use crate::watchdog::Watchdog;

/// The limits every fuzzed run gets. Small, so a script hits them quickly and the
/// limit paths themselves get fuzzed.
#[derive(Clone, Debug)]
pub struct Limits {
    /// `Config::heap_limit`.
    pub heap_limit: usize,
    /// `Config::recursion_limit`.
    pub recursion_limit: usize,
    /// `Config::native_depth_limit`.
    pub native_depth_limit: usize,
    /// Wall-clock time after which the watchdog terminates a run without fuel (what ends
    /// its endless loops; the run is then not compared).
    pub time_budget: Duration,
    /// The same for a run with fuel: only a backstop, since the budget ends it first.
    pub fuel_time_budget: Duration,
    /// Tier-1 instructions per run (`Config::fuel`) for the specs that have fuel: it stops
    /// both tiers at the same instruction, so such runs are compared even when cut short.
    pub fuel: u64,
    /// Bytes of stdout kept for reports (all of it is still hashed and counted).
    pub keep_output: usize,
}

impl Limits {
    /// The limits of `cargo xtask fuzz` and of the test-suite runs.
    pub fn fuzz() -> Limits {
        Limits {
            heap_limit: 3 << 20,
            recursion_limit: 150,
            native_depth_limit: 100,
            time_budget: Duration::from_millis(300),
            fuel_time_budget: Duration::from_secs(2),
            fuel: 3_000_000,
            keep_output: 16 << 10,
        }
    }
}

/// Which tier-2 configuration a program is compared under (tier 1 is always plain).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunSpec {
    /// `Config::hot` of the tier-2 run: a tiny threshold traces nearly everything, `None`
    /// keeps the default thresholds (only really hot code gets traces).
    pub hot: Option<u32>,
    /// `Config::stress_specialize` in the tier-2 run: every instruction specializes at
    /// once and deoptimizes pseudo-randomly, so traces record over deoptimizing code.
    pub stress: bool,
    /// Both runs have the instruction budget `Limits::fuel`. Without it traces are built
    /// as in production (with a budget they keep every stopping point), and the watchdog
    /// alone ends endless loops.
    pub fuel: bool,
}

impl RunSpec {
    /// The text form used in the worker protocol and in finding reports: `hot=N` or
    /// `hot=default`, then `+stress` and `+nofuel` when they apply.
    pub fn encode(self) -> String {
        let mut s = match self.hot {
            Some(n) => format!("hot={n}"),
            None => String::from("hot=default"),
        };
        if self.stress {
            s.push_str("+stress");
        }
        if !self.fuel {
            s.push_str("+nofuel");
        }
        s
    }

    /// Parses [`RunSpec::encode`]'s form.
    pub fn decode(s: &str) -> Option<RunSpec> {
        let mut parts = s.split('+');
        let v = parts.next()?.strip_prefix("hot=")?;
        let hot = if v == "default" {
            None
        } else {
            Some(v.parse().ok()?)
        };
        let mut spec = RunSpec {
            hot,
            stress: false,
            fuel: true,
        };
        for p in parts {
            match p {
                "stress" => spec.stress = true,
                "nofuel" => spec.fuel = false,
                _ => return None,
            }
        }
        Some(spec)
    }
}

/// A stream as the comparison sees it: every byte counted and hashed, the start kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Captured {
    /// Bytes written.
    pub len: usize,
    /// FNV-1a over all bytes, chunk by chunk (equal output gives an equal hash whatever the
    /// chunking, since FNV is a byte-at-a-time fold).
    pub hash: u64,
    /// The first bytes, up to the limit.
    pub head: String,
}

impl Captured {
    fn push(&mut self, s: &str, keep: usize) {
        if self.len == 0 {
            self.hash = fnv1a(b"");
        }
        let mut h = self.hash;
        for b in s.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01B3);
        }
        self.hash = h;
        self.len = self.len.saturating_add(s.len());
        if self.head.len() < keep {
            let mut end = (keep - self.head.len()).min(s.len());
            while !s.is_char_boundary(end) {
                end -= 1;
            }
            self.head.push_str(&s[..end]);
        }
    }
}

#[derive(Default)]
struct Streams {
    out: Captured,
    err: Captured,
}

/// The VM's host: output goes into shared buffers the runner reads after the run.
struct CaptureHost {
    streams: Rc<RefCell<Streams>>,
    keep: usize,
}

impl Host for CaptureHost {
    fn write_stdout(&mut self, s: &str) {
        self.streams
            .borrow_mut()
            .out
            .push(&hide_addresses(s), self.keep);
    }
    fn write_stderr(&mut self, s: &str) {
        self.streams
            .borrow_mut()
            .err
            .push(&hide_addresses(s), self.keep);
    }
}

/// Replaces the address in default reprs (`<function f at 0x1a2b>`) by `0x?`. Addresses
/// come from heap indices, and tier 2 may allocate fewer objects than tier 1 (values kept
/// unboxed in a trace), so they are no more comparable between tiers than CPython's are
/// between runs. Plain hex output (`hex(255)`) is not preceded by ` at ` and stays.
pub fn hide_addresses(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.contains(" at 0x") {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(k) = rest.find(" at 0x") {
        out.push_str(&rest[..k + 6]);
        rest = &rest[k + 6..];
        let digits = rest.len()
            - rest
                .trim_start_matches(|c: char| c.is_ascii_hexdigit())
                .len();
        if digits > 0 {
            out.push('?');
        }
        rest = &rest[digits..];
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// Everything one run produced.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Standard output.
    pub stdout: Captured,
    /// Standard error ("Exception ignored in" reports).
    pub stderr: Captured,
    /// The outcome: `ok`, `compile error: ...`, `exception T: msg` + traceback, `exit N`.
    pub result: String,
    /// The watchdog terminated the run (where it stopped is timing-dependent).
    pub interrupted: bool,
    /// The run stopped on its instruction budget.
    pub out_of_fuel: bool,
    /// The heap refused a request (a `MemoryError`, caught or not): the tiers allocate
    /// differently, so where the heap runs out may differ between them.
    pub heap_exhausted: bool,
}

impl Outcome {
    /// `ok`, `compile`, `exit N` or the exception type: the outcome without its text.
    pub fn class(&self) -> String {
        if let Some(rest) = self.result.strip_prefix("exception ") {
            return rest.split(':').next().unwrap_or(rest).to_string();
        }
        if self.result.starts_with("compile error") {
            return String::from("compile error");
        }
        self.result.clone()
    }
}

/// Builds the VM configuration of one run.
pub fn config(tier: u8, spec: RunSpec, limits: &Limits) -> Config {
    Config {
        heap_limit: limits.heap_limit,
        recursion_limit: limits.recursion_limit,
        native_depth_limit: limits.native_depth_limit,
        // Tier 3 is tier 2 with the host's JIT (machine code where the host has a backend).
        tier: tier.min(2),
        hot: if tier >= 2 { spec.hot } else { None },
        stress_specialize: tier >= 2 && spec.stress,
        fuel: spec.fuel.then_some(limits.fuel),
        jit: if tier == 3 {
            tiercel::HostJit::new(tiercel::DEFAULT_CODE_MEMORY, false).config
        } else {
            None
        },
        ..Config::default()
    }
}

/// Runs `src` once in `tier`.
pub fn run_once(src: &str, tier: u8, spec: RunSpec, limits: &Limits, dog: &Watchdog) -> Outcome {
    let streams = Rc::new(RefCell::new(Streams::default()));
    let host = CaptureHost {
        streams: streams.clone(),
        keep: limits.keep_output,
    };
    let mut vm = match Vm::new(config(tier, spec, limits), Box::new(host)) {
        Ok(vm) => vm,
        // The same in both tiers (the limits are), so compared like any outcome.
        Err(e) => {
            return Outcome {
                result: format!("start error: {e:?}"),
                ..Outcome::default()
            }
        }
    };
    let budget = if spec.fuel {
        limits.fuel_time_budget
    } else {
        limits.time_budget
    };
    dog.arm(vm.signals(), budget);
    let r = vm.run_source(src, "fuzz.py");
    let interrupted = dog.disarm();
    let heap_exhausted = vm.heap.stats.refused > 0;
    drop(vm);
    let mut out_of_fuel = false;
    let result = match r {
        Ok(()) => String::from("ok"),
        Err(RunError::Compile(msg)) => format!("compile error: {msg}"),
        Err(RunError::Exception {
            type_name,
            message,
            traceback,
        }) => {
            hide_addresses(&format!("exception {type_name}: {message}\n{traceback}")).into_owned()
        }
        Err(RunError::Exit(n)) => format!("exit {n}"),
        Err(RunError::Terminated { reason, traceback }) => {
            out_of_fuel = reason == vm_core::Termination::Fuel;
            format!("terminated {reason:?}\n{traceback}")
        }
    };
    let s = std::mem::take(&mut *streams.borrow_mut());
    Outcome {
        stdout: s.out,
        stderr: s.err,
        result,
        interrupted,
        out_of_fuel,
        heap_exhausted,
    }
}

/// How two tiers' runs of one program differ, if they do.
pub fn compare(t1: &Outcome, t2: &Outcome) -> Option<(String, String)> {
    let line_diff = |a: &Captured, b: &Captured| {
        let (la, lb) = (a.head.lines(), b.head.lines());
        let mut pair = la.zip(lb).find(|(x, y)| x != y);
        if pair.is_none() {
            pair = Some(("<end>", "<end>"));
        }
        let (x, y) = pair.unwrap_or_default();
        format!("{} / {}", shape(x), shape(y))
    };
    if t1.result != t2.result {
        let key = format!("outcome {} / {}", t1.class(), t2.class());
        let detail = format!(
            "tier 1 outcome:\n{}\ntier 2 outcome:\n{}",
            t1.result, t2.result
        );
        return Some((key, detail));
    }
    for (name, a, b) in [
        ("stdout", &t1.stdout, &t2.stdout),
        ("stderr", &t1.stderr, &t2.stderr),
    ] {
        if a != b {
            let key = format!("{name} {}", line_diff(a, b));
            let detail = format!(
                "{name} differs ({} vs {} bytes)\n--- tier 1\n{}\n--- tier 2\n{}",
                a.len, b.len, a.head, b.head
            );
            return Some((key, detail));
        }
    }
    None
}

/// A line reduced to its shape (digits collapsed, cut short) so that one bug printing
/// different numbers gives one deduplication key.
pub fn shape(s: &str) -> String {
    let mut out = String::new();
    let mut last_digit = false;
    for c in s.chars().take(60) {
        if c.is_ascii_digit() {
            if !last_digit {
                out.push('#');
            }
            last_digit = true;
        } else {
            out.push(c);
            last_digit = false;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip() {
        for hot in [None, Some(1), Some(300)] {
            for (stress, fuel) in [(false, true), (true, false), (true, true), (false, false)] {
                let s = RunSpec { hot, stress, fuel };
                assert_eq!(RunSpec::decode(&s.encode()), Some(s));
            }
        }
        assert_eq!(RunSpec::decode("hot=2+bogus"), None);
        assert_eq!(RunSpec::decode("hot=x"), None);
    }

    #[test]
    fn addresses_are_hidden_but_hex_output_is_not() {
        assert_eq!(
            hide_addresses("<function <lambda> at 0x7fa> and 0xff at 0x"),
            "<function <lambda> at 0x?> and 0xff at 0x"
        );
    }

    #[test]
    fn shapes_collapse_numbers() {
        assert_eq!(shape("index 12 of 345"), "index # of #");
    }
}
