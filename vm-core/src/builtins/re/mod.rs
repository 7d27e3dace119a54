//! The private `_re` module (feature `re`): the regular expression engine under the frozen
//! `re` module (`stdlib/re.py`), which holds the Python-facing objects.
//!
//! The engine parses a pattern ([`parse`]) to a program ([`compile`]) and matches it by
//! backtracking with an explicit stack ([`exec`]). Two functions face Python:
//!
//! - `compile_info(pattern, flags)`: `(flags, groups, [(name, number), ...])`, or
//!   `(message, position)` for a bad pattern (the wrapper raises `re.error`);
//! - `scan(pattern, flags, string, pos, endpos, mode, limit)`: the spans of up to `limit`
//!   matches (0: all) as flat tuples `(start0, end0, start1, end1, ..., lastindex)`, -1
//!   for a group that did not take part (and a `lastindex` of none). `mode` 0 matches at `pos`, 1 matches all of
//!   `string[pos:endpos]`, 2 searches (successive matches as `finditer` finds them).
//!
//! A pattern is parsed again by each call: parsing is linear and small next to matching,
//! and it keeps the module free of native objects.

mod chars;
mod compile;
mod escapes;
mod exec;
mod parse;
#[cfg(test)]
mod tests;

use alloc::vec::Vec;

use super::{check_args, int_arg};
use crate::object::scratch::Scratch;
use crate::object::types::NativeKind;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};
use exec::{Budget, Matcher};

/// Matcher steps per unit of fuel: a step (one program instruction at one position) costs
/// a fraction of a bytecode instruction.
const STEPS_PER_FUEL: u32 = 4;

pub(crate) fn init_re(vm: &mut Vm, d: ObjRef) -> PyResult<()> {
    let fns: crate::object::native_table::NativeEntries = &[("compile_info", compile_info), ("scan", scan)];
    vm.add_natives(d, fns, NativeKind::Function, Value::UNDEF);
    Ok(())
}

/// The code points of a str, or the bytes of a bytes-like value (`true`), charged to
/// `scratch`.
fn units(vm: &mut Vm, v: Value, scratch: &mut Scratch, what: &str) -> PyResult<(Vec<u32>, bool)> {
    if let Some(s) = vm.str_of(v) {
        let n = s.chars().count();
        scratch.cover(vm, n * 4)?;
        let s = vm.str_of(v).unwrap_or("");
        return Ok((s.chars().map(u32::from).collect(), false));
    }
    if let Some(b) = vm.bytes_data(v) {
        scratch.cover(vm, b.len() * 4)?;
        return Ok((b.into_iter().map(u32::from).collect(), true));
    }
    let msg = alloc::format!(
        "{what} must be a string or bytes-like object, not '{}'",
        vm.type_name(v)
    );
    Err(vm.type_error(msg))
}

/// Parses and compiles a pattern: the program, or the error's message and position.
fn build(
    pattern: &[u32],
    flags: u32,
    is_bytes: bool,
) -> Result<(parse::Parsed, compile::Program), parse::ParseError> {
    let parsed = parse::parse(pattern, flags, is_bytes)?;
    let prog = compile::compile(&parsed, is_bytes)?;
    Ok((parsed, prog))
}

fn error_tuple(vm: &mut Vm, e: parse::ParseError) -> PyResult<Value> {
    let msg = vm.new_string(e.msg)?;
    let pos = match e.pos {
        Some(p) => vm.new_int(p as i64)?,
        None => Value::NONE,
    };
    vm.new_tuple(alloc::vec![msg, pos])
}

fn compile_info(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "compile_info", args, 2, 2)?;
    let mut scratch = vm.scratch();
    let (pattern, is_bytes) = units(vm, args[0], &mut scratch, "pattern")?;
    let flags = int_arg(vm, args[1])? as u32;
    let (parsed, _) = match build(&pattern, flags, is_bytes) {
        Ok(b) => b,
        Err(e) => return error_tuple(vm, e),
    };
    let mut names = Vec::with_capacity(parsed.names.len());
    for (name, n) in &parsed.names {
        let k = vm.new_str(name)?;
        names.push(vm.new_tuple(alloc::vec![k, Value::int_unchecked(*n as i64)])?);
    }
    let names = vm.new_list(names)?;
    let flags = vm.new_int(i64::from(parsed.flags))?;
    vm.new_tuple(alloc::vec![
        flags,
        Value::int_unchecked(parsed.groups as i64),
        names
    ])
}

