//! The keyword arguments the builtin functions, the builtin value types' methods and their
//! constructors accept, checked in one place when a call passes keywords.
//!
//! Most natives take their arguments by position only and never look at keywords; CPython
//! rejects keywords there (`'a'.upper(x=1)`, `abs(x=1)`, `float(x='1')`), so a call with
//! keywords to one of them is refused here before it runs. Calls without keywords (all the
//! fast paths) never come here.

use alloc::format;
use alloc::string::String;

use super::check_kwargs;
use crate::object::types::NativeKind;
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// What a native accepts as keywords.
enum Keywords {
    /// None: `name() takes no keyword arguments`.
    Never,
    /// These names.
    Only(&'static [&'static str]),
    /// Anything (the native checks itself, or is not one this module knows).
    Unchecked,
}

/// The builtin functions that take keywords, and which.
fn function_keywords(name: &str) -> Keywords {
    match name {
        "print" => Keywords::Only(&["sep", "end", "file", "flush"]),
        // (`min` and `max` count their positional arguments first.)
        "min" | "max" => Keywords::Unchecked,
        "sum" => Keywords::Only(&["start"]),
        "round" => Keywords::Only(&["number", "ndigits"]),
        "pow" => Keywords::Only(&["base", "exp", "mod"]),
        "len" | "repr" | "ascii" | "abs" | "divmod" | "any" | "all" | "iter" | "next"
        | "isinstance" | "issubclass" | "callable" | "getattr" | "setattr" | "hasattr"
        | "delattr" | "hash" | "id" | "chr" | "ord" | "hex" | "oct" | "bin" | "globals"
        | "locals" | "vars" | "format" | "dir" => Keywords::Never,
        _ => Keywords::Unchecked,
    }
}

/// The methods of the builtin value types that take keywords, and which.
fn method_keywords(owner: &str, name: &str) -> Keywords {
    let text = matches!(owner, "str" | "bytes" | "bytearray");
    let binary = matches!(owner, "bytes" | "bytearray");
    match name {
        "split" | "rsplit" if text => Keywords::Only(&["sep", "maxsplit"]),
        "splitlines" if text => Keywords::Only(&["keepends"]),
        "expandtabs" if text => Keywords::Only(&["tabsize"]),
        "encode" if owner == "str" => Keywords::Only(&["encoding", "errors"]),
        "format" if owner == "str" => Keywords::Unchecked,
        "decode" if binary => Keywords::Only(&["encoding", "errors"]),
        "hex" if binary => Keywords::Only(&["sep", "bytes_per_sep"]),
        "translate" if binary => Keywords::Only(&["delete"]),
        "to_bytes" if owner == "int" => Keywords::Only(&["length", "byteorder", "signed"]),
        "from_bytes" if owner == "int" => Keywords::Only(&["bytes", "byteorder", "signed"]),
        "sort" if owner == "list" => Keywords::Only(&["key", "reverse"]),
        "update" if owner == "dict" => Keywords::Unchecked,
        _ => Keywords::Never,
    }
}

/// The builtin value type `owner` is, for the types whose methods are checked here.
fn checked_owner(vm: &Vm, owner: ObjRef) -> Option<&'static str> {
    let t = &vm.types;
    let names = [
        (t.str_, "str"),
        (t.bytes, "bytes"),
        (t.bytearray, "bytearray"),
        (t.int, "int"),
        (t.float, "float"),
        (t.complex, "complex"),
        (t.list, "list"),
        (t.tuple, "tuple"),
        (t.range, "range"),
        (t.dict, "dict"),
        (t.set, "set"),
        (t.frozenset, "frozenset"),
        (t.slice, "slice"),
    ];
    names.iter().find(|(c, _)| *c == owner).map(|(_, n)| *n)
}

impl Vm {
    /// Refuses the keywords of a call to native `f` that CPython's would refuse.
    pub(crate) fn check_native_keywords(
        &mut self,
        f: Value,
        kwargs: &[(Value, Value)],
    ) -> PyResult<()> {
        let Some(n) = self.native(f) else {
            return Ok(());
        };
        let (name, owner, kind) = (n.name, n.owner, n.kind);
        // Special methods are reached through operators and `super()`; they stay as they are.
        if name.starts_with("__") {
            return Ok(());
        }
        let (qualname, keywords) = match owner.as_obj() {
            None => {
                // A builtin function: the one the builtins namespace holds under its name.
                let (b, key) = (self.builtins, self.intern(name)?);
                if kind != NativeKind::Function || self.builtins_get(b, key)? != Some(f) {
                    return Ok(());
                }
                (String::from(name), function_keywords(name))
            }
            Some(o) => match checked_owner(self, o) {
                Some(tn) => (format!("{tn}.{name}"), method_keywords(tn, name)),
                None => return Ok(()),
            },
        };
        match keywords {
            Keywords::Unchecked => Ok(()),
            Keywords::Only(names) => check_kwargs(self, name, kwargs, names),
            Keywords::Never => {
                let msg = format!("{qualname}() takes no keyword arguments");
                Err(self.type_error(msg))
            }
        }
    }

    /// Refuses keywords to the constructors of the builtin types that take none, when the
    /// type itself is called (a subclass's `__init__` may take keywords).
    pub(crate) fn check_constructor_keywords(
        &mut self,
        cls: ObjRef,
        kwargs: &[(Value, Value)],
    ) -> PyResult<()> {
        let t = &self.types;
        let none = [
            t.float,
            t.bool_,
            t.list,
            t.tuple,
            t.set,
            t.frozenset,
            t.range,
            t.slice,
            t.map,
            t.filter,
            t.reversed,
        ];
        if kwargs.is_empty() || !none.contains(&cls) {
            return Ok(());
        }
        let msg = format!("{}() takes no keyword arguments", self.class_name(cls));
        Err(self.type_error(msg))
    }
}
