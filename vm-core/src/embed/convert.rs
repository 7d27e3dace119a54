//! Typed conversions between Rust and Python values: [`FromPy`] and [`IntoPy`].
//!
//! | Rust | from Python | to Python |
//! |------|-------------|-----------|
//! | `i8` .. `i64`, `u8` .. `u64`, `isize`, `usize` | `int` (and `bool`); out of range: `OverflowError` | `int` |
//! | `f64`, `f32` | `float` or `int` | `float` |
//! | `bool` | `bool` | `bool` |
//! | `String` | `str` | `str` (also from `&str`) |
//! | `Vec<u8>` | `bytes`, `bytearray`, or a list or tuple of ints | `bytes` |
//! | `Vec<T>` | `list` or `tuple` | `list` |
//! | `Option<T>` | `None` or `T` | `None` or `T` |
//! | `(A, B, ..)` (up to 6) | `tuple` or `list` of that length | `tuple` |
//! | `BTreeMap<K, V>`, `HashMap<K, V>` (feature `std`) | `dict` | `dict` |
//! | `Vec<(K, V)>` | also a `dict` (its items) | a list of tuples |
//! | `()` | `None` | `None` |
//! | [`Handle`] | anything | itself |
//! | a [`NativeClass`](super::NativeClass) type | its instances (a clone of the data) | a new instance |

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::handle::Handle;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

/// Why a value could not be converted: the message's parts, so that argument parsing can
/// say which argument (`f() argument 1 must be int, not str`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConvError {
    /// The value's type is not the one expected (`TypeError`).
    Type {
        /// What was expected (`int`, `list of int`).
        expected: String,
        /// The value's type name.
        found: String,
    },
    /// The int is out of the Rust type's range (`OverflowError`).
    Overflow(String),
}

impl ConvError {
    fn type_of(vm: &Vm, expected: impl Into<String>, v: Value) -> ConvError {
        ConvError::Type {
            expected: expected.into(),
            found: vm.type_name(v),
        }
    }

    /// The message without a function's context.
    pub fn message(&self) -> String {
        match self {
            ConvError::Type { expected, found } => format!("expected {expected}, not {found}"),
            ConvError::Overflow(m) => m.clone(),
        }
    }

    /// The Python exception, with `context` before the message (`f() argument 1`).
    pub(crate) fn raise(&self, vm: &mut Vm, context: Option<&str>) -> crate::vm::PyErr {
        match (self, context) {
            (ConvError::Type { expected, found }, Some(c)) => {
                vm.type_error(format!("{c} must be {expected}, not {found}"))
            }
            (ConvError::Type { .. }, None) => vm.type_error(self.message()),
            (ConvError::Overflow(m), Some(c)) => vm.overflow_error(format!("{c}: {m}")),
            (ConvError::Overflow(m), None) => vm.overflow_error(m),
        }
    }
}

/// A Rust type a Python value converts to (see the module's table for the types).
pub trait FromPy: Sized {
    /// Whether an argument of this type may be left out (it then converts from `None`):
    /// `Option<T>` at the end of an argument list.
    #[doc(hidden)]
    const OPTIONAL: bool = false;

    /// The conversion. The value is alive for the call.
    #[doc(hidden)]
    fn from_py(vm: &mut Vm, v: Value) -> Result<Self, ConvError>;

    /// The conversion of a `bytes` or `bytearray` to `Vec<Self>` (`u8` only).
    #[doc(hidden)]
    fn vec_from_bytes(bytes: &[u8]) -> Option<Vec<Self>> {
        let _ = bytes;
        None
    }

    /// The conversion of a dict's items to `Vec<Self>` (pairs only: `Vec<(K, V)>`).
    #[doc(hidden)]
    fn vec_from_pairs(
        vm: &mut Vm,
        pairs: &[(Value, Value)],
    ) -> Option<Result<Vec<Self>, ConvError>> {
        let _ = (vm, pairs);
        None
    }

    /// The name of the type in messages (`list of int`).
    #[doc(hidden)]
    fn expected() -> String;
}

/// A Rust value that converts to a Python value (see the module's table for the types).
pub trait IntoPy {
    /// The conversion.
    #[doc(hidden)]
    fn into_py(self, vm: &mut Vm) -> PyResult<Value>;

    /// The conversion of `Vec<Self>` (`u8` makes `bytes`; everything else a list).
    #[doc(hidden)]
    fn vec_into_py(items: Vec<Self>, vm: &mut Vm) -> PyResult<Value>
    where
        Self: Sized,
    {
        let items = collect_values(vm, items)?;
        vm.new_list(items)
    }
}

