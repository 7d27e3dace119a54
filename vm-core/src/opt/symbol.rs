//! The optimizer's lattice: what is known about one value of a trace.
//!
//! Values are *symbols*: a `LOAD_FAST` pushes the local's symbol, `COPY` duplicates it, a
//! store moves it into a local, so a fact learned about a stack slot (a guard passed) is
//! known of every slot and local holding the same value. A symbol's type only ever gets
//! more precise ([`Ty::meet`]); two incompatible facts are a contradiction, and the
//! optimizer then keeps the trace as recorded.

use alloc::vec::Vec;

/// What is known of a value's representation. "Int" types mean the VM's int
/// representations: `SmallInt` is an inline int (what `_GUARD_BOTH_INT` checks), `Int` any
/// int (inline or heap); `bool` is neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// Nothing known.
    Unknown,
    /// The "no value" marker of the call stack (`PUSH_NULL`, a method load's null).
    Null,
    /// `None`.
    NoneV,
    /// `True` or `False`.
    Bool,
    /// An inline (small) int.
    SmallInt,
    /// An int, inline or on the heap.
    Int,
    /// An inline float.
    Float,
    /// An inline int or a float (what the float guards accept).
    Number,
    /// A `str` object (exactly `Obj::Str`).
    Str,
    /// A `list` object.
    List,
    /// A `tuple` object.
    Tuple,
    /// A `dict` object.
    Dict,
    /// A `set` object (exactly `set`: what a set display makes or a guard on the type
    /// `set` proves; frozensets are not modelled).
    Set,
    /// A list iterator (what `iter()` of a list makes).
    ListIter,
    /// A tuple iterator (what `iter()` of a tuple makes).
    TupleIter,
    /// A range iterator.
    RangeIter,
    /// An instance without a dict whose class has this version (versions are unique, so
    /// this names the class; the executor depends on it, see `opt::forward`).
    Instance(u32),
    /// Exactly the builtin function at this heap slot: a method of a builtin type, which
    /// no code can rebind (what a method load on a builtin type pushes).
    Native(u32),
    /// A generator object (what `_FOR_ITER_GEN` resumed).
    Gen,
    /// An instance of a user class, of a class not known (what a polymorphic attribute
    /// guard proves of its owner; never the null marker).
    Object,
    /// An instance without a dict whose class's layout has this prefix (a shape,
    /// `object::shape`) and whose attribute access is plain: what a shape guard proves.
    /// Code may change that, so every escaping uop weakens it to `Object`
    /// ([`Symbols::forget_shapes`]).
    Shaped(u32),
}

impl Ty {
    /// The most precise type satisfying both, or `None` when none can (a contradiction).
    pub fn meet(self, other: Ty) -> Option<Ty> {
        use Ty::*;
        Some(match (self, other) {
            (a, b) if a == b => a,
            (Unknown, b) => b,
            (a, Unknown) => a,
            (Number, SmallInt) | (SmallInt, Number) => SmallInt,
            (Number, Float) | (Float, Number) => Float,
            (Int, SmallInt) | (SmallInt, Int) => SmallInt,
            (Int, Number) | (Number, Int) => SmallInt,
            (Object, Instance(v)) | (Instance(v), Object) => Instance(v),
            (Object, Shaped(x)) | (Shaped(x), Object) => Shaped(x),
            (Shaped(_), Instance(v)) | (Instance(v), Shaped(_)) => Instance(v),
            // (Two shapes: one is a prefix of the other, or no value has both; the rules
            // that learn shapes decide which, here only the class is certain.)
            (Shaped(_), Shaped(_)) => Object,
            _ => return None,
        })
    }

    /// The most precise type both satisfy (what holds at a merge of two paths).
    pub fn join(self, other: Ty) -> Ty {
        use Ty::*;
        match (self, other) {
            (a, b) if a == b => a,
            (SmallInt, Int) | (Int, SmallInt) => Int,
            (SmallInt | Float | Number, SmallInt | Float | Number) => Number,
            (Instance(_) | Object | Shaped(_), Instance(_) | Object | Shaped(_)) => Object,
            _ => Unknown,
        }
    }

    /// Whether every value of type `self` is of type `of`.
    pub fn within(self, of: Ty) -> bool {
        self.meet(of) == Some(self) && self != Ty::Unknown || of == Ty::Unknown
    }

    /// Whether a value of this type is an int, a float or a bool: its arithmetic,
    /// comparisons and hash run no Python code.
    pub fn is_numeric(self) -> bool {
        matches!(
            self,
            Ty::SmallInt | Ty::Int | Ty::Float | Ty::Number | Ty::Bool
        )
    }
}

impl Ty {
    /// Appends the type's compact form (one byte, five for a type with a payload) to
    /// `out` (kept facts at executor exits: `opt::link`).
    pub fn encode(self, out: &mut Vec<u8>) {
        use Ty::*;
        let (tag, payload) = match self {
            Unknown => (0, None),
            Null => (1, None),
            NoneV => (2, None),
            Bool => (3, None),
            SmallInt => (4, None),
            Int => (5, None),
            Float => (6, None),
            Number => (7, None),
            Str => (8, None),
            List => (9, None),
            Tuple => (10, None),
            Dict => (11, None),
            Set => (12, None),
            ListIter => (13, None),
            TupleIter => (14, None),
            RangeIter => (15, None),
            Instance(v) => (16, Some(v)),
            Native(r) => (17, Some(r)),
            Gen => (18, None),
            Object => (19, None),
            Shaped(s) => (20, Some(s)),
        };
        out.push(tag);
        if let Some(p) = payload {
            out.extend_from_slice(&p.to_le_bytes());
        }
    }

