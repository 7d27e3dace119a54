//! Bodies of the uops that build and unpack containers and add to them in comprehensions.

use crate::interp::eval::{Ctx, Flow};
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyErr, Vm};

impl Vm {
    /// `_BUILD_TUPLE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_build_tuple(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let items = self.pop_n(arg as usize);
        let t = self.new_tuple(items)?;
        self.push(t);
        Ok(Flow::Next)
    }

    /// `_BUILD_LIST`.
    #[inline(always)]
    pub(in crate::interp) fn uop_build_list(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let items = self.pop_n(arg as usize);
        self.charge(items.len() * 8)?;
        let l = self.new_list(items)?;
        self.push(l);
        Ok(Flow::Next)
    }

    /// `_BUILD_SET`.
    #[inline(always)]
    pub(in crate::interp) fn uop_build_set(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let items = self.pop_n(arg as usize);
        let s = self.new_set(&items, false)?;
        self.push(s);
        Ok(Flow::Next)
    }

    /// `_BUILD_MAP`.
    #[inline(always)]
    pub(in crate::interp) fn uop_build_map(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        // Keys and values stay on the stack (rooted) while user `__hash__`/`__eq__`
        // run; the dict goes on top of them until it is complete.
        let n = 2 * arg as usize;
        let Some(start) = self.stack.len().checked_sub(n) else {
            return Err(self.internal_error("BUILD_MAP stack underflow"));
        };
        let d = self.new_dict()?;
        self.push(d);
        let dr = d.as_obj().unwrap_or(crate::object::value::ObjRef(0));
        for i in (start..start + n).step_by(2) {
            let (k, v) = (self.stack[i], self.stack[i + 1]);
            self.dict_set(dr, k, v)?;
        }
        self.stack.truncate(start);
        self.push(d);
        Ok(Flow::Next)
    }

    /// `_BUILD_STRING`.
    #[inline(always)]
    pub(in crate::interp) fn uop_build_string(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let items = self.pop_n(arg as usize);
        // Sized first: pieces may repeat one large string (`f"{s}{s}{s}"`).
        let total = items
            .iter()
            .map(|&it| self.str_of(it).map_or(0, str::len))
            .fold(0usize, usize::saturating_add);
        if !self.heap.fits_releasing_pools(total) {
            return Err(self.memory_error());
        }
        let mut s = alloc::string::String::new();
        if s.try_reserve_exact(total).is_err() {
            return Err(self.memory_error());
        }
        for it in items {
            s.push_str(self.str_of(it).unwrap_or(""));
        }
        let v = self.new_string(s)?;
        self.push(v);
        Ok(Flow::Next)
    }

    /// `_BUILD_SLICE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_build_slice(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let items = self.pop_n(arg as usize);
        let step = if items.len() == 3 {
            items[2]
        } else {
            Value::NONE
        };
        let s = self.alloc_value(Obj::Slice(alloc::boxed::Box::new([
            items[0], items[1], step,
        ])))?;
        self.push(s);
        Ok(Flow::Next)
    }

    /// `_LIST_APPEND`.
    #[inline(always)]
    pub(in crate::interp) fn uop_list_append(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        let l = self.peek(arg as usize);
        self.list_push(l, v)?;
        Ok(Flow::Next)
    }

    /// `_SET_ADD`.
    #[inline(always)]
    pub(in crate::interp) fn uop_set_add(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        let s = self.peek(arg as usize);
        self.set_add(s, v)?;
        Ok(Flow::Next)
    }

    /// `_MAP_ADD`.
    #[inline(always)]
    pub(in crate::interp) fn uop_map_add(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        let k = self.pop();
        let d = self.peek(arg as usize);
        if let Some(dr) = d.as_obj() {
            self.dict_set(dr, k, v)?;
        }
        Ok(Flow::Next)
    }

    /// `_LIST_EXTEND`.
    #[inline(always)]
    pub(in crate::interp) fn uop_list_extend(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let it = self.pop();
        let l = self.peek(arg as usize);
        let items = match self.collect_iter(it) {
            Ok(v) => v,
            Err(e) if self.exc_matches(e.0, self.types.type_error) && !self.is_iterable(it) => {
                let msg = alloc::format!(
                    "Value after * must be an iterable, not {}",
                    self.type_name(it)
                );
                return Err(self.type_error(msg));
            }
            Err(e) => return Err(e),
        };
        if let Some(lr) = l.as_obj() {
            self.list_extend_values(lr, &items)?;
        }
        Ok(Flow::Next)
    }

    /// `_SET_UPDATE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_set_update(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        // The iterable stays on the stack and the collected items are rooted while
        // user iterators and `__hash__`/`__eq__` run.
        let it = self.top();
        let s = self.peek(arg as usize + 1);
        let items = self.collect_iter(it)?;
        self.with_roots(&items, |vm, _| {
            items.iter().try_for_each(|&v| vm.set_add(s, v))
        })?;
        self.pop();
        Ok(Flow::Next)
    }

    /// `_DICT_UPDATE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_dict_update(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let m = self.pop();
        let d = self.peek(arg as usize);
        if let Some(dr) = d.as_obj() {
            if !self.is_mapping(m) {
                let msg = alloc::format!("'{}' object is not a mapping", self.type_name(m));
                return Err(self.type_error(msg));
            }
            self.dict_update_from(dr, m)?;
        }
        Ok(Flow::Next)
    }

    /// `_DICT_MERGE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_dict_merge(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let m = self.pop();
        let d = self.peek(arg as usize);
        let callee = self.peek(arg as usize + 3);
        self.merge_call_kwargs(d, m, callee)?;
        Ok(Flow::Next)
    }

    /// `_UNPACK_SEQUENCE`.
    #[inline(always)]
    pub(in crate::interp) fn uop_unpack_sequence(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        let items = self.unpack(v, arg as usize, None)?;
        for it in items.into_iter().rev() {
            self.push(it);
        }
        Ok(Flow::Next)
    }

    /// `_UNPACK_EX`.
    #[inline(always)]
    pub(in crate::interp) fn uop_unpack_ex(
        &mut self,
        _ctx: &mut Ctx,
        arg: u32,
    ) -> Result<Flow, PyErr> {
        let v = self.pop();
        let before = (arg & 0xFF) as usize;
        let after = (arg >> 8) as usize;
        let items = self.unpack(v, before, Some(after))?;
        for it in items.into_iter().rev() {
            self.push(it);
        }
        Ok(Flow::Next)
    }
}
