//! The boards' memory sizes, set in one place: the environment of the build.
//!
//! `TIERCEL_BOARD_HEAP` and `TIERCEL_BOARD_STACK` (bytes, or with a `K`/`M` suffix for
//! KiB/MiB: `TIERCEL_BOARD_HEAP=512K cargo build --profile board -p board-qemu-aarch64 ...`)
//! replace the defaults below; cargo rebuilds when they change. A value that is not a
//! number fails the build.

/// The default heap: the allocator's arena (the VM's heap limit is 3/4 of it).
pub const DEFAULT_HEAP: usize = 32 << 20;
/// The default boot stack.
pub const DEFAULT_STACK: usize = 4 << 20;

/// Heap size in bytes.
pub const HEAP_SIZE: usize = size_or(option_env!("TIERCEL_BOARD_HEAP"), DEFAULT_HEAP);
/// Boot stack size in bytes.
pub const STACK_SIZE: usize = size_or(option_env!("TIERCEL_BOARD_STACK"), DEFAULT_STACK);

/// Parses `digits[K|M]` at compile time; `default` without a value.
pub const fn size_or(value: Option<&str>, default: usize) -> usize {
    let Some(s) = value else {
        return default;
    };
    let b = s.as_bytes();
    let (mut n, mut i, mut scale) = (0usize, 0, 1);
    let mut end = b.len();
    if end > 0 && (b[end - 1] == b'K' || b[end - 1] == b'k') {
        scale = 1 << 10;
        end -= 1;
    } else if end > 0 && (b[end - 1] == b'M' || b[end - 1] == b'm') {
        scale = 1 << 20;
        end -= 1;
    }
    assert!(end > 0, "a board memory size needs digits");
    while i < end {
        assert!(
            b[i].is_ascii_digit(),
            "a board memory size is digits with K or M"
        );
        n = n * 10 + (b[i] - b'0') as usize;
        i += 1;
    }
    n * scale
}

#[cfg(test)]
mod tests {
    use super::size_or;

    #[test]
    fn sizes() {
        assert_eq!(size_or(None, 7), 7);
        assert_eq!(size_or(Some("4096"), 7), 4096);
        assert_eq!(size_or(Some("512K"), 7), 512 << 10);
        assert_eq!(size_or(Some("3M"), 7), 3 << 20);
    }
}
