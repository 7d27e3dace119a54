//! Native classes: Python classes whose instances carry Rust data (userdata).
//!
//! The class is an ordinary Python class (deriving from `object`, so `isinstance`, subclassing
//! and attribute lookup work as for any class) whose namespace holds closures: `__init__`
//! makes the Rust value and stores it beside the heap under the instance's slot
//! (`EmbedState`), methods and property getters find it there.

use alloc::boxed::Box;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use core::any::{Any, TypeId};
use core::marker::PhantomData;

use super::args::FromArgs;
use super::convert::{ConvError, FromPy, IntoPy};
use super::ctx::CallCtx;
use super::native::new_closure;
use super::state::{NativeBody, Userdata};
use crate::object::types::{NativeKind, Obj, Property};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// A Rust type whose values Python sees as instances of a class. The class is made when it
/// is registered ([`Interpreter::class`](super::Interpreter::class),
/// [`ModuleBuilder::class`](super::ModuleBuilder::class)); a value of the type converts to
/// a new instance ([`IntoPy`]), and an instance to a clone of its value (when the type is
/// `Clone`). What the value keeps of Python's must be [`Handle`](crate::Handle)s.
pub trait NativeClass: Any + Sized {
    /// The class name.
    const NAME: &'static str;

    /// Adds the constructor, methods and properties.
    fn build(class: &mut ClassBuilder<'_, Self>) -> PyResult<()>;
}

/// Builds a native class: [`NativeClass::build`] gets one.
pub struct ClassBuilder<'a, T> {
    vm: &'a mut Vm,
    class: ObjRef,
    dict: ObjRef,
    _type: PhantomData<fn(T)>,
}

/// The data of instance `this` of native class `T`, or the `TypeError` of a method `name`
/// called on something else.
fn data_of<T: NativeClass>(vm: &mut Vm, name: &str, this: Value) -> PyResult<Userdata> {
    if let Some(d) = this.as_obj().and_then(|r| vm.embed.userdata(r)) {
        if d.borrow().is::<T>() {
            return Ok(d);
        }
    }
    let cls = vm.embed.class(TypeId::of::<T>());
    let is_instance = cls
        .and_then(|c| c.as_obj())
        .is_some_and(|c| vm.exc_matches(this, c));
    let cname = T::NAME;
    Err(if is_instance {
        vm.type_error(format!(
            "'{cname}' object is not initialized ({cname}.__init__ did not run)"
        ))
    } else {
        let found = vm.type_name(this);
        vm.type_error(format!(
            "descriptor '{name}' for '{cname}' objects doesn't apply to a '{found}' object"
        ))
    })
}

/// The `RuntimeError` of a method that runs while another method of the same object runs.
fn busy(vm: &mut Vm) -> PyErr {
    let t = vm.types.runtime_error;
    vm.new_exception(t, "the object is in use by another of its methods")
}

