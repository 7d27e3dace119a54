//! Assembly: layout, jump resolution, stack depth, exception and line tables.

use alloc::boxed::Box;
use alloc::format;
use alloc::rc::Rc;
use alloc::vec;
use alloc::vec::Vec;
use core::cell::Cell;

use super::{error, oom, CResult, Kind, Unit, MAX_OPARG, NONE};
use crate::bytecode::code::{CodeObject, ConstPool, ExcEntry, LineEntry};
use crate::bytecode::ops::{Flags, Op};
use crate::compile::ast::Loc;
use crate::compile::error::CompileError;
use crate::object::value::Value;

fn internal(u: &Unit<'_>, what: &str) -> CompileError {
    error(
        u.loc,
        format!("internal compiler error in {}: {what}", u.qualname),
    )
}

/// Rewrites `LOAD_FAST_CHECK` into `LOAD_FAST` where the local is bound on every path that
/// reaches the load (CPython 3.12's flowgraph analysis). Tracks the first 64 locals with a
/// bit mask; states only shrink, so the worklist terminates.
fn upgrade_fast_loads(u: &mut Unit<'_>) {
    let n = u.instrs.len();
    if !u
        .instrs
        .iter()
        .any(|i| matches!(i.kind, Kind::Op(Op::LOAD_FAST_CHECK)))
    {
        return;
    }
    let label = |l: u32| -> Option<usize> {
        u.labels
            .get(l as usize)
            .copied()
            .filter(|&i| i != NONE)
            .map(|i| i as usize)
    };
    let bit = |arg: u32| -> u64 {
        if arg < 64 {
            1 << arg
        } else {
            0
        }
    };
    let params = if u.nparams >= 64 {
        u64::MAX
    } else {
        (1u64 << u.nparams) - 1
    };
    let mut state: Vec<Option<u64>> = vec![None; n + 1];
    let mut work = vec![0usize];
    state[0] = Some(params);
    let merge = |state: &mut Vec<Option<u64>>, work: &mut Vec<usize>, i: usize, m: u64| {
        let new = state[i].map_or(m, |old| old & m);
        if state[i] != Some(new) {
            state[i] = Some(new);
            work.push(i);
        }
    };
    while let Some(i) = work.pop() {
        let (Some(ins), Some(m)) = (u.instrs.get(i), state[i]) else {
            continue;
        };
        if ins.handler != NONE {
            if let Some(t) = u
                .handlers
                .get(ins.handler as usize)
                .and_then(|h| label(h.label))
            {
                merge(&mut state, &mut work, t, m);
            }
        }
        match ins.kind {
            Kind::Setup(_) => merge(&mut state, &mut work, i + 1, m),
            Kind::Op(op) => {
                let after = match op {
                    Op::STORE_FAST => m | bit(ins.arg),
                    Op::DELETE_FAST => m & !bit(ins.arg),
                    _ => m,
                };
                if ins.target != NONE {
                    if let Some(t) = label(ins.target) {
                        merge(&mut state, &mut work, t, after);
                    }
                }
                if !op.flags().contains(Flags::TERMINATOR) {
                    merge(&mut state, &mut work, i + 1, after);
                }
            }
        }
    }
    for (ins, st) in u.instrs.iter_mut().zip(state) {
        if let (Kind::Op(Op::LOAD_FAST_CHECK), Some(m)) = (ins.kind, st) {
            if m & bit(ins.arg) != 0 {
                ins.kind = Kind::Op(Op::LOAD_FAST);
            }
        }
    }
}

