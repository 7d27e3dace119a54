//! The special methods of the builtin types as attributes (CPython's slot wrappers):
//! `[1, 2].__repr__()`, `(5).__add__(3)`, `iter(r).__next__()`, `super().__eq__(other)` in
//! a subclass of a builtin type. Each wraps the VM's protocol operation; the interpreter
//! itself never calls them (the protocols ignore the builtin types' own natives), so they
//! cost nothing unless a program asks for one. A binary or comparison method given an
//! operand its type does not handle returns `NotImplemented`, as in CPython.

use super::check_args;
use crate::bytecode::ops::{BinaryOp, CompareOp};
use crate::object::types::{NativeFn, NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// What an operand is to the builtin binary operations.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Int,
    Float,
    Str,
    BytesLike,
    List,
    Tuple,
    Dict,
    SetLike,
    Range,
    Complex,
    Other,
}

fn kind(vm: &Vm, v: Value) -> Kind {
    if v.is_small_int() || v.is_bool() {
        return Kind::Int;
    }
    if v.is_float() {
        return Kind::Float;
    }
    match vm.obj(v) {
        Some(Obj::BigInt(_)) => Kind::Int,
        Some(Obj::Str(_)) => Kind::Str,
        Some(Obj::Bytes(_) | Obj::ByteArray(_)) => Kind::BytesLike,
        Some(Obj::List(_)) => Kind::List,
        Some(Obj::Tuple(_)) => Kind::Tuple,
        Some(Obj::Dict(_)) => Kind::Dict,
        Some(Obj::Set(_)) => Kind::SetLike,
        Some(Obj::Range { .. } | Obj::BigRange(_)) => Kind::Range,
        Some(Obj::Complex { .. }) => Kind::Complex,
        _ => Kind::Other,
    }
}

fn is_number(k: Kind) -> bool {
    matches!(k, Kind::Int | Kind::Float)
}

/// Whether the builtin operation `this op other` (in either order) exists.
fn binary_applies(this: Kind, other: Kind, op: BinaryOp) -> bool {
    use BinaryOp::*;
    match (this, op) {
        (Kind::Int, And | Or | Xor | Lshift | Rshift) => other == Kind::Int,
        (Kind::Int | Kind::Float, And | Or | Xor | Lshift | Rshift | MatrixMultiply) => false,
        // `int`'s methods take ints only (`(1).__add__(2.0)` is `NotImplemented`, so
        // `float.__radd__` gets its turn); `float`'s take both.
        (Kind::Int, _) => other == Kind::Int,
        (Kind::Float, _) => is_number(other),
        (Kind::Complex, Add | Subtract | Multiply | TrueDivide | Power) => {
            is_number(other) || other == Kind::Complex
        }
        (Kind::Str | Kind::BytesLike, Remainder) => true,
        (Kind::Str | Kind::BytesLike | Kind::List | Kind::Tuple, Add) => other == this,
        (Kind::Str | Kind::BytesLike | Kind::List | Kind::Tuple, Multiply) => other == Kind::Int,
        (Kind::Dict, Or) => other == Kind::Dict,
        (Kind::SetLike, And | Or | Xor | Subtract) => other == Kind::SetLike,
        _ => false,
    }
}

/// Whether the builtin comparison `this op other` exists.
fn compare_applies(this: Kind, other: Kind, op: CompareOp) -> bool {
    let equality = matches!(op, CompareOp::Eq | CompareOp::Ne);
    match this {
        Kind::Int => return other == Kind::Int,
        Kind::Float => return is_number(other),
        _ => {}
    }
    match this {
        Kind::Complex => equality && (is_number(other) || other == Kind::Complex),
        Kind::Dict | Kind::Range => equality && other == this,
        Kind::Other => false,
        _ => other == this,
    }
}

/// The value a binary method's other operand contributes: a subclass instance's builtin
/// value, else the operand itself.
fn operand(vm: &Vm, v: Value) -> Value {
    vm.native_value(v).unwrap_or(v)
}

/// CPython's wording for a binary special method called with the wrong argument count.
fn one_other(vm: &mut Vm, args: &[Value]) -> PyResult<()> {
    if args.len() == 2 {
        return Ok(());
    }
    let msg = alloc::format!("expected 1 argument, got {}", args.len().saturating_sub(1));
    Err(vm.type_error(msg))
}

fn binary(vm: &mut Vm, args: &[Value], op: BinaryOp, reflected: bool) -> PyResult<Value> {
    one_other(vm, args)?;
    let (this, other) = (args[0], operand(vm, args[1]));
    if !binary_applies(kind(vm, this), kind(vm, other), op) {
        return Ok(Value::NOT_IMPLEMENTED);
    }
    if reflected {
        vm.binary_op(other, this, op, false)
    } else {
        vm.binary_op(this, other, op, false)
    }
}

