//! [`FixedVec`] and [`FixedBox`]: a growable vector and a boxed slice whose pointer and
//! length sit at documented offsets, so machine code can read them.
//!
//! `Vec<T>` and `Box<[T]>` leave the order of their words unspecified. These two keep the
//! same allocation a `Vec` (or boxed slice) would, in `#[repr(C)]` words, and hand the
//! memory back to a real `Vec` for every operation that may reallocate ([`FixedVec::vec`]),
//! so allocation, growth and dropping stay the standard library's.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use core::mem::ManuallyDrop;
use core::ops::{Deref, DerefMut};
use core::ptr::NonNull;

/// Offset of the items pointer in a [`FixedVec`] or [`FixedBox`].
pub const ITEMS_PTR: usize = core::mem::offset_of!(FixedVec<crate::Value>, ptr);
/// Offset of the length (`usize`) in a [`FixedVec`] or [`FixedBox`].
pub const ITEMS_LEN: usize = core::mem::offset_of!(FixedVec<crate::Value>, len);
/// Offset of the capacity (`usize`) in a [`FixedVec`].
pub const ITEMS_CAP: usize = core::mem::offset_of!(FixedVec<crate::Value>, cap);
/// Offset of the items pointer in a [`FixedBox`] (equal to [`ITEMS_PTR`]).
pub const BOX_PTR: usize = core::mem::offset_of!(FixedBox<crate::Value>, ptr);
/// Offset of the length in a [`FixedBox`] (equal to [`ITEMS_LEN`]).
pub const BOX_LEN: usize = core::mem::offset_of!(FixedBox<crate::Value>, len);

/// A `Vec<T>` with a fixed layout: items pointer at offset 0, length at 8, capacity at 16.
///
/// Invariant: `(ptr, len, cap)` are the raw parts of a `Vec<T>` this value owns.
#[repr(C)]
pub struct FixedVec<T> {
    ptr: NonNull<T>,
    len: usize,
    cap: usize,
    _owns: PhantomData<T>,
}

/// Copies `n` items from `src` to `dst`: inline moves up to eight items, `memcpy` beyond.
///
/// # Safety
///
/// `src` must be valid for reading and `dst` for writing `n` items, and the two ranges
/// must not overlap.
#[inline(always)]
unsafe fn copy_few<T: Copy>(src: *const T, dst: *mut T, n: usize) {
    use core::ptr::copy_nonoverlapping as copy;
    // SAFETY: each arm copies within the first `n` items, which the caller vouches for
    // (`n - 2` and `n - 4` start inside them in their ranges).
    unsafe {
        // Two fixed-size copies that overlap in the middle cover every count of a range
        // (both write the same items there): a few compares, no jump table.
        match n {
            0 => {}
            1 => copy(src, dst, 1),
            2..=4 => {
                copy(src, dst, 2);
                copy(src.add(n - 2), dst.add(n - 2), 2);
            }
            5..=8 => {
                copy(src, dst, 4);
                copy(src.add(n - 4), dst.add(n - 4), 4);
            }
            _ => copy(src, dst, n),
        }
    }
}

impl<T> FixedVec<T> {
    /// An empty vector (allocates nothing).
    pub const fn new() -> FixedVec<T> {
        FixedVec {
            ptr: NonNull::dangling(),
            len: 0,
            cap: 0,
            _owns: PhantomData,
        }
    }

    /// An empty vector with room for `n` items.
    pub fn with_capacity(n: usize) -> FixedVec<T> {
        Vec::with_capacity(n).into()
    }

    /// The number of items.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no items.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Items the allocation holds, used or not.
    #[inline(always)]
    pub fn capacity(&self) -> usize {
        self.cap
    }

