//! `TO_BOOL_*` forms.

use super::{UopResult, DEOPT, NEXT};
use crate::object::value::Value;
use crate::vm::Vm;

impl Vm {
    /// `TO_BOOL_*`: `test` returns the truth value, or `None` when the type does not match.
    #[inline(always)]
    pub(crate) fn truth_with(&mut self, test: fn(&Vm, Value) -> Option<bool>) -> UopResult {
        let Some(b) = test(self, self.top()) else {
            return DEOPT;
        };
        if let Some(t) = self.stack.last_mut() {
            *t = Value::bool(b);
        }
        NEXT
    }
}
