//! The body of `CALL_INTRINSIC_1`: the operations the compiler emits as intrinsics.

use crate::bytecode::code::code_flags;
use crate::bytecode::ops::Intrinsic;
use crate::interp::eval::Ctx;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

impl Vm {
    /// PEP 479: the `RuntimeError` a `StopIteration` escaping a generator becomes, with the
    /// `StopIteration` as its cause.
    pub(crate) fn generator_raised_stop_iteration(&mut self, stop: Value) -> Value {
        self.runtime_error_from(stop, "generator raised StopIteration")
    }

    /// A `RuntimeError` caused by `stop` (PEP 479's replacement of an escaping
    /// `StopIteration`), with the context suppressed as CPython does.
    fn runtime_error_from(&mut self, stop: Value, msg: &str) -> Value {
        let e = self.new_exception(self.types.runtime_error, msg);
        if let Some(st) = self.exc_state_mut(e.0) {
            st.cause = stop;
            st.context = stop;
            st.suppress_context = true;
        }
        e.0
    }

    pub(crate) fn intrinsic(&mut self, ctx: &mut Ctx, arg: u32, v: Value) -> PyResult<Value> {
        match Intrinsic::from_oparg(arg) {
            Some(Intrinsic::UnaryPositive) => self.positive(v),
            Some(Intrinsic::ListToTuple) => {
                let items = self.seq_items(v).unwrap_or_default();
                self.new_tuple(items)
            }
            Some(Intrinsic::ImportStar) => {
                let ns = self.namespace_of(ctx.fi);
                if let Some(Obj::Module(m)) = self.obj(v) {
                    let d = m.dict;
                    for (k, val) in self.dict_items(d) {
                        if self.str_of(k).is_some_and(|s| !s.starts_with('_')) {
                            self.mapping_set(ns, k, val)?;
                        }
                    }
                }
                Ok(Value::NONE)
            }
            Some(Intrinsic::StopIterationError) => {
                let flags = ctx.code.flags;
                let agen = flags & code_flags::ASYNC_GENERATOR != 0;
                let msg = if self.exc_matches(v, self.types.stop_iteration) {
                    if agen {
                        "async generator raised StopIteration"
                    } else if flags & code_flags::COROUTINE != 0 {
                        "coroutine raised StopIteration"
                    } else {
                        "generator raised StopIteration"
                    }
                } else if agen && self.exc_matches(v, self.types.stop_async_iteration) {
                    "async generator raised StopAsyncIteration"
                } else {
                    ""
                };
                if !msg.is_empty() {
                    Ok(self.runtime_error_from(v, msg))
                } else {
                    Ok(v)
                }
            }
            Some(i @ (Intrinsic::FoldedSetOrder | Intrinsic::FoldedFrozenSetOrder)) => {
                if let Some(r) = v.as_obj() {
                    self.folded_set_order(r, i == Intrinsic::FoldedSetOrder)?;
                }
                Ok(v)
            }
            Some(Intrinsic::AsyncGenWrap) => {
                self.agen_wrapped = true;
                Ok(v)
            }
            Some(Intrinsic::PrintExpr) => {
                if v != Value::NONE {
                    let s = self.repr(v)?;
                    self.write_out_checked(&s)?;
                    self.write_out_checked("\n")?;
                    let b = self.builtins;
                    self.dict_set_str(b, "_", v)?;
                }
                Ok(Value::NONE)
            }
            None => Err(self.internal_error("bad intrinsic")),
        }
    }
}