    /// The items as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[T] {
        // SAFETY: by the invariant, `ptr` points to `len` initialized items of a live `Vec`
        // allocation (or dangles with `len == 0`), borrowed for as long as `self` is.
        unsafe { core::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    /// The items as a mutable slice.
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as in `as_slice`; `&mut self` makes the borrow exclusive.
        unsafe { core::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }

    /// The items pointer (what machine code reads at offset 0).
    pub fn as_ptr(&self) -> *const T {
        self.ptr.as_ptr()
    }

    /// The vector as a `Vec` for any operation that may reallocate; written back when the
    /// guard drops. Meanwhile `self` is empty, so a leaked guard leaks memory but never
    /// leaves `self` pointing at freed memory.
    pub fn vec(&mut self) -> VecGuard<'_, T> {
        let vec = core::mem::take(self).into_vec();
        VecGuard { owner: self, vec }
    }

    /// Converts into the `Vec` it holds, without copying.
    pub fn into_vec(self) -> Vec<T> {
        let this = ManuallyDrop::new(self);
        // SAFETY: by the invariant these are the raw parts of a `Vec<T>` this value owned;
        // `ManuallyDrop` keeps `self`'s destructor from freeing them a second time.
        unsafe { Vec::from_raw_parts(this.ptr.as_ptr(), this.len, this.cap) }
    }

    /// Appends an item.
    #[inline(always)]
    pub fn push(&mut self, item: T) {
        if self.len == self.cap {
            self.grow_one();
        }
        // SAFETY: `len < cap` now, so slot `len` lies inside the allocation and holds no
        // initialized item; counting it afterwards keeps the invariant.
        unsafe { self.ptr.as_ptr().add(self.len).write(item) };
        self.len += 1;
    }

    #[cold]
    #[inline(never)]
    fn grow_one(&mut self) {
        self.vec().reserve(1);
    }

    /// Appends an item if there is room without growing; gives it back otherwise.
    #[inline(always)]
    pub fn push_within_capacity(&mut self, item: T) -> Result<(), T> {
        if self.len == self.cap {
            return Err(item);
        }
        // SAFETY: as in `push`.
        unsafe { self.ptr.as_ptr().add(self.len).write(item) };
        self.len += 1;
        Ok(())
    }

    /// Appends copies of `items` if they fit in the spare capacity, without growing;
    /// returns whether they did (having changed nothing when not). The length is written
    /// once, and up to eight items are copied inline (a generator's few values at each
    /// resume and yield, where a `memcpy` call and the spills around it cost more).
    #[inline(always)]
    pub fn extend_within_capacity(&mut self, items: &[T]) -> bool
    where
        T: Copy,
    {
        let n = items.len();
        if self.cap - self.len < n {
            return false;
        }
        // SAFETY: `len + n <= cap`, so slots `len..len + n` lie inside the allocation and
        // hold no initialized item; `items` is a shared borrow while `self` is borrowed
        // mutably, so the ranges do not overlap; the copies are counted after.
        unsafe {
            copy_few(items.as_ptr(), self.ptr.as_ptr().add(self.len), n);
        }
        self.len += n;
        true
    }

