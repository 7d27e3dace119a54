//! The VM value stack: every frame's locals and operand stack, one contiguous array.
//!
//! It behaves like a `Vec<Value>` (the methods the VM uses have the same names), with one
//! difference that matters for speed: [`ValueStack::push_reserved`], the push of the uop
//! bodies, never allocates. Frames reserve their `stacksize` when they are entered, and the
//! compiler's stack-depth analysis (checked by the codegen tests) bounds every push inside a
//! frame, so a push in an instruction always finds room. Without a growth path the handlers
//! need no call on their hot path, which saves most of their register spills. Should a push
//! ever find the stack full (a compiler bug), it sets a flag instead of writing, and the
//! interpreter raises `SystemError` at the end of that instruction: memory-safe and loud.

use alloc::vec::Vec;
use core::ops::{Deref, DerefMut, Index, IndexMut};

use crate::layout::FixedVec;
use crate::object::value::Value;

/// Slots every frame reserves beyond its code's `stacksize`: room for the few temporaries
/// some uops push to keep values rooted while user code runs (`BUILD_MAP` keeps the new dict
/// above its keys and values, for instance).
pub const SLACK: usize = 4;

/// Error of [`ValueStack::try_reserve`]: the allocator refused.
#[derive(Debug)]
pub struct ReserveError;

/// The value stack: a vector whose length is the live top; its spare capacity is the room
/// frames reserve. The items pointer and length sit at fixed offsets
/// ([`crate::layout::STACK_ITEMS`], [`crate::layout::STACK_LEN`]) for machine code.
#[derive(Debug, Default)]
#[repr(C)]
pub struct ValueStack {
    buf: FixedVec<Value>,
    overflow: bool,
}

impl ValueStack {
    /// Offset of the vector in the stack ([`crate::layout::STACK_ITEMS`]).
    pub(crate) const BUF: usize = core::mem::offset_of!(ValueStack, buf);

    /// An empty stack.
    pub fn new() -> ValueStack {
        ValueStack::default()
    }

    /// Number of live values.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    /// Whether no value is live.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// Slots allocated (live or not).
    pub fn capacity(&self) -> usize {
        self.buf.capacity()
    }

    /// Whether a [`push_reserved`](Self::push_reserved) found the stack full since the last
    /// [`take_overflow`](Self::take_overflow).
    #[inline(always)]
    pub fn overflowed(&self) -> bool {
        self.overflow
    }

    /// Clears and returns the overflow flag.
    pub fn take_overflow(&mut self) -> bool {
        core::mem::take(&mut self.overflow)
    }

    /// Pushes into reserved space (the uop bodies' push): never allocates; sets the overflow
    /// flag instead when there is no room. (The capacity test makes `Vec::push`'s own growth
    /// branch dead, so the optimizer drops it and the call it contains.)
    #[inline(always)]
    pub fn push_reserved(&mut self, v: Value) {
        if self.buf.push_within_capacity(v).is_err() {
            // Debug builds (all tests) stop here so a wrong stack bound cannot hide.
            debug_assert!(false, "value stack overflow: a frame reserved too little");
            self.overflow = true;
        }
    }

    /// Pushes `a` then `b` into reserved space with one room test (a global and the `NULL`
    /// of the call that follows); like [`push_reserved`](Self::push_reserved) otherwise.
    #[inline(always)]
    pub fn push2_reserved(&mut self, a: Value, b: Value) {
        self.extend_reserved(&[a, b]);
    }

    /// Cuts the stack to `n` values and pushes `v` (a suspending generator hands its value
    /// to the resumer where its frame began): with `n` below the length, one test and no
    /// room check (the slot exists).
    #[inline(always)]
    pub fn truncate_push(&mut self, n: usize, v: Value) {
        if let Some(slot) = self.buf.get_mut(n) {
            *slot = v;
            self.buf.truncate(n + 1);
        } else {
            self.push_reserved(v);
        }
    }

    /// Pushes copies of `values` into reserved space (a resumed generator's saved values):
    /// like [`push_reserved`](Self::push_reserved), never allocates, and sets the overflow
    /// flag instead when there is no room.
    #[inline(always)]
    pub fn extend_reserved(&mut self, values: &[Value]) {
        if !self.buf.extend_within_capacity(values) {
            debug_assert!(false, "value stack overflow: a resume reserved too little");
            self.overflow = true;
        }
    }

    /// Pushes, growing the buffer when it is full (native code's push).
    #[inline]
    pub fn push(&mut self, v: Value) {
        self.buf.push(v);
    }

    /// Makes room for `extra` more values without failing on allocation. Inline when the
    /// room is already there (every call enters a frame through here).
    #[inline(always)]
    pub fn try_reserve(&mut self, extra: usize) -> Result<(), ReserveError> {
        if self.buf.capacity() - self.buf.len() >= extra {
            return Ok(());
        }
        self.grow(extra)
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, extra: usize) -> Result<(), ReserveError> {
        self.buf.try_reserve(extra).map_err(|_| ReserveError)
    }

