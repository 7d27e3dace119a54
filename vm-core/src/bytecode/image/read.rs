//! Reading an image: the framing checked, the contents described as plain data ([`Image`]),
//! nothing allocated on the VM's heap. Every count is checked against the bytes left before
//! anything is reserved, and every reservation is fallible.

use alloc::format;
use alloc::vec::Vec;

use super::{
    tag, Const, Image, ImageCode, ImageError, ImageErrorKind, Place, FORMAT_VERSION, MAGIC,
    MAX_BIG_INT_BYTES, MAX_ITEMS, MAX_NESTING, MAX_UNITS,
};
use crate::bytecode::code::{ExcEntry, LineEntry};
use crate::bytecode::ops::Op;

/// What a span of an image holds (see [`fields`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// The magic, format version, reserved word or op-table hash.
    Header,
    /// A count or length prefix.
    Count,
    /// A number: a code object's counts, flags, stack size and first line, a `cell2arg`
    /// entry, a constant's payload.
    Number,
    /// An instruction unit.
    Unit,
    /// A field of a line-table entry.
    Position,
    /// A field of an exception-table entry.
    Handler,
    /// A constant's tag.
    Tag,
    /// The bytes of a str, bytes or big int.
    Text,
    /// A whole code object.
    Code,
    /// A whole constant.
    Const,
    /// A whole table with its count (units, constants, names, lines...).
    Table,
}

/// A span of an image and what it holds, as [`fields`] lists them (for tools and the fuzzer's
/// structural mutations).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// First byte.
    pub offset: usize,
    /// Length in bytes.
    pub len: usize,
    /// What it holds.
    pub kind: FieldKind,
}

/// Reads an image (not yet verified: see `bytecode::verify`).
pub fn read(bytes: &[u8]) -> Result<Image<'_>, ImageError> {
    Reader::new(bytes, None).image()
}

/// The spans of an image and what each holds, as far as it reads (up to the first error,
/// which comes with them).
pub fn fields(bytes: &[u8]) -> (Vec<Field>, Option<ImageError>) {
    let mut out = Vec::new();
    let err = Reader::new(bytes, Some(&mut out)).image().err();
    (out, err)
}

struct Reader<'a, 's> {
    bytes: &'a [u8],
    pos: usize,
    fields: Option<&'s mut Vec<Field>>,
    codes: Vec<ImageCode<'a>>,
}

type Res<T> = Result<T, ImageError>;

/// A vector with room for `n` items, or the error of an allocation that failed.
fn with_capacity<T>(n: usize, at: usize) -> Res<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| {
        ImageError::new(
            ImageErrorKind::OutOfMemory,
            Place::Byte(at),
            format!("no memory for {n} items"),
        )
    })?;
    Ok(v)
}

impl<'a, 's> Reader<'a, 's> {
    fn new(bytes: &'a [u8], fields: Option<&'s mut Vec<Field>>) -> Self {
        Reader {
            bytes,
            pos: 0,
            fields,
            codes: Vec::new(),
        }
    }

    fn error(
        &self,
        kind: ImageErrorKind,
        at: usize,
        msg: impl Into<alloc::string::String>,
    ) -> ImageError {
        ImageError::new(kind, Place::Byte(at), msg)
    }

    fn mark(&mut self, start: usize, kind: FieldKind) {
        let len = self.pos - start;
        if let Some(f) = self.fields.as_deref_mut() {
            f.push(Field {
                offset: start,
                len,
                kind,
            });
        }
    }

    fn left(&self) -> usize {
        self.bytes.len() - self.pos
    }

    fn take(&mut self, n: usize, what: &str) -> Res<&'a [u8]> {
        if n > self.left() {
            return Err(self.error(
                ImageErrorKind::Malformed,
                self.pos,
                format!("truncated: {what} needs {n} bytes, {} left", self.left()),
            ));
        }
        let s = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    fn array<const N: usize>(&mut self, what: &str, kind: FieldKind) -> Res<[u8; N]> {
        let start = self.pos;
        let s = self.take(N, what)?;
        let mut a = [0u8; N];
        a.copy_from_slice(s);
        self.mark(start, kind);
        Ok(a)
    }

    fn u32(&mut self, what: &str, kind: FieldKind) -> Res<u32> {
        Ok(u32::from_le_bytes(self.array(what, kind)?))
    }

    fn u64(&mut self, what: &str, kind: FieldKind) -> Res<u64> {
        Ok(u64::from_le_bytes(self.array(what, kind)?))
    }

    /// A count of items of at least `min_bytes` each, at most `max`.
    fn count(&mut self, what: &str, min_bytes: usize, max: usize) -> Res<usize> {
        let at = self.pos;
        let n = self.u32(what, FieldKind::Count)? as usize;
        if n > max {
            return Err(self.error(
                ImageErrorKind::Limit,
                at,
                format!("{n} {what} (at most {max})"),
            ));
        }
        if n.saturating_mul(min_bytes) > self.left() {
            return Err(self.error(
                ImageErrorKind::Malformed,
                at,
                format!(
                    "truncated: {n} {what} need at least {} bytes, {} left",
                    n.saturating_mul(min_bytes),
                    self.left()
                ),
            ));
        }
        Ok(n)
    }

