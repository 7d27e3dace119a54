//! The `re` compiler: a syntax tree to a program for the backtracking matcher.
//!
//! Counted repeats are expanded (`x{2,4}` is `xx` and two optional `x`), so a program's
//! state is its position and instruction alone, except for the progress registers of loops
//! whose body can match empty. That lets the matcher remember failed states
//! ([`Program::memo_regs`]) and stay polynomial on patterns without backreferences.

use alloc::format;
use alloc::vec::Vec;

use super::chars::{Class, Rules};
use super::parse::{Anchor, Node, ParseError, Parsed, FLAG_A, FLAG_I, FLAG_M};

/// The largest program: a bound on the memory a pattern's repeats may expand to.
const MAX_INSTS: usize = 65_536;

/// No failure memo for a split (it is inside a lookaround, or the program has
/// backreferences).
pub(super) const NO_MEMO: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Inst {
    Char(u32),
    /// `.`: any character but a newline.
    Any,
    /// `.` with DOTALL.
    AnyAll,
    Class(u32),
    /// Tries `first`, then (on backtracking) `second`.
    Split {
        first: u32,
        second: u32,
        memo: u32,
    },
    Jmp(u32),
    /// Records the position in capture slot `n`.
    Save(u32),
    Anchor(Anchor),
    /// A loop iteration starts: records the position in register `n`.
    LoopStart(u32),
    /// A loop iteration ends: an iteration that matched empty ends the loop (as CPython).
    LoopCheck {
        reg: u32,
        exit: u32,
    },
    Backref(u32),
    /// A lookaround whose body follows, up to a `LookEnd`; matching continues at `next`.
    Look {
        behind: bool,
        negate: bool,
        width: u32,
        next: u32,
    },
    LookEnd,
    Match,
}

/// A compiled pattern.
#[derive(Debug)]
pub(super) struct Program {
    pub insts: Vec<Inst>,
    pub classes: Vec<Class>,
    /// For each memoized split, the loop registers live there: the split's failure is
    /// remembered only where every one of them is behind the position.
    pub memo_regs: Vec<Vec<u32>>,
    pub nregs: usize,
    /// Capture slots: two per group, group 0 included.
    pub nslots: usize,
    pub rules: Rules,
    /// `$` matches before every newline (MULTILINE).
    pub multiline: bool,
}

/// Compiles a parsed pattern.
pub(super) fn compile(parsed: &Parsed, is_bytes: bool) -> Result<Program, ParseError> {
    let mut c = Compiler {
        insts: Vec::new(),
        classes: Vec::new(),
        memo_regs: Vec::new(),
        live: Vec::new(),
        nregs: 0,
        look_depth: 0,
        memo: !has_backref(&parsed.node),
    };
    c.node(&parsed.node)?;
    c.push(Inst::Match)?;
    Ok(Program {
        insts: c.insts,
        classes: c.classes,
        memo_regs: c.memo_regs,
        nregs: c.nregs,
        nslots: 2 * (parsed.groups + 1),
        rules: Rules {
            unicode: !is_bytes && parsed.flags & FLAG_A == 0,
            ignore_case: parsed.flags & FLAG_I != 0,
        },
        multiline: parsed.flags & FLAG_M != 0,
    })
}

fn has_backref(node: &Node) -> bool {
    match node {
        Node::Backref(_) => true,
        Node::Cat(items) | Node::Alt(items) => items.iter().any(has_backref),
        Node::Group(_, n) | Node::Repeat { node: n, .. } | Node::Look { node: n, .. } => {
            has_backref(n)
        }
        _ => false,
    }
}

/// Whether a node compiles to no instructions (`(?:)`, `x{0}`).
fn compiles_to_nothing(node: &Node) -> bool {
    match node {
        Node::Empty => true,
        Node::Group(None, n) => compiles_to_nothing(n),
        Node::Cat(items) => items.iter().all(compiles_to_nothing),
        Node::Repeat { node, max, .. } => *max == Some(0) || compiles_to_nothing(node),
        _ => false,
    }
}

/// Whether a node can match the empty string.
fn nullable(node: &Node) -> bool {
    match node {
        Node::Empty | Node::Anchor(_) | Node::Look { .. } | Node::Backref(_) => true,
        Node::Char(_) | Node::Any { .. } | Node::Class(_) => false,
        Node::Cat(items) => items.iter().all(nullable),
        Node::Alt(items) => items.iter().any(nullable),
        Node::Group(_, n) => nullable(n),
        Node::Repeat { node, min, .. } => *min == 0 || nullable(node),
    }
}

struct Compiler {
    insts: Vec<Inst>,
    classes: Vec<Class>,
    memo_regs: Vec<Vec<u32>>,
    /// The registers of the loops being compiled.
    live: Vec<u32>,
    nregs: usize,
    look_depth: usize,
    memo: bool,
}

impl Compiler {
    fn pc(&self) -> u32 {
        self.insts.len() as u32
    }

