//! Character-class tests of `str`: `isalpha`, `isspace`, `isalnum`, `isdigit`, `isdecimal`,
//! `isnumeric`, `isidentifier`, `isprintable` and `isascii`. The case tests are in `strcase`.

use super::check_args;
use super::strmethods::{this_str, Kw};
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

fn pred(vm: &mut Vm, args: &[Value], name: &str, f: fn(char) -> bool) -> PyResult<Value> {
    let s = this_str(vm, args, name)?;
    super::check_no_args(vm, &alloc::format!("str.{name}"), args)?;
    Ok(Value::bool(!s.is_empty() && s.chars().all(f)))
}

pub(super) fn str_isalpha(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    pred(vm, args, "isalpha", char::is_alphabetic)
}

pub(super) fn str_isspace(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    pred(vm, args, "isspace", super::strsplit::py_space)
}

pub(crate) fn is_decimal(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_digit();
    }
    c.is_numeric()
        && !matches!(c,
            '\u{b2}' | '\u{b3}' | '\u{b9}' | '\u{bc}'..='\u{be}' | '\u{2070}'..='\u{209f}'
            | '\u{2150}'..='\u{218f}' | '\u{2460}'..='\u{24ff}' | '\u{2776}'..='\u{2793}'
            | '\u{3007}' | '\u{3021}'..='\u{3029}' | '\u{3038}'..='\u{303a}' | '\u{3192}'..='\u{3195}'
            | '\u{3220}'..='\u{3229}' | '\u{3248}'..='\u{325f}' | '\u{3280}'..='\u{3289}'
            | '\u{32b1}'..='\u{32bf}' | '\u{4e00}'..='\u{9fff}' | '\u{f900}'..='\u{faff}'
            | '\u{16ee}'..='\u{16f0}' | '\u{bf0}'..='\u{bf2}' | '\u{9f4}'..='\u{9f9}')
}

fn is_digit(c: char) -> bool {
    is_decimal(c)
        || matches!(c, '\u{b2}' | '\u{b3}' | '\u{b9}' | '\u{2070}' | '\u{2074}'..='\u{2079}'
            | '\u{2080}'..='\u{2089}' | '\u{2460}'..='\u{2468}' | '\u{2474}'..='\u{247c}'
            | '\u{2488}'..='\u{2490}' | '\u{24f5}'..='\u{24fd}' | '\u{24ea}' | '\u{24ff}'
            | '\u{2776}'..='\u{277e}' | '\u{2780}'..='\u{2788}' | '\u{278a}'..='\u{2792}')
}

fn all_chars(vm: &mut Vm, args: &[Value], name: &str, f: fn(char) -> bool) -> PyResult<Value> {
    check_args(vm, name, args, 1, 1)?;
    let s = this_str(vm, args, name)?;
    Ok(Value::bool(!s.is_empty() && s.chars().all(f)))
}

pub(super) fn str_isalnum(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_chars(vm, args, "isalnum", |c| c.is_alphabetic() || is_numeric(c))
}

pub(super) fn str_isdigit(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_chars(vm, args, "isdigit", is_digit)
}

#[cfg(feature = "str-methods")]
pub(super) fn str_isdecimal(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_chars(vm, args, "isdecimal", is_decimal)
}

/// Numeric characters: Unicode's `N*` categories, plus the CJK ideographs with a numeric
/// value (category `Lo`, which Unicode's `Numeric_Type` and so CPython count).
fn is_numeric(c: char) -> bool {
    c.is_numeric()
        || matches!(
            c,
            '零' | '一'
                | '二'
                | '三'
                | '四'
                | '五'
                | '六'
                | '七'
                | '八'
                | '九'
                | '十'
                | '百'
                | '千'
                | '万'
                | '萬'
                | '億'
                | '兆'
                | '壱'
                | '弐'
                | '参'
                | '拾'
                | '廿'
                | '卅'
                | '兩'
                | '伍'
                | '陸'
                | '柒'
                | '捌'
                | '玖'
                | '佰'
                | '仟'
                | '貳'
                | '叁'
                | '肆'
        )
}

#[cfg(feature = "str-methods")]
pub(super) fn str_isnumeric(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    all_chars(vm, args, "isnumeric", is_numeric)
}

#[cfg(feature = "str-methods")]
pub(super) fn str_isidentifier(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "isidentifier", args, 1, 1)?;
    let s = this_str(vm, args, "isidentifier")?;
    let mut cs = s.chars();
    let ok = match cs.next() {
        Some(c) if c == '_' || c.is_alphabetic() => cs.all(|c| c == '_' || c.is_alphanumeric()),
        _ => false,
    };
    Ok(Value::bool(ok))
}

#[cfg(feature = "str-methods")]
fn is_printable(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    !(c.is_control()
        || c.is_whitespace()
        || matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}' | '\u{e000}'..='\u{f8ff}'))
}

#[cfg(feature = "str-methods")]
pub(super) fn str_isprintable(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "isprintable", args, 1, 1)?;
    let s = this_str(vm, args, "isprintable")?;
    Ok(Value::bool(s.chars().all(is_printable)))
}

#[cfg(feature = "str-methods")]
pub(super) fn str_isascii(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "isascii", args, 1, 1)?;
    let s = this_str(vm, args, "isascii")?;
    Ok(Value::bool(s.is_ascii()))
}
