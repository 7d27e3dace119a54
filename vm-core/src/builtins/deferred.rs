//! Names of the builtins namespace that come into it on first lookup: the exception
//! classes made on first use ([`crate::object::lazy_exc`]), the builtin functions (`len`,
//! `print`: immediates of a static table), `exit`/`quit` and the builtin types. Until a
//! program looks one up the namespace holds neither its key nor its value, so a VM starts
//! without their dict entries and interned names, and (but for the types, whose key is
//! their `__name__`) without their name strings.
//!
//! A lookup that misses the VM's builtins namespace ([`Vm::builtins_miss`]) puts the name
//! there and finds it; so do the Rust readers of a builtin ([`Vm::builtins_get`]). What
//! hands the namespace to a program as an object (`import builtins`, `frame.f_builtins`)
//! first puts every name there ([`Vm::name_deferred_builtins`]), and so does module code
//! that mentions `__builtins__` (a module's `__builtins__` is the namespace itself) before
//! it runs ([`Vm::name_builtins_if_mentioned`]). A name is put there once:
//! after a program deletes it, it stays deleted. A name the embedder's
//! [`Config::builtins`](crate::Config::builtins) withholds never comes.

use alloc::vec::Vec;

use crate::object::lazy_exc::{LazyExc, LAZY_NAMES};
use crate::bytecode::code::CodeObject;
use crate::object::native_table::NativeEntries;
use crate::object::types::{NativeKind, Obj};
use crate::object::value::{ObjRef, Value};
use crate::vm::{PyResult, Vm};

/// The builtin functions: the builtins namespace holds the dunder ones (`__import__`,
/// `__build_class__`) from the start, the others from their first lookup. (A static, so
/// that every registration of the table finds the one made at startup.)
static FUNCTIONS: NativeEntries = super::functions::BUILTIN_FUNCTIONS;

/// `exit` and `quit` (made together).
const QUITTERS: [&str; 2] = ["exit", "quit"];

/// The builtin types the builtins namespace names (others, such as `NoneType` or the
/// iterator types, are reached through `type()` only).
const TYPES: [&str; 36] = [
    "object",
    "type",
    "int",
    "bool",
    "float",
    "complex",
    "memoryview",
    "str",
    "bytes",
    "bytearray",
    "list",
    "tuple",
    "dict",
    "set",
    "frozenset",
    "range",
    "slice",
    "NotImplementedType",
    "function",
    "method",
    "module",
    "cell",
    "code",
    "frame",
    "traceback",
    "generator",
    "coroutine",
    "property",
    "staticmethod",
    "classmethod",
    "super",
    "enumerate",
    "zip",
    "map",
    "filter",
    "reversed",
];

/// Where the quitters' names start among the deferred names.
const QUITTERS_AT: usize = LAZY_NAMES.len() + super::functions::BUILTIN_FUNCTIONS.len();

/// Where the types' names start among the deferred names.
const TYPES_AT: usize = QUITTERS_AT + QUITTERS.len();

/// How many names come on first lookup: the exception classes' names, the functions',
/// the quitters', the types'. Bit `i` of [`Vm::builtins_named`] is for name `i` in that
/// order.
const DEFERRED: usize = TYPES_AT + TYPES.len();

const _: () = assert!(DEFERRED <= 128, "builtins_named has one bit per name");

/// What deferred name `i` stands for.
enum Deferred {
    Exception(LazyExc),
    Function(usize),
    Quitters,
    Type(&'static str),
}

fn deferred_name(i: usize) -> &'static str {
    match deferred(i) {
        Deferred::Exception(_) => LAZY_NAMES[i].0,
        Deferred::Function(f) => FUNCTIONS[f].0,
        Deferred::Quitters => QUITTERS[i - QUITTERS_AT],
        Deferred::Type(n) => n,
    }
}

fn deferred(i: usize) -> Deferred {
    match LAZY_NAMES.get(i) {
        Some(&(_, k)) => Deferred::Exception(k),
        None if i < QUITTERS_AT => Deferred::Function(i - LAZY_NAMES.len()),
        None if i < TYPES_AT => Deferred::Quitters,
        None => Deferred::Type(TYPES[i - TYPES_AT]),
    }
}

fn deferred_index(name: &str) -> Option<usize> {
    (0..DEFERRED).find(|&i| deferred_name(i) == name)
}

