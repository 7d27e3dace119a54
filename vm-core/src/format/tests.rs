//! Tests: a CPython 3.11 oracle table (`cases.txt`, produced by `gen_cases.py`) plus
//! hand-written checks for the API surface the table cannot reach.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::*;

/// Undoes `esc()` from gen_cases.py.
fn unesc(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('\\') => out.push('\\'),
            Some('u') => {
                assert_eq!(it.next(), Some('{'));
                let hex: String = it.by_ref().take_while(|&c| c != '}').collect();
                out.push(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap());
            }
            other => panic!("bad escape {:?}", other),
        }
    }
    out
}

fn float_of(bits: &str) -> f64 {
    f64::from_bits(u64::from_str_radix(bits, 16).unwrap())
}

/// A big integer for the tests, from `[-]hex:dec`; other radices derived from the hex digits.
struct BigInt {
    negative: bool,
    hex: String,
    dec: String,
}

impl BigInt {
    fn parse(s: &str) -> BigInt {
        let (negative, s) = match s.strip_prefix('-') {
            Some(r) => (true, r),
            None => (false, s),
        };
        let (hex, dec) = s.split_once(':').unwrap();
        BigInt {
            negative,
            hex: hex.to_string(),
            dec: dec.to_string(),
        }
    }

    fn bin(&self) -> String {
        let mut b = String::new();
        for c in self.hex.chars() {
            let _ = core::fmt::Write::write_fmt(
                &mut b,
                format_args!("{:04b}", c.to_digit(16).unwrap()),
            );
        }
        let t = b.trim_start_matches('0');
        if t.is_empty() {
            "0".to_string()
        } else {
            t.to_string()
        }
    }
}

impl IntSource for BigInt {
    fn is_negative(&self) -> bool {
        self.negative
    }
    fn digits(&self, radix: u32) -> String {
        match radix {
            16 => self.hex.clone(),
            10 => self.dec.clone(),
            2 => self.bin(),
            8 => {
                let b = self.bin();
                let pad = (3 - b.len() % 3) % 3;
                let b: String = "0".repeat(pad) + &b;
                let o: String = b
                    .as_bytes()
                    .chunks(3)
                    .map(|c| {
                        char::from_digit(
                            u32::from_str_radix(core::str::from_utf8(c).unwrap(), 2).unwrap(),
                            8,
                        )
                        .unwrap()
                    })
                    .collect();
                let t = o.trim_start_matches('0');
                if t.is_empty() {
                    "0".to_string()
                } else {
                    t.to_string()
                }
            }
            _ => unreachable!(),
        }
    }
    fn to_f64(&self) -> Option<f64> {
        let m: f64 = self.dec.parse().unwrap();
        if m.is_infinite() {
            None
        } else {
            Some(if self.negative { -m } else { m })
        }
    }
    fn to_i64(&self) -> Option<i64> {
        let s = if self.negative {
            format!("-{}", self.dec)
        } else {
            self.dec.clone()
        };
        s.parse().ok()
    }
}

fn show(r: Result<String, FormatError>) -> String {
    match r {
        Ok(s) => format!("={}", s),
        Err(e) => {
            let name = match e.kind {
                FormatErrorKind::ValueError => "ValueError",
                FormatErrorKind::OverflowError => "OverflowError",
                FormatErrorKind::TypeError => "TypeError",
                FormatErrorKind::MemoryError => "MemoryError",
            };
            format!("!{}:{}", name, e.message)
        }
    }
}

enum Arg {
    Float(f64),
    Int(BigInt),
    Str(String),
}

impl Arg {
    fn parse(s: &str) -> Arg {
        let (tag, rest) = s.split_once(':').unwrap();
        match tag {
            "f" => Arg::Float(float_of(rest)),
            "i" => Arg::Int(BigInt::parse(rest)),
            _ => Arg::Str(unesc(rest)),
        }
    }

    fn str(&self) -> String {
        match self {
            Arg::Float(f) => float_str(*f),
            Arg::Int(i) => format!("{}{}", if i.negative { "-" } else { "" }, i.dec),
            Arg::Str(s) => s.clone(),
        }
    }
}

