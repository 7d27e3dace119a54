//! Methods of `str`: their registration, the receiver helpers they share, and `format`,
//! `__len__`, `__str__` and `__add__`.

use alloc::format;
use alloc::string::String;

use super::add_methods;
use super::check_args;
use super::strcase::{str_islower, str_isupper, str_lower, str_upper};
#[cfg(feature = "str-methods")]
use super::strcase::{str_capitalize, str_casefold, str_istitle, str_swapcase, str_title};
use super::strcodec::str_encode;
#[cfg(feature = "str-methods")]
use super::strcodec::{str_maketrans, str_translate};
use super::strpad::{str_ljust, str_rjust};
#[cfg(feature = "str-methods")]
use super::strpad::{str_center, str_expandtabs, str_zfill};
use super::strpredicates::{str_isalnum, str_isalpha, str_isdigit, str_isspace};
#[cfg(feature = "str-methods")]
use super::strpredicates::{
    str_isascii, str_isdecimal, str_isidentifier, str_isnumeric, str_isprintable,
};
use super::strsearch::{
    str_contains, str_count, str_endswith, str_find, str_index, str_removeprefix,
    str_removesuffix, str_replace, str_rfind, str_startswith,
};
#[cfg(feature = "str-methods")]
use super::strsearch::{str_partition, str_rindex, str_rpartition};
use super::strsplit::{
    str_join, str_lstrip, str_rsplit, str_rstrip, str_split, str_splitlines, str_strip,
};
#[cfg(feature = "str-methods")]
use crate::object::types::NativeKind;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

/// The methods the `str-methods` feature brings (their AttributeError names it).
#[cfg(not(feature = "str-methods"))]
pub(crate) const LEFT_OUT_STR_METHODS: &[&str] = &[
    "capitalize",
    "casefold",
    "center",
    "expandtabs",
    "isascii",
    "isdecimal",
    "isidentifier",
    "isnumeric",
    "isprintable",
    "istitle",
    "maketrans",
    "partition",
    "rindex",
    "rpartition",
    "swapcase",
    "title",
    "translate",
    "zfill",
];

pub(super) type Kw<'a> = &'a [(Value, Value)];

pub(crate) fn install(vm: &mut Vm) {
    let str_ = vm.types.str_;
    add_methods(
        vm,
        str_,
        &[
            ("join", str_join),
            ("split", str_split),
            ("strip", str_strip),
            ("lstrip", str_lstrip),
            ("rstrip", str_rstrip),
            ("replace", str_replace),
            ("find", str_find),
            ("index", str_index),
            ("count", str_count),
            ("startswith", str_startswith),
            ("endswith", str_endswith),
            ("upper", str_upper),
            ("lower", str_lower),
            ("format", str_format),
            ("format_map", str_format_map),
            ("encode", str_encode),
            ("isdigit", str_isdigit),
            ("isalpha", str_isalpha),
            ("isspace", str_isspace),
            ("__len__", str_len),
            ("__str__", str_str),
            ("rsplit", str_rsplit),
            ("splitlines", str_splitlines),
            #[cfg(feature = "str-methods")]
            ("partition", str_partition),
            #[cfg(feature = "str-methods")]
            ("rpartition", str_rpartition),
            #[cfg(feature = "str-methods")]
            ("title", str_title),
            #[cfg(feature = "str-methods")]
            ("capitalize", str_capitalize),
            #[cfg(feature = "str-methods")]
            ("swapcase", str_swapcase),
            #[cfg(feature = "str-methods")]
            ("casefold", str_casefold),
            ("isupper", str_isupper),
            ("islower", str_islower),
            #[cfg(feature = "str-methods")]
            ("istitle", str_istitle),
            ("isalnum", str_isalnum),
            #[cfg(feature = "str-methods")]
            ("isdecimal", str_isdecimal),
            #[cfg(feature = "str-methods")]
            ("isnumeric", str_isnumeric),
            #[cfg(feature = "str-methods")]
            ("isidentifier", str_isidentifier),
            #[cfg(feature = "str-methods")]
            ("isprintable", str_isprintable),
            #[cfg(feature = "str-methods")]
            ("isascii", str_isascii),
            #[cfg(feature = "str-methods")]
            ("center", str_center),
            ("ljust", str_ljust),
            ("rjust", str_rjust),
            #[cfg(feature = "str-methods")]
            ("zfill", str_zfill),
            #[cfg(feature = "str-methods")]
            ("expandtabs", str_expandtabs),
            ("rfind", str_rfind),
            #[cfg(feature = "str-methods")]
            ("rindex", str_rindex),
            ("removeprefix", str_removeprefix),
            ("removesuffix", str_removesuffix),
            #[cfg(feature = "str-methods")]
            ("translate", str_translate),
            ("__contains__", str_contains),
            ("__add__", str_add),
        ],
    );
    #[cfg(feature = "str-methods")]
    if let Ok(d) = vm.class_dict_for_entries(str_) {
        super::add_native(
            vm,
            d,
            "maketrans",
            str_maketrans,
            NativeKind::StaticMethod,
            Value::obj(str_),
        );
    }
}

/// The str receiver of a method.
pub(crate) fn this_str(vm: &mut Vm, args: &[Value], name: &str) -> PyResult<String> {
    match args.first().and_then(|v| vm.str_of(*v)) {
        Some(s) => Ok(String::from(s)),
        None => Err(super::descriptor_error(vm, name, "str", args)),
    }
}

/// Whether `v` is exactly a `str` (not a subclass instance): such a result may be the
/// receiver itself, as CPython returns it.
pub(super) fn is_exact_str(vm: &Vm, v: Value) -> bool {
    matches!(vm.obj(v), Some(Obj::Str(_)))
}

fn str_format(vm: &mut Vm, args: &[Value], kwargs: &[(Value, Value)]) -> PyResult<Value> {
    let s = this_str(vm, args, "format")?;
    let out = vm.str_format(&s, &args[1..], kwargs)?;
    vm.new_string(out)
}

fn str_format_map(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    let s = this_str(vm, args, "format_map")?;
    if args.len() != 2 {
        let msg = format!(
            "str.format_map() takes exactly one argument ({} given)",
            args.len() - 1
        );
        return Err(vm.type_error(msg));
    }
    let out = vm.str_format_map(&s, args[1])?;
    vm.new_string(out)
}

fn str_len(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    let s = this_str(vm, args, "__len__")?;
    if args.len() > 1 {
        let msg = format!("expected 0 arguments, got {}", args.len() - 1);
        return Err(vm.type_error(msg));
    }
    Ok(Value::int_unchecked(s.chars().count() as i64))
}

fn str_str(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__str__", args, 1, 1)?;
    vm.to_str_value(args[0])
}

fn str_add(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "__add__", args, 2, 2)?;
    let mut s = this_str(vm, args, "__add__")?;
    match vm.str_of(args[1]) {
        Some(t) => {
            s.push_str(t);
            vm.new_string(s)
        }
        None => Ok(Value::NOT_IMPLEMENTED),
    }
}
