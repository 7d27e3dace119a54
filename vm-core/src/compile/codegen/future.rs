//! `from __future__ import ...`: the features CPython 3.11 knows, checked where the
//! compiler sees them (at the start of a module, after its docstring). Only `annotations`
//! changes the code made (annotations become strings, `unparse`); the others are on in
//! Python 3 already. The statement also runs as an import of the `__future__` module.

use super::{docstring, error, CResult, Compiler, UnitKind};
use crate::compile::error::CompileError;
use crate::compile::ast::{Stmt, StmtKind};

/// The feature names `__future__` defines.
const FEATURES: &[&str] = &[
    "nested_scopes",
    "generators",
    "division",
    "absolute_import",
    "with_statement",
    "print_function",
    "unicode_literals",
    "barry_as_FLUFL",
    "generator_stop",
    "annotations",
];

pub(crate) fn is_future(s: &Stmt) -> bool {
    matches!(&s.kind, StmtKind::ImportFrom { module: Some(m), level: 0, .. } if &**m == "__future__")
}

/// A `SyntaxError` of a future import, placed as CPython places it: at the statement's
/// start, ending at column 0.
fn feature_error(s: &Stmt, msg: impl Into<alloc::string::String>) -> CompileError {
    let mut e = error(s.loc, msg);
    e.end_line = s.loc.line;
    e.end_col = 0;
    e
}

impl<'a, 'p> Compiler<'a, 'p> {
    /// Reads the future imports at the start of `body` (a module's) and refuses an unknown
    /// feature, with CPython's messages.
    pub(crate) fn future_features(&mut self, body: &'a [Stmt]) -> CResult {
        let start = usize::from(docstring(body).is_some());
        for s in body[start..].iter().take_while(|s| is_future(s)) {
            let StmtKind::ImportFrom { names, .. } = &s.kind else {
                continue;
            };
            self.future_imports.push((s.loc.line, s.loc.col));
            for alias in names {
                match &*alias.name {
                    "annotations" => self.future_annotations = true,
                    "braces" => return Err(feature_error(s, "not a chance")),
                    n if FEATURES.contains(&n) => {}
                    n => {
                        let msg = alloc::format!("future feature {n} is not defined");
                        return Err(feature_error(s, msg));
                    }
                }
            }
        }
        Ok(())
    }

    /// Refuses a future import that is not one of those at the start of the module.
    pub(crate) fn check_future_placement(&self, s: &Stmt) -> CResult {
        let leading = self.u.kind == UnitKind::Module
            && self.outer.is_empty()
            && self.future_imports.contains(&(s.loc.line, s.loc.col));
        if is_future(s) && !leading {
            return Err(error(
                s.loc,
                "from __future__ imports must occur at the beginning of the file",
            ));
        }
        Ok(())
    }
}