impl<T: NativeClass> ClassBuilder<'_, T> {
    fn add(&mut self, name: &'static str, body: NativeBody) -> PyResult<()> {
        let f = self.method_object(name, body)?;
        self.vm.dict_set_str(self.dict, name, f)
    }

    fn method_object(&mut self, name: &'static str, body: NativeBody) -> PyResult<Value> {
        let owner = Value::obj(self.class);
        new_closure(self.vm, name, NativeKind::Method, owner, body)
    }

    /// How Python makes an instance: `T::NAME(args)` calls `f` with the parsed arguments.
    /// Without one, the class cannot be instantiated from Python.
    pub fn constructor<A, F>(&mut self, f: F) -> PyResult<()>
    where
        A: FromArgs,
        F: Fn(&mut CallCtx<'_>, A) -> PyResult<T> + 'static,
    {
        let body: NativeBody =
            Rc::new(move |vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]| {
                let Some((&this, rest)) = args.split_first() else {
                    return Err(vm.type_error("__init__() needs its instance"));
                };
                if !kw.is_empty() {
                    let msg = format!("{}() takes no keyword arguments", T::NAME);
                    return Err(vm.type_error(msg));
                }
                let cls = vm.embed.class(TypeId::of::<T>()).and_then(|c| c.as_obj());
                if !cls.is_some_and(|c| vm.exc_matches(this, c)) {
                    let found = vm.type_name(this);
                    let msg = format!(
                        "descriptor '__init__' requires a '{}' object but received a '{found}'",
                        T::NAME
                    );
                    return Err(vm.type_error(msg));
                }
                let a = A::from_args(vm, T::NAME, rest)?;
                let value = f(&mut CallCtx { vm }, a)?;
                match this.as_obj() {
                    Some(r) => vm.embed.set_userdata(r, Box::new(value)),
                    None => return Err(vm.type_error("__init__() needs an instance")),
                }
                Ok(Value::NONE)
            });
        self.add("__init__", body)
    }

    /// A method: `f(ctx, &mut value, args)`.
    pub fn method<A, R, F>(&mut self, name: &'static str, f: F) -> PyResult<()>
    where
        A: FromArgs,
        R: IntoPy,
        F: Fn(&mut CallCtx<'_>, &mut T, A) -> PyResult<R> + 'static,
    {
        let body = method_body(name, f);
        self.add(name, body)
    }

    /// A read-only attribute: `f(ctx, &value)` computes it.
    pub fn getter<R, F>(&mut self, name: &'static str, f: F) -> PyResult<()>
    where
        R: IntoPy,
        F: Fn(&mut CallCtx<'_>, &T) -> PyResult<R> + 'static,
    {
        let body = method_body(name, move |ctx, this: &mut T, ()| f(ctx, this));
        let fget = self.method_object(name, body)?;
        self.set_property(name, |p| p.fget = fget)
    }

    /// A writable attribute's setter: `f(ctx, &mut value, new)`.
    pub fn setter<V, F>(&mut self, name: &'static str, f: F) -> PyResult<()>
    where
        V: FromPy,
        F: Fn(&mut CallCtx<'_>, &mut T, V) -> PyResult<()> + 'static,
    {
        let body = method_body(name, move |ctx, this: &mut T, (v,): (V,)| f(ctx, this, v));
        let fset = self.method_object(name, body)?;
        self.set_property(name, |p| p.fset = fset)
    }

    /// `repr()` of an instance.
    pub fn repr<F>(&mut self, f: F) -> PyResult<()>
    where
        F: Fn(&T) -> String + 'static,
    {
        self.method("__repr__", move |_, this: &mut T, ()| Ok(f(this)))
    }

    /// Updates (or makes) the property `name`.
    fn set_property(
        &mut self,
        name: &'static str,
        update: impl FnOnce(&mut Property),
    ) -> PyResult<()> {
        let k = self.vm.intern(name)?;
        let existing = self.vm.dict_get_str(self.dict, k);
        if let Some(Obj::Property(p)) = existing
            .and_then(|v| v.as_obj())
            .map(|r| self.vm.heap.get_mut(r))
        {
            update(p);
            return Ok(());
        }
        let mut p = Property {
            fget: Value::NONE,
            fset: Value::NONE,
            fdel: Value::NONE,
            doc: Value::NONE,
        };
        update(&mut p);
        let v = self.vm.alloc_value(Obj::Property(Box::new(p)))?;
        self.vm.dict_set(self.dict, k, v)
    }
}

/// A method's body: the instance's data borrowed for `f`, the other arguments parsed.
fn method_body<T, A, R, F>(name: &'static str, f: F) -> NativeBody
where
    T: NativeClass,
    A: FromArgs,
    R: IntoPy,
    F: Fn(&mut CallCtx<'_>, &mut T, A) -> PyResult<R> + 'static,
{
    Rc::new(move |vm: &mut Vm, args: &[Value], kw: &[(Value, Value)]| {
        let Some((&this, rest)) = args.split_first() else {
            let msg = format!(
                "descriptor '{name}' of '{}' object needs an argument",
                T::NAME
            );
            return Err(vm.type_error(msg));
        };
        if !kw.is_empty() {
            return Err(vm.type_error(format!("{name}() takes no keyword arguments")));
        }
        let data = data_of::<T>(vm, name, this)?;
        let a = A::from_args(vm, name, rest)?;
        let Ok(mut guard) = data.try_borrow_mut() else {
            return Err(busy(vm));
        };
        let Some(value) = guard.downcast_mut::<T>() else {
            return Err(vm.internal_error("native class data of another type"));
        };
        let r = f(&mut CallCtx { vm }, value, a);
        drop(guard);
        r?.into_py(vm)
    })
}

/// Makes the class of `T` (once per VM; later calls give the same class).
pub(crate) fn class_of<T: NativeClass>(vm: &mut Vm, module: &str) -> PyResult<Value> {
    if let Some(c) = vm.embed.class(TypeId::of::<T>()) {
        return Ok(c);
    }
    let ns = vm.new_dict()?;
    let nsr = ns.as_obj().unwrap_or(ObjRef(0));
    vm.with_roots(&[ns], |vm, _| {
        let m = vm.intern(module)?;
        vm.dict_set_str(nsr, "__module__", m)?;
        let name = vm.new_str(T::NAME)?;
        let object = vm.types.object;
        let cls = crate::builtins::class_create::make_class(vm, name, object, nsr)?;
        vm.root(Value::obj(cls));
        let mut b = ClassBuilder::<T> {
            vm,
            class: cls,
            dict: nsr,
            _type: PhantomData,
        };
        let k = b.vm.intern("__init__")?;
        if b.vm.dict_get_str(nsr, k).is_none() {
            b.constructor(|ctx, ()| -> PyResult<T> {
                Err(ctx.error(
                    super::ExcKind::TypeError,
                    format!("cannot create '{}' instances", T::NAME),
                ))
            })?;
        }
        T::build(&mut b)?;
        // The class changed after it was made: caches keyed by its version must not hold.
        vm.new_class_version(cls);
        let h = vm.handle(Value::obj(cls));
        vm.embed.set_class(TypeId::of::<T>(), h);
        Ok(Value::obj(cls))
    })
}

impl<T: NativeClass> IntoPy for T {
    fn into_py(self, vm: &mut Vm) -> PyResult<Value> {
        let Some(cls) = vm.embed.class(TypeId::of::<T>()).and_then(|c| c.as_obj()) else {
            let msg = format!("native class '{}' is not registered", T::NAME);
            return Err(vm.type_error(msg));
        };
        let inst = vm.new_instance(cls)?;
        if let Some(r) = inst.as_obj() {
            vm.embed.set_userdata(r, Box::new(self));
        }
        Ok(inst)
    }
}

impl<T: NativeClass + Clone> FromPy for T {
    fn from_py(vm: &mut Vm, v: Value) -> Result<Self, ConvError> {
        let data = v.as_obj().and_then(|r| vm.embed.userdata(r));
        let value = data.and_then(|d| d.try_borrow().ok()?.downcast_ref::<T>().cloned());
        value.ok_or_else(|| ConvError::Type {
            expected: String::from(T::NAME),
            found: vm.type_name(v),
        })
    }
    fn expected() -> String {
        String::from(T::NAME)
    }
}
