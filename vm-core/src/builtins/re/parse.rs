//! The `re` pattern parser: pattern text (code points) to a syntax tree, with CPython's
//! error messages and positions.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::chars::{Category, Class, ClassItem};
use super::escapes::{class_escape, Escape};

pub(super) const FLAG_I: u32 = 2;
pub(super) const FLAG_L: u32 = 4;
pub(super) const FLAG_M: u32 = 8;
pub(super) const FLAG_S: u32 = 16;
pub(super) const FLAG_U: u32 = 32;
pub(super) const FLAG_X: u32 = 64;
pub(super) const FLAG_A: u32 = 256;

/// A zero-width test of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Anchor {
    /// `^` (after a newline too, with MULTILINE).
    LineStart,
    /// `\A`.
    Start,
    /// `$` (before a newline too, with MULTILINE; before a final newline always).
    LineEnd,
    /// `\Z`.
    End,
    /// `\b`.
    Boundary,
    /// `\B`.
    NotBoundary,
}

/// The syntax tree of a pattern.
#[derive(Clone, Debug)]
pub(super) enum Node {
    Empty,
    Char(u32),
    /// `.` (`dotall`: it matches a newline too).
    Any {
        dotall: bool,
    },
    Class(Box<Class>),
    Cat(Vec<Node>),
    Alt(Vec<Node>),
    /// A group: capturing (its number) or not.
    Group(Option<usize>, Box<Node>),
    Repeat {
        node: Box<Node>,
        min: u32,
        max: Option<u32>,
        greedy: bool,
    },
    Anchor(Anchor),
    /// A lookaround; `behind` ones have a fixed `width`.
    Look {
        behind: bool,
        negate: bool,
        width: usize,
        node: Box<Node>,
    },
    Backref(usize),
}

/// A pattern error: CPython's message, and the position it points at.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct ParseError {
    pub msg: String,
    pub pos: Option<usize>,
}

/// A parsed pattern.
#[derive(Debug)]
pub(super) struct Parsed {
    pub node: Node,
    /// The number of capturing groups.
    pub groups: usize,
    pub names: Vec<(String, usize)>,
    /// The flags, with the inline ones.
    pub flags: u32,
}

pub(super) type PResult<T> = Result<T, ParseError>;

pub(super) fn err<T>(msg: String, pos: usize) -> PResult<T> {
    Err(ParseError {
        msg,
        pos: Some(pos),
    })
}

/// Parses `pattern` (code points; bytes for a bytes pattern) under `flags`.
pub(super) fn parse(pattern: &[u32], flags: u32, is_bytes: bool) -> PResult<Parsed> {
    let mut p = Parser {
        p: pattern,
        i: 0,
        flags,
        is_bytes,
        groups: 0,
        names: Vec::new(),
        open: Vec::new(),
        at_start: true,
    };
    let node = p.alternation()?;
    if p.i < p.p.len() {
        // Only an unbalanced `)` stops the top level early.
        return err("unbalanced parenthesis".into(), p.i);
    }
    Ok(Parsed {
        node,
        groups: p.groups,
        names: p.names,
        flags: p.flags,
    })
}

pub(super) struct Parser<'a> {
    pub p: &'a [u32],
    pub i: usize,
    flags: u32,
    pub is_bytes: bool,
    groups: usize,
    names: Vec<(String, usize)>,
    /// The groups not closed yet (a backreference cannot name them).
    open: Vec<usize>,
    /// Whether nothing but global flags came yet.
    at_start: bool,
}

fn is(c: Option<u32>, ch: char) -> bool {
    c == Some(u32::from(ch))
}

