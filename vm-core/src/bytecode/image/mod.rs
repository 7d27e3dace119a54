//! Bytecode images: a module's code object, and everything nested in it, as bytes a VM
//! without the compiler can load (`Vm::image_of` writes one, `Vm::load_image` reads,
//! verifies and builds it).
//!
//! An image may come from anywhere, so reading never trusts it: the reader
//! ([`read`]) checks the framing (magic, versions, lengths, tags, limits) and builds a
//! plain description ([`Image`]) without touching the heap; the verifier
//! (`bytecode::verify`) then checks every code object against the op table; only then
//! does the loader make heap values and code objects, running the code generator's
//! finishing step (`quicken::finish`), so a loaded code object is indistinguishable from a
//! compiled one.
//!
//! # Format
//!
//! Little-endian throughout; `u32` and `u64` are fixed-width.
//!
//! ```text
//! image  := magic:[u8; 8] version:u16 reserved:u16 table:u32 filename:str code
//! code   := argcount:u32 posonlyargcount:u32 kwonlyargcount:u32 flags:u32 stacksize:u32
//!           firstlineno:u32 name:str qualname:str
//!           n:u32 unit:u32 * n                       (instructions as compiled, caches zero)
//!           n:u32 const * n
//!           n:u32 str * n                             (names)
//!           n:u32 str * n                             (varnames)
//!           n:u32 str * n                             (cellvars)
//!           n:u32 str * n                             (freevars)
//!           n:u32 u32 * n                             (cell2arg, u32::MAX for none)
//!           n:u32 (start line col end_line end_col: u32) * n          (line table)
//!           n:u32 (start end target depth push_lasti: u32) * n        (exception table)
//! str    := n:u32 utf8:[u8; n]
//! const  := tag:u8 payload, by tag:
//!           0 None, 1 False, 2 True, 3 Ellipsis (no payload)
//!           4 int: i64
//!           5 big int: negative:u8 n:u32 magnitude:[u8; n] (little-endian)
//!           6 float: u64 (the IEEE bits)
//!           7 str: str           8 bytes: n:u32 [u8; n]
//!           9 tuple: n:u32 const * n
//!           10 code: code
//!           11 complex: real:u64 imag:u64 (the IEEE bits)
//! ```
//!
//! `magic` is [`MAGIC`] (its first byte is not UTF-8, so an image is never taken for
//! source); `version` is [`FORMAT_VERSION`]; `reserved` is 0; `table` is the op table's
//! hash (`Op::TABLE_HASH`): opcode numbers change
//! when the table does, so an image is only read by a VM whose table it was written for.
//! Nothing may follow the module's code object.
//!
//! # Limits
//!
//! [`MAX_NESTING`] levels of code objects and tuples, [`MAX_UNITS`] instruction units
//! per code object (jump targets are 24-bit opargs), [`MAX_ITEMS`] entries in any other
//! table of a code object, a `stacksize` of at most [`MAX_STACKSIZE`], big ints of at
//! most [`MAX_BIG_INT_BYTES`] bytes. Every count is also checked against the bytes left
//! before anything is allocated, so memory use is bounded by a small multiple of the
//! image's size, and every allocation is fallible: reading never aborts.

mod error;
pub mod load;
pub mod packed;
pub mod read;
pub mod write;

use alloc::vec::Vec;

use super::code::{ExcEntry, LineEntry};
use super::ops::MAX_OPARG;

pub use error::{ImageError, ImageErrorKind, Place};
pub use read::{fields, read, Field, FieldKind};

/// The first bytes of every image: a byte that is not UTF-8 (an image is never taken for
/// source), the name, and line-ending and end-of-file bytes that catch text-mode copies (as
/// PNG's signature does).
pub const MAGIC: [u8; 8] = *b"\xffTBC\r\n\x1a\n";

/// The version of the format this VM reads and writes.
pub const FORMAT_VERSION: u16 = 1;

/// Code objects and tuple constants nest at most this deep (the module is level 1). The
/// reader, verifier and loader recurse per level.
pub const MAX_NESTING: usize = 100;

/// Instruction units (instructions and their caches) per code object: every offset must
/// fit a 24-bit oparg.
pub const MAX_UNITS: usize = MAX_OPARG as usize + 1;

/// Entries of any other table of a code object (constants, names, locals, cells, free
/// variables, lines, handlers): each is indexed by a 24-bit oparg at most.
pub const MAX_ITEMS: usize = MAX_OPARG as usize + 1;

/// The largest `stacksize` (the stack-depth analysis keeps depths in 16 bits).
pub const MAX_STACKSIZE: u32 = u16::MAX as u32 - 1;

/// Bytes of a big int's magnitude (2^31 bits, the VM's own cap on ints).
pub const MAX_BIG_INT_BYTES: usize = 1 << 28;

