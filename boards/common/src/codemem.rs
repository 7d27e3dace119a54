//! Executable memory, as a board lends it to the JIT: one region that is either writable and
//! non-executable or read-only and executable, never both (W^X).

/// A board's code region. The board implements the page-table changes (and, on AArch64, the
/// data-cache clean / instruction-cache invalidate sequence) behind these two calls.
pub trait CodeMemory: Sized {
    /// Takes the board's one code region; `None` once it has been taken (the region has a
    /// single owner, so a writable slice can never alias code someone else is running).
    fn take() -> Option<Self>;

    /// Size of the region in bytes.
    fn capacity(&self) -> usize;

    /// Maps the region writable and non-executable and returns it for writing machine code.
    fn writable(&mut self) -> &mut [u8];

    /// Maps the region read-only and executable, makes the new code visible to instruction
    /// fetch, and returns the region's start address. Calling code there is the caller's
    /// `unsafe` business; writing through the slice from [`CodeMemory::writable`] is no longer
    /// allowed (the board's MMU faults it).
    fn seal(&mut self) -> *const u8;
}
