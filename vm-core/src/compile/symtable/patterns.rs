//! `match` statements: the names `case` patterns bind and the values they load.

use super::{flags, Builder, R};
use crate::compile::ast::{Expr, MatchCase, Pattern, PatternKind};

impl Builder {
    /// `match subject: case ...`: each case's pattern, guard and body in order.
    pub(super) fn match_stmt(&mut self, subject: &Expr, cases: &[MatchCase]) -> R {
        self.expr(subject)?;
        for c in cases {
            self.pattern(&c.pattern)?;
            if let Some(g) = &c.guard {
                self.expr(g)?;
            }
            self.body(&c.body)?;
        }
        Ok(())
    }

    /// A `case` pattern: the names it binds are locals, its values are loads (CPython's
    /// order: a sub-pattern before the name of its `as`).
    fn pattern(&mut self, p: &Pattern) -> R {
        match &p.kind {
            PatternKind::MatchValue(v) => self.expr(v),
            PatternKind::MatchSingleton(_) => Ok(()),
            PatternKind::MatchSequence(ps) | PatternKind::MatchOr(ps) => {
                ps.iter().try_for_each(|p| self.pattern(p))
            }
            PatternKind::MatchStar(name) => match name {
                Some(n) => self.add(n, flags::DEF_LOCAL, p.loc),
                None => Ok(()),
            },
            PatternKind::MatchMapping {
                keys,
                patterns,
                rest,
            } => {
                keys.iter().try_for_each(|k| self.expr(k))?;
                patterns.iter().try_for_each(|p| self.pattern(p))?;
                match rest {
                    Some(n) => self.add(n, flags::DEF_LOCAL, p.loc),
                    None => Ok(()),
                }
            }
            PatternKind::MatchClass {
                cls,
                patterns,
                kwd_patterns,
                ..
            } => {
                self.expr(cls)?;
                patterns.iter().try_for_each(|p| self.pattern(p))?;
                kwd_patterns.iter().try_for_each(|p| self.pattern(p))
            }
            PatternKind::MatchAs { pattern, name } => {
                if let Some(sub) = pattern {
                    self.pattern(sub)?;
                }
                match name {
                    Some(n) => self.add(n, flags::DEF_LOCAL, p.loc),
                    None => Ok(()),
                }
            }
        }
    }
}
