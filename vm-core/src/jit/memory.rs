//! [`CodeMemory`]: executable memory as a board or host lends it to the JIT.
//!
//! Memory comes in page-granular blocks, one per compiled trace, allocated and freed over
//! the VM's life. A block is *writable* (read + write, never executable) from allocation
//! until it is *sealed* (read + execute, never writable); it can be made writable again to
//! patch it, then sealed again. No page is ever writable and executable at once (W^X).

use core::fmt;
use core::ptr::NonNull;

/// A block of code memory: its first byte and its length in bytes (a whole number of
/// pages). Handed out by [`CodeMemory::allocate`] and given back to the same memory's
/// [`CodeMemory::seal`], [`CodeMemory::unseal`] and [`CodeMemory::free`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeRange {
    start: NonNull<u8>,
    len: usize,
}

impl CodeRange {
    /// The range of `len` bytes at `start`.
    pub fn new(start: NonNull<u8>, len: usize) -> CodeRange {
        CodeRange { start, len }
    }

    /// The first byte.
    pub fn start(self) -> NonNull<u8> {
        self.start
    }

    /// The length in bytes.
    pub fn len(self) -> usize {
        self.len
    }

    /// Whether the range holds no byte (no [`CodeMemory`] hands out one).
    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    /// The address one past the last byte.
    pub fn end_addr(self) -> usize {
        self.start.as_ptr() as usize + self.len
    }
}

/// Why code memory could not be had or changed. An error is a value: the VM goes on
/// without compiled code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeMemoryError {
    /// Not enough free code memory for a block of `requested` bytes.
    Exhausted {
        /// Bytes asked for (before rounding up to pages).
        requested: usize,
    },
    /// The platform refused to map pages or change their protection (an OS error number,
    /// or 0 where the platform has none).
    Platform(i32),
}