fn compare(vm: &mut Vm, args: &[Value], op: CompareOp) -> PyResult<Value> {
    one_other(vm, args)?;
    let (this, other) = (args[0], operand(vm, args[1]));
    if !compare_applies(kind(vm, this), kind(vm, other), op) {
        return Ok(Value::NOT_IMPLEMENTED);
    }
    vm.compare(this, other, op)
}

macro_rules! binary_slots {
    ($($name:ident $rname:ident = $op:ident;)*) => {
        $(
            fn $name(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
                binary(vm, args, BinaryOp::$op, false)
            }
            fn $rname(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
                binary(vm, args, BinaryOp::$op, true)
            }
        )*
    };
}

binary_slots! {
    add radd = Add;
    sub rsub = Subtract;
    mul rmul = Multiply;
    truediv rtruediv = TrueDivide;
    floordiv rfloordiv = FloorDivide;
    modulo rmodulo = Remainder;
    power rpower = Power;
    and rand = And;
    or ror = Or;
    xor rxor = Xor;
    lshift rlshift = Lshift;
    rshift rrshift = Rshift;
}

macro_rules! compare_slots {
    ($($name:ident = $op:ident;)*) => {
        $(
            fn $name(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
                compare(vm, args, CompareOp::$op)
            }
        )*
    };
}

compare_slots! {
    eq = Eq;
    ne = Ne;
    lt = Lt;
    le = Le;
    gt = Gt;
    ge = Ge;
}

macro_rules! unary_slots {
    ($($name:ident($vm:ident, $x:ident) => $body:expr;)*) => {
        $(
            fn $name($vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
                check_args($vm, stringify!($name), args, 1, 1)?;
                let $x = args[0];
                $body
            }
        )*
    };
}

unary_slots! {
    repr(vm, x) => {
        let s = vm.repr(x)?;
        vm.new_string(s)
    };
    hash(vm, x) => {
        let h = vm.hash(x)? as i64;
        vm.new_int(h)
    };
    neg(vm, x) => vm.negate(x);
    pos(vm, x) => vm.positive(x);
    abs(vm, x) => vm.absolute(x);
    invert(vm, x) => vm.invert(x);
    to_bool(vm, x) => vm.truthy(x).map(Value::bool);
    to_int(vm, x) => vm.call(Value::obj(vm.types.int), &[x]);
    to_float(vm, x) => vm.to_float_value(x);
    length(vm, x) => {
        let n = vm.len(x)?;
        vm.new_int(n as i64)
    };
    iter(vm, x) => vm.get_iter(x);
    this(_vm, x) => Ok(x);
    next(vm, x) => match vm.iter_next(x)? {
        Some(v) => Ok(v),
        None => Err(vm.stop_iteration(Value::NONE)),
    };
    reversed(vm, x) => vm.call(Value::obj(vm.types.reversed), &[x]);
}

fn getitem(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__getitem__", args, 2, 2)?;
    vm.get_item(args[0], args[1])
}

fn setitem(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__setitem__", args, 3, 3)?;
    vm.set_item(args[0], args[1], args[2])?;
    Ok(Value::NONE)
}

fn delitem(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__delitem__", args, 2, 2)?;
    vm.del_item(args[0], args[1])?;
    Ok(Value::NONE)
}

fn contains(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__contains__", args, 2, 2)?;
    vm.contains(args[0], args[1]).map(Value::bool)
}

/// `divmod(this, other)` (or reflected) when both are numbers of the types' own kinds.
fn divmod_slot(vm: &mut Vm, args: &[Value], reflected: bool) -> PyResult<Value> {
    one_other(vm, args)?;
    let (this, other) = (operand(vm, args[0]), operand(vm, args[1]));
    if !binary_applies(kind(vm, this), kind(vm, other), BinaryOp::FloorDivide) {
        return Ok(Value::NOT_IMPLEMENTED);
    }
    let pair = if reflected { [other, this] } else { [this, other] };
    super::arith_builtins::divmod(vm, &pair, &[])
}

fn divmod(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    divmod_slot(vm, args, false)
}

fn rdivmod(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    divmod_slot(vm, args, true)
}

/// `__round__([ndigits])`: `round()` of the builtin value (a subclass instance's own).
fn round(vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]) -> PyResult<Value> {
    check_args(vm, "__round__", args, 1, 2)?;
    let mut all = args.to_vec();
    all[0] = operand(vm, args[0]);
    super::arith_builtins::round(vm, &all, kw)
}