/// Constant tags.
pub(crate) mod tag {
    pub const NONE: u8 = 0;
    pub const FALSE: u8 = 1;
    pub const TRUE: u8 = 2;
    pub const ELLIPSIS: u8 = 3;
    pub const INT: u8 = 4;
    pub const BIG_INT: u8 = 5;
    pub const FLOAT: u8 = 6;
    pub const STR: u8 = 7;
    pub const BYTES: u8 = 8;
    pub const TUPLE: u8 = 9;
    pub const CODE: u8 = 10;
    pub const COMPLEX: u8 = 11;
}

/// Compiles a program's source to its bytecode image (with a VM of its own, default
/// configuration): what `tiercel compile` writes. A compile error comes back as the report
/// running the source would print (a `SyntaxError` with its place, ending with a newline);
/// an image the format cannot hold (over its limits) as the image error's line.
#[cfg(feature = "compiler")]
pub fn compile_to_image(source: &str, filename: &str) -> Result<Vec<u8>, alloc::string::String> {
    use alloc::boxed::Box;
    use alloc::string::ToString;

    let mut vm = crate::Vm::new(
        crate::Config::default(),
        Box::new(crate::BufferHost::default()),
    )
    .map_err(|e| alloc::format!("cannot start a VM: {e:?}\n"))?;
    let code = vm.compile(source, filename, crate::api::Mode::Exec)?;
    vm.image_of(&code).map_err(|e| e.to_string() + "\n")
}

/// Whether `bytes` starts like an image or a packed image (the magic), whatever follows.
pub fn is_image(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC) || packed::is_packed(bytes)
}

/// An image as read: plain data borrowed from the bytes, not yet verified.
#[derive(Clone, Debug, PartialEq)]
pub struct Image<'a> {
    /// The file name the image was compiled from.
    pub filename: &'a str,
    /// Every code object, in the order the image holds them: the module first, each code
    /// object before those nested in it ([`Const::Code`] indexes this).
    pub codes: Vec<ImageCode<'a>>,
}

/// A code object as an image holds it (see `CodeObject` for the fields' meaning).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ImageCode<'a> {
    /// Number of positional parameters.
    pub argcount: u32,
    /// Number of positional-only parameters.
    pub posonlyargcount: u32,
    /// Number of keyword-only parameters.
    pub kwonlyargcount: u32,
    /// `code_flags` bits.
    pub flags: u32,
    /// Maximum depth of the value stack.
    pub stacksize: u32,
    /// Line of the `def`/`class`/first statement.
    pub firstlineno: u32,
    /// `co_name`.
    pub name: &'a str,
    /// `co_qualname`.
    pub qualname: &'a str,
    /// Instruction units as compiled (inline caches zero).
    pub units: Vec<u32>,
    /// Constants.
    pub consts: Vec<Const<'a>>,
    /// Names.
    pub names: Vec<&'a str>,
    /// Fast local names.
    pub varnames: Vec<&'a str>,
    /// Cell variable names.
    pub cellvars: Vec<&'a str>,
    /// Free variable names.
    pub freevars: Vec<&'a str>,
    /// For each cell, the parameter it starts from, or `u32::MAX`.
    pub cell2arg: Vec<u32>,
    /// The line table.
    pub lines: Vec<LineEntry>,
    /// The exception table.
    pub exc_table: Vec<ExcEntry>,
    /// Nesting level (the module is 1).
    pub level: usize,
}

/// A constant as an image holds it.
#[derive(Clone, Debug, PartialEq)]
pub enum Const<'a> {
    /// `None`.
    None,
    /// `False`.
    False,
    /// `True`.
    True,
    /// `...`.
    Ellipsis,
    /// An int that fits 64 bits.
    Int(i64),
    /// Any int: sign and magnitude (little-endian bytes).
    BigInt {
        /// Below zero.
        negative: bool,
        /// The magnitude.
        magnitude: &'a [u8],
    },
    /// A float.
    Float(f64),
    /// A str.
    Str(&'a str),
    /// A bytes.
    Bytes(&'a [u8]),
    /// A tuple of constants.
    Tuple(Vec<Const<'a>>),
    /// A nested code object: its index in [`Image::codes`].
    Code(usize),
    /// A complex number (real, imaginary).
    Complex(f64, f64),
}

impl Const<'_> {
    /// The kind's name, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Const::None => "None",
            Const::False | Const::True => "bool",
            Const::Ellipsis => "ellipsis",
            Const::Int(_) | Const::BigInt { .. } => "int",
            Const::Float(_) => "float",
            Const::Str(_) => "str",
            Const::Bytes(_) => "bytes",
            Const::Tuple(_) => "tuple",
            Const::Code(_) => "code",
            Const::Complex(..) => "complex",
        }
    }
}