    /// Removes the last item.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        // SAFETY: slot `len` held the last initialized item and is no longer counted, so it
        // is read out exactly once.
        Some(unsafe { self.ptr.as_ptr().add(self.len).read() })
    }

    /// Keeps the first `n` items (no-op when there are fewer).
    #[inline(always)]
    pub fn truncate(&mut self, n: usize) {
        if n >= self.len {
            return;
        }
        let tail = core::ptr::slice_from_raw_parts_mut(
            // SAFETY: `n < len`, so `ptr + n` lies inside the allocation.
            unsafe { self.ptr.as_ptr().add(n) },
            self.len - n,
        );
        // Shorten first: should a destructor panic, the rest leaks instead of being
        // dropped twice.
        self.len = n;
        // SAFETY: `tail` held the initialized items `n..len`, no longer counted, so each is
        // dropped exactly once.
        unsafe { core::ptr::drop_in_place(tail) };
    }

    /// Removes every item.
    pub fn clear(&mut self) {
        self.truncate(0);
    }

    /// Inserts `item` at `i`, shifting the items after it.
    pub fn insert(&mut self, i: usize, item: T) {
        self.vec().insert(i, item);
    }

    /// Removes and returns the item at `i`, shifting the items after it.
    pub fn remove(&mut self, i: usize) -> T {
        self.vec().remove(i)
    }

    /// Makes room for `extra` more items.
    #[inline(always)]
    pub fn reserve(&mut self, extra: usize) {
        if self.cap - self.len < extra {
            self.grow(extra);
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, extra: usize) {
        self.vec().reserve(extra);
    }

    /// Makes room for `extra` more items, failing instead of aborting.
    pub fn try_reserve(&mut self, extra: usize) -> Result<(), alloc::collections::TryReserveError> {
        if self.cap - self.len >= extra {
            return Ok(());
        }
        self.vec().try_reserve(extra)
    }

    /// Makes room for exactly `extra` more items, failing instead of aborting.
    pub fn try_reserve_exact(
        &mut self,
        extra: usize,
    ) -> Result<(), alloc::collections::TryReserveError> {
        self.vec().try_reserve_exact(extra)
    }

    /// Gives back room beyond `capacity` items.
    pub fn shrink_to(&mut self, capacity: usize) {
        self.vec().shrink_to(capacity);
    }

    /// Gives back all unused room.
    pub fn shrink_to_fit(&mut self) {
        self.vec().shrink_to_fit();
    }

    /// Removes and returns the items from `at` up.
    pub fn split_off(&mut self, at: usize) -> Vec<T> {
        self.vec().split_off(at)
    }

    /// Keeps the items `keep` accepts.
    pub fn retain(&mut self, keep: impl FnMut(&T) -> bool) {
        self.vec().retain(keep);
    }

    /// Appends copies of `items`.
    #[inline]
    pub fn extend_from_slice(&mut self, items: &[T])
    where
        T: Copy,
    {
        self.reserve(items.len());
        // SAFETY: `reserve` made room for `items.len()` more items past `len`; `items` is a
        // separate borrow, so the ranges do not overlap; the copies are counted after.
        unsafe {
            let end = self.ptr.as_ptr().add(self.len);
            core::ptr::copy_nonoverlapping(items.as_ptr(), end, items.len());
        }
        self.len += items.len();
    }

    /// Sets the length to `n`, filling new slots with copies of `item`.
    #[inline]
    pub fn resize(&mut self, n: usize, item: T)
    where
        T: Copy,
    {
        if n <= self.len {
            self.truncate(n);
            return;
        }
        self.reserve(n - self.len);
        while self.len < n {
            // SAFETY: `reserve` made room up to `n`; slot `len` is past the initialized ones.
            unsafe { self.ptr.as_ptr().add(self.len).write(item) };
            self.len += 1;
        }
    }
}

impl<T> Drop for FixedVec<T> {
    fn drop(&mut self) {
        drop(core::mem::take(self).into_vec());
    }
}

impl<T> Default for FixedVec<T> {
    fn default() -> FixedVec<T> {
        FixedVec::new()
    }
}

impl<T> From<Vec<T>> for FixedVec<T> {
    fn from(v: Vec<T>) -> FixedVec<T> {
        let mut v = ManuallyDrop::new(v);
        let ptr = NonNull::new(v.as_mut_ptr()).unwrap_or(NonNull::dangling());
        FixedVec {
            ptr,
            len: v.len(),
            cap: v.capacity(),
            _owns: PhantomData,
        }
    }
}

impl<T> From<FixedVec<T>> for Vec<T> {
    fn from(v: FixedVec<T>) -> Vec<T> {
        v.into_vec()
    }
}

impl<T> FromIterator<T> for FixedVec<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> FixedVec<T> {
        iter.into_iter().collect::<Vec<T>>().into()
    }
}

impl<T> Extend<T> for FixedVec<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.vec().extend(iter);
    }
}

