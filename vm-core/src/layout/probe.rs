//! Compile-time probes of `Obj`'s layout: where a variant's fields sit relative to the
//! object, which `offset_of!` cannot name for enum variants. Each probe builds an object in
//! const evaluation, measures, and forgets it (nothing was allocated).

use super::FixedVec;
use crate::interp::frame::OnReturn;
use crate::object::types::{IterObj, Obj};
use crate::object::value::ObjRef;

/// The distance from `base` to `field`, two addresses in one object.
const fn distance<T>(base: &Obj, field: &T) -> usize {
    let base = base as *const Obj as *const u8;
    let field = field as *const T as *const u8;
    // SAFETY: `field` borrows a field of the object `base` points to, so both addresses lie
    // in one allocation, `field` at or after `base`.
    unsafe { field.offset_from(base) as usize }
}

/// The first byte of an object.
const fn first_byte(o: &Obj) -> u8 {
    // SAFETY: `Obj` is `#[repr(C, u8)]`, so its first byte is the initialized tag.
    unsafe { *(o as *const Obj as *const u8) }
}

/// Where a one-field variant's field starts (`Obj::List`'s vector).
pub(super) const fn list_payload() -> usize {
    let o = Obj::List(FixedVec::new());
    let at = match &o {
        Obj::List(items) => distance(&o, items),
        _ => usize::MAX,
    };
    core::mem::forget(o);
    at
}

/// The tag byte of a list.
pub(super) const fn tag_of_empty_list() -> u8 {
    let o = Obj::List(FixedVec::new());
    let tag = first_byte(&o);
    core::mem::forget(o);
    tag
}

/// The offsets of a list iterator's list and index.
pub(super) const fn list_iter_fields() -> (usize, usize) {
    let o = Obj::ListIter {
        list: ObjRef(0),
        idx: 0,
    };
    let at = match &o {
        Obj::ListIter { list, idx } => (distance(&o, list), distance(&o, idx)),
        _ => (usize::MAX, usize::MAX),
    };
    core::mem::forget(o);
    at
}

/// The offsets of a range iterator's next value, bound and step.
pub(super) const fn range_iter_fields() -> (usize, usize, usize) {
    let o = Obj::RangeIter {
        next: 0,
        stop: 0,
        step: 1,
    };
    let at = match &o {
        Obj::RangeIter { next, stop, step } => {
            (distance(&o, next), distance(&o, stop), distance(&o, step))
        }
        _ => (usize::MAX, usize::MAX, usize::MAX),
    };
    core::mem::forget(o);
    at
}

/// The tag word of `r`.
pub(super) const fn on_return_tag(r: OnReturn) -> u32 {
    // SAFETY: `OnReturn` is `#[repr(u32)]`, so its first four bytes are the initialized tag.
    unsafe { *(&r as *const OnReturn as *const u32) }
}

/// The word after the tag of `r` (the field of a one-field variant).
pub(super) const fn on_return_arg(r: OnReturn) -> u32 {
    // SAFETY: `OnReturn` is `#[repr(u32)]`: a variant with one `u32` field is laid out as a
    // `#[repr(C)]` struct of the tag and the field, both initialized.
    unsafe { *(&r as *const OnReturn as *const u32).add(1) }
}

/// The kind byte of a tuple iterator's `IterObj`, and the offsets of its tuple and index.
pub(super) const fn iter_tuple_fields() -> (u8, usize, usize) {
    let it = IterObj::Tuple {
        seq: ObjRef(0),
        idx: 0,
    };
    let base = &it as *const IterObj as *const u8;
    // SAFETY: `IterObj` is `#[repr(C, u8)]`, so its first byte is the initialized tag.
    let kind = unsafe { *base };
    let at = match &it {
        IterObj::Tuple { seq, idx } => {
            let seq = seq as *const ObjRef as *const u8;
            let idx = idx as *const usize as *const u8;
            // SAFETY: both fields lie in `it`, at or after its first byte.
            unsafe {
                (
                    seq.offset_from(base) as usize,
                    idx.offset_from(base) as usize,
                )
            }
        }
        _ => (usize::MAX, usize::MAX),
    };
    core::mem::forget(it);
    (kind, at.0, at.1)
}
