//! Translation of one recorded instruction into uops, given its observed outcome.

use crate::bytecode::ops::{Flags, Op, Uop};
use crate::exec::ir::{check, UopInst, NO_EXIT, SAME_FRAME};

use super::record::{Pending, Recorder};

impl Recorder {
    /// Appends the uops of `p` (which ran and was followed by offset `next_ip` of code
    /// `next_code` at frame depth `next_depth`). `deopted`: its specialized form missed, so
    /// the generic form is recorded (a trace must not be built on a guard that just failed).
    pub(crate) fn translate(
        &mut self,
        p: Pending,
        deopted: bool,
        next_code: u8,
        next_ip: u32,
        next_depth: usize,
    ) -> Result<(), &'static str> {
        let op = if deopted { p.op.family_head() } else { p.op };
        let cache = op.cache_units();
        let fall = p.this + 1 + cache as u32;
        let frame_changed = next_depth != p.depth || next_code != p.code;
        self.snapshot_cache(p.code, p.this, op, p.arg);
        let first = self.b.body.is_empty();
        if core::mem::take(&mut self.escaped) {
            // The previous instruction may have run code that invalidated this executor.
            let stub = self.b.stub(Uop::_DEOPT, p.code, p.this);
            let mut u = UopInst::new(Uop::_CHECK_VALIDITY, 0, p.code, p.this, p.this);
            u.exit = stub;
            self.b.body.push(u);
        }
        self.escaped = op.flags().contains(Flags::ESCAPES);
        let uops = op.uops();
        match op {
            Op::NOP | Op::JUMP_FORWARD | Op::JUMP_BACKWARD_NO_INTERRUPT => {
                // The trace just goes on; a budget still counts the instruction.
                if self.every_instruction {
                    self.b
                        .body
                        .push(UopInst::new(Uop::_NOP, 0, p.code, p.this, fall));
                }
            }
            Op::JUMP_BACKWARD | Op::RESUME => {
                // The jump itself is the trace going on; the safe point stays.
                self.b
                    .body
                    .push(UopInst::new(Uop::_CHECK_PERIODIC, 0, p.code, p.this, fall));
            }
            Op::POP_JUMP_IF_FALSE
            | Op::POP_JUMP_IF_TRUE
            | Op::POP_JUMP_IF_NONE
            | Op::POP_JUMP_IF_NOT_NONE => {
                self.branch(op, &p, p.arg, fall, next_ip)?;
            }
            _ if op.own_flags().contains(Flags::FUSED)
                && uops.last() == Some(&Uop::_POP_JUMP_NEXT) =>
            {
                // Compare-and-branch: the fused jump is the unit after this instruction's
                // cache; `_POP_JUMP_NEXT` checks the direction like any jumping uop.
                let code = &self.b.codes[p.code as usize].code;
                let (jop, target) = code.instr(fall as usize).ok_or("fused jump missing")?;
                let jfall = fall + 1 + jop.cache_units() as u32;
                let other = if next_ip == target {
                    jfall
                } else if next_ip == jfall {
                    target
                } else {
                    return Err("branch went neither way");
                };
                self.push_uops(&p, uops, fall, Some((next_ip, SAME_FRAME)), Some(other));
            }
            _ => {
                let outcome = (next_ip, if frame_changed { next_code } else { SAME_FRAME });
                self.push_uops(&p, uops, fall, Some(outcome), None);
            }
        }
        if first {
            self.b.first_len = self.b.body.len() as u16;
        }
        Ok(())
    }

    /// The uops of an instruction, minus the tier-1-only ones. Guards get a side exit
    /// back to the instruction; a uop that can jump or change frames gets the recorded
    /// `outcome` to check, and a side exit to the other successor when it can only jump.
    fn push_uops(
        &mut self,
        p: &Pending,
        uops: &[Uop],
        fall: u32,
        outcome: Option<(u32, u8)>,
        other: Option<u32>,
    ) {
        let mut guard_stub = NO_EXIT;
        for &uop in uops {
            if uop.flags().contains(Flags::TIER1) {
                continue;
            }
            let f = uop.flags();
            let mut u = UopInst::new(uop, p.arg, p.code, p.this, fall);
            if f.contains(Flags::DEOPT) {
                if guard_stub == NO_EXIT {
                    guard_stub = self.b.stub(Uop::_EXIT_TRACE, p.code, p.this);
                }
                u.exit = guard_stub;
            }
            if let Some((next_ip, next_code)) = outcome {
                if f.intersects(Flags::JUMP | Flags::FRAME) {
                    u.check |= check::FLOW;
                    u.expect = next_ip;
                    u.expect_code = next_code;
                    if next_code == SAME_FRAME && f.contains(Flags::JUMP) {
                        // The other way a jumping uop can go: fall through or its target.
                        let other = other.unwrap_or(if next_ip == fall { p.arg } else { fall });
                        u.jump_exit = self.b.stub(Uop::_EXIT_TRACE, p.code, other);
                    } else if f.contains(Flags::FRAME) && !f.contains(Flags::JUMP) {
                        // Where a frame change lands is only known at run time.
                        u.jump_exit = self.b.stub(Uop::_DYNAMIC_EXIT, p.code, next_ip);
                    }
                }
            }
            self.b.body.push(u);
        }
    }

    /// A conditional jump becomes a guard on the direction it took; its exit resumes tier 1
    /// at the other successor (the value is popped either way).
    fn branch(
        &mut self,
        jop: Op,
        p: &Pending,
        target: u32,
        fall: u32,
        next_ip: u32,
    ) -> Result<(), &'static str> {
        if target == fall {
            self.b
                .body
                .push(UopInst::new(Uop::_POP_TOP, 0, p.code, p.this, fall));
            return Ok(());
        }
        let taken = if next_ip == target {
            true
        } else if next_ip == fall {
            false
        } else {
            return Err("branch went neither way");
        };
        // POP_JUMP_IF_TRUE/FALSE always test an exact bool (the compiler puts a TO_BOOL or
        // a bool-producing instruction before them), so "not FALSE" is "TRUE".
        let guard = match (jop, taken) {
            (Op::POP_JUMP_IF_FALSE, true) | (Op::POP_JUMP_IF_TRUE, false) => {
                Uop::_GUARD_IS_FALSE_POP
            }
            (Op::POP_JUMP_IF_TRUE, true) | (Op::POP_JUMP_IF_FALSE, false) => {
                Uop::_GUARD_IS_TRUE_POP
            }
            (Op::POP_JUMP_IF_NONE, true) | (Op::POP_JUMP_IF_NOT_NONE, false) => {
                Uop::_GUARD_IS_NONE_POP
            }
            (Op::POP_JUMP_IF_NOT_NONE, true) | (Op::POP_JUMP_IF_NONE, false) => {
                Uop::_GUARD_IS_NOT_NONE_POP
            }
            _ => return Err("fused jump is not a conditional jump"),
        };
        let other = if taken { fall } else { target };
        let stub = self.b.stub(Uop::_EXIT_TRACE, p.code, other);
        let mut u = UopInst::new(guard, 0, p.code, p.this, if taken { target } else { fall });
        u.exit = stub;
        self.b.body.push(u);
        Ok(())
    }
}
