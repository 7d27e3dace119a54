//! The character names of `\N{...}` escapes: every name, alias and algorithmic name that
//! CPython 3.11 accepts (Unicode 14.0.0), made by `testgen/unicode_names.py`.
//!
//! `unicode_names.bin` holds four sections after a header of their four lengths (u32 LE):
//! the words of the names (most frequent first, separated by newlines); the names in code
//! point order, each a sequence of word numbers (one byte below `0xBF`, two bytes
//! `0xC0 | hi, lo` for `0xBF + (hi << 8 | lo)`) ended by `0xBF`; the code points as LEB128
//! deltas; and the aliases as `NAME;HEX` lines. A lookup maps the query's words to their
//! numbers and scans the names, so it costs a pass over the table, at compile time only.

const DATA: &[u8] = include_bytes!("unicode_names.bin");

/// Word numbers below this take one byte; this byte ends a name.
const ONE: u32 = 0xBF;

/// Names made of a prefix and the code point in hex (any case: they are table names), with
/// the ranges they cover.
const HEX_NAMED: &[(&str, &[(u32, u32)])] = &[
    (
        "CJK COMPATIBILITY IDEOGRAPH-",
        &[(0xF900, 0xFA6D), (0xFA70, 0xFAD9), (0x2F800, 0x2FA1D)],
    ),
    ("KHITAN SMALL SCRIPT CHARACTER-", &[(0x18B00, 0x18CD5)]),
    ("NUSHU CHARACTER-", &[(0x1B170, 0x1B2FB)]),
];

/// CJK unified ideographs, named algorithmically (upper case only, 4 or 5 hex digits).
const UNIFIED: &[(u32, u32)] = &[
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0x20000, 0x2A6DF),
    (0x2A700, 0x2B738),
    (0x2B740, 0x2B81D),
    (0x2B820, 0x2CEA1),
    (0x2CEB0, 0x2EBE0),
    (0x30000, 0x3134A),
];

/// The jamo of Hangul syllable names (leading, vowel, trailing), as Unicode's algorithm.
const JAMO_L: &[&str] = &[
    "G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ", "C", "K", "T", "P",
    "H",
];
const JAMO_V: &[&str] = &[
    "A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO", "U", "WEO", "WE",
    "WI", "YU", "EU", "YI", "I",
];
const JAMO_T: &[&str] = &[
    "", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT", "LP", "LH", "M",
    "B", "BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H",
];

fn section(k: usize) -> &'static [u8] {
    let len = |i: usize| {
        DATA.get(4 * i..4 * i + 4)
            .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };
    let start = 16 + (0..k).map(len).sum::<usize>();
    DATA.get(start..start + len(k)).unwrap_or(&[])
}

/// The character `\N{name}` stands for, if any.
pub(super) fn lookup(name: &str) -> Option<char> {
    if let Some(c) = unified(name).or_else(|| hangul(name)) {
        return Some(c);
    }
    let upper = name.to_ascii_uppercase();
    for line in section(3).split(|&b| b == b'\n') {
        let text = core::str::from_utf8(line).ok()?;
        if let Some((n, hex)) = text.split_once(';') {
            if n == upper {
                return u32::from_str_radix(hex, 16).ok().and_then(char::from_u32);
            }
        }
    }
    table_name(&upper)
}

fn hex_code(digits: &str, upper_only: bool) -> Option<u32> {
    let ok = digits.bytes().all(|b| {
        b.is_ascii_digit()
            || (b'A'..=b'F').contains(&b)
            || (!upper_only && (b'a'..=b'f').contains(&b))
    });
    if !ok || digits.is_empty() {
        return None;
    }
    u32::from_str_radix(digits, 16).ok()
}

fn unified(name: &str) -> Option<char> {
    let digits = name.strip_prefix("CJK UNIFIED IDEOGRAPH-")?;
    if !(4..=5).contains(&digits.len()) {
        return None;
    }
    let v = hex_code(digits, true)?;
    UNIFIED
        .iter()
        .any(|&(a, b)| (a..=b).contains(&v))
        .then(|| char::from_u32(v))
        .flatten()
}

fn hangul(name: &str) -> Option<char> {
    let mut rest = name.strip_prefix("HANGUL SYLLABLE ")?;
    let mut take = |table: &[&str]| {
        // The longest jamo that starts the rest, as CPython's `find_syllable`.
        let (i, j) = table
            .iter()
            .enumerate()
            .filter(|(_, j)| rest.starts_with(**j))
            .max_by_key(|(_, j)| j.len())?;
        rest = &rest[j.len()..];
        Some(i as u32)
    };
    let l = take(JAMO_L)?;
    let v = take(JAMO_V)?;
    let t = take(JAMO_T)?;
    if !rest.is_empty() {
        return None;
    }
    char::from_u32(0xAC00 + (l * 21 + v) * 28 + t)
}

/// A name of the table (already in upper case).
fn table_name(upper: &str) -> Option<char> {
    for &(prefix, ranges) in HEX_NAMED {
        if let Some(digits) = upper.strip_prefix(prefix) {
            let v = hex_code(digits, false)?;
            let canonical = alloc::format!("{v:X}");
            return (canonical == digits && ranges.iter().any(|&(a, b)| (a..=b).contains(&v)))
                .then(|| char::from_u32(v))
                .flatten();
        }
    }
    // The query as word numbers; a word the table lacks names nothing.
    let mut query = alloc::vec::Vec::new();
    for w in upper.split(' ') {
        let n = section(0)
            .split(|&b| b == b'\n')
            .position(|x| x == w.as_bytes())?;
        query.push(n as u32);
    }
    let (names, codes) = (section(1), section(2));
    let (mut ni, mut ci, mut code) = (0usize, 0usize, -1i64);
    while ni < names.len() {
        let mut delta = 0i64;
        let mut shift = 0;
        while let Some(&b) = codes.get(ci) {
            ci += 1;
            delta |= ((b & 0x7F) as i64) << shift;
            shift += 7;
            if b < 0x80 {
                break;
            }
        }
        code += delta;
        let mut k = 0;
        let mut same = true;
        loop {
            let &b = names.get(ni)?;
            ni += 1;
            let word = match b as u32 {
                ONE => break,
                x if x < ONE => x,
                x => {
                    let lo = names.get(ni).copied().unwrap_or(0) as u32;
                    ni += 1;
                    ONE + ((x & 0x3F) << 8 | lo)
                }
            };
            same &= query.get(k) == Some(&word);
            k += 1;
        }
        if same && k == query.len() {
            return u32::try_from(code).ok().and_then(char::from_u32);
        }
    }
    None
}

#[cfg(test)]
#[path = "unicode_name_cases.rs"]
mod cases;

#[cfg(test)]
mod tests {
    #[test]
    fn names_resolve_as_in_cpython() {
        for &(name, want) in super::cases::NAME_CASES {
            let got = super::lookup(name).map(|c| c as u32);
            assert_eq!(got, want, "\\N{{{name}}}");
        }
    }
}
