//! Writing an image of a code object (`Vm::image_of`): the instructions as compiled,
//! whatever specialization, fusion or tier 2 did to them since.

use alloc::format;
use alloc::vec::Vec;

use super::{
    tag, ImageError, ImageErrorKind, Place, FORMAT_VERSION, MAGIC, MAX_BIG_INT_BYTES, MAX_NESTING,
    MAX_STACKSIZE,
};
use crate::bytecode::code::CodeObject;
use crate::bytecode::ops::Op;
use crate::bytecode::quicken;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::Vm;

type Res<T> = Result<T, ImageError>;

impl Vm {
    /// The bytecode image of `code` (a module's code object, usually) and everything
    /// nested in it; `Vm::load_image` reads it back. Fails for a constant an image cannot
    /// hold (the compiler emits none) or code over the format's limits.
    pub fn image_of(&self, code: &CodeObject) -> Result<Vec<u8>, ImageError> {
        let mut w = Writer {
            vm: self,
            out: Vec::new(),
            codes: 0,
        };
        w.out.extend_from_slice(&MAGIC);
        w.out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        w.out.extend_from_slice(&0u16.to_le_bytes());
        w.u32(Op::TABLE_HASH);
        w.str(&code.filename)?;
        w.code(code, 1)?;
        Ok(w.out)
    }
}

struct Writer<'v> {
    vm: &'v Vm,
    out: Vec<u8>,
    /// Code objects written so far (for error places).
    codes: usize,
}

fn limit(place: Place, msg: alloc::string::String) -> ImageError {
    ImageError::new(ImageErrorKind::Limit, place, msg)
}