/// The VM as the matcher's budget: fuel and interrupts every batch of steps, memory
/// against the heap limit.
struct VmBudget<'v> {
    vm: &'v mut Vm,
    scratch: Scratch,
    stop: Option<PyErr>,
}

impl Budget for VmBudget<'_> {
    fn tick(&mut self, steps: u32) -> bool {
        self.vm.charge_fuel(i64::from(steps / STEPS_PER_FUEL));
        if self.vm.stop_due() {
            if let Err(e) = self.vm.answer_signals() {
                self.stop = Some(e);
                return false;
            }
        }
        true
    }

    fn charge(&mut self, more: usize) -> bool {
        let total = self.scratch.charged().saturating_add(more);
        self.scratch.cover(self.vm, total).is_ok()
    }
}

/// A position argument clamped to `0..=len`, as CPython's.
fn clamp(vm: &mut Vm, v: Value, len: usize) -> PyResult<usize> {
    let i = int_arg(vm, v)?;
    Ok(i.clamp(0, len as i64) as usize)
}

fn scan(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "scan", args, 7, 7)?;
    let mut scratch = vm.scratch();
    let (pattern, is_bytes) = units(vm, args[0], &mut scratch, "pattern")?;
    let flags = int_arg(vm, args[1])? as u32;
    let (text, _) = units(vm, args[2], &mut scratch, "string")?;
    let pos = clamp(vm, args[3], text.len())?;
    let endpos = clamp(vm, args[4], text.len())?;
    let mode = int_arg(vm, args[5])?;
    let limit = usize::try_from(int_arg(vm, args[6])?).unwrap_or(0);
    let prog = match build(&pattern, flags, is_bytes) {
        Ok((_, prog)) => prog,
        Err(e) => return Err(vm.value_error(e.msg)),
    };
    if endpos < pos {
        return vm.new_list(Vec::new());
    }
    let nslots = prog.nslots + 1;
    let found = {
        let held = vm.scratch();
        let mut budget = VmBudget {
            vm: &mut *vm,
            scratch: held,
            stop: None,
        };
        let r = find_all(&prog, &text[..endpos], pos, mode, limit, &mut budget);
        r.map_err(|_| budget.stop.take())
    };
    let found = match found {
        Ok(f) => f,
        Err(stop) => return Err(stop.unwrap_or_else(|| vm.memory_error())),
    };
    let mut out = Vec::with_capacity(found.len() / nslots);
    for spans in found.chunks(nslots) {
        let items = spans
            .iter()
            .map(|&s| Value::int_unchecked(if s == usize::MAX { -1 } else { s as i64 }))
            .collect();
        out.push(vm.new_tuple(items)?);
    }
    vm.new_list(out)
}

/// The matches of `mode` from `pos` (see the module comment): their capture slots one
/// after the other (`usize::MAX` for a group that did not take part).
fn find_all(
    prog: &compile::Program,
    text: &[u32],
    pos: usize,
    mode: i64,
    limit: usize,
    budget: &mut dyn Budget,
) -> Result<Vec<usize>, exec::Stopped> {
    let mut m = Matcher::new(prog, text, budget)?;
    m.ending.full = mode == 1;
    let mut found = Vec::new();
    let mut count = 0;
    let mut at = pos;
    while m.search(at, mode != 2)? {
        m.charge((prog.nslots + 1) * size_of::<usize>())?;
        let start = found.len();
        found.extend(m.spans().map(|s| s.unwrap_or(usize::MAX)));
        let (s, e) = (found[start], found[start + 1]);
        count += 1;
        if mode != 2 || count == limit {
            break;
        }
        // As CPython's scanner: after an empty match the next one may not be empty there.
        m.ending.no_empty_at = (s == e).then_some(e);
        at = e;
    }
    Ok(found)
}
