//! Loading an image: read, verify, then build the code objects and their constants on the
//! heap, finishing each code object as the code generator does. No path runs code that
//! the verifier did not accept.

use alloc::boxed::Box;
use alloc::format;
use alloc::rc::Rc;
use alloc::vec::Vec;
use core::cell::Cell;

use super::{read, Const, Image, ImageCode, ImageError, ImageErrorKind, Place};
use crate::bytecode::code::CodeObject;
use crate::bytecode::quicken;
use crate::bytecode::verify;
use crate::numeric::complex::Complex;
use crate::object::bigint::BigInt;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, RunError, Vm};

/// The start of an image: what [`header`] reads without reading the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header<'a> {
    /// The format version.
    pub version: u16,
    /// The op-table hash it was written for.
    pub table: u32,
    /// The file name it was compiled from.
    pub filename: &'a str,
}

/// Reads the header of an image (magic, versions, file name) without checking them against
/// this VM: what a tool shows, or a loader uses to find the source beside an image.
pub fn header(bytes: &[u8]) -> Result<Header<'_>, ImageError> {
    let bad =
        |at: usize, msg: &str| ImageError::new(ImageErrorKind::Malformed, Place::Byte(at), msg);
    if !super::is_image(bytes) {
        return Err(ImageError::new(
            ImageErrorKind::NotAnImage,
            Place::Byte(0),
            "no image magic at the start",
        ));
    }
    let word = |at: usize, n: usize| {
        bytes
            .get(at..at + n)
            .ok_or_else(|| bad(at, "truncated header"))
    };
    let version = u16::from_le_bytes([word(8, 2)?[0], word(8, 2)?[1]]);
    let t = word(12, 4)?;
    let table = u32::from_le_bytes([t[0], t[1], t[2], t[3]]);
    let n = word(16, 4)?;
    let n = u32::from_le_bytes([n[0], n[1], n[2], n[3]]) as usize;
    let name = bytes
        .get(20..20usize.saturating_add(n))
        .ok_or_else(|| bad(16, "truncated file name"))?;
    let filename = core::str::from_utf8(name).map_err(|_| bad(20, "the file name is not UTF-8"))?;
    Ok(Header {
        version,
        table,
        filename,
    })
}

impl Vm {
    /// Reads, verifies and builds a bytecode image; the module's code object. `filename`
    /// is what tracebacks show for its code (it replaces the name the image was compiled
    /// from, as CPython's import does for a `.pyc`); they show no source lines. A
    /// malformed image is refused with the reason, and nothing of it runs.
    ///
    /// Like [`Vm::compile`]'s, the result's constants are not rooted: run it (or keep it
    /// reachable from the heap) before the next collection.
    pub fn load_image(
        &mut self,
        image: &[u8],
        filename: &str,
    ) -> Result<Rc<CodeObject>, ImageError> {
        self.load_image_with_source(image, filename, None)
    }

    /// [`Vm::load_image`] with the source text the image was compiled from, for the lines
    /// tracebacks show (the caller found it, e.g. beside the image).
    pub fn load_image_with_source(
        &mut self,
        image: &[u8],
        filename: &str,
        source: Option<&str>,
    ) -> Result<Rc<CodeObject>, ImageError> {
        let unpacked;
        let image = if super::packed::is_packed(image) {
            unpacked = super::packed::unpack(image)?;
            &unpacked[..]
        } else {
            image
        };
        let img = read(image)?;
        verify::verify(&img)?;
        let mut b = Builder {
            img: &img,
            filename: Rc::from(filename),
            source: source.map(Rc::from),
        };
        let oom = |_| {
            ImageError::new(
                ImageErrorKind::OutOfMemory,
                Place::Image,
                "the heap cannot hold the image's constants (MemoryError)",
            )
        };
        b.code(self, 0).map_err(oom)
    }

    /// Loads an image ([`Vm::load_image_with_source`]) and runs it as the `__main__`
    /// module, like [`Vm::run_source`]. A refused image comes back as
    /// [`RunError::Compile`] with the reason (a line ending with a newline).
    pub fn run_image(
        &mut self,
        image: &[u8],
        filename: &str,
        source: Option<&str>,
    ) -> Result<(), RunError> {
        let code = self
            .load_image_with_source(image, filename, source)
            .map_err(|e| RunError::Compile(format!("{e}\n")))?;
        self.run_main(code)
    }
}

/// Builds the verified code objects of an image on the heap.
struct Builder<'i, 'a> {
    img: &'i Image<'a>,
    filename: Rc<str>,
    source: Option<Rc<str>>,
}

impl Builder<'_, '_> {
    /// Code object `index` and, first, those nested in it (nesting is bounded by the
    /// reader, so is this recursion).
    fn code(&mut self, vm: &mut Vm, index: usize) -> PyResult<Rc<CodeObject>> {
        let c: &ImageCode<'_> = &self.img.codes[index];
        let mut consts = Vec::with_capacity(c.consts.len());
        for k in &c.consts {
            consts.push(self.constant(vm, k)?);
        }
        let strs = |vm: &mut Vm, v: &[&str]| -> PyResult<Box<[Value]>> {
            v.iter().map(|s| vm.intern(s)).collect()
        };
        let units: Box<[Cell<u32>]> = c.units.iter().map(|&u| Cell::new(u)).collect();
        quicken::finish(&units);
        Ok(Rc::new(CodeObject {
            code: units,
            consts: consts.into_boxed_slice(),
            names: strs(vm, &c.names)?,
            varnames: strs(vm, &c.varnames)?,
            cellvars: strs(vm, &c.cellvars)?,
            freevars: strs(vm, &c.freevars)?,
            cell2arg: c.cell2arg.clone().into_boxed_slice(),
            name: vm.intern(c.name)?,
            qualname: vm.intern(c.qualname)?,
            filename: self.filename.clone(),
            source: self.source.clone(),
            argcount: c.argcount,
            posonlyargcount: c.posonlyargcount,
            kwonlyargcount: c.kwonlyargcount,
            flags: c.flags,
            stacksize: c.stacksize,
            firstlineno: c.firstlineno,
            lines: c.lines.clone().into_boxed_slice(),
            exc_table: c.exc_table.clone().into_boxed_slice(),
            executors: Default::default(),
        }))
    }

    fn constant(&mut self, vm: &mut Vm, k: &Const<'_>) -> PyResult<Value> {
        Ok(match k {
            Const::None => Value::NONE,
            Const::False => Value::FALSE,
            Const::True => Value::TRUE,
            Const::Ellipsis => Value::ELLIPSIS,
            Const::Int(i) => vm.int_from_i128(i128::from(*i))?,
            Const::BigInt {
                negative,
                magnitude,
            } => {
                let b = BigInt::from_bytes(magnitude, true, false);
                vm.int_from_big(if *negative { b.neg() } else { b })?
            }
            Const::Float(f) => Value::float(*f),
            Const::Str(s) => vm.intern(s)?,
            Const::Bytes(b) => vm.alloc_value(Obj::Bytes((*b).into()))?,
            Const::Tuple(items) => {
                let mut vals = Vec::with_capacity(items.len());
                for item in items {
                    vals.push(self.constant(vm, item)?);
                }
                vm.new_tuple(vals)?
            }
            Const::Code(i) => {
                let code = self.code(vm, *i)?;
                vm.alloc_value(Obj::Code(code))?
            }
            Const::Complex(re, im) => vm.new_complex(Complex::new(*re, *im))?,
        })
    }
}
