//! Packed images: an image compressed with DEFLATE, for images kept in flash or in the
//! program (the frozen modules). Images store every instruction unit and table entry as a
//! fixed-width word, so they compress about four to one.
//!
//! Layout: [`PACKED_MAGIC`] (8 bytes), the image's length (`u32`, little-endian), then the
//! image as raw DEFLATE data (RFC 1951). Every reader of images (`crate::Vm::load_image`,
//! imports, `run_image`) accepts a packed image and unpacks it before reading and verifying
//! it as usual; unpacking never produces more than the stated length, and that length is
//! bounded by [`MAX_UNPACKED`].

use alloc::vec::Vec;

use super::{ImageError, ImageErrorKind, Place};

/// The first bytes of a packed image.
pub const PACKED_MAGIC: [u8; 8] = *b"\xffTBZ\r\n\x1a\n";

/// The largest image a packed one may unpack to (the largest image a board accepts).
pub const MAX_UNPACKED: usize = 64 << 20;

/// Whether `bytes` is a packed image (by its magic; the content is checked on unpacking).
pub fn is_packed(bytes: &[u8]) -> bool {
    bytes.starts_with(&PACKED_MAGIC)
}

/// Packs `image` (any bytes; normally an image from [`super::write`]) at the best
/// compression level.
pub fn pack(image: &[u8]) -> Vec<u8> {
    let len = u32::try_from(image.len()).unwrap_or(u32::MAX);
    let mut out = Vec::with_capacity(image.len() / 3 + 16);
    out.extend_from_slice(&PACKED_MAGIC);
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&miniz_oxide::deflate::compress_to_vec(image, 10));
    out
}

/// The image inside a packed one, or an error that says what is wrong with it.
pub fn unpack(packed: &[u8]) -> Result<Vec<u8>, ImageError> {
    let malformed =
        |message: &str| ImageError::new(ImageErrorKind::Malformed, Place::Image, message);
    let Some(rest) = packed.strip_prefix(&PACKED_MAGIC[..]) else {
        return Err(ImageError::new(
            ImageErrorKind::NotAnImage,
            Place::Image,
            "not a packed image",
        ));
    };
    let (len, data) = rest
        .split_first_chunk::<4>()
        .ok_or_else(|| malformed("packed image: truncated header"))?;
    let len = u32::from_le_bytes(*len) as usize;
    if len > MAX_UNPACKED {
        return Err(ImageError::new(
            ImageErrorKind::Limit,
            Place::Image,
            "packed image: unpacks to more than 64 MiB",
        ));
    }
    let image = miniz_oxide::inflate::decompress_to_vec_with_limit(data, len).map_err(|_| {
        malformed("packed image: the compressed data is corrupt or longer than stated")
    })?;
    if image.len() != len {
        return Err(malformed(
            "packed image: unpacks to another length than stated",
        ));
    }
    Ok(image)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_refusals() {
        let data: Vec<u8> = (0..5000u32).map(|i| (i % 7) as u8).collect();
        let p = pack(&data);
        assert!(is_packed(&p) && p.len() < data.len() / 4);
        assert_eq!(unpack(&p).unwrap(), data);
        // A wrong stated length, truncated data and a bad header are refused.
        let mut short = p.clone();
        short[8] = short[8].wrapping_sub(1);
        assert!(unpack(&short).is_err());
        assert!(unpack(&p[..p.len() - 3]).is_err());
        assert!(unpack(&p[..10]).is_err());
        assert!(unpack(b"nope").is_err());
    }
}
