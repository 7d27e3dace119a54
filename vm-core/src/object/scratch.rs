//! Native buffers counted against the heap limit.
//!
//! Text and bytes that native code builds (a `repr`, a `join`, a formatted string) live
//! outside the heap until they become an object, yet a script decides how large they grow:
//! a list of 50,000 references to one 10 KB string has a 500 MB `repr`. A [`Scratch`]
//! charges a buffer's growth against the heap limit before the buffer grows, so building
//! stops with `MemoryError` at the limit instead of exhausting the host, and gives the
//! bytes back when it is dropped, on every path (an early `?` included).
//!
//! Dropping cannot reach the heap, so a dropped token adds its bytes to a shared cell that
//! the heap folds back into its count when it next needs room or collects
//! ([`Heap::fold_scratch`](super::heap::Heap)).

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::Cell;

use crate::vm::{PyResult, Vm};

/// Bytes of a native buffer charged against the heap limit; given back when dropped.
#[derive(Debug)]
pub struct Scratch {
    charged: usize,
    returned: Rc<Cell<usize>>,
}

impl Scratch {
    /// A token charging nothing yet, returning to `returned` when dropped.
    pub(crate) fn new(returned: Rc<Cell<usize>>) -> Scratch {
        Scratch {
            charged: 0,
            returned,
        }
    }

    /// Bytes charged so far.
    pub fn charged(&self) -> usize {
        self.charged
    }

    /// Makes the charge cover `bytes` in all (charging only the difference).
    pub fn cover(&mut self, vm: &mut Vm, bytes: usize) -> PyResult<()> {
        if bytes > self.charged {
            vm.charge_scratch(bytes - self.charged)?;
            self.charged = bytes;
        }
        Ok(())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        self.returned
            .set(self.returned.get().saturating_add(self.charged));
    }
}

/// The capacity a buffer of `len` bytes that needs `extra` more grows to: doubling, as
/// `Vec` does, so appends stay amortized constant time.
fn grown(capacity: usize, len: usize, extra: usize) -> Option<usize> {
    let need = len.checked_add(extra)?;
    if need <= capacity {
        return Some(capacity);
    }
    Some(need.max(capacity.saturating_mul(2)).max(16))
}

/// A `String` whose growth is charged against the heap limit.
#[derive(Debug)]
pub struct TextBuf {
    text: String,
    scratch: Scratch,
}

impl TextBuf {
    /// An empty buffer.
    pub fn new(vm: &Vm) -> TextBuf {
        TextBuf {
            text: String::new(),
            scratch: vm.scratch(),
        }
    }

    /// Makes room for `extra` more bytes, charging the growth first.
    pub fn reserve(&mut self, vm: &mut Vm, extra: usize) -> PyResult<()> {
        let Some(cap) = grown(self.text.capacity(), self.text.len(), extra) else {
            return Err(vm.memory_error());
        };
        if cap > self.text.capacity() {
            self.scratch.cover(vm, cap)?;
            if self.text.try_reserve_exact(cap - self.text.len()).is_err() {
                return Err(vm.memory_error());
            }
        }
        Ok(())
    }

    /// Appends `s`.
    pub fn push_str(&mut self, vm: &mut Vm, s: &str) -> PyResult<()> {
        self.reserve(vm, s.len())?;
        self.text.push_str(s);
        Ok(())
    }

    /// Appends `s` into room made by an earlier [`TextBuf::reserve`] (text borrowed from the
    /// heap cannot be appended while the VM is borrowed mutably). Growth past that room is
    /// not charged, so callers reserve the total first.
    pub fn push_reserved(&mut self, s: &str) {
        debug_assert!(self.text.len() + s.len() <= self.text.capacity());
        self.text.push_str(s);
    }

    /// Appends `c`.
    pub fn push(&mut self, vm: &mut Vm, c: char) -> PyResult<()> {
        self.reserve(vm, c.len_utf8())?;
        self.text.push(c);
        Ok(())
    }

    /// Appends `c` `n` times.
    pub fn push_repeated(&mut self, vm: &mut Vm, c: char, n: usize) -> PyResult<()> {
        let Some(bytes) = c.len_utf8().checked_mul(n) else {
            return Err(vm.memory_error());
        };
        self.reserve(vm, bytes)?;
        self.text.extend(core::iter::repeat_n(c, n));
        Ok(())
    }

    /// The text so far.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    #[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "the rest of the buffer's API: no builtin needs it yet"))]
    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.text.len()
    }

    #[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "the rest of the buffer's API: no builtin needs it yet"))]
    /// Whether nothing was appended.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The text (its charge is given back: the caller turns it into an object, which is
    /// charged itself, or drops it).
    pub fn into_string(self) -> String {
        self.text
    }
}