    /// Grows the buffer to hold `capacity` values in all, exactly (the VM charges the
    /// growth against the heap limit first: `Vm::reserve_frame`).
    pub fn grow_to(&mut self, capacity: usize) -> Result<(), ReserveError> {
        let extra = capacity.saturating_sub(self.buf.len());
        self.buf.try_reserve_exact(extra).map_err(|_| ReserveError)
    }

    /// Gives back room beyond `capacity` values (after a deep recursion ended).
    pub fn shrink_to(&mut self, capacity: usize) {
        self.buf.shrink_to(capacity);
    }

    /// Pops the top value.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<Value> {
        self.buf.pop()
    }

    /// Cuts the stack to `n` values (no-op when it is shorter).
    #[inline(always)]
    pub fn truncate(&mut self, n: usize) {
        self.buf.truncate(n);
    }

    /// Removes every value.
    pub fn clear(&mut self) {
        self.buf.clear();
    }

    /// Sets the length to `n`, filling new slots with `v`.
    #[inline]
    pub fn resize(&mut self, n: usize, v: Value) {
        self.buf.resize(n, v);
    }

    /// Appends copies of `values`.
    pub fn extend_from_slice(&mut self, values: &[Value]) {
        self.buf.extend_from_slice(values);
    }

    /// Inserts `v` at `i`, shifting the values above it up.
    pub fn insert(&mut self, i: usize, v: Value) {
        self.buf.insert(i, v);
    }

    /// Removes and returns the values from `at` up.
    pub fn split_off(&mut self, at: usize) -> Vec<Value> {
        self.buf.split_off(at.min(self.buf.len()))
    }
}

impl Extend<Value> for ValueStack {
    fn extend<I: IntoIterator<Item = Value>>(&mut self, iter: I) {
        self.buf.extend(iter);
    }
}

impl<'a> Extend<&'a Value> for ValueStack {
    fn extend<I: IntoIterator<Item = &'a Value>>(&mut self, iter: I) {
        self.buf.extend(iter);
    }
}

impl Deref for ValueStack {
    type Target = FixedVec<Value>;
    #[inline(always)]
    fn deref(&self) -> &FixedVec<Value> {
        &self.buf
    }
}

/// The vector itself for native code (its growing methods included).
impl DerefMut for ValueStack {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut FixedVec<Value> {
        &mut self.buf
    }
}

impl<I: core::slice::SliceIndex<[Value]>> Index<I> for ValueStack {
    type Output = I::Output;
    #[inline(always)]
    fn index(&self, i: I) -> &I::Output {
        &self.buf[i]
    }
}

impl<I: core::slice::SliceIndex<[Value]>> IndexMut<I> for ValueStack {
    #[inline(always)]
    fn index_mut(&mut self, i: I) -> &mut I::Output {
        &mut self.buf[i]
    }
}

impl<'a> IntoIterator for &'a ValueStack {
    type Item = &'a Value;
    type IntoIter = core::slice::Iter<'a, Value>;
    fn into_iter(self) -> Self::IntoIter {
        self.buf.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(i: i64) -> Value {
        Value::int_unchecked(i)
    }

    #[test]
    fn behaves_like_a_vec() {
        let mut s = ValueStack::new();
        s.push(int(1));
        s.extend_from_slice(&[int(2), int(3)]);
        assert_eq!(&s[..], &[int(1), int(2), int(3)]);
        s.insert(0, int(0));
        assert_eq!(s.split_off(2), [int(2), int(3)]);
        assert_eq!(s.pop(), Some(int(1)));
        s.resize(3, Value::NONE);
        assert_eq!(&s[..], &[int(0), Value::NONE, Value::NONE]);
        s.truncate(1);
        assert_eq!(s.len(), 1);
        assert_eq!(s.last(), Some(&int(0)));
        s.clear();
        assert_eq!(s.pop(), None);
    }

    fn filled() -> (ValueStack, usize) {
        let mut s = ValueStack::new();
        s.try_reserve(2).unwrap();
        let cap = s.capacity();
        for i in 0..cap {
            s.push_reserved(int(i as i64));
        }
        assert!(!s.overflowed());
        assert_eq!(s.capacity(), cap);
        (s, cap)
    }

    /// Release builds: the full stack flags the push and keeps its size.
    #[test]
    #[cfg(not(debug_assertions))]
    fn a_push_past_the_reserve_flags_overflow() {
        let (mut s, cap) = filled();
        s.push_reserved(int(-1));
        assert!(s.overflowed());
        assert_eq!((s.len(), s.capacity()), (cap, cap));
        assert!(s.take_overflow());
        assert!(!s.overflowed());
    }

    /// Debug builds (the test suites): a push past the reserve stops the run.
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "value stack overflow")]
    fn a_push_past_the_reserve_panics_in_debug_builds() {
        let (mut s, _) = filled();
        s.push_reserved(int(-1));
    }
}
