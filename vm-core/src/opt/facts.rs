//! What the forward pass ([`super::forward`]) knows of values: the types of constants and
//! of builtin classes, the facts that rest on the executor's validity (class versions),
//! and the two shapes of type guard (one operand, two operands).

use super::forward::{Act, Pass};
use super::symbol::{Contradiction, Sym, Ty};
use crate::object::native_table::cache_id;
use crate::object::types::Obj;
use crate::object::value::Value;

impl Pass<'_> {
    /// The class (heap slot) every value of type `ty` has, if one does.
    pub(super) fn type_ref_of(&self, ty: Ty) -> Option<u32> {
        let t = &self.vm.types;
        Some(
            match ty {
                Ty::SmallInt | Ty::Int => t.int,
                Ty::Float => t.float,
                Ty::Bool => t.bool_,
                Ty::NoneV => t.none_type,
                Ty::Str => t.str_,
                Ty::List => t.list,
                Ty::Tuple => t.tuple,
                Ty::Dict => t.dict,
                Ty::Set => t.set,
                _ => return None,
            }
            .0,
        )
    }

    /// The type of the values whose class is heap slot `t`, if the pass has one for it.
    pub(super) fn ty_of_type_ref(&self, t: u32) -> Option<Ty> {
        let ts = &self.vm.types;
        [
            (ts.int, Ty::Int),
            (ts.float, Ty::Float),
            (ts.bool_, Ty::Bool),
            (ts.none_type, Ty::NoneV),
            (ts.str_, Ty::Str),
            (ts.list, Ty::List),
            (ts.tuple, Ty::Tuple),
            (ts.dict, Ty::Dict),
            (ts.set, Ty::Set),
        ]
        .iter()
        .find(|(r, _)| r.0 == t)
        .map(|(_, ty)| *ty)
    }

    /// The name and owner of the (unbound) builtin function at heap slot `r`, if it is one.
    pub(super) fn native_at(&self, r: u32) -> Option<(&'static str, Value)> {
        let v = crate::object::native_table::from_cache_id(r);
        if v.as_obj().is_some_and(|o| self.vm.heap.try_get(o).is_none()) {
            return None;
        }
        match self.vm.native(v) {
            Some(f) if f.bound.is_undef() => Some((f.name, f.owner)),
            _ => None,
        }
    }

    pub(super) fn const_type(&self, code: u8, i: u32) -> Ty {
        let Some(v) = self.code_obj(code).and_then(|c| c.consts.get(i as usize)) else {
            return Ty::Unknown;
        };
        self.value_type(*v)
    }

    /// The type of a value known when the trace is optimized (a constant, a promoted
    /// global): its representation, or for a builtin function that very function.
    pub(super) fn value_type(&self, v: Value) -> Ty {
        if v.is_small_int() {
            return Ty::SmallInt;
        }
        if v.is_float() {
            return Ty::Float;
        }
        if v.is_native() {
            return cache_id(v).map_or(Ty::Unknown, Ty::Native);
        }
        match v {
            Value::NONE => return Ty::NoneV,
            Value::TRUE | Value::FALSE => return Ty::Bool,
            _ => {}
        }
        match self.vm.obj(v) {
            Some(Obj::Str(_)) => Ty::Str,
            Some(Obj::Tuple(_)) => Ty::Tuple,
            Some(Obj::BigInt(_)) => Ty::Int,
            Some(Obj::List(_)) => Ty::List,
            Some(Obj::Dict(_)) => Ty::Dict,
            Some(Obj::Native(_)) => cache_id(v).map_or(Ty::Unknown, Ty::Native),
            _ => Ty::Unknown,
        }
    }

    /// Whether a fact the pass holds rests on the executor's validity (a class version,
    /// `Ty::Instance`, proven before code that may have changed the class): only those
    /// need a validity check after escaping code. Every other fact the pass uses is about
    /// a value's representation, which no code changes, and every assumption of the
    /// recorded uops themselves is checked by their own guards (dict versions, class
    /// versions, builtin types) when they run.
    pub(super) fn depends_on_validity(&self) -> bool {
        self.frames.iter().any(|f| {
            f.locals
                .iter()
                .chain(&f.stack)
                .chain(f.cells.iter().map(|c| &c.1))
                .any(|&s| matches!(self.syms.ty(s), Ty::Instance(_)))
        }) || self.gens.iter().any(|g| {
            g.locals
                .iter()
                .chain(&g.stack)
                .any(|&s| matches!(self.syms.ty(s), Ty::Instance(_)))
        })
    }

    /// Whether the executor depends on (`Dep::Class`) the class whose version is `v`, and
    /// either the site is `monomorphic` (its tier-1 guard never passed for another class)
    /// or that class is outside any user class hierarchy (no user base, no subclasses):
    /// siblings sharing a base's layout make polymorphic sites, where the strict guard
    /// would leave the trace for every other class (scheduler: 4.4M exits became 5.0M).
    pub(super) fn depends_on_version(&self, v: u32, monomorphic: bool) -> bool {
        use crate::object::value::ObjRef;
        let alone = |cl: &crate::object::types::Class| {
            cl.subclasses.is_empty()
                && cl
                    .base
                    .is_none_or(|b| self.vm.class(b).is_some_and(|bc| bc.is_builtin))
        };
        v != 0
            && self.b.deps.iter().any(|d| match *d {
                crate::exec::ir::Dep::Class(c) => self
                    .vm
                    .class(ObjRef(c))
                    .is_some_and(|cl| cl.version.get() == v && (monomorphic || alone(cl))),
                _ => false,
            })
    }

    /// A type guard on the `n`-th item from the top (1 = top): removed when the item is
    /// proven of type `ty`, else kept, and the item is learned to be of it.
    pub(super) fn guard1(&mut self, n: usize, ty: Ty) -> Result<Act, Contradiction> {
        let s = self.peek(n);
        if self.syms.is(s, ty) {
            return Ok(Act::Remove);
        }
        self.syms.refine(s, ty)?;
        Ok(Act::Keep)
    }

    /// A guard on the two top items: removed when `proven` holds of their types, else
    /// kept, and what it checks is learned (`learn`).
    pub(super) fn guard2(
        &mut self,
        proven: impl Fn(Ty, Ty) -> bool,
        learn: impl Fn(&mut Self, Sym, Sym) -> Result<(), Contradiction>,
    ) -> Result<Act, Contradiction> {
        let (a, b) = (self.peek(2), self.peek(1));
        if proven(self.syms.ty(a), self.syms.ty(b)) {
            return Ok(Act::Remove);
        }
        learn(self, a, b)?;
        Ok(Act::Keep)
    }
}