/// A `Vec<u8>` whose growth is charged against the heap limit.
#[derive(Debug)]
pub struct ByteBuf {
    bytes: Vec<u8>,
    scratch: Scratch,
}

impl ByteBuf {
    /// An empty buffer.
    pub fn new(vm: &Vm) -> ByteBuf {
        ByteBuf {
            bytes: Vec::new(),
            scratch: vm.scratch(),
        }
    }

    /// Makes room for `extra` more bytes, charging the growth first.
    pub fn reserve(&mut self, vm: &mut Vm, extra: usize) -> PyResult<()> {
        let Some(cap) = grown(self.bytes.capacity(), self.bytes.len(), extra) else {
            return Err(vm.memory_error());
        };
        if cap > self.bytes.capacity() {
            self.scratch.cover(vm, cap)?;
            if self
                .bytes
                .try_reserve_exact(cap - self.bytes.len())
                .is_err()
            {
                return Err(vm.memory_error());
            }
        }
        Ok(())
    }

    #[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "the rest of the buffer's API: no builtin needs it yet"))]
    /// Appends `b`.
    pub fn extend_from_slice(&mut self, vm: &mut Vm, b: &[u8]) -> PyResult<()> {
        self.reserve(vm, b.len())?;
        self.bytes.extend_from_slice(b);
        Ok(())
    }

    /// Appends `b` into room made by an earlier [`ByteBuf::reserve`] (see
    /// [`TextBuf::push_reserved`]).
    #[cfg(feature = "bytes-methods")]
    pub fn extend_reserved(&mut self, b: &[u8]) {
        debug_assert!(self.bytes.len() + b.len() <= self.bytes.capacity());
        self.bytes.extend_from_slice(b);
    }

    /// Appends one byte.
    pub fn push(&mut self, vm: &mut Vm, b: u8) -> PyResult<()> {
        self.reserve(vm, 1)?;
        self.bytes.push(b);
        Ok(())
    }

    #[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "the rest of the buffer's API: no builtin needs it yet"))]
    /// The bytes so far.
    pub fn as_slice(&self) -> &[u8] {
        &self.bytes
    }

    #[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "the rest of the buffer's API: no builtin needs it yet"))]
    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    #[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "the rest of the buffer's API: no builtin needs it yet"))]
    /// Whether nothing was appended.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The bytes (see [`TextBuf::into_string`]).
    pub fn into_vec(self) -> Vec<u8> {
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vm::{BufferHost, Config};

    fn vm(limit: usize) -> Vm {
        let config = Config {
            heap_limit: limit,
            ..Config::default()
        };
        Vm::new(config, alloc::boxed::Box::new(BufferHost::default())).expect("VM")
    }

    #[test]
    fn growth_is_charged_and_given_back_when_dropped() {
        let mut vm = vm(4 << 20);
        let before = vm.heap.bytes();
        let mut buf = TextBuf::new(&vm);
        buf.push_str(&mut vm, &"x".repeat(100_000)).unwrap();
        assert!(vm.heap.bytes() >= before + 100_000);
        drop(buf);
        vm.heap.fold_scratch();
        assert_eq!(vm.heap.bytes(), before);
        assert_eq!(vm.heap.scratch_bytes(), 0);
    }

    #[test]
    fn a_buffer_stops_at_the_limit_with_memory_error() {
        let mut vm = vm(1 << 20);
        let mut buf = TextBuf::new(&vm);
        let chunk = "y".repeat(10_000);
        let mut pushed = 0usize;
        let err = loop {
            match buf.push_str(&mut vm, &chunk) {
                Ok(()) => pushed += chunk.len(),
                Err(e) => break e,
            }
            assert!(pushed < 2 << 20, "grew past the limit");
        };
        assert_eq!(err, vm.memory_error());
        drop(buf);
        // The bytes come back: the same amount fits again.
        let mut again = ByteBuf::new(&vm);
        again.reserve(&mut vm, pushed / 2).unwrap();
    }

    #[test]
    fn a_collection_keeps_the_charge_of_live_buffers() {
        let mut vm = vm(4 << 20);
        let mut buf = TextBuf::new(&vm);
        buf.push_str(&mut vm, &"z".repeat(500_000)).unwrap();
        vm.collect_garbage();
        let during = vm.heap.bytes();
        drop(buf);
        vm.collect_garbage();
        assert!(
            vm.heap.bytes() + 500_000 <= during,
            "{} {during}",
            vm.heap.bytes()
        );
    }
}