/// Puts the dunder builtin functions in the builtins namespace `b` (the others come on
/// first lookup), and registers their table.
pub(crate) fn install_functions(vm: &mut Vm, b: ObjRef) {
    let table = vm.register_natives(FUNCTIONS, NativeKind::Function, Value::UNDEF);
    for (e, &(name, _)) in FUNCTIONS.iter().enumerate() {
        if name.starts_with("__") {
            let i = LAZY_NAMES.len() + e;
            vm.builtins_named |= 1u128 << i;
            let Ok(v) = vm.native_entry(table, FUNCTIONS, e, NativeKind::Function, Value::UNDEF)
            else {
                return;
            };
            let _ = vm.dict_set_str(b, name, v);
        }
    }
}

impl Vm {
    /// `name` in builtins namespace `b`, including a name that comes on first lookup.
    pub(crate) fn builtins_get(&mut self, b: ObjRef, name: Value) -> PyResult<Option<Value>> {
        match self.dict_get_str(b, name) {
            Some(v) => Ok(Some(v)),
            None => self.builtins_miss(b, name),
        }
    }

    /// What a lookup of `name` that missed builtins namespace `b` finds there after all: a
    /// name that comes on first lookup, now put there. `None` for any other name, for a
    /// namespace other than the VM's builtins, and for a name put there before.
    #[cold]
    pub(crate) fn builtins_miss(&mut self, b: ObjRef, name: Value) -> PyResult<Option<Value>> {
        if b != self.builtins {
            return Ok(None);
        }
        let Some(s) = self.str_of(name) else {
            return Ok(None);
        };
        let Some(i) = deferred_index(s) else {
            return Ok(None);
        };
        if self.builtins_named & (1u128 << i) != 0 {
            return Ok(None);
        }
        // The embedder's list of builtins never withholds a dunder name.
        let dunder = s.starts_with("__") && s.ends_with("__");
        if !dunder && !self.config.builtins.allows(s) {
            return Ok(None);
        }
        let v = match deferred(i) {
            Deferred::Exception(k) => Value::obj(self.exc_class(k)?),
            Deferred::Function(e) => {
                let table = self.register_natives(FUNCTIONS, NativeKind::Function, Value::UNDEF);
                self.native_entry(table, FUNCTIONS, e, NativeKind::Function, Value::UNDEF)?
            }
            Deferred::Quitters => {
                super::quitter::install(self, b)?;
                for q in 0..QUITTERS.len() {
                    self.builtins_named |= 1u128 << (QUITTERS_AT + q);
                }
                return Ok(self.dict_get_str(b, name));
            }
            Deferred::Type(n) => {
                let Some((_, cls)) = self.types.plain_classes().into_iter().find(|(m, _)| *m == n)
                else {
                    return Ok(None);
                };
                // Keyed by the class's own name string, as `__name__` gives it.
                let key = self.intern_class_name(cls)?;
                self.dict_set(b, key, Value::obj(cls))?;
                self.builtins_named |= 1u128 << i;
                return Ok(Some(Value::obj(cls)));
            }
        };
        self.dict_set(b, name, v)?;
        self.builtins_named |= 1u128 << i;
        Ok(Some(v))
    }

    /// [`Vm::name_deferred_builtins`] when module code `code` (or a function in it) names
    /// `__builtins__`, or has it as a string constant (`globals()['__builtins__']`): it may
    /// read the namespace as a dict.
    pub(crate) fn name_builtins_if_mentioned(&mut self, code: &CodeObject) -> PyResult<()> {
        if self.builtins_named != (1u128 << DEFERRED) - 1 && self.mentions_builtins(code) {
            self.name_deferred_builtins()?;
        }
        Ok(())
    }

    fn mentions_builtins(&self, code: &CodeObject) -> bool {
        code.names.iter().chain(code.consts.iter()).any(|&v| match self.obj(v) {
            Some(Obj::Str(s)) => s.as_str() == "__builtins__",
            Some(Obj::Code(c)) => self.mentions_builtins(c),
            _ => false,
        })
    }

    /// Puts every name that comes on first lookup and is not in the builtins namespace yet
    /// there: for what hands the namespace to a program as an object.
    pub(crate) fn name_deferred_builtins(&mut self) -> PyResult<()> {
        let b = self.builtins;
        let pending: Vec<usize> = (0..DEFERRED)
            .filter(|&i| self.builtins_named & (1u128 << i) == 0)
            .collect();
        for i in pending {
            if self.builtins_named & (1u128 << i) != 0 {
                continue;
            }
            let key = self.intern(deferred_name(i))?;
            if self.dict_get_str(b, key).is_none() {
                self.builtins_miss(b, key)?;
            }
            self.builtins_named |= 1u128 << i;
        }
        Ok(())
    }
}