    fn str(&mut self, what: &str) -> Res<&'a str> {
        let at = self.pos;
        let n = self.count(what, 1, usize::MAX)?;
        let start = self.pos;
        let b = self.take(n, what)?;
        self.mark(start, FieldKind::Text);
        core::str::from_utf8(b).map_err(|e| {
            self.error(
                ImageErrorKind::Malformed,
                at,
                format!("{what} is not UTF-8 (byte {} of it)", e.valid_up_to()),
            )
        })
    }

    fn strs(&mut self, what: &str) -> Res<Vec<&'a str>> {
        let start = self.pos;
        let n = self.count(what, 4, MAX_ITEMS)?;
        let mut v = with_capacity(n, start)?;
        for _ in 0..n {
            v.push(self.str(what)?);
        }
        self.mark(start, FieldKind::Table);
        Ok(v)
    }

    fn image(mut self) -> Res<Image<'a>> {
        if !self.bytes.starts_with(&MAGIC) {
            return Err(self.error(ImageErrorKind::NotAnImage, 0, "no image magic at the start"));
        }
        self.array::<8>("the magic", FieldKind::Header)?;
        let version = u16::from_le_bytes(self.array("the format version", FieldKind::Header)?);
        if version != FORMAT_VERSION {
            return Err(self.error(
                ImageErrorKind::Version,
                8,
                format!("format version {version}, this VM reads version {FORMAT_VERSION}"),
            ));
        }
        let reserved = u16::from_le_bytes(self.array("the reserved word", FieldKind::Header)?);
        if reserved != 0 {
            return Err(self.error(
                ImageErrorKind::Version,
                10,
                format!("reserved word {reserved:#x}, not 0"),
            ));
        }
        let table = self.u32("the op-table hash", FieldKind::Header)?;
        if table != Op::TABLE_HASH {
            return Err(self.error(
                ImageErrorKind::Version,
                12,
                format!(
                    "written for op table {table:#010x}, this VM's is {:#010x}",
                    Op::TABLE_HASH
                ),
            ));
        }
        let filename = self.str("the file name")?;
        self.code(1)?;
        if self.left() != 0 {
            return Err(self.error(
                ImageErrorKind::Malformed,
                self.pos,
                format!("{} bytes after the module's code object", self.left()),
            ));
        }
        Ok(Image {
            filename,
            codes: self.codes,
        })
    }

    /// Reads a code object at nesting `level`; its index in `codes`.
    fn code(&mut self, level: usize) -> Res<usize> {
        let start = self.pos;
        if level > MAX_NESTING {
            return Err(self.error(
                ImageErrorKind::Limit,
                start,
                format!("code objects and tuples nest deeper than {MAX_NESTING} levels"),
            ));
        }
        let index = self.codes.len();
        self.codes.try_reserve(1).map_err(|_| {
            self.error(
                ImageErrorKind::OutOfMemory,
                start,
                "no memory for a code object",
            )
        })?;
        self.codes.push(ImageCode::default());
        let mut c = ImageCode {
            level,
            ..ImageCode::default()
        };
        c.argcount = self.u32("argcount", FieldKind::Number)?;
        c.posonlyargcount = self.u32("posonlyargcount", FieldKind::Number)?;
        c.kwonlyargcount = self.u32("kwonlyargcount", FieldKind::Number)?;
        c.flags = self.u32("flags", FieldKind::Number)?;
        c.stacksize = self.u32("stacksize", FieldKind::Number)?;
        c.firstlineno = self.u32("firstlineno", FieldKind::Number)?;
        c.name = self.str("the name")?;
        c.qualname = self.str("the qualified name")?;
        c.units = self.units()?;
        c.consts = self.consts(level)?;
        c.names = self.strs("names")?;
        c.varnames = self.strs("local names")?;
        c.cellvars = self.strs("cell names")?;
        c.freevars = self.strs("free variable names")?;
        c.cell2arg = self.cell2arg()?;
        c.lines = self.lines()?;
        c.exc_table = self.handlers()?;
        self.codes[index] = c;
        self.mark(start, FieldKind::Code);
        Ok(index)
    }

    fn units(&mut self) -> Res<Vec<u32>> {
        let start = self.pos;
        let n = self.count("instruction units", 4, MAX_UNITS)?;
        let mut v = with_capacity(n, start)?;
        for _ in 0..n {
            v.push(self.u32("an instruction unit", FieldKind::Unit)?);
        }
        self.mark(start, FieldKind::Table);
        Ok(v)
    }

    fn consts(&mut self, level: usize) -> Res<Vec<Const<'a>>> {
        let start = self.pos;
        let n = self.count("constants", 1, MAX_ITEMS)?;
        let mut v = with_capacity(n, start)?;
        for _ in 0..n {
            v.push(self.constant(level)?);
        }
        self.mark(start, FieldKind::Table);
        Ok(v)
    }

    /// A constant inside a code object or tuple at nesting `level`.
    fn constant(&mut self, level: usize) -> Res<Const<'a>> {
        let start = self.pos;
        let [t] = self.array::<1>("a constant's tag", FieldKind::Tag)?;
        let c = match t {
            tag::NONE => Const::None,
            tag::FALSE => Const::False,
            tag::TRUE => Const::True,
            tag::ELLIPSIS => Const::Ellipsis,
            tag::INT => Const::Int(self.u64("an int", FieldKind::Number)? as i64),
            tag::BIG_INT => {
                let [sign] = self.array::<1>("a big int's sign", FieldKind::Number)?;
                if sign > 1 {
                    return Err(self.error(
                        ImageErrorKind::Malformed,
                        start + 1,
                        format!("a big int's sign byte is {sign}, not 0 or 1"),
                    ));
                }
                let n = self.count("big int bytes", 1, MAX_BIG_INT_BYTES)?;
                let at = self.pos;
                let magnitude = self.take(n, "a big int")?;
                self.mark(at, FieldKind::Text);
                Const::BigInt {
                    negative: sign == 1,
                    magnitude,
                }
            }
            tag::FLOAT => Const::Float(f64::from_bits(self.u64("a float", FieldKind::Number)?)),
            tag::STR => Const::Str(self.str("a str constant")?),
            tag::BYTES => {
                let n = self.count("bytes", 1, usize::MAX)?;
                let at = self.pos;
                let b = self.take(n, "a bytes constant")?;
                self.mark(at, FieldKind::Text);
                Const::Bytes(b)
            }
            tag::TUPLE => {
                if level + 1 > MAX_NESTING {
                    return Err(self.error(
                        ImageErrorKind::Limit,
                        start,
                        format!("code objects and tuples nest deeper than {MAX_NESTING} levels"),
                    ));
                }
                let n = self.count("tuple items", 1, MAX_ITEMS)?;
                let mut items = with_capacity(n, start)?;
                for _ in 0..n {
                    items.push(self.constant(level + 1)?);
                }
                Const::Tuple(items)
            }
            tag::CODE => Const::Code(self.code(level + 1)?),
            tag::COMPLEX => {
                let re = f64::from_bits(self.u64("a complex's real part", FieldKind::Number)?);
                let im = f64::from_bits(self.u64("a complex's imaginary part", FieldKind::Number)?);
                Const::Complex(re, im)
            }
            t => {
                return Err(self.error(
                    ImageErrorKind::Malformed,
                    start,
                    format!("unknown constant tag {t}"),
                ))
            }
        };
        self.mark(start, FieldKind::Const);
        Ok(c)
    }

    fn cell2arg(&mut self) -> Res<Vec<u32>> {
        let start = self.pos;
        let n = self.count("cell2arg entries", 4, MAX_ITEMS)?;
        let mut v = with_capacity(n, start)?;
        for _ in 0..n {
            v.push(self.u32("a cell2arg entry", FieldKind::Number)?);
        }
        self.mark(start, FieldKind::Table);
        Ok(v)
    }

    fn lines(&mut self) -> Res<Vec<LineEntry>> {
        let start = self.pos;
        let n = self.count("line-table entries", 20, MAX_ITEMS)?;
        let mut v = with_capacity(n, start)?;
        for _ in 0..n {
            let f = |r: &mut Self| r.u32("a line-table entry", FieldKind::Position);
            v.push(LineEntry {
                start: f(self)?,
                line: f(self)?,
                col: f(self)?,
                end_line: f(self)?,
                end_col: f(self)?,
            });
        }
        self.mark(start, FieldKind::Table);
        Ok(v)
    }

    fn handlers(&mut self) -> Res<Vec<ExcEntry>> {
        let start = self.pos;
        let n = self.count("exception-table entries", 20, MAX_ITEMS)?;
        let mut v = with_capacity(n, start)?;
        for _ in 0..n {
            let f = |r: &mut Self| r.u32("an exception-table entry", FieldKind::Handler);
            let (s, e, target, depth) = (f(self)?, f(self)?, f(self)?, f(self)?);
            let at = self.pos;
            let lasti = f(self)?;
            if lasti > 1 {
                return Err(self.error(
                    ImageErrorKind::Malformed,
                    at,
                    format!("an exception-table entry's push_lasti is {lasti}, not 0 or 1"),
                ));
            }
            v.push(ExcEntry {
                start: s,
                end: e,
                target,
                depth,
                push_lasti: lasti == 1,
            });
        }
        self.mark(start, FieldKind::Table);
        Ok(v)
    }
}
