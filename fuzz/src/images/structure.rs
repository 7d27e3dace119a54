//! Structure-aware mutations of an image: changes to the reader's description
//! ([`Image`]) that keep the framing valid, so they reach the verifier's deeper checks
//! (and, when it accepts them, the interpreter) instead of the reader's: an opcode swapped
//! for another one images may hold, an oparg moved to the edge of its range or just past
//! it, a constant of another kind (ints at the small-int edges, NaNs with payloads, code
//! objects where none belong), code spliced in from another image, exception-table
//! entries dropped, duplicated or moved, header counts and tables changed by one.

use vm_core::bytecode::code::code_flags;
use vm_core::bytecode::ops::{Op, Oparg};
use vm_core::image::{Const, Image, ImageCode};

use crate::rng::Rng;

/// One structural change of `img`; `donor` supplies spliced code and code objects.
pub fn mutate<'a>(rng: &mut Rng, img: &mut Image<'a>, donor: &Image<'a>) {
    if img.codes.is_empty() {
        return;
    }
    let ci = rng.below(img.codes.len());
    match rng.below(10) {
        0 | 1 => swap_opcode(rng, &mut img.codes[ci]),
        2 | 3 => edge_oparg(rng, &mut img.codes[ci]),
        4 => change_const(rng, img, ci),
        5 => splice_units(rng, &mut img.codes[ci], donor),
        6 => graft_code(rng, img, ci, donor),
        7 | 8 => change_handlers(rng, &mut img.codes[ci]),
        _ => change_header(rng, &mut img.codes[ci]),
    }
}

/// The offsets where instructions start, as the verifier walks them (caches skipped).
fn starts(units: &[u32]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut ip = 0;
    while ip < units.len() {
        out.push(ip);
        ip += 1 + Op::from_u8(units[ip] as u8).map_or(0, Op::cache_units);
    }
    out
}

/// The opcodes an image may hold.
fn image_ops() -> Vec<Op> {
    Op::ALL
        .iter()
        .copied()
        .filter(|op| op.in_images())
        .collect()
}

/// Another opcode for an instruction: usually one with the same cache size (so the
/// instruction boundaries stay), sometimes any opcode at all.
fn swap_opcode(rng: &mut Rng, c: &mut ImageCode<'_>) {
    let s = starts(&c.units);
    if s.is_empty() {
        return;
    }
    let at = *rng.pick(&s);
    let old = c.units[at];
    let cache = Op::from_u8(old as u8).map_or(0, Op::cache_units);
    let ops = image_ops();
    let same: Vec<Op> = ops
        .iter()
        .copied()
        .filter(|op| op.cache_units() == cache)
        .collect();
    let op = if rng.chance(1, 8) || same.is_empty() {
        *rng.pick(Op::ALL)
    } else {
        *rng.pick(&same)
    };
    c.units[at] = (old & !0xff) | op as u32;
}

/// An oparg at the edge of what its kind allows, or just past it.
fn edge_oparg(rng: &mut Rng, c: &mut ImageCode<'_>) {
    let s = starts(&c.units);
    if s.is_empty() {
        return;
    }
    let at = *rng.pick(&s);
    let Some(op) = Op::from_u8(c.units[at] as u8) else {
        return;
    };
    let old = c.units[at] >> 8;
    let len = |n: usize| n as u32;
    let bound = match op.oparg() {
        Oparg::Const => len(c.consts.len()),
        Oparg::Name => len(c.names.len()),
        Oparg::NameAndBit => len(c.names.len()) << 1,
        Oparg::Local => len(c.varnames.len()),
        Oparg::Cell | Oparg::FreeCount => len(c.cellvars.len()),
        Oparg::CellOrFree => len(c.cellvars.len() + c.freevars.len()),
        Oparg::Range(_, hi) => hi.saturating_add(1),
        Oparg::Below(max) => max + 1,
        Oparg::Jump => {
            let t = *rng.pick(&s) as u32;
            return set_oparg(c, at, if rng.chance(1, 4) { t + 1 } else { t });
        }
        _ => old.saturating_add(2),
    };
    let new = match rng.below(6) {
        0 => bound.wrapping_sub(1),
        1 => bound,
        2 => bound + 1,
        3 => old.wrapping_sub(1),
        4 => old + 1,
        _ => 0,
    };
    set_oparg(c, at, new);
}

fn set_oparg(c: &mut ImageCode<'_>, at: usize, arg: u32) {
    c.units[at] = (c.units[at] & 0xff) | (arg & 0xff_ffff) << 8;
}

/// A constant of another kind, or the same kind at an edge.
fn change_const<'a>(rng: &mut Rng, img: &mut Image<'a>, ci: usize) {
    let n = img.codes[ci].consts.len();
    let ncodes = img.codes.len();
    let new = random_const(rng, ncodes);
    if n == 0 || rng.chance(1, 6) {
        img.codes[ci].consts.push(new);
    } else {
        let k = rng.below(n);
        img.codes[ci].consts[k] = new;
    }
}

