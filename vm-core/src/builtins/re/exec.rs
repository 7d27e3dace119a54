//! The `re` matcher: backtracking over a [`Program`] with an explicit stack.
//!
//! Only lookarounds nest Rust calls (as deep as the pattern nests them, never by input
//! length). Every [`STEP_BATCH`] steps the matcher reports to its [`Budget`], which can
//! stop it (fuel spent, an interrupt); the stack and the failure memo are charged to the
//! budget before they grow.

use alloc::vec;
use alloc::vec::Vec;

use super::chars::{is_word, same};
use super::compile::{Inst, Program, NO_MEMO};
use super::parse::Anchor;

/// Steps between reports to the budget.
pub(super) const STEP_BATCH: u32 = 1024;

/// The largest failure memo, in bytes (above it, a search runs without one).
const MEMO_MAX_BYTES: usize = 8 << 20;

/// The matcher's link to its caller: time and memory.
pub(super) trait Budget {
    /// `steps` more steps ran; `false` stops the match.
    fn tick(&mut self, steps: u32) -> bool;
    /// The matcher holds `more` bytes; `false` when they do not fit.
    fn charge(&mut self, more: usize) -> bool;
}

/// The match was stopped by its budget.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Stopped;

const UNSET: usize = usize::MAX;

#[derive(Clone, Copy, Debug)]
enum Frame {
    /// An alternative to try.
    Alt { pc: u32, pos: usize },
    /// A capture slot's value to restore.
    Slot { slot: u32, old: usize },
    /// A loop register's value to restore.
    Reg { reg: u32, old: usize },
}

/// Where a run ends successfully.
#[derive(Clone, Copy)]
enum End {
    /// At `Match` (the whole pattern).
    Main,
    /// At `LookEnd`, anywhere (a lookahead) or at this position (a lookbehind).
    Look(Option<usize>),
}

/// How a match must end.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Ending {
    /// It must end at the end of the text (`fullmatch`).
    pub full: bool,
    /// An empty match here is refused (after an empty match, as CPython's scanner).
    pub no_empty_at: Option<usize>,
}

pub(super) struct Matcher<'a> {
    prog: &'a Program,
    text: &'a [u32],
    caps: Vec<usize>,
    regs: Vec<usize>,
    stack: Vec<Frame>,
    held_frames: usize,
    memo: Vec<u64>,
    /// The positions marked in the memo since it was last cleared.
    memo_span: Option<(usize, usize)>,
    steps: u32,
    budget: &'a mut dyn Budget,
    pub ending: Ending,
}