/// `__floor__`, `__ceil__`, `__trunc__`: an int is itself; a float is rounded by `f`.
fn to_int_by(vm: &mut Vm, args: &[Value], name: &str, f: fn(f64) -> f64) -> PyResult<Value> {
    check_args(vm, name, args, 1, 1)?;
    let x = operand(vm, args[0]);
    let Some(v) = x.as_float() else {
        return vm.positive(x);
    };
    let r = f(v);
    if r.is_nan() {
        return Err(vm.value_error("cannot convert float NaN to integer"));
    }
    match crate::object::bigint::BigInt::from_f64(r) {
        Some(b) => vm.int_from_big(b),
        None => Err(vm.overflow_error("cannot convert float infinity to integer")),
    }
}

fn floor(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    to_int_by(vm, args, "__floor__", crate::numeric::mathfn::floor)
}

fn ceil(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    to_int_by(vm, args, "__ceil__", crate::numeric::mathfn::ceil)
}

fn trunc(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    to_int_by(vm, args, "__trunc__", crate::numeric::mathfn::trunc)
}

/// `d |= other`, `s |= other` (and `&=`, `^=`, `-=` of sets): in place, returning it.
fn inplace_or(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    inplace(vm, args, BinaryOp::Or)
}

fn inplace_and(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    inplace(vm, args, BinaryOp::And)
}

fn inplace_xor(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    inplace(vm, args, BinaryOp::Xor)
}

fn inplace_sub(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    inplace(vm, args, BinaryOp::Subtract)
}

type Slots = &'static [(&'static str, NativeFn)];

const COMPARISONS: Slots = &[
    ("__repr__", repr),
    ("__eq__", eq),
    ("__ne__", ne),
    ("__lt__", lt),
    ("__le__", le),
    ("__gt__", gt),
    ("__ge__", ge),
];

const NUMBER: Slots = &[
    ("__add__", add),
    ("__radd__", radd),
    ("__sub__", sub),
    ("__rsub__", rsub),
    ("__mul__", mul),
    ("__rmul__", rmul),
    ("__truediv__", truediv),
    ("__rtruediv__", rtruediv),
    ("__floordiv__", floordiv),
    ("__rfloordiv__", rfloordiv),
    ("__mod__", modulo),
    ("__rmod__", rmodulo),
    ("__pow__", power),
    ("__rpow__", rpower),
    ("__neg__", neg),
    ("__pos__", pos),
    ("__abs__", abs),
    ("__bool__", to_bool),
    ("__int__", to_int),
    ("__float__", to_float),
    ("__divmod__", divmod),
    ("__rdivmod__", rdivmod),
    ("__round__", round),
    ("__floor__", floor),
    ("__ceil__", ceil),
    ("__trunc__", trunc),
];

const COMPLEX: Slots = &[
    ("__repr__", repr),
    ("__eq__", eq),
    ("__ne__", ne),
    ("__add__", add),
    ("__radd__", radd),
    ("__sub__", sub),
    ("__rsub__", rsub),
    ("__mul__", mul),
    ("__rmul__", rmul),
    ("__truediv__", truediv),
    ("__rtruediv__", rtruediv),
    ("__pow__", power),
    ("__rpow__", rpower),
    ("__neg__", neg),
    ("__pos__", pos),
    ("__abs__", abs),
    ("__bool__", to_bool),
    ("__hash__", hash),
];

const INT_ONLY: Slots = &[
    ("__and__", and),
    ("__rand__", rand),
    ("__or__", or),
    ("__ror__", ror),
    ("__xor__", xor),
    ("__rxor__", rxor),
    ("__lshift__", lshift),
    ("__rlshift__", rlshift),
    ("__rshift__", rshift),
    ("__rrshift__", rrshift),
    ("__invert__", invert),
];

const SEQUENCE: Slots = &[
    ("__add__", add),
    ("__mul__", mul),
    ("__rmul__", rmul),
    ("__len__", length),
    ("__getitem__", getitem),
    ("__contains__", contains),
    ("__iter__", iter),
];

const MUTABLE: Slots = &[
    ("__setitem__", setitem),
    ("__delitem__", delitem),
    ("__iadd__", iadd),
    ("__imul__", imul),
];

/// `seq += other` / `seq *= n` on a list or bytearray: in place, returning it.
fn inplace(vm: &mut Vm, args: &[Value], op: BinaryOp) -> PyResult<Value> {
    one_other(vm, args)?;
    vm.binary_op(args[0], args[1], op, true)
}

fn iadd(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    inplace(vm, args, BinaryOp::Add)
}

fn imul(vm: &mut Vm, args: &[Value], _kw: &[(Value, Value)]) -> PyResult<Value> {
    inplace(vm, args, BinaryOp::Multiply)
}

