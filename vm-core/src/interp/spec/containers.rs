//! Container forms: subscripts (`BINARY_SUBSCR_*`, `STORE_SUBSCR_*`), membership tests
//! (`CONTAINS_OP_*`) and unpacking (`UNPACK_SEQUENCE_*`).

use super::{UopResult, DEOPT, NEXT};
use crate::object::types::Obj;
use crate::object::value::Value;
use crate::vm::Vm;

/// Normalizes a Python index against a length (`None` when out of range).
#[inline(always)]
fn index(i: i64, len: usize) -> Option<usize> {
    let i = if i < 0 { i + len as i64 } else { i };
    (i >= 0 && (i as usize) < len).then_some(i as usize)
}

impl Vm {
    /// The item below the top is a list (`seq[i]` and `seq[i] = v` on a list).
    #[inline(always)]
    pub(crate) fn guard_nos_list(&self) -> UopResult {
        match self.obj(self.peek(2)) {
            Some(Obj::List(_)) => NEXT,
            _ => DEOPT,
        }
    }

    /// The top is a small int.
    #[inline(always)]
    pub(crate) fn guard_tos_int(&self) -> UopResult {
        if self.top().is_small_int() {
            NEXT
        } else {
            DEOPT
        }
    }

    /// `seq[i]` for a small int `i` when `items` recognizes the container (list or tuple).
    #[inline(always)]
    pub(crate) fn binary_subscr_seq_int(
        &mut self,
        items: fn(&Obj) -> Option<&[Value]>,
    ) -> UopResult {
        let (c, k) = self.top2();
        let v = match (self.obj(c).and_then(items), k.as_small_int()) {
            (Some(seq), Some(i)) => index(i, seq.len()).map(|i| seq[i]),
            _ => None,
        };
        let Some(v) = v else { return DEOPT };
        self.replace2(v);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn binary_subscr_dict(&mut self) -> UopResult {
        let (c, k) = self.top2();
        let Some(d) = c
            .as_obj()
            .filter(|d| matches!(self.heap.get(*d), Obj::Dict(_)))
        else {
            return DEOPT;
        };
        match self.dict_get(d, k)? {
            Some(v) => {
                self.replace2(v);
                NEXT
            }
            None => Err(self.key_error(k)),
        }
    }

    #[inline(always)]
    pub(crate) fn store_subscr_list_int(&mut self) -> UopResult {
        let n = self.stack.len();
        if n < 3 {
            return DEOPT;
        }
        let (v, c, k) = (self.stack[n - 3], self.stack[n - 2], self.stack[n - 1]);
        let (Some(r), Some(i)) = (c.as_obj(), k.as_small_int()) else {
            return DEOPT;
        };
        match self.heap.get_mut(r) {
            Obj::List(l) => match index(i, l.len()) {
                Some(i) => l[i] = v,
                None => return DEOPT,
            },
            _ => return DEOPT,
        }
        self.stack.truncate(n - 3);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn store_subscr_dict(&mut self) -> UopResult {
        let n = self.stack.len();
        if n < 3 {
            return DEOPT;
        }
        let (v, c, k) = (self.stack[n - 3], self.stack[n - 2], self.stack[n - 1]);
        let Some(d) = c
            .as_obj()
            .filter(|d| matches!(self.heap.get(*d), Obj::Dict(_)))
        else {
            return DEOPT;
        };
        self.dict_set(d, k, v)?;
        self.stack.truncate(n - 3);
        NEXT
    }

    #[inline(always)]
    pub(crate) fn contains_dict(&mut self, arg: u32) -> UopResult {
        let (v, c) = self.top2();
        let Some(d) = c
            .as_obj()
            .filter(|d| matches!(self.heap.get(*d), Obj::Dict(_)))
        else {
            return DEOPT;
        };
        let found = self.dict_get(d, v)?.is_some();
        self.replace2(Value::bool(found != (arg != 0)));
        NEXT
    }

    #[inline(always)]
    pub(crate) fn contains_set(&mut self, arg: u32) -> UopResult {
        let (v, c) = self.top2();
        let Some(s) = c
            .as_obj()
            .filter(|s| matches!(self.heap.get(*s), Obj::Set(_)))
        else {
            return DEOPT;
        };
        let found = self.set_contains(s, v)?;
        self.replace2(Value::bool(found != (arg != 0)));
        NEXT
    }

    /// `x in seq` for a list or tuple: scans the items in place while every comparison
    /// needs no user code (identical values, small ints, strs...); the first that might
    /// (an instance's `__eq__`, a nested container) hands the whole test to the generic
    /// path, which is safe because the comparisons so far had no effects.
    #[inline(always)]
    pub(crate) fn contains_seq(&mut self, arg: u32) -> UopResult {
        let (v, c) = self.top2();
        let items = match self.obj(c) {
            Some(Obj::List(l)) => &l[..],
            Some(Obj::Tuple(t)) => &t[..],
            _ => return DEOPT,
        };
        let mut found = Some(false);
        let int_needle = v.is_small_int();
        for &x in items {
            // Identity means membership, as in `Vm::eq` (so a NaN finds itself).
            if x == v {
                found = Some(true);
                break;
            }
            if int_needle && x.is_small_int() {
                continue;
            }
            match self.simple_eq(x, v) {
                Some(false) => {}
                r => {
                    found = r;
                    break;
                }
            }
        }
        let found = match found {
            Some(f) => f,
            None => self.contains(c, v)?,
        };
        self.replace2(Value::bool(found != (arg != 0)));
        NEXT
    }

    /// `a, b, ... = seq` for a list or tuple (`items` recognizes which) of exactly `n` items.
    #[inline(always)]
    pub(crate) fn unpack_seq(
        &mut self,
        n: usize,
        items: fn(&Obj) -> Option<&[Value]>,
    ) -> UopResult {
        let mut buf = [Value::UNDEF; 8];
        let got: &[Value] = match self.obj(self.top()).and_then(items) {
            Some(seq) if seq.len() == n && n <= 8 => {
                buf[..n].copy_from_slice(seq);
                &buf[..n]
            }
            _ => return DEOPT,
        };
        self.stack.pop();
        self.stack.extend(got.iter().rev());
        NEXT
    }
}
