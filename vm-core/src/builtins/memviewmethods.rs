//! The methods and attributes of `memoryview` (the view itself is
//! [`crate::object::memview`]).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::bytesmethods::Kw;
use super::{add_methods, check_args, check_kwargs, kwarg};
use crate::object::memview::{format_size, format_text, is_byte_format, MemView};
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

pub(crate) fn install(vm: &mut Vm) {
    let mv = vm.types.memoryview;
    add_methods(
        vm,
        mv,
        &[
            ("tobytes", mv_tobytes),
            ("tolist", mv_tolist),
            ("hex", mv_hex),
            ("release", mv_release),
            ("cast", mv_cast),
            ("toreadonly", mv_toreadonly),
            ("__enter__", mv_enter),
            ("__exit__", mv_exit),
        ],
    );
}

/// The live view a method is called on.
fn this(vm: &mut Vm, args: &[Value], name: &str) -> PyResult<MemView> {
    let Some(&first) = args.first() else {
        return Err(vm.type_error(format!("memoryview.{name}() needs an argument")));
    };
    if vm.memview(first).is_none() {
        let msg = format!(
            "descriptor '{name}' for 'memoryview' objects doesn't apply to a '{}' object",
            vm.type_name(first)
        );
        return Err(vm.type_error(msg));
    }
    vm.live_memview(first)
}

fn mv_tobytes(vm: &mut Vm, args: &[Value], kw: Kw) -> PyResult<Value> {
    check_args(vm, "tobytes", args, 1, 2)?;
    check_kwargs(vm, "tobytes", kw, &["order"])?;
    let m = this(vm, args, "tobytes")?;
    let data = vm.memview_bytes(&m);
    vm.charge(data.len())?;
    vm.alloc_value(Obj::Bytes(data.into_boxed_slice()))
}

fn mv_tolist(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "tolist", args, 1, 1)?;
    let m = this(vm, args, "tolist")?;
    let items = vm.memview_values(&m)?;
    vm.new_list(items)
}

fn mv_hex(vm: &mut Vm, args: &[Value], kw: Kw) -> PyResult<Value> {
    check_args(vm, "hex", args, 1, 3)?;
    let m = this(vm, args, "hex")?;
    let data = vm.memview_bytes(&m);
    let b = vm.alloc_value(Obj::Bytes(data.into_boxed_slice()))?;
    let mut all = Vec::with_capacity(args.len());
    all.push(b);
    all.extend_from_slice(&args[1..]);
    vm.with_roots(&[b], |vm, _| super::bytescodec::b_hex(vm, &all, kw))
}

fn mv_release(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "release", args, 1, 1)?;
    if vm.memview(args[0]).is_none() {
        return Err(vm.type_error("descriptor 'release' requires a 'memoryview' object"));
    }
    vm.release_memview(args[0]);
    Ok(Value::NONE)
}

fn mv_enter(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "__enter__", args, 1, 1)?;
    this(vm, args, "__enter__")?;
    Ok(args[0])
}

fn mv_exit(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    if vm
        .memview(args.first().copied().unwrap_or(Value::NONE))
        .is_some()
    {
        vm.release_memview(args[0]);
    }
    Ok(Value::NONE)
}

fn mv_toreadonly(vm: &mut Vm, args: &[Value], _kw: Kw) -> PyResult<Value> {
    check_args(vm, "toreadonly", args, 1, 1)?;
    let mut m = this(vm, args, "toreadonly")?;
    m.readonly = true;
    vm.new_memview(m)
}

/// `m.cast(format[, shape])`: the same bytes seen as items of another format (a
/// one-dimensional shape only).
fn mv_cast(vm: &mut Vm, args: &[Value], kw: Kw) -> PyResult<Value> {
    check_kwargs(vm, "cast", kw, &["format", "shape"])?;
    let format_v = args.get(1).copied().or_else(|| kwarg(vm, kw, "format"));
    let shape = args.get(2).copied().or_else(|| kwarg(vm, kw, "shape"));
    let Some(format_v) = format_v else {
        return Err(vm.type_error("cast() missing required argument 'format' (pos 1)"));
    };
    let m = this(vm, args, "cast")?;
    let Some(text) = vm.str_of(format_v).map(String::from) else {
        let msg = format!(
            "cast() argument 'format' must be str, not {}",
            vm.type_name(format_v)
        );
        return Err(vm.type_error(msg));
    };
    let format_at = text.starts_with('@');
    let text = text.strip_prefix('@').unwrap_or(&text);
    let format = match text.as_bytes() {
        [f] if format_size(*f).is_some() => *f,
        _ => {
            return Err(vm.value_error(
                "memoryview: destination format must be a native single character format \
                 prefixed with an optional '@'",
            ))
        }
    };
    if !m.contiguous() {
        return Err(vm.type_error("memoryview: casts are restricted to C-contiguous views"));
    }
    if !is_byte_format(format) && !is_byte_format(m.format) {
        return Err(vm.type_error("memoryview: cannot cast between two non-byte formats"));
    }
    let itemsize = format_size(format).unwrap_or(1);
    let nbytes = m.len * m.itemsize;
    if nbytes % itemsize != 0 {
        return Err(vm.type_error("memoryview: length is not a multiple of itemsize"));
    }
    let len = nbytes / itemsize;
    if let Some(shape) = shape {
        let dims = vm.collect_iter(shape)?;
        let ok = match dims.as_slice() {
            [n] => vm.as_i64(*n) == Some(len as i64),
            _ => false,
        };
        if dims.len() != 1 {
            return Err(
                vm.not_implemented("multi-dimensional memoryviews are not supported by Tiercel")
            );
        }
        if !ok {
            return Err(vm.type_error("memoryview: product(shape) * itemsize != buffer size"));
        }
    }
    let view = MemView {
        len,
        stride: itemsize as isize,
        format,
        format_at,
        itemsize,
        ..m
    };
    vm.new_memview(view)
}

impl Vm {
    /// `obj`, `nbytes`, `readonly`, `itemsize`, `format`, `ndim`, `shape`, `strides`,
    /// `suboffsets` and the contiguity flags of a view (all fail once it is released).
    pub(crate) fn memview_attr(&mut self, v: Value, name: &str) -> PyResult<Option<Value>> {
        const NAMES: [&str; 12] = [
            "obj",
            "nbytes",
            "readonly",
            "itemsize",
            "format",
            "ndim",
            "shape",
            "strides",
            "suboffsets",
            "c_contiguous",
            "f_contiguous",
            "contiguous",
        ];
        if !NAMES.contains(&name) {
            return Ok(None);
        }
        let m = self.live_memview(v)?;
        let int = |i: usize| Value::int_unchecked(i as i64);
        let r = match name {
            "obj" => m.obj,
            "nbytes" => int(m.len * m.itemsize),
            "readonly" => Value::bool(m.readonly),
            "itemsize" => int(m.itemsize),
            "format" => self.new_string(format_text(m.format, m.format_at))?,
            "ndim" => int(1),
            "shape" => self.new_tuple(alloc::vec![int(m.len)])?,
            "strides" => {
                let s = Value::int_unchecked(m.stride as i64);
                self.new_tuple(alloc::vec![s])?
            }
            "suboffsets" => self.new_tuple(Vec::new())?,
            _ => Value::bool(m.contiguous()),
        };
        Ok(Some(r))
    }
}