/// Converts each item, keeping the converted ones rooted while the rest are made.
fn collect_values<T: IntoPy>(
    vm: &mut Vm,
    items: impl IntoIterator<Item = T>,
) -> PyResult<Vec<Value>> {
    vm.with_roots(&[], |vm, base| {
        for item in items {
            let v = item.into_py(vm)?;
            vm.root(v);
        }
        Ok(vm.native_roots[base..].to_vec())
    })
}

macro_rules! int_conversions {
    ($($t:ty),*) => {$(
        impl FromPy for $t {
            fn from_py(vm: &mut Vm, v: Value) -> Result<Self, ConvError> {
                if !vm.is_int(v) {
                    return Err(ConvError::type_of(vm, "int", v));
                }
                vm.as_i64(v)
                    .and_then(|i| <$t>::try_from(i).ok())
                    .ok_or_else(|| {
                        let text = vm.display(v);
                        ConvError::Overflow(format!(
                            "int {text} is out of range for {}", stringify!($t)
                        ))
                    })
            }
            fn expected() -> String {
                "int".to_string()
            }
            fn vec_from_bytes(bytes: &[u8]) -> Option<Vec<Self>> {
                bytes_as_vec::<$t>(bytes)
            }
        }

        impl IntoPy for $t {
            fn into_py(self, vm: &mut Vm) -> PyResult<Value> {
                vm.int_from_i128(self as i128)
            }
            fn vec_into_py(items: Vec<Self>, vm: &mut Vm) -> PyResult<Value> {
                if let Some(bytes) = vec_as_bytes(&items) {
                    return vm.alloc_value(Obj::Bytes(bytes.as_slice().into()));
                }
                let items = collect_values(vm, items)?;
                vm.new_list(items)
            }
        }
    )*};
}

int_conversions!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

/// `bytes` as `Vec<T>` when `T` is `u8`.
fn bytes_as_vec<T: 'static>(bytes: &[u8]) -> Option<Vec<T>> {
    if core::any::TypeId::of::<T>() != core::any::TypeId::of::<u8>() {
        return None;
    }
    let any: alloc::boxed::Box<dyn core::any::Any> = alloc::boxed::Box::new(bytes.to_vec());
    any.downcast::<Vec<T>>().ok().map(|b| *b)
}

/// A `Vec<T>` as bytes when `T` is `u8`.
#[allow(
    clippy::ptr_arg,
    reason = "the downcast needs the sized Vec: a slice cannot be a `dyn Any`"
)]
fn vec_as_bytes<T: 'static>(items: &Vec<T>) -> Option<&Vec<u8>> {
    (items as &dyn core::any::Any).downcast_ref::<Vec<u8>>()
}

impl FromPy for f64 {
    fn from_py(vm: &mut Vm, v: Value) -> Result<Self, ConvError> {
        if let Some(x) = v.as_float() {
            return Ok(x);
        }
        if !vm.is_int(v) {
            return Err(ConvError::type_of(vm, "float", v));
        }
        match vm.to_f64(v) {
            Ok(Some(x)) => Ok(x),
            _ => Err(ConvError::Overflow(
                "int too large to convert to float".to_string(),
            )),
        }
    }
    fn expected() -> String {
        "float".to_string()
    }
}

impl FromPy for f32 {
    fn from_py(vm: &mut Vm, v: Value) -> Result<Self, ConvError> {
        f64::from_py(vm, v).map(|x| x as f32)
    }
    fn expected() -> String {
        "float".to_string()
    }
}

impl IntoPy for f64 {
    fn into_py(self, _vm: &mut Vm) -> PyResult<Value> {
        Ok(Value::float(self))
    }
}

impl IntoPy for f32 {
    fn into_py(self, _vm: &mut Vm) -> PyResult<Value> {
        Ok(Value::float(f64::from(self)))
    }
}

impl FromPy for bool {
    fn from_py(vm: &mut Vm, v: Value) -> Result<Self, ConvError> {
        match v {
            Value::TRUE => Ok(true),
            Value::FALSE => Ok(false),
            _ => Err(ConvError::type_of(vm, "bool", v)),
        }
    }
    fn expected() -> String {
        "bool".to_string()
    }
}

impl IntoPy for bool {
    fn into_py(self, _vm: &mut Vm) -> PyResult<Value> {
        Ok(Value::bool(self))
    }
}