    /// Reads one type written by [`Ty::encode`] at `*at`, moving past it; `None` at the
    /// end or on bytes no type wrote.
    pub fn decode(bytes: &[u8], at: &mut usize) -> Option<Ty> {
        use Ty::*;
        let tag = *bytes.get(*at)?;
        *at += 1;
        let simple = [
            Unknown, Null, NoneV, Bool, SmallInt, Int, Float, Number, Str, List, Tuple, Dict, Set,
            ListIter, TupleIter, RangeIter,
        ];
        if let Some(&t) = simple.get(tag as usize) {
            return Some(t);
        }
        match tag {
            18 => return Some(Gen),
            19 => return Some(Object),
            _ => {}
        }
        let p = bytes.get(*at..*at + 4)?;
        let v = u32::from_le_bytes([p[0], p[1], p[2], p[3]]);
        *at += 4;
        match tag {
            16 => Some(Instance(v)),
            17 => Some(Native(v)),
            20 => Some(Shaped(v)),
            _ => None,
        }
    }
}

/// A symbol: an index into [`Symbols`].
pub type Sym = u32;

/// The symbol table of one pass: each symbol's type.
#[derive(Debug, Default)]
pub struct Symbols {
    types: Vec<Ty>,
}

/// Two facts about one value that cannot both hold: the trace is left as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

impl Symbols {
    /// A new symbol of type `ty`.
    pub fn fresh(&mut self, ty: Ty) -> Sym {
        self.types.push(ty);
        (self.types.len() - 1) as Sym
    }

    /// The type of `s`.
    pub fn ty(&self, s: Sym) -> Ty {
        self.types.get(s as usize).copied().unwrap_or(Ty::Unknown)
    }

    /// Learns that `s` is of type `ty`.
    pub fn refine(&mut self, s: Sym, ty: Ty) -> Result<(), Contradiction> {
        let Some(t) = self.types.get_mut(s as usize) else {
            return Ok(());
        };
        *t = t.meet(ty).ok_or(Contradiction)?;
        Ok(())
    }

    /// Whether `s` is known to be of type `ty`.
    pub fn is(&self, s: Sym, ty: Ty) -> bool {
        self.ty(s).within(ty)
    }

    /// Sets the type of `s` (a fact the caller proved replaces the one it had).
    pub fn set(&mut self, s: Sym, ty: Ty) {
        if let Some(t) = self.types.get_mut(s as usize) {
            *t = ty;
        }
    }

    /// Weakens every shape fact to `Object` (code may have run).
    pub fn forget_shapes(&mut self) {
        for t in &mut self.types {
            if let Ty::Shaped(_) = t {
                *t = Ty::Object;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meet_refines_and_detects_contradictions() {
        assert_eq!(Ty::Number.meet(Ty::Float), Some(Ty::Float));
        assert_eq!(Ty::Int.meet(Ty::Number), Some(Ty::SmallInt));
        assert_eq!(Ty::Float.meet(Ty::SmallInt), None);
        assert_eq!(Ty::Bool.meet(Ty::SmallInt), None);
        assert!(Ty::SmallInt.within(Ty::Number));
        assert!(!Ty::Number.within(Ty::Float));
        assert!(!Ty::Unknown.within(Ty::Float));
        assert!(Ty::Str.within(Ty::Unknown));
        assert_eq!(Ty::Object.meet(Ty::Instance(3)), Some(Ty::Instance(3)));
        assert_eq!(Ty::Object.meet(Ty::List), None);
        assert_eq!(Ty::Instance(3).join(Ty::Instance(4)), Ty::Object);
        assert!(Ty::Instance(3).within(Ty::Object));
        assert!(Ty::Shaped(5).within(Ty::Object));
        assert_eq!(Ty::Shaped(5).meet(Ty::Instance(3)), Some(Ty::Instance(3)));
        assert_eq!(Ty::Shaped(5).join(Ty::Shaped(5)), Ty::Shaped(5));
        assert_eq!(Ty::Shaped(5).join(Ty::Shaped(6)), Ty::Object);
    }

    #[test]
    fn types_encode_and_decode() {
        let all = [
            Ty::Unknown,
            Ty::Float,
            Ty::Instance(0xDEAD_BEEF),
            Ty::RangeIter,
            Ty::Native(7),
            Ty::Gen,
            Ty::Object,
            Ty::Shaped(12),
        ];
        let mut b = Vec::new();
        for t in all {
            t.encode(&mut b);
        }
        assert_eq!(b.len(), 20);
        let mut at = 0;
        for t in all {
            assert_eq!(Ty::decode(&b, &mut at), Some(t));
        }
        assert_eq!(Ty::decode(&b, &mut at), None);
        assert_eq!(Ty::decode(&[99], &mut 0), None);
        assert_eq!(Ty::decode(&[16, 1], &mut 0), None, "a cut payload");
    }
}
