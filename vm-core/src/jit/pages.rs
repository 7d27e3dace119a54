//! [`PageAllocator`]: which pages of a fixed code region are in use, for boards whose code
//! memory is one static region. It only counts pages; the board maps them.

use alloc::vec;
use alloc::vec::Vec;

/// A first-fit allocator of runs of pages over a region of `pages` pages, one bit per page.
/// First fit keeps blocks packed at the start of the region, so a board's region fragments
/// only as much as the frees in between make it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageAllocator {
    used: Vec<u64>,
    pages: usize,
    free: usize,
}

impl PageAllocator {
    /// An allocator of `pages` pages, all free.
    pub fn new(pages: usize) -> PageAllocator {
        PageAllocator {
            used: vec![0; pages.div_ceil(64)],
            pages,
            free: pages,
        }
    }

    /// Pages in the region.
    pub fn pages(&self) -> usize {
        self.pages
    }

    /// Pages not allocated.
    pub fn free_pages(&self) -> usize {
        self.free
    }

    fn is_used(&self, page: usize) -> bool {
        self.used[page / 64] & (1 << (page % 64)) != 0
    }

    fn set(&mut self, pages: core::ops::Range<usize>, used: bool) {
        for p in pages {
            let (word, bit) = (p / 64, 1u64 << (p % 64));
            if used {
                self.used[word] |= bit;
            } else {
                self.used[word] &= !bit;
            }
        }
    }

    /// The first run of `count` free pages, if any.
    fn first_fit(&self, count: usize) -> Option<usize> {
        let mut run = 0;
        for page in 0..self.pages {
            if self.is_used(page) {
                run = 0;
            } else {
                run += 1;
                if run == count {
                    return Some(page + 1 - count);
                }
            }
        }
        None
    }

    /// Takes the first run of `count` free pages (at least one) and returns the index of
    /// its first page, or `None` when no run is long enough.
    pub fn allocate(&mut self, count: usize) -> Option<usize> {
        let count = count.max(1);
        if count > self.free {
            return None;
        }
        let first = self.first_fit(count)?;
        self.set(first..first + count, true);
        self.free -= count;
        Some(first)
    }

    /// Gives back the `count` pages from `first`. Returns `false`, changing nothing, unless
    /// all of them are allocated (a double free or a range that was never handed out).
    pub fn free(&mut self, first: usize, count: usize) -> bool {
        let Some(end) = first.checked_add(count).filter(|&e| e <= self.pages) else {
            return false;
        };
        if count == 0 || !(first..end).all(|p| self.is_used(p)) {
            return false;
        }
        self.set(first..end, false);
        self.free += count;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocates_first_fit_and_reuses_freed_runs() {
        let mut a = PageAllocator::new(10);
        assert_eq!(a.allocate(3), Some(0));
        assert_eq!(a.allocate(2), Some(3));
        assert_eq!(a.allocate(4), Some(5));
        assert_eq!(a.free_pages(), 1);
        assert!(a.free(0, 3));
        // Too long for the hole at 0..3 and the page at 9: nothing fits.
        assert_eq!(a.allocate(4), None);
        assert_eq!(a.allocate(2), Some(0));
        assert_eq!(a.allocate(1), Some(2));
        assert_eq!(a.allocate(1), Some(9));
        assert_eq!(a.allocate(1), None);
        assert_eq!(a.free_pages(), 0);
    }

    #[test]
    fn zero_pages_is_one_page() {
        let mut a = PageAllocator::new(2);
        assert_eq!(a.allocate(0), Some(0));
        assert_eq!(a.free_pages(), 1);
    }

    #[test]
    fn refuses_bad_frees() {
        let mut a = PageAllocator::new(130);
        assert_eq!(a.allocate(70), Some(0));
        assert!(!a.free(60, 20), "pages 70.. were never allocated");
        assert!(!a.free(129, 2), "past the end");
        assert!(!a.free(0, 0));
        assert_eq!(a.free_pages(), 60);
        assert!(a.free(0, 70));
        assert!(!a.free(0, 70), "double free");
        assert_eq!(a.free_pages(), 130);
    }

    #[test]
    fn runs_cross_bitmap_words() {
        let mut a = PageAllocator::new(200);
        assert_eq!(a.allocate(63), Some(0));
        assert_eq!(a.allocate(130), Some(63));
        assert!(a.free(0, 63));
        assert_eq!(a.allocate(64), None);
        assert_eq!(a.allocate(8), Some(0));
        assert_eq!(a.allocate(56), None, "55 pages left at 8..63");
        assert_eq!(a.allocate(55), Some(8));
        assert_eq!(a.allocate(7), Some(193));
        assert_eq!(a.free_pages(), 0);
    }
}