impl FromPy for String {
    fn from_py(vm: &mut Vm, v: Value) -> Result<Self, ConvError> {
        match vm.str_of(v) {
            Some(s) => Ok(String::from(s)),
            None => Err(ConvError::type_of(vm, "str", v)),
        }
    }
    fn expected() -> String {
        "str".to_string()
    }
}

impl IntoPy for String {
    fn into_py(self, vm: &mut Vm) -> PyResult<Value> {
        vm.new_string(self)
    }
}

impl IntoPy for &str {
    fn into_py(self, vm: &mut Vm) -> PyResult<Value> {
        vm.new_str(self)
    }
}

impl FromPy for () {
    fn from_py(vm: &mut Vm, v: Value) -> Result<Self, ConvError> {
        if v == Value::NONE {
            Ok(())
        } else {
            Err(ConvError::type_of(vm, "None", v))
        }
    }
    fn expected() -> String {
        "None".to_string()
    }
}

impl IntoPy for () {
    fn into_py(self, _vm: &mut Vm) -> PyResult<Value> {
        Ok(Value::NONE)
    }
}

impl FromPy for Handle {
    fn from_py(vm: &mut Vm, v: Value) -> Result<Self, ConvError> {
        Ok(vm.handle(v))
    }
    fn expected() -> String {
        "object".to_string()
    }
}

impl IntoPy for Handle {
    fn into_py(self, _vm: &mut Vm) -> PyResult<Value> {
        Ok(self.get())
    }
}

impl IntoPy for &Handle {
    fn into_py(self, _vm: &mut Vm) -> PyResult<Value> {
        Ok(self.get())
    }
}

impl<T: FromPy> FromPy for Option<T> {
    const OPTIONAL: bool = true;
    fn from_py(vm: &mut Vm, v: Value) -> Result<Self, ConvError> {
        if v == Value::NONE {
            Ok(None)
        } else {
            T::from_py(vm, v).map(Some).map_err(|e| match e {
                ConvError::Type { found, .. } => ConvError::Type {
                    expected: Self::expected(),
                    found,
                },
                e => e,
            })
        }
    }
    fn expected() -> String {
        format!("{} or None", T::expected())
    }
}

impl<T: IntoPy> IntoPy for Option<T> {
    fn into_py(self, vm: &mut Vm) -> PyResult<Value> {
        match self {
            Some(x) => x.into_py(vm),
            None => Ok(Value::NONE),
        }
    }
}

/// The items of a list or tuple (a copy: converting an item may allocate).
fn sequence_items(vm: &Vm, v: Value) -> Option<Vec<Value>> {
    match vm.obj(v)? {
        Obj::List(items) => Some(items.to_vec()),
        Obj::Tuple(items) => Some(items.to_vec()),
        _ => None,
    }
}

impl<T: FromPy> FromPy for Vec<T> {
    fn from_py(vm: &mut Vm, v: Value) -> Result<Self, ConvError> {
        let bytes = match vm.obj(v) {
            Some(Obj::Bytes(b)) => Some(&b[..]),
            Some(Obj::ByteArray(b)) => Some(&b[..]),
            _ => None,
        };
        if let Some(out) = bytes.and_then(T::vec_from_bytes) {
            return Ok(out);
        }
        if let Some(d) = v
            .as_obj()
            .filter(|r| matches!(vm.heap.get(*r), Obj::Dict(_)))
        {
            let pairs = vm.dict_items(d);
            if let Some(out) = T::vec_from_pairs(vm, &pairs) {
                return out;
            }
        }
        let Some(items) = sequence_items(vm, v) else {
            return Err(ConvError::type_of(vm, Self::expected(), v));
        };
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            match T::from_py(vm, item) {
                Ok(x) => out.push(x),
                Err(ConvError::Type { .. }) => {
                    let found = format!("{} with a {} item", vm.type_name(v), vm.type_name(item));
                    let expected = Self::expected();
                    return Err(ConvError::Type { expected, found });
                }
                Err(e) => return Err(e),
            }
        }
        Ok(out)
    }
    fn expected() -> String {
        format!("list of {}", T::expected())
    }
}

impl<T: IntoPy> IntoPy for Vec<T> {
    fn into_py(self, vm: &mut Vm) -> PyResult<Value> {
        T::vec_into_py(self, vm)
    }
}

/// A dict's items converted into a map `C` (a `TypeError` naming `expected()` when `v` is
/// not a dict).
fn collect_dict<K: FromPy, V: FromPy, C: Default + Extend<(K, V)>>(
    vm: &mut Vm,
    v: Value,
    expected: fn() -> String,
) -> Result<C, ConvError> {
    let Some(d) = v
        .as_obj()
        .filter(|r| matches!(vm.heap.get(*r), Obj::Dict(_)))
    else {
        return Err(ConvError::type_of(vm, expected(), v));
    };
    let mut out = C::default();
    for (k, item) in vm.dict_items(d) {
        out.extend([(K::from_py(vm, k)?, V::from_py(vm, item)?)]);
    }
    Ok(out)
}