impl fmt::Display for CodeMemoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeMemoryError::Exhausted { requested } => {
                write!(f, "out of code memory ({requested} bytes requested)")
            }
            CodeMemoryError::Platform(errno) => {
                write!(f, "code memory protection failed (error {errno})")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CodeMemoryError {}

/// Executable memory: page-granular blocks, each writable or executable, never both.
///
/// The methods take `&self` because blocks are freed when their owner is dropped (a
/// [`CodeBlock`](super::CodeBlock) holds the memory in an `Rc`); an implementation keeps its
/// allocator in a `Cell` or `RefCell`. Safe code uses it through
/// [`CodeBlock`](super::CodeBlock), which keeps the contract below for its callers.
///
/// # Safety
///
/// An implementation promises, for every range [`allocate`](Self::allocate) returned and
/// [`free`](Self::free) has not taken back:
/// - it is page-aligned, at least the requested length, a whole number of
///   [`page_size`](Self::page_size) pages, and overlaps no other such range nor any
///   memory the program uses otherwise;
/// - from `allocate` (and after `unseal`) it is mapped readable and writable and not
///   executable, and every byte is initialized (e.g. zeroed), so it may be viewed as
///   `&mut [u8]`;
/// - after a successful `seal` it is mapped readable and executable and not writable
///   (writes fault), and instruction fetch sees the bytes written before the seal: on
///   AArch64 the implementation cleans the data cache to the point of unification and
///   invalidates the instruction cache over the sealed range (only that range), with the
///   barriers that order them, since the hardware does not keep them coherent;
/// - `unseal` and `seal` never change the contents, and a failed one leaves the protection
///   as it was.
pub unsafe trait CodeMemory {
    /// The page size in bytes (a power of two): the granule of blocks and protection.
    fn page_size(&self) -> usize;

    /// Bytes of code memory this memory can hand out in all (its region, or its limit).
    fn capacity(&self) -> usize;

    /// Bytes not allocated now (the largest block may be smaller when the free pages are
    /// not contiguous).
    fn available(&self) -> usize;

    /// Allocates a writable, non-executable block of at least `len` bytes (rounded up to
    /// whole pages; `len` 0 is one page).
    ///
    /// # Errors
    /// [`CodeMemoryError::Exhausted`] when no run of free pages is long enough;
    /// [`CodeMemoryError::Platform`] when the platform refuses to map it.
    fn allocate(&self, len: usize) -> Result<CodeRange, CodeMemoryError>;

    /// Makes `range` readable and executable and no longer writable, and makes its bytes
    /// visible to instruction fetch (see the trait's safety section).
    ///
    /// # Errors
    /// [`CodeMemoryError::Platform`] when the platform refuses the change.
    ///
    /// # Safety
    /// `range` is exactly a range this memory's `allocate` returned and `free` has not
    /// taken back, and no reference into it is alive (a `&mut [u8]` would then alias
    /// memory that can no longer be written).
    unsafe fn seal(&self, range: CodeRange) -> Result<(), CodeMemoryError>;

    /// Makes a sealed `range` writable and non-executable again (to patch it).
    ///
    /// # Errors
    /// [`CodeMemoryError::Platform`] when the platform refuses the change.
    ///
    /// # Safety
    /// As for [`seal`](Self::seal); moreover no code in the range is running or will be
    /// called until it is sealed again.
    unsafe fn unseal(&self, range: CodeRange) -> Result<(), CodeMemoryError>;

    /// Gives `range` back; its pages may be handed out again.
    ///
    /// # Safety
    /// As for [`unseal`](Self::unseal), and the range is not used again.
    unsafe fn free(&self, range: CodeRange);
}

/// A VM's share of a [`CodeMemory`]: at most `limit` bytes of it at once
/// ([`JitConfig::code_limit`](super::JitConfig::code_limit)). Allocations past the limit
/// fail with [`CodeMemoryError::Exhausted`], as when the memory itself runs out, so the VM
/// treats both alike (it frees cold code and tries again).
pub struct BoundedMemory {
    inner: alloc::rc::Rc<dyn CodeMemory>,
    limit: usize,
    used: core::cell::Cell<usize>,
}

impl BoundedMemory {
    /// At most `limit` bytes (whole pages) of `inner`.
    pub fn new(inner: alloc::rc::Rc<dyn CodeMemory>, limit: usize) -> BoundedMemory {
        BoundedMemory {
            inner,
            limit,
            used: core::cell::Cell::new(0),
        }
    }

    /// Bytes allocated through this share and not freed.
    pub fn used(&self) -> usize {
        self.used.get()
    }

    /// The bytes a block of `len` takes: whole pages, one at least.
    fn rounded(&self, len: usize) -> Option<usize> {
        let page = self.page_size();
        len.max(1).checked_next_multiple_of(page)
    }
}

impl fmt::Debug for BoundedMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BoundedMemory")
            .field("limit", &self.limit)
            .field("used", &self.used.get())
            .finish()
    }
}

// SAFETY: every range comes from `inner`'s `allocate` unchanged and goes back to `inner`
// unchanged, so `inner`'s promises hold for it; the share only refuses some allocations.
unsafe impl CodeMemory for BoundedMemory {
    fn page_size(&self) -> usize {
        self.inner.page_size()
    }

    fn capacity(&self) -> usize {
        self.limit.min(self.inner.capacity())
    }

    fn available(&self) -> usize {
        (self.limit.saturating_sub(self.used.get())).min(self.inner.available())
    }

    fn allocate(&self, len: usize) -> Result<CodeRange, CodeMemoryError> {
        let fits = self
            .rounded(len)
            .is_some_and(|n| n <= self.limit.saturating_sub(self.used.get()));
        if !fits {
            return Err(CodeMemoryError::Exhausted { requested: len });
        }
        let range = self.inner.allocate(len)?;
        self.used.set(self.used.get() + range.len());
        Ok(range)
    }

    unsafe fn seal(&self, range: CodeRange) -> Result<(), CodeMemoryError> {
        // SAFETY: the caller's promises for this share are `inner`'s (same range).
        unsafe { self.inner.seal(range) }
    }

    unsafe fn unseal(&self, range: CodeRange) -> Result<(), CodeMemoryError> {
        // SAFETY: as for `seal`.
        unsafe { self.inner.unseal(range) }
    }

    unsafe fn free(&self, range: CodeRange) {
        self.used.set(self.used.get().saturating_sub(range.len()));
        // SAFETY: as for `seal`.
        unsafe { self.inner.free(range) }
    }
}