impl<'a, T: Copy + 'a> Extend<&'a T> for FixedVec<T> {
    fn extend<I: IntoIterator<Item = &'a T>>(&mut self, iter: I) {
        self.vec().extend(iter);
    }
}

impl<T: Clone> Clone for FixedVec<T> {
    fn clone(&self) -> FixedVec<T> {
        self.as_slice().to_vec().into()
    }
}

impl<T: fmt::Debug> fmt::Debug for FixedVec<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_slice().fmt(f)
    }
}

impl<T: PartialEq> PartialEq for FixedVec<T> {
    fn eq(&self, other: &FixedVec<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T> Deref for FixedVec<T> {
    type Target = [T];
    #[inline(always)]
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T> DerefMut for FixedVec<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<'a, T> IntoIterator for &'a FixedVec<T> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<'a, T> IntoIterator for &'a mut FixedVec<T> {
    type Item = &'a mut T;
    type IntoIter = core::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_mut_slice().iter_mut()
    }
}

impl<T> IntoIterator for FixedVec<T> {
    type Item = T;
    type IntoIter = alloc::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.into_vec().into_iter()
    }
}

/// A [`FixedVec`] lent out as a `Vec` ([`FixedVec::vec`]).
pub struct VecGuard<'a, T> {
    owner: &'a mut FixedVec<T>,
    vec: Vec<T>,
}

impl<T> Deref for VecGuard<'_, T> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.vec
    }
}

impl<T> DerefMut for VecGuard<'_, T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.vec
    }
}

impl<T> Drop for VecGuard<'_, T> {
    fn drop(&mut self) {
        *self.owner = core::mem::take(&mut self.vec).into();
    }
}

/// A `Box<[T]>` with a fixed layout: items pointer at offset 0, length at 8 (the same
/// offsets as [`FixedVec`], so code reading items serves both).
///
/// Invariant: `(ptr, len)` are the parts of a `Box<[T]>` this value owns.
#[repr(C)]
pub struct FixedBox<T> {
    ptr: NonNull<T>,
    len: usize,
    _owns: PhantomData<T>,
}

impl<T> FixedBox<T> {
    /// An empty boxed slice (allocates nothing: a zero-sized box is never freed).
    pub const fn new() -> FixedBox<T> {
        FixedBox {
            ptr: NonNull::dangling(),
            len: 0,
            _owns: PhantomData,
        }
    }

    /// The items as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[T] {
        // SAFETY: by the invariant, `ptr` points to `len` initialized items of a live boxed
        // slice, borrowed for as long as `self` is.
        unsafe { core::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    /// The items as a mutable slice.
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as in `as_slice`; `&mut self` makes the borrow exclusive.
        unsafe { core::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }

    /// Converts into the boxed slice it holds, without copying.
    pub fn into_boxed_slice(self) -> Box<[T]> {
        let this = ManuallyDrop::new(self);
        let raw = core::ptr::slice_from_raw_parts_mut(this.ptr.as_ptr(), this.len);
        // SAFETY: by the invariant `raw` is the pointer `Box::into_raw` gave for a boxed slice
        // this value owned; `ManuallyDrop` keeps `self`'s destructor from freeing it again.
        unsafe { Box::from_raw(raw) }
    }
}

impl<T> Drop for FixedBox<T> {
    fn drop(&mut self) {
        let raw = core::ptr::slice_from_raw_parts_mut(self.ptr.as_ptr(), self.len);
        // SAFETY: as in `into_boxed_slice`; this is the only owner, dropped once.
        drop(unsafe { Box::from_raw(raw) });
    }
}

impl<T> From<Box<[T]>> for FixedBox<T> {
    fn from(b: Box<[T]>) -> FixedBox<T> {
        let len = b.len();
        let raw = Box::into_raw(b) as *mut T;
        // `Box::into_raw` never returns null (an empty slice gives a dangling pointer).
        let ptr = NonNull::new(raw).unwrap_or(NonNull::dangling());
        FixedBox {
            ptr,
            len,
            _owns: PhantomData,
        }
    }
}

impl<T> From<Vec<T>> for FixedBox<T> {
    fn from(v: Vec<T>) -> FixedBox<T> {
        v.into_boxed_slice().into()
    }
}

impl<T> FromIterator<T> for FixedBox<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> FixedBox<T> {
        iter.into_iter().collect::<Box<[T]>>().into()
    }
}