    fn push(&mut self, inst: Inst) -> Result<u32, ParseError> {
        if self.insts.len() >= MAX_INSTS {
            return Err(ParseError {
                msg: format!("pattern too large (over {MAX_INSTS} instructions)"),
                pos: None,
            });
        }
        self.insts.push(inst);
        Ok(self.pc() - 1)
    }

    /// A split to patch later: tries `first` first.
    fn split(&mut self) -> Result<u32, ParseError> {
        let memo = if self.memo && self.look_depth == 0 {
            self.memo_regs.push(self.live.clone());
            (self.memo_regs.len() - 1) as u32
        } else {
            NO_MEMO
        };
        self.push(Inst::Split {
            first: 0,
            second: 0,
            memo,
        })
    }

    fn patch_split(&mut self, at: u32, first: u32, second: u32) {
        if let Some(Inst::Split { memo, .. }) = self.insts.get(at as usize).copied() {
            self.insts[at as usize] = Inst::Split {
                first,
                second,
                memo,
            };
        }
    }

    fn node(&mut self, node: &Node) -> Result<(), ParseError> {
        match node {
            Node::Empty => {}
            Node::Char(c) => {
                self.push(Inst::Char(*c))?;
            }
            Node::Any { dotall } => {
                self.push(if *dotall { Inst::AnyAll } else { Inst::Any })?;
            }
            Node::Class(class) => {
                self.classes.push((**class).clone());
                self.push(Inst::Class((self.classes.len() - 1) as u32))?;
            }
            Node::Cat(items) => {
                for n in items {
                    self.node(n)?;
                }
            }
            Node::Alt(items) => self.alternation(items)?,
            Node::Group(Some(n), body) => {
                self.push(Inst::Save(2 * *n as u32))?;
                self.node(body)?;
                self.push(Inst::Save(2 * *n as u32 + 1))?;
            }
            Node::Group(None, body) => self.node(body)?,
            Node::Repeat {
                node,
                min,
                max,
                greedy,
            } => self.repeat(node, *min, *max, *greedy)?,
            Node::Anchor(a) => {
                self.push(Inst::Anchor(*a))?;
            }
            Node::Backref(n) => {
                self.push(Inst::Backref(*n as u32))?;
            }
            Node::Look {
                behind,
                negate,
                width,
                node,
            } => {
                let at = self.push(Inst::LookEnd)?;
                self.look_depth += 1;
                self.node(node)?;
                self.look_depth -= 1;
                self.push(Inst::LookEnd)?;
                self.insts[at as usize] = Inst::Look {
                    behind: *behind,
                    negate: *negate,
                    width: *width as u32,
                    next: self.pc(),
                };
            }
        }
        Ok(())
    }

    fn alternation(&mut self, items: &[Node]) -> Result<(), ParseError> {
        let mut jumps = Vec::new();
        for (i, n) in items.iter().enumerate() {
            if i + 1 < items.len() {
                let s = self.split()?;
                self.node(n)?;
                jumps.push(self.push(Inst::Jmp(0))?);
                let next = self.pc();
                self.patch_split(s, s + 1, next);
            } else {
                self.node(n)?;
            }
        }
        let end = self.pc();
        for j in jumps {
            self.insts[j as usize] = Inst::Jmp(end);
        }
        Ok(())
    }

    fn repeat(
        &mut self,
        node: &Node,
        min: u32,
        max: Option<u32>,
        greedy: bool,
    ) -> Result<(), ParseError> {
        if compiles_to_nothing(node) {
            // Repeating it (even a billion times) is nothing too.
            return Ok(());
        }
        for _ in 0..min {
            self.node(node)?;
        }
        let Some(max) = max else {
            return self.star(node, greedy);
        };
        // Each optional copy is tried only after the one before it matched.
        let mut splits = Vec::new();
        for _ in min..max {
            let s = self.split()?;
            splits.push(s);
            self.node(node)?;
        }
        let end = self.pc();
        for s in splits {
            if greedy {
                self.patch_split(s, s + 1, end);
            } else {
                self.patch_split(s, end, s + 1);
            }
        }
        Ok(())
    }

    /// `node*`: a loop; a body that can match empty records where each iteration starts.
    fn star(&mut self, node: &Node, greedy: bool) -> Result<(), ParseError> {
        let head = self.split()?;
        let reg = nullable(node).then(|| {
            self.nregs += 1;
            (self.nregs - 1) as u32
        });
        if let Some(r) = reg {
            self.push(Inst::LoopStart(r))?;
            self.live.push(r);
        }
        self.node(node)?;
        let check = match reg {
            Some(r) => {
                self.live.pop();
                Some(self.push(Inst::LoopCheck { reg: r, exit: 0 })?)
            }
            None => None,
        };
        self.push(Inst::Jmp(head))?;
        let exit = self.pc();
        if let (Some(at), Some(r)) = (check, reg) {
            self.insts[at as usize] = Inst::LoopCheck { reg: r, exit };
        }
        if greedy {
            self.patch_split(head, head + 1, exit);
        } else {
            self.patch_split(head, exit, head + 1);
        }
        Ok(())
    }
}