impl Parser<'_> {
    pub(super) fn peek(&self) -> Option<u32> {
        self.p.get(self.i).copied()
    }

    fn peek_is(&self, ch: char) -> bool {
        is(self.peek(), ch)
    }

    fn eat(&mut self, ch: char) -> bool {
        let hit = self.peek_is(ch);
        if hit {
            self.i += 1;
        }
        hit
    }

    /// The pattern text from `from` to the current position.
    pub(super) fn text(&self, from: usize) -> String {
        self.p[from..self.i.min(self.p.len())]
            .iter()
            .map(|&c| char::from_u32(c).unwrap_or('\u{fffd}'))
            .collect()
    }

    fn verbose(&self) -> bool {
        self.flags & FLAG_X != 0
    }

    /// Skips whitespace and comments in verbose mode.
    fn skip_verbose(&mut self) {
        if !self.verbose() {
            return;
        }
        while let Some(c) = self.peek() {
            if matches!(c, 0x20 | 0x09..=0x0d) {
                self.i += 1;
            } else if c == u32::from('#') {
                while let Some(c) = self.peek() {
                    self.i += 1;
                    if c == u32::from('\n') {
                        break;
                    }
                }
            } else {
                break;
            }
        }
    }

    fn alternation(&mut self) -> PResult<Node> {
        let mut items = Vec::new();
        loop {
            items.push(self.sequence()?);
            if !self.eat('|') {
                break;
            }
        }
        Ok(if items.len() == 1 {
            items.pop().unwrap_or(Node::Empty)
        } else {
            Node::Alt(items)
        })
    }

    fn sequence(&mut self) -> PResult<Node> {
        let mut items = Vec::new();
        loop {
            self.skip_verbose();
            let Some(c) = self.peek() else { break };
            if c == u32::from('|') || c == u32::from(')') {
                break;
            }
            let atom = self.atom()?;
            let Some(atom) = atom else { continue };
            let node = self.quantified(atom)?;
            items.push(node);
        }
        Ok(match items.len() {
            0 => Node::Empty,
            1 => items.pop().unwrap_or(Node::Empty),
            _ => Node::Cat(items),
        })
    }

    /// One atom; `None` for text that matches nothing (global flags, a comment).
    fn atom(&mut self) -> PResult<Option<Node>> {
        let start = self.i;
        let c = self.peek().unwrap_or(0);
        self.i += 1;
        let node = match char::from_u32(c).unwrap_or('\0') {
            '(' => return self.group(start),
            '[' => Node::Class(Box::new(self.class(start)?)),
            '.' => Node::Any {
                dotall: self.flags & FLAG_S != 0,
            },
            '^' => Node::Anchor(if self.flags & FLAG_M != 0 {
                Anchor::LineStart
            } else {
                Anchor::Start
            }),
            '$' => Node::Anchor(Anchor::LineEnd),
            '\\' => self.escape(start)?,
            '*' | '+' | '?' => return err("nothing to repeat".into(), start),
            '{' if self.repeat_bounds()?.is_some() => {
                return err("nothing to repeat".into(), start);
            }
            _ => Node::Char(c),
        };
        self.at_start = false;
        Ok(Some(node))
    }

    /// The atom with its quantifiers.
    fn quantified(&mut self, atom: Node) -> PResult<Node> {
        self.skip_verbose();
        let here = self.i;
        let (min, max) = match self.peek().and_then(char::from_u32) {
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('?') => (0, Some(1)),
            Some('{') => {
                self.i += 1;
                match self.repeat_bounds()? {
                    Some(b) => {
                        self.i -= 1;
                        b
                    }
                    None => {
                        self.i -= 1;
                        return Ok(atom);
                    }
                }
            }
            _ => return Ok(atom),
        };
        if matches!(atom, Node::Anchor(_) | Node::Empty) {
            return err("nothing to repeat".into(), here);
        }
        if self.peek_is('{') {
            // Bounds were checked: step over them.
            while !self.eat('}') {
                self.i += 1;
            }
        } else {
            self.i += 1;
        }
        let greedy = !self.eat('?');
        self.skip_verbose();
        let again = self.i;
        if matches!(self.peek().and_then(char::from_u32), Some('*' | '+' | '?'))
            || (self.peek_is('{') && {
                self.i += 1;
                let b = self.repeat_bounds()?;
                self.i = again;
                b.is_some()
            })
        {
            return err("multiple repeat".into(), again);
        }
        Ok(Node::Repeat {
            node: Box::new(atom),
            min,
            max,
            greedy,
        })
    }

    /// After a `{`: the bounds `m,n` up to `}` when the text is a repeat (the position
    /// restored either way), `None` when the `{` is a literal.
    fn repeat_bounds(&mut self) -> PResult<Option<(u32, Option<u32>)>> {
        let start = self.i;
        let lo = self.digits();
        let has_lo = self.i > start;
        let comma = self.eat(',');
        let hi_start = self.i;
        let hi = if comma { self.digits() } else { lo };
        let has_hi = if comma { self.i > hi_start } else { has_lo };
        let closed = self.eat('}');
        let result = if closed {
            // As CPython: missing bounds are 0 and unbounded (`{}` and `{,}` are `*`).
            let min = if has_lo { self.bound(lo, start)? } else { 0 };
            let max = if has_hi {
                Some(self.bound(hi, hi_start)?)
            } else {
                None
            };
            if max.is_some_and(|m| m < min) {
                return err("min repeat greater than max repeat".into(), start);
            }
            Some((min, max))
        } else {
            None
        };
        self.i = start;
        Ok(result)
    }

    fn bound(&self, v: Option<u32>, pos: usize) -> PResult<u32> {
        match v {
            Some(v) => Ok(v),
            None => err("the repetition number is too large".into(), pos),
        }
    }

    /// Decimal digits (`None` on overflow or when there are none).
    fn digits(&mut self) -> Option<u32> {
        let mut v: Option<u32> = None;
        let mut any = false;
        while let Some(d) = self
            .peek()
            .and_then(char::from_u32)
            .and_then(|c| c.to_digit(10))
        {
            self.i += 1;
            v = if any { v } else { Some(0) };
            any = true;
            v = v.and_then(|v| v.checked_mul(10)?.checked_add(d));
        }
        v
    }

    fn group(&mut self, start: usize) -> PResult<Option<Node>> {
        if !self.eat('?') {
            self.groups += 1;
            let n = self.groups;
            self.at_start = false;
            let body = self.group_body(start, Some(n))?;
            return Ok(Some(Node::Group(Some(n), Box::new(body))));
        }
        let c = self.peek().and_then(char::from_u32);
        self.i += 1;
        let node = match c {
            Some(':') => Node::Group(None, Box::new(self.group_body(start, None)?)),
            Some('P') => return self.p_group(start),
            Some('=') => self.look(start, false, false)?,
            Some('!') => self.look(start, false, true)?,
            Some('<') => {
                let c = self.peek().and_then(char::from_u32);
                self.i += 1;
                match c {
                    Some('=') => self.look(start, true, false)?,
                    Some('!') => self.look(start, true, true)?,
                    None => return err("unexpected end of pattern".into(), self.i - 1),
                    Some(c) => return err(format!("unknown extension ?<{c}"), start + 1),
                }
            }
            Some('#') => {
                while !self.eat(')') {
                    if self.peek().is_none() {
                        return err("missing ), unterminated comment".into(), start);
                    }
                    self.i += 1;
                }
                return Ok(None);
            }
            Some(c) if "aiLmsux".contains(c) => {
                self.i -= 1;
                return self.global_flags(start).map(|()| None);
            }
            None => return err("unexpected end of pattern".into(), self.i - 1),
            Some(c) => return err(format!("unknown extension ?{c}"), start + 1),
        };
        self.at_start = false;
        Ok(Some(node))
    }

    /// The rest of a group up to its `)`.
    fn group_body(&mut self, start: usize, n: Option<usize>) -> PResult<Node> {
        if let Some(n) = n {
            self.open.push(n);
        }
        let body = self.alternation()?;
        if !self.eat(')') {
            return err("missing ), unterminated subpattern".into(), start);
        }
        if n.is_some() {
            self.open.pop();
        }
        Ok(body)
    }

    fn look(&mut self, start: usize, behind: bool, negate: bool) -> PResult<Node> {
        let body = self.group_body(start, None)?;
        let width = if behind {
            match fixed_width(&body) {
                Some(w) => w,
                None => {
                    return Err(ParseError {
                        msg: "look-behind requires fixed-width pattern".into(),
                        pos: None,
                    })
                }
            }
        } else {
            0
        };
        Ok(Node::Look {
            behind,
            negate,
            width,
            node: Box::new(body),
        })
    }

    /// `(?P<name>...)` and `(?P=name)`.
    fn p_group(&mut self, start: usize) -> PResult<Option<Node>> {
        if self.eat('<') {
            let name = self.group_name('>')?;
            self.groups += 1;
            let n = self.groups;
            if let Some((_, old)) = self.names.iter().find(|(k, _)| *k == name) {
                let msg =
                    format!("redefinition of group name '{name}' as group {n}; was group {old}");
                return err(msg, start + 4);
            }
            self.names.push((name, n));
            self.at_start = false;
            let body = self.group_body(start, Some(n))?;
            return Ok(Some(Node::Group(Some(n), Box::new(body))));
        }
        if self.eat('=') {
            let name_pos = self.i;
            let name = self.group_name(')')?;
            let Some(&(_, n)) = self.names.iter().find(|(k, _)| *k == name) else {
                return err(format!("unknown group name '{name}'"), name_pos);
            };
            if self.open.contains(&n) {
                return err("cannot refer to an open group".into(), start);
            }
            self.at_start = false;
            return Ok(Some(Node::Backref(n)));
        }
        match self.peek().and_then(char::from_u32) {
            None => err("unexpected end of pattern".into(), self.i),
            Some(c) => err(format!("unknown extension ?P{c}"), start + 1),
        }
    }

    /// A group name up to `end` (consumed), checked to be an identifier.
    fn group_name(&mut self, end: char) -> PResult<String> {
        let start = self.i;
        while !self.peek_is(end) {
            if self.peek().is_none() {
                let msg = if self.i == start {
                    "missing group name".into()
                } else {
                    format!("missing {end}, unterminated name")
                };
                return err(msg, start);
            }
            self.i += 1;
        }
        let name = self.text(start);
        self.i += 1;
        if name.is_empty() {
            return err("missing group name".into(), start);
        }
        let mut chars = name.chars();
        let first = chars.next().unwrap_or('0');
        let ok = (first == '_' || first.is_alphabetic())
            && chars.all(|c| c == '_' || c.is_alphanumeric())
            && (!self.is_bytes || name.is_ascii());
        if !ok {
            return err(format!("bad character in group name '{name}'"), start);
        }
        Ok(name)
    }

    /// Inline flags `(?aiLmsux)`: allowed only at the start of the pattern.
    fn global_flags(&mut self, start: usize) -> PResult<()> {
        while let Some(c) = self.peek().and_then(char::from_u32) {
            let f = match c {
                'a' => FLAG_A,
                'i' => FLAG_I,
                'L' => FLAG_L,
                'm' => FLAG_M,
                's' => FLAG_S,
                'u' => FLAG_U,
                'x' => FLAG_X,
                ')' => break,
                '-' | ':' => {
                    return err("scoped inline flags are not supported".into(), self.i);
                }
                _ => return err("unknown flag".into(), self.i),
            };
            if f == FLAG_L {
                return err("the LOCALE flag is not supported".into(), self.i);
            }
            if (f == FLAG_U && self.is_bytes) || (f == FLAG_A && self.flags & FLAG_U != 0) {
                return err(
                    "bad inline flags: flags 'a', 'u' and 'L' are incompatible".into(),
                    self.i,
                );
            }
            self.flags |= f;
            self.i += 1;
        }
        if !self.eat(')') {
            return err("missing -, : or )".into(), self.i);
        }
        if !self.at_start {
            return err(
                "global flags not at the start of the expression".into(),
                start,
            );
        }
        Ok(())
    }

    /// An escape outside a class (after the backslash).
    fn escape(&mut self, start: usize) -> PResult<Node> {
        let Some(c) = self.peek() else {
            return err("bad escape (end of pattern)".into(), start);
        };
        let ch = char::from_u32(c).unwrap_or('\0');
        let anchor = match ch {
            'A' => Some(Anchor::Start),
            'Z' => Some(Anchor::End),
            'b' => Some(Anchor::Boundary),
            'B' => Some(Anchor::NotBoundary),
            _ => None,
        };
        if let Some(a) = anchor {
            self.i += 1;
            return Ok(Node::Anchor(a));
        }
        if ch.is_ascii_digit() && ch != '0' {
            return self.numeric_escape(start);
        }
        match class_escape(self, start, false)? {
            Escape::Char(c) => Ok(Node::Char(c)),
            Escape::Category(cat, neg) => Ok(Node::Class(Box::new(Class {
                items: alloc::vec![ClassItem::Category(cat, neg)],
                negated: false,
            }))),
        }
    }

    /// `\1`..`\99` (a backreference) or a three-digit octal escape.
    fn numeric_escape(&mut self, start: usize) -> PResult<Node> {
        let d1 = self.p[self.i];
        self.i += 1;
        let octal = |c: Option<u32>| c.is_some_and(|c| (0x30..=0x37).contains(&c));
        let digit = |c: Option<u32>| c.is_some_and(|c| (0x30..=0x39).contains(&c));
        let mut n = d1 - 0x30;
        if digit(self.peek()) {
            let d2 = self.p[self.i];
            if octal(Some(d1)) && octal(Some(d2)) && octal(self.p.get(self.i + 1).copied()) {
                let d3 = self.p[self.i + 1];
                self.i += 2;
                let v = (d1 - 0x30) * 64 + (d2 - 0x30) * 8 + (d3 - 0x30);
                if v > 0o377 {
                    let msg = format!(
                        "octal escape value \\{} outside of range 0-0o377",
                        self.text(start + 1)
                    );
                    return err(msg, start);
                }
                return Ok(Node::Char(v));
            }
            self.i += 1;
            n = n * 10 + (d2 - 0x30);
        }
        let n = n as usize;
        if n > self.groups {
            return err(format!("invalid group reference {n}"), start + 1);
        }
        if self.open.contains(&n) {
            return err("cannot refer to an open group".into(), start);
        }
        Ok(Node::Backref(n))
    }

    /// A character class after its `[`.
    fn class(&mut self, start: usize) -> PResult<Class> {
        let negated = self.eat('^');
        let mut items = Vec::new();
        let mut first = true;
        loop {
            let item_start = self.i;
            let Some(c) = self.peek() else {
                return err("unterminated character set".into(), start);
            };
            if c == u32::from(']') && !first {
                self.i += 1;
                break;
            }
            first = false;
            let lo = self.class_atom()?;
            if self.peek_is('-') && !is(self.p.get(self.i + 1).copied(), ']') {
                self.i += 1;
                if self.peek().is_none() {
                    return err("unterminated character set".into(), start);
                }
                let hi = self.class_atom()?;
                match (lo, hi) {
                    (Escape::Char(lo), Escape::Char(hi)) if lo <= hi => {
                        items.push(ClassItem::Range(lo, hi));
                    }
                    _ => {
                        let msg = format!("bad character range {}", self.text(item_start));
                        return err(msg, item_start);
                    }
                }
                continue;
            }
            items.push(match lo {
                Escape::Char(c) => ClassItem::Range(c, c),
                Escape::Category(cat, neg) => ClassItem::Category(cat, neg),
            });
        }
        Ok(Class { items, negated })
    }

    fn class_atom(&mut self) -> PResult<Escape> {
        let start = self.i;
        let c = self.peek().unwrap_or(0);
        self.i += 1;
        if c != u32::from('\\') {
            return Ok(Escape::Char(c));
        }
        if self.peek().is_none() {
            return err("unterminated character set".into(), start);
        }
        class_escape(self, start, true)
    }
}

