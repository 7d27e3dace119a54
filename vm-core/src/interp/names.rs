//! Lookups of local, cell, global and namespace names and of methods for a call, with the
//! errors of unbound names.

use crate::bytecode::code::CodeObject;
use crate::interp::eval::Ctx;
use crate::object::types::Obj;
use crate::object::value::ObjRef;
use crate::object::value::Value;
use crate::vm::{PyErr, PyResult, Vm};
use crate::object::lazy_exc::LazyExc;

impl Vm {
    pub(crate) fn deref_cell(&mut self, ctx: &Ctx, arg: u32) -> PyResult<Value> {
        let cell = self.stack[ctx.base + ctx.code.nlocals() + arg as usize];
        let v = match self.obj(cell) {
            Some(Obj::Cell(v)) => *v,
            _ => Value::UNDEF,
        };
        if v.is_undef() {
            return Err(self.unbound_free(ctx.code, arg));
        }
        Ok(v)
    }

    pub(crate) fn cell_name(&self, code: &CodeObject, arg: u32) -> Value {
        let i = arg as usize;
        if i < code.cellvars.len() {
            code.cellvars[i]
        } else {
            code.freevars
                .get(i - code.cellvars.len())
                .copied()
                .unwrap_or(Value::NONE)
        }
    }

    pub(crate) fn unbound_local(&mut self, code: &CodeObject, i: usize) -> PyErr {
        let name = code
            .varnames
            .get(i)
            .and_then(|v| self.str_of(*v))
            .unwrap_or("?");
        let msg = alloc::format!(
            "cannot access local variable '{name}' where it is not associated with a value"
        );
        self.new_lazy_exception(LazyExc::UnboundLocalError, &msg)
    }

    pub(crate) fn unbound_free(&mut self, code: &CodeObject, arg: u32) -> PyErr {
        let nv = self.cell_name(code, arg);
        let name = alloc::string::String::from(self.str_of(nv).unwrap_or("?"));
        if (arg as usize) < code.cellvars.len() {
            let msg = alloc::format!(
                "cannot access local variable '{name}' where it is not associated with a value"
            );
            self.new_lazy_exception(LazyExc::UnboundLocalError, &msg)
        } else {
            let msg = alloc::format!("cannot access free variable '{name}' where it is not associated with a value in enclosing scope");
            self.new_exception(self.types.name_error, &msg)
        }
    }

    /// The namespace of a module or class body frame.
    pub(crate) fn namespace_of(&self, fi: usize) -> Value {
        let f = &self.frames[fi];
        if f.locals.is_undef() {
            Value::obj(f.globals)
        } else {
            f.locals
        }
    }

    /// The builtins namespace of code whose globals are `g`: the dict (or a module's) that
    /// `g["__builtins__"]` holds, as CPython takes it (code given to `exec` with its own
    /// builtins sees only those), else the builtins.
    pub(crate) fn builtins_of(&mut self, g: ObjRef) -> PyResult<ObjRef> {
        let key = self.intern("__builtins__")?;
        let own = match self.dict_get_str(g, key).and_then(|v| v.as_obj()) {
            Some(r) => match self.heap.get(r) {
                Obj::Dict(_) => r,
                Obj::Module(m) => m.dict,
                _ => self.builtins,
            },
            None => self.builtins,
        };
        Ok(own)
    }

    pub(crate) fn load_name(&mut self, fi: usize, name: Value) -> PyResult<Value> {
        let ns = self.namespace_of(fi);
        if let Some(d) = ns.as_obj() {
            if !matches!(self.heap.get(d), Obj::Dict(_)) {
                // Another mapping (the locals given to `exec`/`eval`, a class body's namespace
                // from a metaclass's `__prepare__`): its `__getitem__`.
                if let Some(v) = self.mapping_lookup(ns, name)? {
                    return Ok(v);
                }
            } else if let Some(v) = self.dict_get_str(d, name) {
                return Ok(v);
            }
        }
        let g = self.frames[fi].globals;
        if let Some(v) = self.dict_get_str(g, name) {
            return Ok(v);
        }
        let b = self.builtins_of(g)?;
        if let Some(v) = self.dict_get_str(b, name) {
            return Ok(v);
        }
        if let Some(v) = self.builtins_miss(b, name)? {
            return Ok(v);
        }
        let n = alloc::string::String::from(self.str_of(name).unwrap_or("?"));
        Err(self.name_error(&n))
    }