impl Writer<'_> {
    fn u32(&mut self, v: u32) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }

    fn len(&mut self, n: usize) -> Res<()> {
        let n =
            u32::try_from(n).map_err(|_| limit(Place::Image, format!("a table of {n} items")))?;
        self.u32(n);
        Ok(())
    }

    fn str(&mut self, s: &str) -> Res<()> {
        self.len(s.len())?;
        self.out.extend_from_slice(s.as_bytes());
        Ok(())
    }

    /// A str held in a code object (a name).
    fn name(&mut self, v: Value, place: &dyn Fn() -> Place) -> Res<()> {
        let Some(s) = self.vm.str_of(v) else {
            return Err(ImageError::new(
                ImageErrorKind::Unsupported,
                place(),
                "a name that is not a str",
            ));
        };
        self.str(s)
    }

    fn names(&mut self, vs: &[Value], place: &dyn Fn() -> Place) -> Res<()> {
        self.len(vs.len())?;
        for &v in vs {
            self.name(v, place)?;
        }
        Ok(())
    }

    fn code(&mut self, code: &CodeObject, level: usize) -> Res<()> {
        let index = self.codes;
        self.codes += 1;
        let qualname = self.vm.str_of(code.qualname).unwrap_or("?");
        let place = || Place::Code {
            index,
            qualname: qualname.into(),
            offset: None,
        };
        if level > MAX_NESTING {
            return Err(limit(
                place(),
                format!("code objects and tuples nest deeper than {MAX_NESTING} levels"),
            ));
        }
        if code.stacksize > MAX_STACKSIZE {
            return Err(limit(
                place(),
                format!("stacksize {} (at most {MAX_STACKSIZE})", code.stacksize),
            ));
        }
        for v in [
            code.argcount,
            code.posonlyargcount,
            code.kwonlyargcount,
            code.flags,
            code.stacksize,
            code.firstlineno,
        ] {
            self.u32(v);
        }
        self.name(code.name, &place)?;
        self.name(code.qualname, &place)?;
        let units = quicken::as_compiled(code).ok_or_else(|| {
            ImageError::new(
                ImageErrorKind::Invalid,
                place(),
                "a unit that is not an instruction",
            )
        })?;
        self.len(units.len())?;
        for u in units {
            self.u32(u);
        }
        self.len(code.consts.len())?;
        for &c in code.consts.iter() {
            self.constant(c, level, &place)?;
        }
        self.names(&code.names, &place)?;
        self.names(&code.varnames, &place)?;
        self.names(&code.cellvars, &place)?;
        self.names(&code.freevars, &place)?;
        self.len(code.cell2arg.len())?;
        for &c in code.cell2arg.iter() {
            self.u32(c);
        }
        self.len(code.lines.len())?;
        for l in code.lines.iter() {
            for v in [l.start, l.line, l.col, l.end_line, l.end_col] {
                self.u32(v);
            }
        }
        self.len(code.exc_table.len())?;
        for e in code.exc_table.iter() {
            for v in [e.start, e.end, e.target, e.depth, u32::from(e.push_lasti)] {
                self.u32(v);
            }
        }
        Ok(())
    }

    fn constant(&mut self, v: Value, level: usize, place: &dyn Fn() -> Place) -> Res<()> {
        let simple = match v {
            Value::NONE => Some(tag::NONE),
            Value::FALSE => Some(tag::FALSE),
            Value::TRUE => Some(tag::TRUE),
            Value::ELLIPSIS => Some(tag::ELLIPSIS),
            _ => None,
        };
        if let Some(t) = simple {
            self.out.push(t);
            return Ok(());
        }
        if let Some(f) = v.as_float() {
            self.out.push(tag::FLOAT);
            self.out.extend_from_slice(&f.to_bits().to_le_bytes());
            return Ok(());
        }
        if let Some(i) = v.as_small_int() {
            self.int(i);
            return Ok(());
        }
        let vm = self.vm;
        match vm.obj(v) {
            Some(Obj::Str(s)) => {
                self.out.push(tag::STR);
                self.str(s.as_str())
            }
            Some(Obj::Bytes(b)) => {
                self.out.push(tag::BYTES);
                self.len(b.len())?;
                self.out.extend_from_slice(b);
                Ok(())
            }
            Some(Obj::BigInt(h)) => {
                let b = h.to_big();
                if let Some(i) = b.to_i64() {
                    self.int(i);
                    return Ok(());
                }
                let n = b.bit_length().div_ceil(8) as usize;
                let magnitude = b
                    .abs()
                    .to_bytes(n, true, false)
                    .ok()
                    .filter(|m| m.len() <= MAX_BIG_INT_BYTES)
                    .ok_or_else(|| limit(place(), format!("an int of {n} bytes")))?;
                self.out.push(tag::BIG_INT);
                self.out.push(u8::from(b.is_negative()));
                self.len(magnitude.len())?;
                self.out.extend_from_slice(&magnitude);
                Ok(())
            }
            Some(Obj::Tuple(items)) => {
                if level + 1 > MAX_NESTING {
                    return Err(limit(
                        place(),
                        format!("code objects and tuples nest deeper than {MAX_NESTING} levels"),
                    ));
                }
                self.out.push(tag::TUPLE);
                self.len(items.len())?;
                for &item in items.iter() {
                    self.constant(item, level + 1, place)?;
                }
                Ok(())
            }
            Some(&Obj::Complex { re, im }) => {
                self.out.push(tag::COMPLEX);
                self.out.extend_from_slice(&re.to_bits().to_le_bytes());
                self.out.extend_from_slice(&im.to_bits().to_le_bytes());
                Ok(())
            }
            Some(Obj::Code(c)) => {
                self.out.push(tag::CODE);
                self.code(c, level + 1)
            }
            _ => Err(ImageError::new(
                ImageErrorKind::Unsupported,
                place(),
                format!("a constant of type '{}'", vm.type_name(v)),
            )),
        }
    }

    fn int(&mut self, i: i64) {
        self.out.push(tag::INT);
        self.out.extend_from_slice(&i.to_le_bytes());
    }
}