/// The fixed width of a node, `None` if its matches vary in length.
fn fixed_width(node: &Node) -> Option<usize> {
    match node {
        Node::Empty | Node::Anchor(_) | Node::Look { .. } => Some(0),
        Node::Char(_) | Node::Any { .. } | Node::Class(_) => Some(1),
        Node::Cat(items) => items
            .iter()
            .try_fold(0usize, |w, n| w.checked_add(fixed_width(n)?)),
        Node::Alt(items) => {
            let w = fixed_width(items.first()?)?;
            items.iter().all(|n| fixed_width(n) == Some(w)).then_some(w)
        }
        Node::Group(_, n) => fixed_width(n),
        Node::Repeat { node, min, max, .. } if *max == Some(*min) => {
            fixed_width(node)?.checked_mul(*min as usize)
        }
        Node::Repeat { .. } | Node::Backref(_) => None,
    }
}

/// Whether the category escape letter `c` names a category, and which.
pub(super) fn category_of(c: char) -> Option<(Category, bool)> {
    Some(match c {
        'd' => (Category::Digit, false),
        'D' => (Category::Digit, true),
        'w' => (Category::Word, false),
        'W' => (Category::Word, true),
        's' => (Category::Space, false),
        'S' => (Category::Space, true),
        _ => return None,
    })
}