    /// `ns[name]` of a namespace that is not a dict; `None` on `KeyError`.
    fn mapping_lookup(&mut self, ns: Value, name: Value) -> PyResult<Option<Value>> {
        match self.get_item(ns, name) {
            Ok(v) => Ok(Some(v)),
            Err(e) if self.exc_matches(e.0, self.types.key_error) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// `del ns[name]` of a namespace; `false` when it had no such name.
    pub(crate) fn mapping_del(&mut self, ns: Value, name: Value) -> PyResult<bool> {
        match ns.as_obj() {
            Some(d) if matches!(self.heap.get(d), Obj::Dict(_)) => {
                Ok(self.dict_del(d, name)?.is_some())
            }
            Some(_) => match self.del_item(ns, name) {
                Ok(()) => Ok(true),
                Err(e) if self.exc_matches(e.0, self.types.key_error) => Ok(false),
                Err(e) => Err(e),
            },
            None => Ok(false),
        }
    }

    pub(crate) fn mapping_set(&mut self, ns: Value, k: Value, v: Value) -> PyResult<()> {
        match ns.as_obj() {
            Some(d) if matches!(self.heap.get(d), Obj::Dict(_)) => self.dict_set(d, k, v),
            _ => self.set_item(ns, k, v),
        }
    }

    /// `obj.name` for a call: `(function, self)` without allocating a bound method when the
    /// attribute is a plain method, else `(attr, NULL)`.
    pub(crate) fn load_method(&mut self, obj: Value, name: Value) -> PyResult<(Value, Value)> {
        let t = self.type_of(obj);
        let is_plain = !matches!(
            self.obj(obj),
            Some(Obj::Class(_) | Obj::Module(_) | Obj::Super { .. })
        ) && !self.has_user_getattribute(t);
        if is_plain {
            if let Some(d) = self.class_lookup(t, name) {
                let is_method = match self.obj(d) {
                    Some(Obj::Function(_)) => true,
                    _ => self
                        .native(d)
                        .is_some_and(|n| n.kind == crate::object::types::NativeKind::Method),
                };
                // A staticmethod or classmethod is called as its function, with the class
                // as `self` for a classmethod: no bound method is made.
                let unwrapped = match self.obj(d) {
                    Some(Obj::StaticMethod(f)) => Some((*f, Value::UNDEF)),
                    Some(Obj::ClassMethod(f)) => Some((*f, Value::obj(t))),
                    _ => None,
                };
                if is_method || unwrapped.is_some() {
                    let shadowed = match obj.as_obj() {
                        Some(r) if matches!(self.heap.get(r), Obj::Instance(_)) => {
                            self.instance_get(r, name).is_some()
                        }
                        _ => false,
                    };
                    if !shadowed {
                        return Ok(unwrapped.unwrap_or((d, self.method_self(d, obj))));
                    }
                }
            }
        } else if let Some(found) = self.class_method_of(obj, t, name) {
            return Ok(found);
        }
        let v = self.get_attr(obj, name)?;
        Ok((v, Value::UNDEF))
    }

    /// `cls.name` for a call, when `obj` is a class of metaclass `type` (which has no
    /// attribute `name`, so the class's own wins) and `name` is a staticmethod or
    /// classmethod of it: the function to call and the class as `self` for a classmethod.
    fn class_method_of(&self, obj: Value, t: ObjRef, name: Value) -> Option<(Value, Value)> {
        let cls = obj.as_obj()?;
        if t != self.types.type_ || !matches!(self.heap.get(cls), Obj::Class(_)) {
            return None;
        }
        let d = self.class_lookup(cls, name)?;
        let found = match self.obj(d) {
            Some(Obj::StaticMethod(f)) => (*f, Value::UNDEF),
            Some(Obj::ClassMethod(f)) => (*f, obj),
            _ => return None,
        };
        self.class_lookup(t, name).is_none().then_some(found)
    }
}