impl<K: FromPy + Ord, V: FromPy> FromPy for BTreeMap<K, V> {
    fn from_py(vm: &mut Vm, v: Value) -> Result<Self, ConvError> {
        collect_dict(vm, v, Self::expected)
    }
    fn expected() -> String {
        format!("dict of {} to {}", K::expected(), V::expected())
    }
}

impl<K: IntoPy, V: IntoPy> IntoPy for BTreeMap<K, V> {
    fn into_py(self, vm: &mut Vm) -> PyResult<Value> {
        dict_of(vm, self)
    }
}

#[cfg(feature = "std")]
impl<K, V, S> FromPy for std::collections::HashMap<K, V, S>
where
    K: FromPy + Eq + core::hash::Hash,
    V: FromPy,
    S: core::hash::BuildHasher + Default,
{
    fn from_py(vm: &mut Vm, v: Value) -> Result<Self, ConvError> {
        collect_dict(vm, v, Self::expected)
    }
    fn expected() -> String {
        format!("dict of {} to {}", K::expected(), V::expected())
    }
}

#[cfg(feature = "std")]
impl<K: IntoPy, V: IntoPy, S> IntoPy for std::collections::HashMap<K, V, S> {
    fn into_py(self, vm: &mut Vm) -> PyResult<Value> {
        dict_of(vm, self)
    }
}

/// A new dict of the pairs, each converted.
fn dict_of<K: IntoPy, V: IntoPy>(
    vm: &mut Vm,
    pairs: impl IntoIterator<Item = (K, V)>,
) -> PyResult<Value> {
    let d = vm.new_dict()?;
    let dr = d.as_obj().unwrap_or(crate::object::value::ObjRef(0));
    vm.with_roots(&[d], |vm, _| {
        for (k, v) in pairs {
            let k = k.into_py(vm)?;
            let slot = vm.root(k);
            let v = v.into_py(vm)?;
            vm.set_root(slot, v);
            vm.root(k);
            vm.dict_set(dr, k, v)?;
        }
        Ok(d)
    })
}

macro_rules! tuple_conversions {
    ($n:literal; $($t:ident $i:tt),+) => {
        impl<$($t: FromPy),+> FromPy for ($($t,)+) {
            fn from_py(vm: &mut Vm, v: Value) -> Result<Self, ConvError> {
                let items = match sequence_items(vm, v) {
                    Some(items) if items.len() == $n => items,
                    _ => return Err(ConvError::type_of(vm, Self::expected(), v)),
                };
                Ok(($($t::from_py(vm, items[$i])?,)+))
            }
            fn vec_from_pairs(
                vm: &mut Vm,
                pairs: &[(Value, Value)],
            ) -> Option<Result<Vec<Self>, ConvError>> {
                if $n != 2 {
                    return None;
                }
                let mut out = Vec::with_capacity(pairs.len());
                for &(k, v) in pairs {
                    let kv = [k, v];
                    let mut item = || -> Result<Self, ConvError> {
                        Ok(($($t::from_py(vm, kv.get($i).copied().unwrap_or(Value::NONE))?,)+))
                    };
                    match item() {
                        Ok(x) => out.push(x),
                        Err(e) => return Some(Err(e)),
                    }
                }
                Some(Ok(out))
            }
            fn expected() -> String {
                let parts: [String; $n] = [$($t::expected()),+];
                format!("tuple of ({})", parts.join(", "))
            }
        }

        impl<$($t: IntoPy),+> IntoPy for ($($t,)+) {
            fn into_py(self, vm: &mut Vm) -> PyResult<Value> {
                let items = vm.with_roots(&[], |vm, base| {
                    $( let v = self.$i.into_py(vm)?; vm.root(v); )+
                    Ok(vm.native_roots[base..].to_vec())
                })?;
                vm.new_tuple(items)
            }
        }
    };
}

tuple_conversions!(1; A 0);
tuple_conversions!(2; A 0, B 1);
tuple_conversions!(3; A 0, B 1, C 2);
tuple_conversions!(4; A 0, B 1, C 2, D 3);
tuple_conversions!(5; A 0, B 1, C 2, D 3, E 4);
tuple_conversions!(6; A 0, B 1, C 2, D 3, E 4, F 5);