/// A miniature of the VM's `%` operator over a tuple, to drive the percent helpers.
fn run_percent(fmt: &str, args: &[Arg]) -> Result<String, FormatError> {
    let (items, err) = parse_percent_lazy(fmt);
    let mut next = args.iter();
    let mut out = String::new();
    let int_arg = |a: Option<&Arg>| -> Result<i64, FormatError> {
        match a {
            None => Err(FormatError::type_error(
                "not enough arguments for format string",
            )),
            Some(Arg::Int(i)) => Ok(i.to_i64().unwrap()),
            Some(_) => Err(FormatError::type_error("* wants int")),
        }
    };
    for item in items {
        let spec = match item {
            PercentItem::Literal(s) => {
                out.push_str(&s);
                continue;
            }
            PercentItem::Conversion(spec) => spec,
        };
        if spec.key.is_some() {
            return Err(FormatError::type_error("format requires a mapping"));
        }
        let mut flags = spec.flags;
        let width = match spec.width {
            None => None,
            Some(Count::Num(n)) => Some(n),
            Some(Count::Star) => {
                let w = int_arg(next.next())?;
                if w < 0 {
                    flags.left = true;
                }
                Some(w.unsigned_abs() as usize)
            }
        };
        let prec = match spec.precision {
            None => None,
            Some(Count::Num(n)) => Some(n),
            Some(Count::Star) => Some(int_arg(next.next())?.max(0) as usize),
        };
        let arg = next
            .next()
            .ok_or_else(|| FormatError::type_error("not enough arguments for format string"))?;
        spec.check_conv()?;
        let piece = match (spec.conv, arg) {
            ('s' | 'r' | 'a', a) => percent_str(&a.str(), flags, width, prec)?,
            ('c', Arg::Int(i)) => {
                let v = i.to_i64().unwrap();
                let c = u32::try_from(v)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| FormatError::overflow("%c arg not in range(0x110000)"))?;
                percent_str(&c.to_string(), flags, width, None)?
            }
            ('c', Arg::Str(s)) => percent_str(s, flags, width, None)?,
            ('d' | 'i' | 'u' | 'o' | 'x' | 'X', Arg::Int(i)) => {
                percent_int_src(i, flags, width, prec, spec.conv)?
            }
            ('e' | 'E' | 'f' | 'F' | 'g' | 'G', Arg::Float(f)) => {
                percent_float(*f, flags, width, prec, spec.conv)?
            }
            ('e' | 'E' | 'f' | 'F' | 'g' | 'G', Arg::Int(i)) => {
                percent_float(i.to_f64().unwrap(), flags, width, prec, spec.conv)?
            }
            (c, _) => panic!("test driver: unsupported combination %{}", c),
        };
        out.push_str(&piece);
    }
    if let Some(e) = err {
        if e.key_started {
            return Err(FormatError::type_error("format requires a mapping"));
        }
        if e.width_star {
            int_arg(next.next())?;
        }
        if e.precision_star {
            int_arg(next.next())?;
        }
        return Err(e.error);
    }
    if next.next().is_some() {
        return Err(FormatError::type_error(
            "not all arguments converted during string formatting",
        ));
    }
    Ok(out)
}

#[test]
fn cpython_oracle_table() {
    let data = include_str!("cases.txt");
    let mut counts = [0usize; 5];
    let mut failures = Vec::new();
    for line in data.lines().filter(|l| !l.is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let (got, want) = match f[0] {
            "R" => {
                counts[0] += 1;
                let x = float_of(f[1]);
                assert_eq!(float_str(x), float_repr(x));
                (format!("={}", float_repr(x)), unesc(f[2]))
            }
            "F" => {
                counts[1] += 1;
                (
                    show(format_float_spec(float_of(f[1]), &unesc(f[2]))),
                    unesc(f[3]),
                )
            }
            "I" => {
                counts[2] += 1;
                let n = BigInt::parse(f[1]);
                let spec = unesc(f[2]);
                let got = show(format_int_spec(&n, &spec, "int"));
                // The closure-based entry point must agree with the trait-based one.
                if let Ok(parsed) = parse_format_spec_for(&spec, "int") {
                    let via_fn = show(format_int(n.negative, &|r| n.digits(r), &parsed));
                    assert_eq!(via_fn, got, "format_int vs format_int_src: {}", line);
                }
                (got, unesc(f[3]))
            }
            "S" => {
                counts[3] += 1;
                (
                    show(format_str_spec(&unesc(f[1]), &unesc(f[2]))),
                    unesc(f[3]),
                )
            }
            "P" => {
                counts[4] += 1;
                let args: Vec<Arg> = if f[2].is_empty() {
                    Vec::new()
                } else {
                    f[2].split(',').map(Arg::parse).collect()
                };
                (show(run_percent(&unesc(f[1]), &args)), unesc(f[3]))
            }
            other => panic!("unknown line kind {}", other),
        };
        if got != want {
            failures.push(format!("{}\n    got:  {}\n    want: {}", line, got, want));
        }
    }
    let total: usize = counts.iter().sum();
    assert!(total > 50_000, "table too small: {}", total);
    if !failures.is_empty() {
        let shown: Vec<&String> = failures.iter().take(40).collect();
        panic!(
            "{} of {} cases failed (R/F/I/S/P = {:?}):\n{}",
            failures.len(),
            total,
            counts,
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}
