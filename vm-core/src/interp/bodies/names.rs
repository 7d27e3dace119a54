//! Bodies of the uops that read and write globals, builtins and a namespace, and import.

use crate::interp::eval::{Ctx, Flow};
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

impl Vm {
    /// `_LOAD_GLOBAL_MODULE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_load_global_module(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let g = self.frames[ctx.fi].globals;
        self.load_global_entry(ctx, g, arg)
    }

    /// `_LOAD_GLOBAL_BUILTIN`.
    #[inline(always)]
    pub(in crate::interp) fn uop_load_global_builtin(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let b = self.builtins;
        self.load_global_entry(ctx, b, arg)
    }

    /// `_LOAD_GLOBAL`.
    #[inline(always)]
    pub(in crate::interp) fn uop_load_global(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let name = ctx.code.names[(arg >> 1) as usize];
        let globals = self.frames[ctx.fi].globals;
        let v = match self.dict_get_str(globals, name) {
            Some(v) => v,
            None => match self.dict_get_str(self.builtins, name) {
                Some(v) => v,
                None => {
                    let n = alloc::string::String::from(self.str_of(name).unwrap_or("?"));
                    return Err(self.name_error(&n));
                }
            },
        };
        self.push(v);
        if arg & 1 != 0 {
            self.push(Value::UNDEF);
        }
        Ok(Flow::Next)
    }

    /// `_STORE_GLOBAL`.
    #[inline(always)]
    pub(in crate::interp) fn uop_store_global(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let name = ctx.code.names[arg as usize];
        let v = self.pop();
        let globals = self.frames[ctx.fi].globals;
        self.dict_set(globals, name, v)?;
        Ok(Flow::Next)
    }

    /// `_DELETE_GLOBAL`.
    #[inline(always)]
    pub(in crate::interp) fn uop_delete_global(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let name = ctx.code.names[arg as usize];
        let globals = self.frames[ctx.fi].globals;
        if self.dict_del(globals, name)?.is_none() {
            let n = alloc::string::String::from(self.str_of(name).unwrap_or("?"));
            return Err(self.name_error(&n));
        }
        Ok(Flow::Next)
    }

    /// `_LOAD_NAME`.
    #[inline(always)]
    pub(in crate::interp) fn uop_load_name(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let name = ctx.code.names[arg as usize];
        let v = self.load_name(ctx.fi, name)?;
        self.push(v);
        Ok(Flow::Next)
    }

    /// `_STORE_NAME`.
    #[inline(always)]
    pub(in crate::interp) fn uop_store_name(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let name = ctx.code.names[arg as usize];
        let v = self.pop();
        let ns = self.namespace_of(ctx.fi);
        self.mapping_set(ns, name, v)?;
        Ok(Flow::Next)
    }

    /// `_DELETE_NAME`.
    #[inline(always)]
    pub(in crate::interp) fn uop_delete_name(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let name = ctx.code.names[arg as usize];
        let ns = self.namespace_of(ctx.fi);
        let removed = match ns.as_obj() {
            Some(d) => self.dict_del(d, name)?.is_some(),
            None => false,
        };
        if !removed {
            let n = alloc::string::String::from(self.str_of(name).unwrap_or("?"));
            return Err(self.name_error(&n));
        }
        Ok(Flow::Next)
    }

    /// `_LOAD_LOCALS`.
    #[inline(always)]
    pub(in crate::interp) fn uop_load_locals(
        &mut self,
        ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let ns = self.namespace_of(ctx.fi);
        self.push(ns);
        Ok(Flow::Next)
    }

    /// `_LOAD_BUILD_CLASS`.
    #[inline(always)]
    pub(in crate::interp) fn uop_load_build_class(
        &mut self,
        _ctx: &mut Ctx,
        _arg: u32,
    ) -> Result<Flow, PyErr> {
        let n = self.intern("__build_class__")?;
        let v = self.dict_get_str(self.builtins, n).unwrap_or(Value::NONE);
        self.push(v);
        Ok(Flow::Next)
    }

    /// `_IMPORT_NAME`.
    #[inline(always)]
    pub(in crate::interp) fn uop_import_name(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let name = ctx.code.names[arg as usize];
        let _fromlist = self.pop();
        let _level = self.pop();
        let m = self.import_module(name)?;
        self.push(m);
        Ok(Flow::Next)
    }

    /// `_IMPORT_FROM`.
    #[inline(always)]
    pub(in crate::interp) fn uop_import_from(
        &mut self,
        ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let name = ctx.code.names[arg as usize];
        let m = self.top();
        let v = match self.get_attr_opt(m, name)? {
            Some(v) => v,
            None => {
                let mname = match self.obj(m) {
                    Some(Obj::Module(md)) => {
                        alloc::string::String::from(self.str_of(md.name).unwrap_or("?"))
                    }
                    _ => alloc::string::String::from("?"),
                };
                let msg = alloc::format!(
                    "cannot import name '{}' from '{}' (unknown location)",
                    self.str_of(name).unwrap_or("?"),
                    mname
                );
                let mn = self.top();
                let mn = match self.obj(mn) {
                    Some(Obj::Module(md)) => md.name,
                    _ => Value::NONE,
                };
                return Err(self.import_error_named(self.types.import_error, &msg, mn));
            }
        };
        self.push(v);
        Ok(Flow::Next)
    }
}
