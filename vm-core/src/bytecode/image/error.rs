//! Why an image was refused, and where.

use alloc::string::String;
use core::fmt;

/// What kind of problem an image has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageErrorKind {
    /// The bytes do not start with the magic: not an image.
    NotAnImage,
    /// Written for another format version or op table.
    Version,
    /// The bytes do not follow the format (truncated, a bad tag, bad UTF-8...).
    Malformed,
    /// Over one of the format's limits (nesting, sizes).
    Limit,
    /// Well-formed, but the verifier refuses the code.
    Invalid,
    /// A constant of a kind this VM does not have (complex numbers), or that an image
    /// cannot hold (when writing).
    Unsupported,
    /// The heap could not hold the constants (`MemoryError`).
    OutOfMemory,
}

/// Where in an image the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// The image as a whole.
    Image,
    /// A byte offset in the image (reading).
    Byte(usize),
    /// A code object: its index in the image (the module is 0), its qualified name, and
    /// the unit offset of the instruction or table entry concerned, if one is.
    Code {
        /// Index in `Image::codes`.
        index: usize,
        /// `co_qualname`.
        qualname: String,
        /// The unit offset.
        offset: Option<u32>,
    },
}

/// An image refused by the reader, the verifier or the loader (or a code object the writer
/// cannot store): what is wrong and where. `Display` gives one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageError {
    /// The kind of problem.
    pub kind: ImageErrorKind,
    /// Where it is.
    pub place: Place,
    /// What is wrong, in words.
    pub message: String,
}

impl ImageError {
    /// An error at a place.
    pub fn new(kind: ImageErrorKind, place: Place, message: impl Into<String>) -> ImageError {
        ImageError {
            kind,
            place,
            message: message.into(),
        }
    }
}

impl fmt::Display for ImageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("bytecode image: ")?;
        match &self.place {
            Place::Image => {}
            Place::Byte(at) => write!(f, "at byte {at}: ")?,
            Place::Code {
                index,
                qualname,
                offset,
            } => {
                write!(f, "code object {index} ({qualname})")?;
                if let Some(o) = offset {
                    write!(f, " at offset {o}")?;
                }
                f.write_str(": ")?;
            }
        }
        f.write_str(&self.message)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ImageError {}