/// Turns a finished unit into a code object.
pub(crate) fn assemble(
    mut u: Unit<'_>,
    pool: &mut dyn ConstPool,
    filename: &Rc<str>,
    source: &Option<Rc<str>>,
) -> CResult<CodeObject> {
    upgrade_fast_loads(&mut u);
    let off = layout(&u)?;
    let (code, is_target) = emit_code(&u, &off)?;
    let (max_depth, handler_depth) = stack_depth(&u)?;
    let exc_table = exception_table(&u, &off, &handler_depth)?;
    let lines = line_table(&u, &off, &is_target);

    // Names and the cell-to-argument map.
    let strs =
        |pool: &mut dyn ConstPool, v: &[crate::compile::ast::Name]| -> CResult<Box<[Value]>> {
            v.iter()
                .map(|s| pool.str(s).map_err(oom))
                .collect::<CResult<Vec<_>>>()
                .map(Vec::into_boxed_slice)
        };
    let names = strs(pool, &u.names)?;
    let varnames = strs(pool, &u.varnames)?;
    let cellvars = strs(pool, &u.cellvars)?;
    let freevars = strs(pool, &u.freevars)?;
    let nparams = (u.nparams as usize).min(u.varnames.len());
    let cell2arg: Box<[u32]> = u
        .cellvars
        .iter()
        .map(|c| {
            u.varnames[..nparams]
                .iter()
                .position(|v| v == c)
                .map_or(u32::MAX, |i| i as u32)
        })
        .collect();
    let name = pool.str(&u.name).map_err(oom)?;
    let qualname = pool.str(&u.qualname).map_err(oom)?;

    crate::bytecode::quicken::fuse_pairs(&code);
    Ok(CodeObject {
        code: code.into_boxed_slice(),
        consts: u.consts.into_boxed_slice(),
        names,
        varnames,
        cellvars,
        freevars,
        cell2arg,
        name,
        qualname,
        filename: filename.clone(),
        source: source.clone(),
        argcount: u.argcount,
        posonlyargcount: u.posonlyargcount,
        kwonlyargcount: u.kwonlyargcount,
        flags: u.flags,
        stacksize: max_depth,
        firstlineno: u.firstlineno,
        lines: lines.into_boxed_slice(),
        exc_table: exc_table.into_boxed_slice(),
        executors: Default::default(),
    })
}

/// The instruction index label `l` is bound to.
fn label_index(u: &Unit<'_>, l: u32) -> CResult<usize> {
    match u.labels.get(l as usize) {
        Some(&i) if i != NONE => Ok(i as usize),
        _ => Err(internal(u, "unbound label")),
    }
}

/// Layout: the code-unit offset of every instruction, and past the last one (markers take
/// no space).
fn layout(u: &Unit<'_>) -> CResult<Vec<u32>> {
    let mut off = Vec::with_capacity(u.instrs.len() + 1);
    let mut cur: u32 = 0;
    for ins in &u.instrs {
        off.push(cur);
        if let Kind::Op(op) = ins.kind {
            cur += 1 + op.cache_units() as u32;
        }
    }
    off.push(cur);
    if cur > MAX_OPARG {
        return Err(error(u.loc, "code object too large"));
    }
    Ok(off)
}

/// The code units, with jump targets resolved to offsets and adaptive counters in the
/// caches; also which instructions are jump targets.
fn emit_code(u: &Unit<'_>, off: &[u32]) -> CResult<(Vec<Cell<u32>>, Vec<bool>)> {
    let n = u.instrs.len();
    let mut code: Vec<Cell<u32>> = Vec::with_capacity(off[n] as usize);
    let mut is_target = vec![false; n + 1];
    for ins in &u.instrs {
        if let Kind::Op(op) = ins.kind {
            let arg = if ins.target != NONE {
                let t = label_index(u, ins.target)?;
                is_target[t] = true;
                off[t]
            } else {
                ins.arg
            };
            if arg > MAX_OPARG {
                return Err(internal(u, "oparg out of range"));
            }
            code.push(Cell::new(op as u32 | arg << 8));
            let adaptive = op.own_flags().contains(Flags::SPECIALIZE);
            for k in 0..op.cache_units() {
                let unit = if k == 0 && adaptive {
                    crate::bytecode::counter::initial()
                } else {
                    0
                };
                code.push(Cell::new(unit));
            }
        }
    }
    Ok((code, is_target))
}

/// Marks instruction `i` reached at depth `d`: false when it was reached before at another
/// depth.
fn reach(start: &mut [u32], work: &mut Vec<usize>, i: usize, d: u32) -> bool {
    if start[i] == NONE {
        start[i] = d;
        work.push(i);
        true
    } else {
        start[i] == d
    }
}