const MAPPING: Slots = &[
    ("__len__", length),
    ("__getitem__", getitem),
    ("__setitem__", setitem),
    ("__delitem__", delitem),
    ("__contains__", contains),
    ("__iter__", iter),
    ("__or__", or),
    ("__ror__", ror),
    ("__ior__", inplace_or),
    ("__reversed__", reversed),
];

const SET: Slots = &[
    ("__len__", length),
    ("__contains__", contains),
    ("__iter__", iter),
    ("__and__", and),
    ("__rand__", rand),
    ("__or__", or),
    ("__ror__", ror),
    ("__xor__", xor),
    ("__rxor__", rxor),
    ("__sub__", sub),
    ("__rsub__", rsub),
];

const SET_INPLACE: Slots = &[
    ("__ior__", inplace_or),
    ("__iand__", inplace_and),
    ("__ixor__", inplace_xor),
    ("__isub__", inplace_sub),
];

const RANGE: Slots = &[
    ("__len__", length),
    ("__getitem__", getitem),
    ("__contains__", contains),
    ("__iter__", iter),
    ("__reversed__", reversed),
];

const ITERATOR: Slots = &[("__iter__", this), ("__next__", next), ("__repr__", repr)];

const MEMORYVIEW: Slots = &[
    ("__len__", length),
    ("__getitem__", getitem),
    ("__setitem__", setitem),
    ("__delitem__", delitem),
    ("__iter__", iter),
];

const VIEW: Slots = &[
    ("__len__", length),
    ("__iter__", iter),
    ("__contains__", contains),
];

/// Adds `slots` to builtin class `cls`, keeping the methods it already has.
fn add_missing(vm: &mut Vm, cls: ObjRef, slots: Slots) {
    vm.add_type_natives_missing(cls, slots, NativeKind::Method);
}

/// `__hash__ = None`: the mutable builtin types are unhashable.
fn unhashable(vm: &mut Vm, cls: ObjRef) {
    if let Ok(d) = vm.class_dict_for_entries(cls) {
        let _ = vm.dict_set_str(d, "__hash__", Value::NONE);
    }
}

/// Installs the special methods of every builtin type that has them.
pub(crate) fn install(vm: &mut Vm) {
    let t = &vm.types;
    let (int, float, str_, bytes, bytearray) = (t.int, t.float, t.str_, t.bytes, t.bytearray);
    let (list, tuple, dict, set, frozenset, range) =
        (t.list, t.tuple, t.dict, t.set, t.frozenset, t.range);
    let iterators = [
        t.list_iterator,
        t.range_iterator,
        t.longrange_iterator,
        t.tuple_iterator,
        t.str_iterator,
        t.bytes_iterator,
        t.dict_keyiterator,
        t.iterator,
        t.callable_iterator,
        t.enumerate,
        t.zip,
        t.map,
        t.filter,
        t.reversed,
    ];
    let views = [t.dict_keys, t.dict_values, t.dict_items];
    for cls in [
        int, float, str_, bytes, bytearray, list, tuple, dict, set, frozenset, range,
    ] {
        add_missing(vm, cls, COMPARISONS);
    }
    add_missing(vm, int, NUMBER);
    add_missing(vm, int, INT_ONLY);
    add_missing(vm, float, NUMBER);
    for cls in [str_, bytes, bytearray, list, tuple] {
        add_missing(vm, cls, SEQUENCE);
    }
    add_missing(vm, str_, &[("__mod__", modulo), ("__rmod__", rmodulo)]);
    add_missing(vm, bytes, &[("__mod__", modulo), ("__rmod__", rmodulo)]);
    for cls in [bytearray, list] {
        add_missing(vm, cls, MUTABLE);
    }
    add_missing(vm, list, &[("__reversed__", reversed)]);
    add_missing(vm, dict, MAPPING);
    add_missing(vm, set, SET);
    add_missing(vm, set, SET_INPLACE);
    add_missing(vm, frozenset, SET);
    let (complex, none_type) = (vm.types.complex, vm.types.none_type);
    add_missing(vm, complex, COMPLEX);
    add_missing(vm, none_type, &[("__bool__", to_bool)]);
    add_missing(vm, range, RANGE);
    let memoryview = vm.types.memoryview;
    add_missing(vm, memoryview, MEMORYVIEW);
    for cls in iterators {
        add_missing(vm, cls, ITERATOR);
    }
    for cls in views {
        add_missing(vm, cls, VIEW);
    }
    for cls in [int, float, str_, bytes, tuple, frozenset, range] {
        add_missing(vm, cls, &[("__hash__", hash)]);
    }
    for cls in [list, dict, set, bytearray] {
        unhashable(vm, cls);
    }
}
