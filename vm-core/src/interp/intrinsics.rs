//! The body of `CALL_INTRINSIC_1`: the operations the compiler emits as intrinsics.

use crate::bytecode::ops::Intrinsic;
use crate::interp::eval::Ctx;
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::{PyResult, Vm};

impl Vm {
    pub(crate) fn intrinsic(&mut self, ctx: &mut Ctx, arg: u32, v: Value) -> PyResult<Value> {
        match Intrinsic::from_oparg(arg) {
            Some(Intrinsic::UnaryPositive) => self.positive(v),
            Some(Intrinsic::UnsupportedComplex) => {
                Err(self.not_implemented("complex numbers are not supported by Tiercel"))
            }
            Some(Intrinsic::ListToTuple) => {
                let items = self.seq_items(v).unwrap_or_default();
                self.new_tuple(items)
            }
            Some(Intrinsic::ImportStar) => {
                let ns = self.namespace_of(ctx.fi);
                if let (Some(Obj::Module(m)), Some(nsr)) = (self.obj(v), ns.as_obj()) {
                    let d = m.dict;
                    for (k, val) in self.dict_items(d) {
                        if self.str_of(k).is_some_and(|s| !s.starts_with('_')) {
                            self.dict_set(nsr, k, val)?;
                        }
                    }
                }
                Ok(Value::NONE)
            }
            Some(Intrinsic::StopIterationError) => {
                if self.exc_matches(v, self.types.stop_iteration) {
                    let e = self
                        .new_exception(self.types.runtime_error, "generator raised StopIteration");
                    if let Some(st) = self.exc_state_mut(e.0) {
                        st.cause = v;
                        st.context = v;
                        st.suppress_context = true;
                    }
                    Ok(e.0)
                } else {
                    Ok(v)
                }
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
