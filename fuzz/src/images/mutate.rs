//! The mutations of the image fuzzer: byte-level ones (bit flips, byte changes,
//! truncation, deletions, splices of bytes from other images, rewritten fields found with
//! `image::fields`) and structure-aware ones ([`super::structure`]) on the reader's
//! description, written back with [`super::encode`].

use vm_core::image::{self, FieldKind};

use super::{encode, structure};
use crate::rng::Rng;

/// One mutated image of `img` (with `donors` for splices): one to three rounds, each a
/// byte mutation or, when the image still reads, a structural one.
pub fn mutate(rng: &mut Rng, img: &[u8], donors: &[Vec<u8>]) -> Vec<u8> {
    let mut b = img.to_vec();
    let rounds = 1 + rng.below(3);
    for _ in 0..rounds {
        if b.is_empty() {
            break;
        }
        let donor = rng.pick(donors);
        if rng.chance(1, 2) {
            if let Some(s) = mutate_structure(rng, &b, donor) {
                b = s;
                continue;
            }
        }
        mutate_bytes(rng, &mut b, donor);
    }
    b
}

/// A structural mutation of `b`, if it reads as an image.
fn mutate_structure(rng: &mut Rng, b: &[u8], donor: &[u8]) -> Option<Vec<u8>> {
    let mut img = image::read(b).ok()?;
    let donor = image::read(donor).ok()?;
    structure::mutate(rng, &mut img, &donor);
    Some(encode::encode(&img))
}

fn mutate_bytes(rng: &mut Rng, b: &mut Vec<u8>, donor: &[u8]) {
    match rng.below(8) {
        0 => {
            let i = rng.below(b.len());
            b[i] ^= 1 << rng.below(8);
        }
        1 => {
            let i = rng.below(b.len());
            let any = rng.next_u64() as u8;
            b[i] = *rng.pick(&[0, 1, 0x7f, 0x80, 0xff, any]);
        }
        2 => b.truncate(rng.below(b.len())),
        3 => {
            let (from, len) = (rng.below(donor.len()), 1 + rng.below(64));
            let piece = &donor[from..(from + len).min(donor.len())];
            let at = rng.below(b.len());
            let end = (at + rng.below(64)).min(b.len());
            b.splice(at..end, piece.iter().copied());
        }
        4 => {
            let at = rng.below(b.len());
            let n = 1 + rng.below(8);
            b.drain(at..(at + n).min(b.len()));
        }
        _ => change_field(rng, b),
    }
}

/// Rewrites one field the reader found (a count, a number, an instruction, a table
/// entry): by a small step, to an edge value, or to random bits.
fn change_field(rng: &mut Rng, b: &mut [u8]) {
    let (fields, _) = image::fields(b);
    let fields: Vec<_> = fields
        .into_iter()
        .filter(|f| f.kind != FieldKind::Header || rng.chance(1, 20))
        .collect();
    if fields.is_empty() {
        return;
    }
    let f = rng.pick(&fields);
    let Some(bytes) = b.get_mut(f.offset..f.offset + f.len) else {
        return;
    };
    let mut v = [0u8; 8];
    let n = bytes.len().min(8);
    v[..n].copy_from_slice(&bytes[..n]);
    let old = u64::from_le_bytes(v);
    let new = match rng.below(5) {
        0 => old.wrapping_add(1),
        1 => old.wrapping_sub(1),
        2 => old.wrapping_add(rng.range(-16, 16) as u64),
        3 => *rng.pick(&[0, 1, u64::MAX, u64::from(u32::MAX), 1 << 24, 0xff]),
        _ if f.kind == FieldKind::Unit => {
            // Another opcode, same oparg; or the same opcode with another oparg.
            if rng.chance(1, 2) {
                (old & !0xff) | (rng.below(256) as u64)
            } else {
                (old & 0xff) | (rng.below(1 << 12) as u64) << 8
            }
        }
        _ => rng.next_u64(),
    };
    bytes[..n].copy_from_slice(&new.to_le_bytes()[..n]);
}