impl<'a> Matcher<'a> {
    /// A matcher of `text` (already cut at `endpos`).
    pub(super) fn new(
        prog: &'a Program,
        text: &'a [u32],
        budget: &'a mut dyn Budget,
    ) -> Result<Matcher<'a>, Stopped> {
        let nmemo = prog.memo_regs.len();
        let mut words = nmemo
            .checked_mul(text.len() + 1)
            .map(|bits| bits.div_ceil(64))
            .filter(|w| w * 8 <= MEMO_MAX_BYTES)
            .unwrap_or(0);
        // Without room for the memo, the search runs without it.
        if words > 0 && !budget.charge(words * 8) {
            words = 0;
        }
        if !budget.charge((prog.nslots + prog.nregs) * 8) {
            return Err(Stopped);
        }
        Ok(Matcher {
            prog,
            text,
            caps: vec![UNSET; prog.nslots + 1],
            regs: vec![UNSET; prog.nregs],
            stack: Vec::new(),
            held_frames: 0,
            memo: vec![0; words],
            memo_span: None,
            steps: 0,
            budget,
            ending: Ending::default(),
        })
    }

    /// The capture slots of the last match (`None` for a group that did not take part),
    /// then the number of the group that ended last (`None` if none did).
    pub(super) fn spans(&self) -> impl Iterator<Item = Option<usize>> + '_ {
        self.caps.iter().map(|&c| (c != UNSET).then_some(c))
    }

    /// The first match starting at `start` (`anchored`) or after it.
    pub(super) fn search(&mut self, start: usize, anchored: bool) -> Result<bool, Stopped> {
        let first = self.prog.insts.first().copied();
        let last = if anchored { start } else { self.text.len() };
        for at in start..=last {
            // Cheap rejections of start positions a match cannot begin at.
            match first {
                Some(Inst::Char(c))
                    if !self.prog.rules.ignore_case && self.text.get(at) != Some(&c) =>
                {
                    continue;
                }
                Some(Inst::Anchor(Anchor::Start)) if at > 0 => break,
                _ => {}
            }
            self.caps.fill(UNSET);
            self.caps[0] = at;
            if self.run(0, at, End::Main)? {
                self.clear_memo();
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Forgets the memo's marks: a match succeeded, so states marked on its path did not
    /// fail.
    fn clear_memo(&mut self) {
        if let Some((lo, hi)) = self.memo_span.take() {
            let n = self.prog.memo_regs.len();
            let (from, to) = (lo * n / 64, ((hi + 1) * n).div_ceil(64));
            let to = to.min(self.memo.len());
            self.memo[from.min(to)..to].fill(0);
        }
    }

    /// Counts a step, reporting to the budget every batch.
    #[inline]
    fn step(&mut self) -> Result<(), Stopped> {
        self.steps += 1;
        if self.steps >= STEP_BATCH {
            self.steps = 0;
            if !self.budget.tick(STEP_BATCH) {
                return Err(Stopped);
            }
        }
        Ok(())
    }

    /// Charges `more` bytes the caller keeps for the match.
    pub(super) fn charge(&mut self, more: usize) -> Result<(), Stopped> {
        if self.budget.charge(more) {
            Ok(())
        } else {
            Err(Stopped)
        }
    }

    fn push(&mut self, f: Frame) -> Result<(), Stopped> {
        if self.stack.len() >= self.held_frames {
            let more = self.held_frames.max(256);
            self.charge(more * size_of::<Frame>())?;
            self.stack
                .reserve_exact(self.held_frames + more - self.stack.len());
            self.held_frames += more;
        }
        self.stack.push(f);
        Ok(())
    }

    /// Whether the failure memo already holds split `m` at `pos` (and marks it if not).
    fn memo_seen(&mut self, m: u32, pos: usize) -> bool {
        if self.memo.is_empty() {
            return false;
        }
        let live = &self.prog.memo_regs[m as usize];
        if live.iter().any(|&r| self.regs[r as usize] >= pos) {
            // An iteration that has not moved yet: its state includes the register.
            return false;
        }
        let bit = pos * self.prog.memo_regs.len() + m as usize;
        let (w, b) = (bit / 64, 1u64 << (bit % 64));
        if self.memo[w] & b != 0 {
            return true;
        }
        self.memo[w] |= b;
        self.memo_span = Some(match self.memo_span {
            Some((lo, hi)) => (lo.min(pos), hi.max(pos)),
            None => (pos, pos),
        });
        false
    }

    /// Runs from `pc` at `pos` until the end `end` asks for, or until every alternative
    /// above the current stack height failed.
    fn run(&mut self, mut pc: u32, mut pos: usize, end: End) -> Result<bool, Stopped> {
        let base = self.stack.len();
        let rules = self.prog.rules;
        loop {
            self.step()?;
            let ok = match self.prog.insts[pc as usize] {
                Inst::Char(c) => self.advance_if(&mut pos, |t| same(t, c, rules)),
                Inst::Any => self.advance_if(&mut pos, |t| t != 10),
                Inst::AnyAll => self.advance_if(&mut pos, |_| true),
                Inst::Class(i) => {
                    let class = &self.prog.classes[i as usize];
                    let hit = self
                        .text
                        .get(pos)
                        .is_some_and(|&t| class.contains(t, rules));
                    pos += usize::from(hit);
                    hit
                }
                Inst::Split {
                    first,
                    second,
                    memo,
                } => {
                    if memo != NO_MEMO && self.memo_seen(memo, pos) {
                        false
                    } else {
                        self.push(Frame::Alt { pc: second, pos })?;
                        pc = first;
                        continue;
                    }
                }
                Inst::Jmp(to) => {
                    pc = to;
                    continue;
                }
                Inst::Save(slot) => {
                    self.save(slot, pos)?;
                    true
                }
                Inst::Anchor(a) => self.anchor(a, pos),
                Inst::LoopStart(reg) => {
                    let old = self.regs[reg as usize];
                    self.push(Frame::Reg { reg, old })?;
                    self.regs[reg as usize] = pos;
                    true
                }
                Inst::LoopCheck { reg, exit } => {
                    if self.regs[reg as usize] == pos {
                        pc = exit;
                        continue;
                    }
                    true
                }
                Inst::Backref(n) => self.backref(n as usize, &mut pos),
                Inst::Look {
                    behind,
                    negate,
                    width,
                    next,
                } => {
                    if self.look(pc + 1, pos, behind, width as usize, negate)? {
                        pc = next;
                        continue;
                    }
                    false
                }
                Inst::LookEnd => match end {
                    End::Look(Some(at)) if at != pos => false,
                    End::Look(_) => return Ok(true),
                    End::Main => false,
                },
                Inst::Match => {
                    let refused = (self.ending.full && pos != self.text.len())
                        || self.ending.no_empty_at == Some(pos);
                    if !refused {
                        self.caps[1] = pos;
                        return Ok(true);
                    }
                    false
                }
            };
            if ok {
                pc += 1;
                continue;
            }
            match self.backtrack(base) {
                Some((p, q)) => (pc, pos) = (p, q),
                None => return Ok(false),
            }
        }
    }

    /// Records `pos` in capture slot `slot`; a group's end also makes it the last group
    /// (`Match.lastindex`, kept in the slot after the groups').
    fn save(&mut self, slot: u32, pos: usize) -> Result<(), Stopped> {
        let old = self.caps[slot as usize];
        self.push(Frame::Slot { slot, old })?;
        self.caps[slot as usize] = pos;
        if slot % 2 == 1 {
            let last = self.prog.nslots as u32;
            let old = self.caps[last as usize];
            self.push(Frame::Slot { slot: last, old })?;
            self.caps[last as usize] = (slot / 2) as usize;
        }
        Ok(())
    }

    /// Moves past the character at `pos` if `test` accepts it.
    #[inline]
    fn advance_if(&self, pos: &mut usize, test: impl Fn(u32) -> bool) -> bool {
        let hit = self.text.get(*pos).is_some_and(|&t| test(t));
        *pos += usize::from(hit);
        hit
    }

    /// Undoes down to the next alternative above `base`: its program counter and position.
    fn backtrack(&mut self, base: usize) -> Option<(u32, usize)> {
        while self.stack.len() > base {
            match self.stack.pop()? {
                Frame::Alt { pc, pos } => return Some((pc, pos)),
                Frame::Slot { slot, old } => self.caps[slot as usize] = old,
                Frame::Reg { reg, old } => self.regs[reg as usize] = old,
            }
        }
        None
    }

    fn anchor(&self, a: Anchor, pos: usize) -> bool {
        let t = self.text;
        let nl = |i: usize| t.get(i) == Some(&10);
        match a {
            Anchor::Start => pos == 0,
            Anchor::LineStart => pos == 0 || nl(pos - 1),
            Anchor::End => pos == t.len(),
            Anchor::LineEnd => {
                let multiline = self.prog.multiline;
                pos == t.len() || (nl(pos) && (multiline || pos + 1 == t.len()))
            }
            Anchor::Boundary | Anchor::NotBoundary => {
                let rules = self.prog.rules;
                let before = pos > 0 && is_word(t[pos - 1], rules);
                let after = t.get(pos).is_some_and(|&c| is_word(c, rules));
                (before != after) == (a == Anchor::Boundary)
            }
        }
    }

    /// A backreference to group `n`: fails if the group did not take part.
    fn backref(&self, n: usize, pos: &mut usize) -> bool {
        let (s, e) = (self.caps[2 * n], self.caps[2 * n + 1]);
        if s == UNSET || e == UNSET || e < s {
            return false;
        }
        let len = e - s;
        let Some(here) = self.text.get(*pos..*pos + len) else {
            return false;
        };
        let rules = self.prog.rules;
        if here
            .iter()
            .zip(&self.text[s..e])
            .all(|(&a, &b)| same(a, b, rules))
        {
            *pos += len;
            return true;
        }
        false
    }

    /// Whether a lookaround at `pos` holds. A positive one keeps the body's captures (with
    /// their undo records, so backtracking past it restores them).
    fn look(
        &mut self,
        body: u32,
        pos: usize,
        behind: bool,
        width: usize,
        negate: bool,
    ) -> Result<bool, Stopped> {
        let (from, end) = if behind {
            match pos.checked_sub(width) {
                Some(from) => (from, End::Look(Some(pos))),
                None => return Ok(negate),
            }
        } else {
            (pos, End::Look(None))
        };
        let before = self.caps.clone();
        let base = self.stack.len();
        let matched = self.run(body, from, end)?;
        // The body's own alternatives are dropped: a lookaround matches once.
        while self.stack.len() > base {
            self.stack.pop();
        }
        if matched && !negate {
            for (slot, &old) in before.iter().enumerate() {
                if self.caps[slot] != old {
                    self.push(Frame::Slot {
                        slot: slot as u32,
                        old,
                    })?;
                }
            }
        } else {
            self.caps = before;
        }
        Ok(matched != negate)
    }
}
