//! Writes an [`Image`] (as the reader describes one) back to bytes, so structural
//! mutations can change the description and get an image again. The layout is the
//! reader's (`docs/IMAGES.md`, "Format"); nothing is checked here: writing what the
//! verifier must refuse is the point.

use vm_core::bytecode::ops::Op;
use vm_core::image::{Const, Image, ImageCode, FORMAT_VERSION, MAGIC, MAX_NESTING};

/// Code objects nested deeper than this, or past [`MAX_WRITTEN_CODES`], are written as
/// `None`: a mutated `Code` constant may point back at an enclosing code object (the
/// reader refuses deeper nesting anyway), and a few such constants would otherwise
/// write exponentially many copies.
const MAX_WRITE_NESTING: usize = MAX_NESTING + 2;

/// Code objects written per image, at most.
const MAX_WRITTEN_CODES: usize = 2048;

/// The bytes of `img`.
pub fn encode(img: &Image<'_>) -> Vec<u8> {
    let mut w = Vec::with_capacity(4096);
    w.extend_from_slice(&MAGIC);
    w.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    w.extend_from_slice(&0u16.to_le_bytes());
    u32(&mut w, Op::TABLE_HASH);
    text(&mut w, img.filename.as_bytes());
    let mut budget = MAX_WRITTEN_CODES;
    code(&mut w, img, 0, 1, &mut budget);
    w
}

fn u32(w: &mut Vec<u8>, v: u32) {
    w.extend_from_slice(&v.to_le_bytes());
}

fn len(w: &mut Vec<u8>, n: usize) {
    u32(w, u32::try_from(n).unwrap_or(u32::MAX));
}

fn text(w: &mut Vec<u8>, b: &[u8]) {
    len(w, b.len());
    w.extend_from_slice(b);
}

fn strs(w: &mut Vec<u8>, v: &[&str]) {
    len(w, v.len());
    for s in v {
        text(w, s.as_bytes());
    }
}

fn code(w: &mut Vec<u8>, img: &Image<'_>, index: usize, level: usize, budget: &mut usize) {
    *budget = budget.saturating_sub(1);
    let empty = ImageCode::default();
    let c = img.codes.get(index).unwrap_or(&empty);
    for v in [
        c.argcount,
        c.posonlyargcount,
        c.kwonlyargcount,
        c.flags,
        c.stacksize,
        c.firstlineno,
    ] {
        u32(w, v);
    }
    text(w, c.name.as_bytes());
    text(w, c.qualname.as_bytes());
    len(w, c.units.len());
    for &u in &c.units {
        u32(w, u);
    }
    len(w, c.consts.len());
    for k in &c.consts {
        constant(w, img, k, level, budget);
    }
    for t in [&c.names, &c.varnames, &c.cellvars, &c.freevars] {
        strs(w, t);
    }
    len(w, c.cell2arg.len());
    for &a in &c.cell2arg {
        u32(w, a);
    }
    len(w, c.lines.len());
    for l in &c.lines {
        for v in [l.start, l.line, l.col, l.end_line, l.end_col] {
            u32(w, v);
        }
    }
    len(w, c.exc_table.len());
    for e in &c.exc_table {
        for v in [e.start, e.end, e.target, e.depth, u32::from(e.push_lasti)] {
            u32(w, v);
        }
    }
}

fn constant(w: &mut Vec<u8>, img: &Image<'_>, k: &Const<'_>, level: usize, budget: &mut usize) {
    match k {
        Const::None => w.push(0),
        Const::False => w.push(1),
        Const::True => w.push(2),
        Const::Ellipsis => w.push(3),
        Const::Int(i) => {
            w.push(4);
            w.extend_from_slice(&i.to_le_bytes());
        }
        Const::BigInt {
            negative,
            magnitude,
        } => {
            w.push(5);
            w.push(u8::from(*negative));
            text(w, magnitude);
        }
        Const::Float(f) => {
            w.push(6);
            w.extend_from_slice(&f.to_bits().to_le_bytes());
        }
        Const::Str(s) => {
            w.push(7);
            text(w, s.as_bytes());
        }
        Const::Bytes(b) => {
            w.push(8);
            text(w, b);
        }
        Const::Tuple(items) => {
            w.push(9);
            len(w, items.len());
            for k in items {
                constant(w, img, k, level + 1, budget);
            }
        }
        Const::Code(j) if level < MAX_WRITE_NESTING && *budget > 0 => {
            w.push(10);
            code(w, img, *j, level + 1, budget);
        }
        Const::Code(_) => w.push(0),
        Const::Complex(re, im) => {
            w.push(11);
            w.extend_from_slice(&re.to_bits().to_le_bytes());
            w.extend_from_slice(&im.to_bits().to_le_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_encodes_to_its_own_bytes() {
        let src = "def f(a, *b):\n    try:\n        return (1, 2.5, 'x', b'y', 3j, 10**30)\n    except E:\n        pass\nclass C:\n    def g(self): return lambda: self\n";
        let bytes = vm_core::image::compile_to_image(src, "t.py").expect("compiles");
        let img = vm_core::image::read(&bytes).expect("reads");
        assert_eq!(encode(&img), bytes);
    }
}
