//! What both QEMU boards' code memory shares: the bookkeeping of one static code region as
//! 4 KiB pages ([`RegionPages`]). The board maps the pages and implements
//! [`vm_core::jit::CodeMemory`] over this; the page-table and cache work stays in the board.

use core::cell::RefCell;
use core::ops::Range;

use vm_core::jit::{CodeMemoryError, CodeRange, PageAllocator};

/// The page size of both boards' code regions (the MMU's smallest page).
pub const PAGE: usize = 4096;

/// Which pages of a board's code region (`size` bytes at `base`) are allocated.
#[derive(Debug)]
pub struct RegionPages {
    base: usize,
    pages: RefCell<PageAllocator>,
}

impl RegionPages {
    /// The pages of the region of `size` bytes (whole pages) at `base`, all free.
    pub fn new(base: usize, size: usize) -> RegionPages {
        RegionPages {
            base,
            pages: RefCell::new(PageAllocator::new(size / PAGE)),
        }
    }

    /// The region's size in bytes.
    pub fn capacity(&self) -> usize {
        self.pages.borrow().pages() * PAGE
    }

    /// Bytes not allocated.
    pub fn available(&self) -> usize {
        self.pages.borrow().free_pages() * PAGE
    }

    /// Takes the first run of free pages covering `len` bytes (at least one page); returns
    /// their addresses.
    ///
    /// # Errors
    /// [`CodeMemoryError::Exhausted`] when no run of free pages is long enough.
    pub fn allocate(&self, len: usize) -> Result<Range<usize>, CodeMemoryError> {
        let count = len.div_ceil(PAGE);
        let first = self
            .pages
            .borrow_mut()
            .allocate(count)
            .ok_or(CodeMemoryError::Exhausted { requested: len })?;
        let start = self.base + first * PAGE;
        Ok(start..start + count.max(1) * PAGE)
    }

    /// Gives back the pages of `range`; `false` (nothing changes) unless `range` is whole
    /// allocated pages of the region.
    pub fn free(&self, range: CodeRange) -> bool {
        let offset = (range.start().as_ptr() as usize).wrapping_sub(self.base);
        offset % PAGE == 0
            && range.len() % PAGE == 0
            && self
                .pages
                .borrow_mut()
                .free(offset / PAGE, range.len() / PAGE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ptr::NonNull;

    fn range(r: Range<usize>) -> CodeRange {
        CodeRange::new(NonNull::new(r.start as *mut u8).unwrap(), r.len())
    }

    #[test]
    fn hands_out_page_ranges_of_the_region_and_takes_them_back() {
        let base = 0x4000_0000;
        let r = RegionPages::new(base, 4 * PAGE);
        assert_eq!(r.allocate(0), Ok(base..base + PAGE));
        assert_eq!(r.allocate(PAGE + 1), Ok(base + PAGE..base + 3 * PAGE));
        assert_eq!(
            r.allocate(2 * PAGE),
            Err(CodeMemoryError::Exhausted {
                requested: 2 * PAGE
            })
        );
        assert_eq!(r.available(), PAGE);
        assert!(
            !r.free(range(base + 1..base + PAGE + 1)),
            "not page-aligned"
        );
        assert!(
            !r.free(range(base + 3 * PAGE..base + 4 * PAGE)),
            "never allocated"
        );
        assert!(r.free(range(base..base + PAGE)));
        assert!(!r.free(range(base..base + PAGE)), "double free");
        assert_eq!(r.available(), 2 * PAGE);
        assert_eq!(
            r.allocate(2 * PAGE),
            Err(CodeMemoryError::Exhausted {
                requested: 2 * PAGE
            })
        );
        assert_eq!(r.allocate(PAGE), Ok(base..base + PAGE));
        assert_eq!(r.capacity(), 4 * PAGE);
    }
}
