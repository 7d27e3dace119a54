//! Shapes: the attribute-layout prefixes classes share.
//!
//! A class's instance layout (`Class::layout`) only grows, one name at a time, so every
//! prefix of it is stable. A shape names one prefix: the node of a trie whose edges are
//! attribute names, shared by all classes. Subclasses whose `__init__` first calls the
//! base's (the usual pattern) pass through the same nodes for the base's attributes, so a
//! guard that checks "the class's layout has prefix shape `s`" holds for all of them and
//! proves the names of every slot in the prefix at once (`opt`'s polymorphic attribute
//! rule). Each class keeps, per layout slot, the shape of the prefix ending at that slot
//! (`Class::shape_path`), so the check is one indexed load.
//!
//! A node also records what every instance of every class through it has stored in that
//! slot (a [`slot_kind`]): the join of those classes' own slot kinds. It only widens;
//! a widening changes what traces typed by it assumed, so it invalidates the executors
//! that depend on the node (`Dep::Shape`).
//!
//! [`slot_kind`]: super::types::slot_kind

use alloc::collections::BTreeMap;
use alloc::vec::Vec;
use core::cell::Cell;

use super::types::slot_kind;
use super::value::Value;

/// The shape of no layout prefix: a class whose layout outgrew the table (its guards stay
/// per-slot). Never the operand of a shape guard.
pub const NO_SHAPE: u32 = u32::MAX;

/// The empty prefix.
pub const ROOT: u32 = 0;

/// Most shapes a VM makes (layout prefixes are few; classes made in a loop with the same
/// attributes share theirs).
const MAX_SHAPES: usize = 1 << 16;

/// Bytes charged to the heap budget for a new shape.
pub const SHAPE_BYTES: usize = 40;

/// One layout prefix.
#[derive(Debug)]
pub struct ShapeNode {
    /// The prefix one shorter ([`NO_SHAPE`] for the root).
    #[cfg_attr(
        not(any(feature = "tier2", feature = "internals")),
        allow(dead_code, reason = "the trace optimizer reads it")
    )]
    pub parent: u32,
    /// The last attribute name of the prefix (an interned str; `None` for the root).
    pub name: Value,
    /// The prefix's length.
    pub depth: u32,
    /// What every class through this node has stored in its last slot (a `slot_kind`).
    pub kind: Cell<u8>,
}

/// The trie of all layout prefixes.
#[derive(Debug)]
pub struct Shapes {
    nodes: Vec<ShapeNode>,
    children: BTreeMap<(u32, u64), u32>,
}

impl Default for Shapes {
    fn default() -> Self {
        Shapes::new()
    }
}

impl Shapes {
    /// A table with the empty prefix only.
    pub fn new() -> Shapes {
        Shapes {
            nodes: alloc::vec![ShapeNode {
                parent: NO_SHAPE,
                name: Value::NONE,
                depth: 0,
                kind: Cell::new(slot_kind::UNSET),
            }],
            children: BTreeMap::new(),
        }
    }

    /// The shape `parent` extended by `name`, if it exists already.
    pub fn existing_child(&self, parent: u32, name: Value) -> Option<u32> {
        self.children.get(&(parent, name.bits())).copied()
    }

    /// The shape `parent` extended by `name`, made if new; [`NO_SHAPE`] past the table's
    /// capacity or after [`NO_SHAPE`].
    pub fn child(&mut self, parent: u32, name: Value) -> u32 {
        if parent == NO_SHAPE {
            return NO_SHAPE;
        }
        if let Some(c) = self.existing_child(parent, name) {
            return c;
        }
        let Some(depth) = self.get(parent).map(|p| p.depth + 1) else {
            return NO_SHAPE;
        };
        if self.nodes.len() >= MAX_SHAPES {
            return NO_SHAPE;
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(ShapeNode {
            parent,
            name,
            depth,
            kind: Cell::new(slot_kind::UNSET),
        });
        self.children.insert((parent, name.bits()), id);
        id
    }

    /// The node of shape `s`.
    #[inline(always)]
    pub fn get(&self, s: u32) -> Option<&ShapeNode> {
        self.nodes.get(s as usize)
    }

    /// The prefix of length `depth` of shape `s` (`s` itself at its own depth).
    #[cfg_attr(
        not(any(feature = "tier2", feature = "internals")),
        allow(dead_code, reason = "the trace optimizer uses it")
    )]
    pub fn ancestor(&self, mut s: u32, depth: u32) -> Option<u32> {
        loop {
            let n = self.get(s)?;
            if n.depth == depth {
                return Some(s);
            }
            if n.depth < depth {
                return None;
            }
            s = n.parent;
        }
    }

    /// Whether `a` is a prefix of `b` (or `b` itself).
    #[cfg_attr(
        not(any(feature = "tier2", feature = "internals")),
        allow(dead_code, reason = "the trace optimizer uses it")
    )]
    pub fn is_prefix(&self, a: u32, b: u32) -> bool {
        self.get(a)
            .is_some_and(|n| self.ancestor(b, n.depth) == Some(a))
    }

    /// Joins `k` into the kind of shape `s`'s last slot: whether it widened from one kind
    /// to `MIXED` (what traces typed by it assumed no longer holds).
    pub fn note_kind(&self, s: u32, k: u8) -> bool {
        let Some(n) = self.get(s) else {
            return false;
        };
        match n.kind.get() {
            old if old == k || old == slot_kind::MIXED => false,
            slot_kind::UNSET => {
                n.kind.set(k);
                false
            }
            _ => {
                n.kind.set(slot_kind::MIXED);
                true
            }
        }
    }

    /// Every name the table holds (collector roots).
    pub fn for_each_name(&self, f: &mut impl FnMut(Value)) {
        for n in &self.nodes {
            f(n.name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_are_shared_and_ancestors_found() {
        let mut s = Shapes::new();
        let (a, b, c) = (
            Value::int_unchecked(1),
            Value::int_unchecked(2),
            Value::int_unchecked(3),
        );
        let sa = s.child(ROOT, a);
        let sab = s.child(sa, b);
        let sac = s.child(sa, c);
        assert_eq!(s.child(ROOT, a), sa);
        assert_eq!(s.child(sa, b), sab);
        assert_ne!(sab, sac);
        assert_eq!(s.ancestor(sab, 1), Some(sa));
        assert_eq!(s.ancestor(sac, 1), Some(sa));
        assert_eq!(s.ancestor(sa, 2), None);
        assert!(s.is_prefix(sa, sac));
        assert!(!s.is_prefix(sab, sac));
        assert_eq!(s.child(NO_SHAPE, a), NO_SHAPE);
    }

    #[test]
    fn kinds_widen_once() {
        let mut s = Shapes::new();
        let x = s.child(ROOT, Value::int_unchecked(7));
        assert!(!s.note_kind(x, slot_kind::BOOL));
        assert!(!s.note_kind(x, slot_kind::BOOL));
        assert!(s.note_kind(x, slot_kind::SMALL_INT));
        assert!(!s.note_kind(x, slot_kind::FLOAT));
        assert_eq!(s.get(x).map(|n| n.kind.get()), Some(slot_kind::MIXED));
    }
}
