//! Assignment and deletion targets: names, attributes, subscripts, unpacking.

use crate::bytecode::ops::Op;
use crate::compile::ast::{Expr, ExprKind};

use super::expr::NameCtx;
use super::{error, CResult, Compiler};

impl<'a, 'p> Compiler<'a, 'p> {
    // ---- assignment targets -----------------------------------------------------------

    /// Stores the value on top of the stack into a target.
    pub(crate) fn store_target(&mut self, t: &'a Expr) -> CResult {
        self.enter(t.loc)?;
        let saved = self.u.loc;
        self.u.loc = t.loc;
        let r = self.store_target_kind(t);
        self.u.loc = saved;
        self.leave();
        r
    }

    fn store_target_kind(&mut self, t: &'a Expr) -> CResult {
        match &t.kind {
            ExprKind::Name(n) => self.nameop(n, NameCtx::Store),
            ExprKind::Attribute { value, attr } => {
                self.visit_expr(value)?;
                self.u.loc = t.loc;
                self.check_store_name(attr)?;
                self.emit_attr(Op::STORE_ATTR, attr, 0, 0)
            }
            ExprKind::Subscript { value, slice } => self.subscript(value, slice, NameCtx::Store),
            ExprKind::Starred(_) => Err(error(
                t.loc,
                "starred assignment target must be in a list or tuple",
            )),
            ExprKind::List(elts) | ExprKind::Tuple(elts) => {
                self.unpack(elts)?;
                for x in elts {
                    match &x.kind {
                        ExprKind::Starred(inner) => self.store_target(inner)?,
                        _ => self.store_target(x)?,
                    }
                }
                Ok(())
            }
            _ => Err(error(t.loc, "cannot assign to expression")),
        }
    }

    /// `UNPACK_SEQUENCE n` or `UNPACK_EX before | after << 8`.
    fn unpack(&mut self, elts: &[Expr]) -> CResult {
        let loc = self.u.loc;
        let n = elts.len();
        let mut star = None;
        for (i, x) in elts.iter().enumerate() {
            if matches!(x.kind, ExprKind::Starred(_)) {
                if star.is_some() {
                    return Err(error(loc, "multiple starred expressions in assignment"));
                }
                star = Some(i);
            }
        }
        match star {
            Some(i) => {
                let after = n - i - 1;
                if i >= 1 << 8 || after >= 1 << 16 {
                    return Err(error(
                        loc,
                        "too many expressions in star-unpacking assignment",
                    ));
                }
                self.emit(Op::UNPACK_EX, (i | after << 8) as u32);
            }
            None => self.emit_checked(Op::UNPACK_SEQUENCE, n)?,
        }
        Ok(())
    }

    /// `del target`.
    pub(crate) fn delete_target(&mut self, t: &'a Expr) -> CResult {
        self.enter(t.loc)?;
        let saved = self.u.loc;
        self.u.loc = t.loc;
        let r = match &t.kind {
            ExprKind::Name(n) => self.nameop(n, NameCtx::Del),
            ExprKind::Attribute { value, attr } => self.visit_expr(value).and_then(|_| {
                self.u.loc = t.loc;
                self.emit_attr(Op::DELETE_ATTR, attr, 0, 0)
            }),
            ExprKind::Subscript { value, slice } => self.subscript(value, slice, NameCtx::Del),
            ExprKind::List(elts) | ExprKind::Tuple(elts) => {
                elts.iter().try_for_each(|x| self.delete_target(x))
            }
            _ => Err(error(t.loc, "cannot delete expression")),
        };
        self.u.loc = saved;
        self.leave();
        r
    }
}