fn random_const<'a>(rng: &mut Rng, ncodes: usize) -> Const<'a> {
    const EDGES: [i64; 8] = [
        (1 << 47) - 1,
        1 << 47,
        -(1 << 47),
        -(1 << 47) - 1,
        i64::MAX,
        i64::MIN,
        0,
        -1,
    ];
    const STRS: [&str; 4] = ["", "x", "__init__", "\u{10ffff}"];
    const MAGNITUDES: [&[u8]; 4] = [&[], &[0], &[1, 0, 0], &[0xff; 9]];
    // NaN bit patterns in the boxed range: a small int, an object, a singleton, past it.
    const NANS: [u64; 5] = [
        0xFFF9_0000_0000_0001,
        0xFFFA_0000_00FF_FFFF,
        0xFFFB_0000_0000_0005,
        0xFFFF_FFFF_FFFF_FFFF,
        0x7FF8_0000_0000_0001,
    ];
    match rng.below(12) {
        0 => Const::None,
        1 => Const::True,
        2 => Const::Ellipsis,
        3 | 4 => Const::Int(*rng.pick(&EDGES)),
        5 => Const::BigInt {
            negative: rng.chance(1, 2),
            magnitude: MAGNITUDES[rng.below(MAGNITUDES.len())],
        },
        6 => Const::Float(f64::from_bits(*rng.pick(&NANS))),
        7 => Const::Str(STRS[rng.below(STRS.len())]),
        8 => Const::Bytes(b"\x00\xff"),
        9 => Const::Tuple(vec![Const::Int(1), Const::Str("a")]),
        10 => Const::Code(rng.below(ncodes)),
        _ => Const::Complex(f64::from_bits(*rng.pick(&NANS)), 1.0),
    }
}

/// A run of units from the donor's code in place of as many of this code's, at
/// instruction starts of both.
fn splice_units(rng: &mut Rng, c: &mut ImageCode<'_>, donor: &Image<'_>) {
    let Some(d) = donor.codes.get(rng.below(donor.codes.len())) else {
        return;
    };
    let (ds, cs) = (starts(&d.units), starts(&c.units));
    if ds.is_empty() || cs.is_empty() {
        return;
    }
    let from = *rng.pick(&ds);
    let n = (1 + rng.below(6)).min(d.units.len() - from);
    let at = *rng.pick(&cs);
    let end = (at + n).min(c.units.len());
    c.units
        .splice(at..end, d.units[from..from + n].iter().copied());
}

/// A code object of the donor (with those nested in it) in place of a constant of this
/// one.
fn graft_code<'a>(rng: &mut Rng, img: &mut Image<'a>, ci: usize, donor: &Image<'a>) {
    if donor.codes.len() < 2 {
        return;
    }
    let j = 1 + rng.below(donor.codes.len() - 1);
    let new = copy_code(img, donor, j, 0);
    let consts = &mut img.codes[ci].consts;
    match consts.iter().position(|k| matches!(k, Const::Code(_))) {
        Some(k) if rng.chance(3, 4) => consts[k] = Const::Code(new),
        _ if !consts.is_empty() => {
            let k = rng.below(consts.len());
            consts[k] = Const::Code(new);
        }
        _ => consts.push(Const::Code(new)),
    }
}

/// Appends donor code `j` and its nested code objects to `img`; the new index.
fn copy_code<'a>(img: &mut Image<'a>, donor: &Image<'a>, j: usize, depth: usize) -> usize {
    let mut c = donor.codes[j].clone();
    let at = img.codes.len();
    img.codes.push(ImageCode::default());
    for k in &mut c.consts {
        if let Const::Code(n) = *k {
            *k = if depth < 8 && n < donor.codes.len() {
                Const::Code(copy_code(img, donor, n, depth + 1))
            } else {
                Const::None
            };
        }
    }
    img.codes[at] = c;
    at
}

/// An exception-table entry dropped, duplicated, or with a field moved.
fn change_handlers(rng: &mut Rng, c: &mut ImageCode<'_>) {
    let s = starts(&c.units);
    if c.exc_table.is_empty() || s.is_empty() {
        return;
    }
    let i = rng.below(c.exc_table.len());
    let some_start = *rng.pick(&s) as u32;
    match rng.below(8) {
        0 => {
            c.exc_table.remove(i);
        }
        1 => {
            let e = c.exc_table[i];
            c.exc_table.insert(i, e);
        }
        2 => c.exc_table[i].depth = c.exc_table[i].depth.wrapping_add(1),
        3 => c.exc_table[i].depth = c.exc_table[i].depth.saturating_sub(1),
        4 => c.exc_table[i].push_lasti ^= true,
        5 => c.exc_table[i].target = some_start,
        6 => c.exc_table[i].start = some_start,
        _ => c.exc_table[i].end = some_start,
    }
}

/// A header count or flag changed, or a table of names one shorter or longer.
fn change_header(rng: &mut Rng, c: &mut ImageCode<'_>) {
    const FLAGS: [u32; 7] = [
        code_flags::VARARGS,
        code_flags::VARKEYWORDS,
        code_flags::GENERATOR,
        code_flags::COROUTINE,
        code_flags::ASYNC_GENERATOR,
        code_flags::NAMESPACE,
        code_flags::HAS_DOCSTRING,
    ];
    match rng.below(8) {
        0 => c.stacksize = c.stacksize.saturating_sub(1),
        1 => c.stacksize += 1,
        2 => c.flags ^= *rng.pick(&FLAGS),
        3 => c.argcount = c.argcount.wrapping_add(1),
        4 => c.argcount = c.argcount.saturating_sub(1),
        5 => c.kwonlyargcount ^= 1,
        6 => {
            let t = rng.pick(&[0, 1, 2, 3]);
            let table = [
                &mut c.names,
                &mut c.varnames,
                &mut c.cellvars,
                &mut c.freevars,
            ]
            .into_iter()
            .nth(*t);
            if let Some(v) = table {
                if rng.chance(1, 2) {
                    v.pop();
                } else {
                    v.push("fz");
                }
            }
        }
        _ => {
            if rng.chance(1, 2) {
                c.cell2arg.pop();
            } else {
                c.cell2arg.push(rng.below(3) as u32);
            }
        }
    }
}
