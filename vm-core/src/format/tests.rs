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
    fn digits(&self, radix: u32) -> Result<String, FormatError> {
        Ok(match radix {
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
        })
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
            ('s' | 'r' | 'a', a) => percent_str(&a.str(), flags, width, prec, &mut Unlimited)?,
            ('c', Arg::Int(i)) => {
                let c = percent_char_from_int(i.to_i64())?;
                percent_str(&c.to_string(), flags, width, None, &mut Unlimited)?
            }
            ('c', Arg::Str(s)) => percent_str(s, flags, width, None, &mut Unlimited)?,
            ('d' | 'i' | 'u' | 'o' | 'x' | 'X', Arg::Int(i)) => {
                percent_int_src(i, flags, width, prec, spec.conv, &mut Unlimited)?
            }
            ('e' | 'E' | 'f' | 'F' | 'g' | 'G', Arg::Float(f)) => {
                percent_float(*f, flags, width, prec, spec.conv, &mut Unlimited)?
            }
            ('e' | 'E' | 'f' | 'F' | 'g' | 'G', Arg::Int(i)) => percent_float(
                i.to_f64().unwrap(),
                flags,
                width,
                prec,
                spec.conv,
                &mut Unlimited,
            )?,
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
                    show(format_float_spec(
                        float_of(f[1]),
                        &unesc(f[2]),
                        &mut Unlimited,
                    )),
                    unesc(f[3]),
                )
            }
            "I" => {
                counts[2] += 1;
                let n = BigInt::parse(f[1]);
                let spec = unesc(f[2]);
                let got = show(format_int_spec(&n, &spec, "int", &mut Unlimited));
                // The closure-based entry point must agree with the trait-based one.
                if let Ok(parsed) = parse_format_spec_for(&spec, "int") {
                    let via_fn = show(format_int(
                        n.negative,
                        &|r| n.digits(r).unwrap(),
                        &parsed,
                        &mut Unlimited,
                    ));
                    assert_eq!(via_fn, got, "format_int vs format_int_src: {}", line);
                }
                (got, unesc(f[3]))
            }
            "S" => {
                counts[3] += 1;
                (
                    show(format_str_spec(&unesc(f[1]), &unesc(f[2]), &mut Unlimited)),
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

fn err_of(r: Result<String, FormatError>) -> (FormatErrorKind, String) {
    let e = r.unwrap_err();
    (e.kind, e.message)
}

#[test]
fn repr_examples_from_cpython() {
    let cases: [(f64, &str); 14] = [
        (1e16, "1e+16"),
        (1e-5, "1e-05"),
        (0.0001, "0.0001"),
        (123456789012345.0, "123456789012345.0"),
        (1.5e300, "1.5e+300"),
        (f64::INFINITY, "inf"),
        (f64::NEG_INFINITY, "-inf"),
        (f64::NAN, "nan"),
        (-f64::NAN, "nan"),
        (-0.0, "-0.0"),
        (1e22, "1e+22"),
        (0.1, "0.1"),
        (5e-324, "5e-324"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
    ];
    for (x, want) in cases {
        assert_eq!(float_repr(x), want);
        assert_eq!(float_str(x), want);
    }
}

#[test]
fn rounding_examples() {
    assert_eq!(
        format_float_spec(2.675, ".2f", &mut Unlimited).unwrap(),
        "2.67"
    );
    assert_eq!(
        format_float_spec(0.125, ".2f", &mut Unlimited).unwrap(),
        "0.12"
    );
    assert_eq!(
        format_float_spec(0.375, ".2f", &mut Unlimited).unwrap(),
        "0.38"
    );
    assert_eq!(format_float_spec(1.0, ".3", &mut Unlimited).unwrap(), "1.0");
    assert_eq!(
        format_float_spec(1e20, "", &mut Unlimited).unwrap(),
        "1e+20"
    );
    assert_eq!(format_float_spec(0.1, "", &mut Unlimited).unwrap(), "0.1");
    assert_eq!(
        format_float_spec(-0.0001, "z.2f", &mut Unlimited).unwrap(),
        "0.00"
    );
    let f = PercentFlags::default();
    assert_eq!(
        percent_float(0.5, f, None, Some(0), 'f', &mut Unlimited).unwrap(),
        "0"
    );
    assert_eq!(
        percent_float(1.5, f, None, Some(0), 'f', &mut Unlimited).unwrap(),
        "2"
    );
    assert_eq!(
        percent_float(1e20, f, None, None, 'g', &mut Unlimited).unwrap(),
        "1e+20"
    );
    assert_eq!(
        percent_float(0.0001234, f, None, Some(3), 'g', &mut Unlimited).unwrap(),
        "0.000123"
    );
    let alt = PercentFlags { alt: true, ..f };
    assert_eq!(
        percent_float(1.0, alt, None, None, 'g', &mut Unlimited).unwrap(),
        "1.00000"
    );
}

#[test]
fn spec_error_messages() {
    let v = FormatErrorKind::ValueError;
    let cases: [(Result<String, FormatError>, &str); 12] = [
        (
            format_float_spec(1.0, "abc", &mut Unlimited),
            "Invalid format specifier 'abc' for object of type 'float'",
        ),
        (
            format_float_spec(1.0, ".", &mut Unlimited),
            "Format specifier missing precision",
        ),
        (
            format_str_spec("s", ",", &mut Unlimited),
            "Cannot specify ',' with 's'.",
        ),
        (
            format_float_spec(1.0, "d", &mut Unlimited),
            "Unknown format code 'd' for object of type 'float'",
        ),
        (
            format_str_spec("s", "+", &mut Unlimited),
            "Sign not allowed in string format specifier",
        ),
        (
            format_str_spec("s", "#", &mut Unlimited),
            "Alternate form (#) not allowed in string format specifier",
        ),
        (
            format_str_spec("s", "=", &mut Unlimited),
            "'=' alignment not allowed in string format specifier",
        ),
        (
            format_int_spec(&1i64, ",_", "int", &mut Unlimited),
            "Cannot specify both ',' and '_'.",
        ),
        (
            format_int_spec(&1i64, "q", "bool", &mut Unlimited),
            "Unknown format code 'q' for object of type 'bool'",
        ),
        (
            format_float_spec(1.0, "\u{1}", &mut Unlimited),
            "Unknown format code '\\x1' for object of type 'float'",
        ),
        (
            format_float_spec(1.0, ".2147483648", &mut Unlimited),
            "precision too big",
        ),
        (
            format_float_spec(1.0, "99999999999999999999", &mut Unlimited),
            "Too many decimal digits in format string",
        ),
    ];
    for (r, msg) in cases {
        assert_eq!(err_of(r), (v, String::from(msg)));
    }
    assert_eq!(
        err_of(format_int_spec(&-1i64, "c", "int", &mut Unlimited)),
        (
            FormatErrorKind::OverflowError,
            String::from("%c arg not in range(0x110000)")
        )
    );
    assert_eq!(
        err_of(parse_format_spec("xyz").map(|_| String::new())).1,
        "Invalid format specifier 'xyz' for object of type 'object'"
    );
}

#[test]
fn fields_beyond_the_room_fail_before_allocating() {
    let mem = (FormatErrorKind::MemoryError, String::new());
    let room = || Budget(1 << 20);
    assert_eq!(
        err_of(format_float_spec(1.0, "200000000", &mut room())),
        mem
    );
    assert_eq!(
        err_of(format_float_spec(1.0, ".200000000f", &mut room())),
        mem
    );
    assert_eq!(
        err_of(format_float_spec(1.0, ".2147483647e", &mut room())),
        mem
    );
    assert_eq!(
        err_of(format_float_spec(1.0, ",.2147483647%", &mut room())),
        mem
    );
    assert_eq!(
        err_of(format_int_spec(
            &1i64,
            "1111111111111111111x",
            "int",
            &mut room()
        )),
        mem
    );
    assert_eq!(
        err_of(format_int_spec(
            &1i64,
            "=09223372036854775807,",
            "int",
            &mut room()
        )),
        mem
    );
    assert_eq!(
        err_of(format_str_spec("a", "9223372036854775807", &mut room())),
        mem
    );
    let f = PercentFlags::default();
    assert_eq!(
        err_of(percent_float(
            1.0,
            f,
            Some(i64::MAX as usize),
            None,
            'f',
            &mut room()
        )),
        mem
    );
    assert_eq!(
        err_of(percent_float(
            1.0,
            f,
            None,
            Some(i32::MAX as usize),
            'f',
            &mut room()
        )),
        mem
    );
    let zero = PercentFlags { zero: true, ..f };
    assert_eq!(
        err_of(percent_float(
            -1.0,
            zero,
            Some(1 << 40),
            None,
            'e',
            &mut room()
        )),
        mem
    );
    assert_eq!(
        err_of(percent_int(
            false,
            &|_| String::from("1"),
            f,
            None,
            Some(i32::MAX as usize),
            'd',
            &mut room(),
        )),
        (
            FormatErrorKind::OverflowError,
            String::from("precision too large")
        )
    );
    assert_eq!(
        err_of(percent_int(
            false,
            &|_| String::from("1"),
            f,
            None,
            Some((i32::MAX - 3) as usize),
            'd',
            &mut room(),
        )),
        mem
    );
    assert_eq!(
        err_of(pad("a", ' ', Align::Left, 1 << 40, &mut room())),
        mem
    );
    // Huge but legal-looking fields that need no padding are fine.
    assert_eq!(
        format_str_spec("abc", ".9223372036854775807", &mut room()).unwrap(),
        "abc"
    );
    // Unicode digits count as widths, as in CPython.
    assert_eq!(
        format_int_spec(&5i64, "\u{663}", "int", &mut room()).unwrap(),
        "  5"
    );
}

/// Precisions beyond what `core::fmt` takes (65535) and beyond the exact digits of any
/// double give CPython's results: the exact digits, then zeros.
#[test]
fn huge_precisions_are_exact() {
    let f = PercentFlags::default();
    let s = percent_float(1.5, f, None, Some(65536), 'f', &mut Unlimited).unwrap();
    assert_eq!(s.len(), 65538);
    assert!(s.starts_with("1.5000") && s.bytes().skip(3).all(|b| b == b'0'));
    let e = percent_float(1.5, f, None, Some(65536), 'e', &mut Unlimited).unwrap();
    assert_eq!(e.len(), 65542);
    assert!(e.ends_with("0e+00"));
    assert_eq!(
        percent_float(1.5, f, None, Some(65536), 'g', &mut Unlimited).unwrap(),
        "1.5"
    );
    let alt = PercentFlags { alt: true, ..f };
    let g = percent_float(1.5, alt, None, Some(65536), 'g', &mut Unlimited).unwrap();
    assert_eq!(g.len(), 65537);
    let pct = format_float_spec(1.5, ".65536%", &mut Unlimited).unwrap();
    assert_eq!(
        (pct.len(), &pct[..5], pct.ends_with("0%")),
        (65541, "150.0", true)
    );
    // 2^-1074 has exactly 1074 fraction digits and 751 significant ones.
    let tiny = f64::from_bits(1);
    let fixed = format_float_spec(tiny, ".1200f", &mut Unlimited).unwrap();
    assert!(fixed.starts_with("0.000") && fixed.len() == 1202);
    assert_eq!(&fixed[1070..1076], "265625");
    assert!(fixed[1076..].bytes().all(|b| b == b'0'));
    let sci = format_float_spec(tiny, ".900e", &mut Unlimited).unwrap();
    let digits = "4.940656458412465441765687928682213723650598026143247644255856825006755072702087518652998363616359923797965646954457177309266567103559397963987747960107818781263007131903114045278458171678489821036887186360569987307230500063874091535649843873124733972731696151400317153853980741262385655911710266585566867681870395603106249319452715914924553293054565444011274801297099995419319894090804165633245247571478690147267801593552386115501348035264934720193790268107107491703332226844753335720832431936092382893458368060106011506169809753078342277318329247904982524730776375927247874656084778203734469699533647017972677717585125660551199131504891101451037862738167250955837389733598993664809941164205702637090279242767544565229087538682506419718265533447265625";
    assert!(sci.starts_with(digits) && sci[digits.len()..].starts_with("000"));
    assert!(sci.ends_with("000e-324") && sci.len() == 907);
    // Grouping with a huge zero-padded width stays within the room it claims.
    let big = format_int_spec(&7i64, "=0100001,", "int", &mut Budget(300_000)).unwrap();
    assert_eq!(
        (big.len(), &big[..4], &big[big.len() - 4..]),
        (100_001, "0,00", ",007")
    );
}

#[test]
fn primitive_int_sources() {
    assert_eq!(
        format_int_spec(&i64::MIN, "_x", "int", &mut Unlimited).unwrap(),
        "-8000_0000_0000_0000"
    );
    assert_eq!(
        format_int_spec(&u128::MAX, ",", "int", &mut Unlimited).unwrap(),
        "340,282,366,920,938,463,463,374,607,431,768,211,455"
    );
    assert_eq!(
        format_int_spec(&255u8, "#010b", "int", &mut Unlimited).unwrap(),
        "0b11111111"
    );
    assert_eq!(
        format_int_spec(&-42i32, "e", "int", &mut Unlimited).unwrap(),
        "-4.200000e+01"
    );
    assert_eq!(
        format_int_spec(&0x263ai64, "^5c", "int", &mut Unlimited).unwrap(),
        "  \u{263a}  "
    );
    assert_eq!(
        format_int_spec(&true_as_int(), "", "bool", &mut Unlimited).unwrap(),
        "1"
    );
    let f = PercentFlags {
        alt: true,
        zero: true,
        ..PercentFlags::default()
    };
    assert_eq!(
        percent_int_src(&-255i64, f, Some(8), None, 'X', &mut Unlimited).unwrap(),
        "-0X000FF"
    );
}

fn true_as_int() -> i64 {
    1
}

#[test]
fn percent_parse_structure() {
    let items = parse_percent("a%(na(m)e)-5.2f %% %*.*d%ld").unwrap();
    let flags = PercentFlags {
        left: true,
        ..PercentFlags::default()
    };
    assert_eq!(
        items,
        alloc::vec![
            PercentItem::Literal(String::from("a")),
            PercentItem::Conversion(PercentSpec {
                key: Some(String::from("na(m)e")),
                flags,
                width: Some(Count::Num(5)),
                precision: Some(Count::Num(2)),
                conv: 'f',
                index: 14,
            }),
            PercentItem::Literal(String::from(" % ")),
            PercentItem::Conversion(PercentSpec {
                key: None,
                flags: PercentFlags::default(),
                width: Some(Count::Star),
                precision: Some(Count::Star),
                conv: 'd',
                index: 23,
            }),
            PercentItem::Conversion(PercentSpec {
                key: None,
                flags: PercentFlags::default(),
                width: None,
                precision: None,
                conv: 'd',
                index: 26,
            }),
        ]
    );
    let msg = |f: &str| parse_percent(f).unwrap_err().message;
    assert_eq!(msg("abc%"), "incomplete format");
    assert_eq!(msg("%(a"), "incomplete format key");
    assert_eq!(
        msg("ab%y"),
        "unsupported format character 'y' (0x79) at index 3"
    );
    assert_eq!(
        msg("%\u{e9}"),
        "unsupported format character '?' (0xe9) at index 1"
    );
    assert_eq!(
        msg("%5%"),
        "unsupported format character '%' (0x25) at index 2"
    );
    assert_eq!(msg("%99999999999999999999d"), "width too big");
    assert_eq!(msg("%.2147483648d"), "precision too big");
}

#[test]
fn pad_helper() {
    assert_eq!(
        pad("ab", '*', Align::Center, 5, &mut Unlimited).unwrap(),
        "*ab**"
    );
    assert_eq!(
        pad("ab", '-', Align::Right, 4, &mut Unlimited).unwrap(),
        "--ab"
    );
    assert_eq!(
        pad("ab", ' ', Align::Left, 1, &mut Unlimited).unwrap(),
        "ab"
    );
    assert_eq!(
        pad("日本", '.', Align::Left, 4, &mut Unlimited).unwrap(),
        "日本.."
    );
}

/// Feeds pseudo-random spec strings, format strings and values through every entry point:
/// nothing may panic.
#[test]
fn no_panics_on_garbage() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let alphabet: Vec<char> = "<>=^+- z#0123456789,_.%efgxdsbcnEFGXo*()lhLré\u{663}\u{1}"
        .chars()
        .collect();
    for _ in 0..20_000 {
        let len = (rnd() % 9) as usize;
        let s: String = (0..len)
            .map(|_| alphabet[(rnd() % alphabet.len() as u64) as usize])
            .collect();
        let x = f64::from_bits(rnd());
        let n = rnd() as i64;
        let _ = format_float_spec(x, &s, &mut Unlimited);
        let _ = format_int_spec(&n, &s, "int", &mut Unlimited);
        let _ = format_str_spec(&s, &s, &mut Unlimited);
        let _ = parse_percent(&s);
        let flags = PercentFlags {
            left: rnd() % 2 == 0,
            sign: rnd() % 2 == 0,
            space: rnd() % 2 == 0,
            alt: rnd() % 2 == 0,
            zero: rnd() % 2 == 0,
        };
        let width = (rnd() % 3 == 0).then(|| (rnd() % 40) as usize);
        let prec = (rnd() % 3 == 0).then(|| (rnd() % 40) as usize);
        for conv in ['e', 'E', 'f', 'F', 'g', 'G'] {
            let _ = percent_float(x, flags, width, prec, conv, &mut Unlimited);
        }
        for conv in ['d', 'i', 'u', 'o', 'x', 'X'] {
            let _ = percent_int_src(&n, flags, width, prec, conv, &mut Unlimited);
        }
        let _ = percent_str(&s, flags, width, prec, &mut Unlimited);
    }
}
