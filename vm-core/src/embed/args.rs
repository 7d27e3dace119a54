//! Argument lists: [`FromArgs`] parses a native function's arguments into a tuple of
//! [`FromPy`] types, with CPython's messages; [`IntoArgs`] makes the arguments of a call
//! into Python.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::convert::{ConvError, FromPy, IntoPy};
use crate::object::value::Value;
use crate::vm::{PyErr, PyResult, Vm};

/// The arguments of a native function: a tuple of [`FromPy`] types (`()`, `(i64,)`,
/// `(String, Option<f64>)`, up to 6), where trailing `Option`s may be left out, or
/// [`Variadic`] for any number of arguments of one type. Keyword arguments are refused.
pub trait FromArgs: Sized {
    /// Parses `args` for function `name`.
    #[doc(hidden)]
    fn from_args(vm: &mut Vm, name: &str, args: &[Value]) -> PyResult<Self>;
}

/// Any number of positional arguments, each converted to `T`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Variadic<T>(pub Vec<T>);

/// The arguments of a call into Python: a tuple of [`IntoPy`] types (`()`, `(1, "a")`, up
/// to 6) or a `Vec` of one type.
pub trait IntoArgs {
    /// Converts the arguments.
    #[doc(hidden)]
    fn into_args(self, vm: &mut Vm) -> PyResult<Vec<Value>>;
}

/// `f() takes 2 positional arguments but 3 were given`.
fn arity_error(vm: &mut Vm, name: &str, min: usize, max: usize, given: usize) -> PyErr {
    let takes = match (min == max, max) {
        (true, 0) => String::from("no arguments"),
        (true, 1) => String::from("1 positional argument"),
        (true, n) => format!("{n} positional arguments"),
        (false, _) => format!("from {min} to {max} positional arguments"),
    };
    let was = if given == 1 { "was" } else { "were" };
    if max == 0 {
        return vm.type_error(format!("{name}() takes no arguments ({given} given)"));
    }
    vm.type_error(format!("{name}() takes {takes} but {given} {was} given"))
}

/// Converts argument `index` (counted from 0) of `name`.
fn convert_arg<T: FromPy>(vm: &mut Vm, name: &str, index: usize, v: Value) -> PyResult<T> {
    T::from_py(vm, v).map_err(|e: ConvError| {
        let context = format!("{name}() argument {}", index + 1);
        e.raise(vm, Some(&context))
    })
}

impl FromArgs for () {
    fn from_args(vm: &mut Vm, name: &str, args: &[Value]) -> PyResult<Self> {
        if args.is_empty() {
            Ok(())
        } else {
            Err(arity_error(vm, name, 0, 0, args.len()))
        }
    }
}

impl<T: FromPy> FromArgs for Variadic<T> {
    fn from_args(vm: &mut Vm, name: &str, args: &[Value]) -> PyResult<Self> {
        let mut out = Vec::with_capacity(args.len());
        for (i, &a) in args.iter().enumerate() {
            out.push(convert_arg(vm, name, i, a)?);
        }
        Ok(Variadic(out))
    }
}

macro_rules! tuple_args {
    ($n:literal; $($t:ident $i:tt),+) => {
        impl<$($t: FromPy),+> FromArgs for ($($t,)+) {
            fn from_args(vm: &mut Vm, name: &str, args: &[Value]) -> PyResult<Self> {
                let optional: [bool; $n] = [$($t::OPTIONAL),+];
                // Only trailing optional arguments may be left out.
                let min = optional.iter().rposition(|o| !o).map_or(0, |p| p + 1);
                if args.len() < min || args.len() > $n {
                    return Err(arity_error(vm, name, min, $n, args.len()));
                }
                let arg = |i: usize| args.get(i).copied().unwrap_or(Value::NONE);
                Ok(($(convert_arg::<$t>(vm, name, $i, arg($i))?,)+))
            }
        }

        impl<$($t: IntoPy),+> IntoArgs for ($($t,)+) {
            fn into_args(self, vm: &mut Vm) -> PyResult<Vec<Value>> {
                vm.with_roots(&[], |vm, base| {
                    $( let v = self.$i.into_py(vm)?; vm.root(v); )+
                    Ok(vm.native_roots[base..].to_vec())
                })
            }
        }
    };
}

tuple_args!(1; A 0);
tuple_args!(2; A 0, B 1);
tuple_args!(3; A 0, B 1, C 2);
tuple_args!(4; A 0, B 1, C 2, D 3);
tuple_args!(5; A 0, B 1, C 2, D 3, E 4);
tuple_args!(6; A 0, B 1, C 2, D 3, E 4, F 5);

impl IntoArgs for () {
    fn into_args(self, _vm: &mut Vm) -> PyResult<Vec<Value>> {
        Ok(Vec::new())
    }
}

impl<T: IntoPy> IntoArgs for Vec<T> {
    fn into_args(self, vm: &mut Vm) -> PyResult<Vec<Value>> {
        vm.with_roots(&[], |vm, base| {
            for x in self {
                let v = x.into_py(vm)?;
                vm.root(v);
            }
            Ok(vm.native_roots[base..].to_vec())
        })
    }
}