impl<T> Default for FixedBox<T> {
    fn default() -> FixedBox<T> {
        FixedBox::new()
    }
}

impl<T: Clone> Clone for FixedBox<T> {
    fn clone(&self) -> FixedBox<T> {
        Box::<[T]>::from(self.as_slice()).into()
    }
}

impl<T: fmt::Debug> fmt::Debug for FixedBox<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_slice().fmt(f)
    }
}

impl<T> Deref for FixedBox<T> {
    type Target = [T];
    #[inline(always)]
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T> DerefMut for FixedBox<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<'a, T> IntoIterator for &'a FixedBox<T> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::rc::Rc;
    use alloc::vec;

    #[test]
    fn behaves_like_a_vec() {
        let mut v: FixedVec<u64> = FixedVec::new();
        for i in 0..100 {
            v.push(i);
        }
        assert_eq!(v.len(), 100);
        assert_eq!(v.pop(), Some(99));
        v.insert(0, 7);
        assert_eq!(v.remove(1), 0);
        v.truncate(3);
        assert_eq!(&v[..], &[7, 1, 2]);
        v.extend_from_slice(&[5, 6]);
        assert_eq!(v.split_off(3), vec![5, 6]);
        v.retain(|x| *x != 1);
        assert_eq!(v.clone().into_vec(), vec![7, 2]);
        v.vec().sort();
        assert_eq!(&v[..], &[2, 7]);
        v.clear();
        assert!(v.is_empty() && v.pop().is_none());
    }

    #[test]
    fn extends_within_capacity_only() {
        // Every count the inline copies cover, and one beyond.
        for n in 0..=10u64 {
            let items: Vec<u64> = (100..100 + n).collect();
            let mut v: FixedVec<u64> = FixedVec::with_capacity(n as usize + 2);
            v.push(1);
            assert!(v.extend_within_capacity(&items));
            assert_eq!(v.len(), n as usize + 1);
            assert_eq!(v[0], 1);
            assert_eq!(&v[1..], &items[..]);
            // No room for two more: nothing changes.
            let cap = v.capacity();
            let room = cap - v.len();
            let more: Vec<u64> = (0..room as u64 + 1).collect();
            assert!(!v.extend_within_capacity(&more));
            assert_eq!(v.len(), n as usize + 1);
            assert_eq!(v.capacity(), cap);
        }
    }

    #[test]
    fn drops_every_item_once() {
        let rc = Rc::new(());
        let mut v: FixedVec<Rc<()>> = FixedVec::new();
        for _ in 0..10 {
            v.push(rc.clone());
        }
        v.truncate(4);
        assert_eq!(Rc::strong_count(&rc), 5);
        drop(v.pop());
        let b: FixedBox<Rc<()>> = v.as_slice().to_vec().into();
        assert_eq!(Rc::strong_count(&rc), 7);
        drop(v);
        drop(b);
        assert_eq!(Rc::strong_count(&rc), 1);
    }

    #[test]
    fn a_leaked_guard_leaves_the_vector_empty() {
        let mut v: FixedVec<u64> = vec![1, 2, 3].into();
        core::mem::forget(v.vec());
        assert!(v.is_empty());
        v.push(4);
        assert_eq!(&v[..], &[4]);
    }

    #[test]
    fn boxes_keep_their_items() {
        let b: FixedBox<u64> = vec![1, 2, 3].into();
        assert_eq!(&b.clone()[..], &[1, 2, 3]);
        assert_eq!(&*b.into_boxed_slice(), &[1, 2, 3]);
        let e: FixedBox<u64> = FixedBox::default();
        assert!(e.is_empty());
    }
}