/// Stack depth by flow analysis: the maximum depth, and every handler's depth (`NONE` for
/// one never set up).
fn stack_depth(u: &Unit<'_>) -> CResult<(u32, Vec<u32>)> {
    let n = u.instrs.len();
    let mut start: Vec<u32> = vec![NONE; n + 1];
    let mut handler_depth: Vec<u32> = vec![NONE; u.handlers.len()];
    let mut work: Vec<usize> = Vec::new();
    let mut max_depth: u32 = 0;
    if n > 0 {
        start[0] = 0;
        work.push(0);
    }
    while let Some(i0) = work.pop() {
        let mut d = start[i0];
        let mut i = i0;
        loop {
            if i == n {
                return Err(internal(u, "control reaches the end of the code"));
            }
            if i != i0 {
                if start[i] == NONE {
                    start[i] = d;
                } else if start[i] == d {
                    break;
                } else {
                    return Err(internal(u, "inconsistent stack depth"));
                }
            }
            let ins = &u.instrs[i];
            match ins.kind {
                Kind::Setup(h) => {
                    let hd = &u.handlers[h as usize];
                    let depth = d
                        .checked_sub(hd.adjust)
                        .ok_or_else(|| internal(u, "handler depth"))?;
                    handler_depth[h as usize] = depth;
                    let t = label_index(u, hd.label)?;
                    if !reach(&mut start, &mut work, t, depth + hd.lasti as u32 + 1) {
                        return Err(internal(u, "inconsistent handler depth"));
                    }
                    max_depth = max_depth.max(depth + hd.lasti as u32 + 1);
                }
                Kind::Op(op) => {
                    let (pop, push) = op.stack_effect(ins.arg);
                    if d < pop {
                        return Err(internal(u, &format!("stack underflow at {}", op.name())));
                    }
                    let after = d - pop + push;
                    max_depth = max_depth.max(after);
                    if ins.target != NONE {
                        let td = match op {
                            Op::FOR_ITER => d - 1,
                            Op::JUMP_FORWARD
                            | Op::JUMP_BACKWARD
                            | Op::JUMP_BACKWARD_NO_INTERRUPT => d,
                            _ => after,
                        };
                        let t = label_index(u, ins.target)?;
                        if !reach(&mut start, &mut work, t, td) {
                            return Err(internal(
                                u,
                                &format!("inconsistent stack depth at jump {}", op.name()),
                            ));
                        }
                    }
                    if op.flags().contains(Flags::TERMINATOR) {
                        break;
                    }
                    d = after;
                }
            }
            i += 1;
        }
    }
    Ok((max_depth, handler_depth))
}

/// Exception table: runs of consecutive instructions with the same innermost handler.
fn exception_table(u: &Unit<'_>, off: &[u32], handler_depth: &[u32]) -> CResult<Vec<ExcEntry>> {
    let mut exc_table: Vec<ExcEntry> = Vec::new();
    let mut run: Option<(u32, u32, u32)> = None; // (handler, start, end)
    let flush = |run: Option<(u32, u32, u32)>, table: &mut Vec<ExcEntry>| -> CResult {
        if let Some((h, s, e)) = run {
            let hd = &u.handlers[h as usize];
            let t = label_index(u, hd.label)?;
            let depth = if handler_depth[h as usize] == NONE {
                0
            } else {
                handler_depth[h as usize]
            };
            table.push(ExcEntry {
                start: s,
                end: e,
                target: off[t],
                depth,
                push_lasti: hd.lasti,
            });
        }
        Ok(())
    };
    for (i, ins) in u.instrs.iter().enumerate() {
        if !matches!(ins.kind, Kind::Op(_)) {
            continue;
        }
        let (s, e) = (off[i], off[i + 1]);
        match run {
            Some((h, rs, _)) if h == ins.handler => run = Some((h, rs, e)),
            _ => {
                flush(run, &mut exc_table)?;
                run = if ins.handler == NONE {
                    None
                } else {
                    Some((ins.handler, s, e))
                };
            }
        }
    }
    flush(run, &mut exc_table)?;
    Ok(exc_table)
}

/// Line table. Synthetic instructions (line 0) that simply follow other code take the
/// previous position, as CPython's line propagation does.
fn line_table(u: &Unit<'_>, off: &[u32], is_target: &[bool]) -> Vec<LineEntry> {
    let mut lines: Vec<LineEntry> = Vec::new();
    let mut prev: Option<(Loc, bool)> = None; // (loc, previous was a terminator)
    for (i, ins) in u.instrs.iter().enumerate() {
        let Kind::Op(op) = ins.kind else { continue };
        let mut loc = ins.loc;
        if loc.line == 0 && !is_target[i] {
            if let Some((p, false)) = prev {
                loc = p;
            }
        }
        prev = Some((loc, op.flags().contains(Flags::TERMINATOR)));
        let entry = LineEntry {
            start: off[i],
            line: loc.line,
            col: loc.col,
            end_line: loc.end_line,
            end_col: loc.end_col,
        };
        match lines.last() {
            Some(l)
                if (l.line, l.col, l.end_line, l.end_col)
                    == (entry.line, entry.col, entry.end_line, entry.end_col) => {}
            _ => lines.push(entry),
        }
    }
    lines
}
