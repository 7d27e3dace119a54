//! `bytes.translate`, `bytes.maketrans` (shared with `bytearray`) and the methods that
//! rewrite bytes as ASCII text columns: `expandtabs` and `zfill`.

use alloc::format;
use alloc::vec::Vec;

use super::bytesmethods::{bytes_like, mk, this, Kw};
use super::{bind_params, check_args, int_arg};
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

/// `b.translate(table, /, delete=b'')`: bytes of `delete` are dropped, the others mapped
/// through the 256-byte `table` (`None` keeps them).
pub(super) fn b_translate(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
    let (s, ba) = this(vm, args, "translate")?;
    let p = bind_params(vm, "translate", &args[1..], kwargs, &["table", "delete"], 1)?;
    if p[0].is_undef() {
        return Err(vm.type_error("translate() takes at least 1 positional argument (0 given)"));
    }
    let table = if p[0] == Value::NONE {
        None
    } else {
        let t = bytes_like(vm, p[0])?;
        if t.len() != 256 {
            return Err(vm.value_error("translation table must be 256 characters long"));
        }
        Some(t)
    };
    let delete = if p[1].is_undef() {
        Vec::new()
    } else {
        bytes_like(vm, p[1])?
    };
    let out: Vec<u8> = s
        .iter()
        .filter(|b| !delete.contains(b))
        .map(|&b| table.as_ref().map_or(b, |t| t[usize::from(b)]))
        .collect();
    mk(vm, out, ba)
}

/// `bytes.maketrans(frm, to)`: the identity table with `frm[i]` mapped to `to[i]`; always
/// `bytes`, whichever class it is called on.
pub(super) fn b_maketrans(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "maketrans", args, 2, 2)?;
    let (frm, to) = (bytes_like(vm, args[0])?, bytes_like(vm, args[1])?);
    if frm.len() != to.len() {
        return Err(vm.value_error("maketrans arguments must have same length"));
    }
    let mut table: Vec<u8> = (0..=255u8).collect();
    for (f, t) in frm.iter().zip(&to) {
        table[usize::from(*f)] = *t;
    }
    mk(vm, table, false)
}

/// `b.expandtabs(tabsize=8)`: tabs become spaces up to the next multiple of `tabsize`;
/// `\n` and `\r` restart the column.
pub(super) fn b_expandtabs(vm: &mut Vm, args: &[Value], kwargs: Kw) -> PyResult<Value> {
    let (s, ba) = this(vm, args, "expandtabs")?;
    let p = bind_params(vm, "expandtabs", &args[1..], kwargs, &["tabsize"], 0)?;
    let ts = if p[0].is_undef() {
        8
    } else {
        int_arg(vm, p[0])?
    };
    // CPython takes the tab size as a C `int`.
    if i32::try_from(ts).is_err() {
        return Err(vm.overflow_error("Python int too large to convert to C int"));
    }
    let mut size = 0usize;
    let mut col: i64 = 0;
    for &b in &s {
        match b {
            b'\t' if ts > 0 => {
                let k = ts - col % ts;
                size = size.saturating_add(usize::try_from(k).unwrap_or(usize::MAX));
                col += k;
            }
            b'\t' => {}
            b'\n' | b'\r' => {
                size += 1;
                col = 0;
            }
            _ => {
                size += 1;
                col += 1;
            }
        }
    }
    vm.charge(size)?;
    let mut fixed = Vec::with_capacity(size);
    let mut col = 0usize;
    for &b in &s {
        match b {
            b'\t' if ts > 0 => {
                let k = ts as usize - col % ts as usize;
                fixed.resize(fixed.len() + k, b' ');
                col += k;
            }
            b'\t' => {}
            b'\n' | b'\r' => {
                fixed.push(b);
                col = 0;
            }
            _ => {
                fixed.push(b);
                col += 1;
            }
        }
    }
    mk(vm, fixed, ba)
}

/// `b.zfill(width)`: zeros on the left to `width`, after a leading sign.
pub(super) fn b_zfill(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let (s, ba) = this(vm, args, "zfill")?;
    if args.len() != 2 {
        let owner = if ba { "bytearray" } else { "bytes" };
        let msg = format!(
            "{owner}.zfill() takes exactly one argument ({} given)",
            args.len() - 1
        );
        return Err(vm.type_error(msg));
    }
    let width = int_arg(vm, args[1])?;
    let n = s.len();
    if width <= n as i64 {
        return mk(vm, s, ba);
    }
    let fill = width as usize - n;
    vm.charge(fill)?;
    let mut out = Vec::with_capacity(width as usize);
    let signed = matches!(s.first(), Some(b'+' | b'-'));
    if signed {
        out.push(s[0]);
    }
    out.resize(out.len() + fill, b'0');
    out.extend_from_slice(&s[usize::from(signed)..]);
    mk(vm, out, ba)
}
