//! The builtin types and the common exception classes, created when a VM starts (the rarer
//! exception classes are made on first use: [`super::lazy_exc`]).

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;
use core::cell::Cell;

use super::heap::Heap;
use super::lazy_exc::LAZY_COUNT;
use super::types::{AttrPlain, BuiltinBase, Class, Obj, StrObj};
use super::value::{ObjRef, Value};
use crate::layout::{tag, FixedVec, TAG_TYPES, TAG_TYPE_ASK};

macro_rules! define_types {
    (
        plain { $($field:ident = $name:literal : $base:ident;)* }
        exceptions { $($efield:ident = $ename:literal : $ebase:ident;)* }
    ) => {
        /// References to every builtin class of a VM.
        #[derive(Debug)]
        pub struct Types {
            $(
                #[doc = concat!("`", $name, "`")]
                pub $field: ObjRef,
            )*
            $(
                #[doc = concat!("`", $ename, "`")]
                pub $efield: ObjRef,
            )*
            /// Source of class version tags.
            pub next_version: Cell<u32>,
            /// The exception classes made on first use ([`super::lazy_exc::LazyExc`]), once made.
            pub lazy: [Cell<Option<ObjRef>>; LAZY_COUNT],
        }

        impl Types {
            /// Creates the builtin classes on a fresh heap.
            pub fn bootstrap(heap: &mut Heap) -> Types {
                // `object` first: every other class derives from it.
                let mut made: Vec<(&'static str, ObjRef)> = Vec::new();
                let mut version = 1u32;
                $(
                    let base = if $name == "object" { None } else {
                        Some(made.iter().find(|(n, _)| *n == stringify!($base)).map(|(_, r)| *r).expect("base declared first"))
                    };
                    let r = make_class(heap, $name, base, builtin_base_for($name), &mut version);
                    made.push((stringify!($field), r));
                )*
                $(
                    let base = Some(made.iter().find(|(n, _)| *n == stringify!($ebase)).map(|(_, r)| *r).expect("base declared first"));
                    let r = make_class(heap, $ename, base, BuiltinBase::Exception, &mut version);
                    made.push((stringify!($efield), r));
                )*
                let find = |n: &str| made.iter().find(|(m, _)| *m == n).map(|(_, r)| *r).expect("declared");
                // Every builtin class is an instance of `type`.
                let type_ = find("type_");
                for (_, r) in &made {
                    if let Obj::Class(c) = heap.get_mut(*r) {
                        c.meta = type_;
                    }
                }
                Types {
                    $($field: find(stringify!($field)),)*
                    $($efield: find(stringify!($efield)),)*
                    next_version: Cell::new(version),
                    lazy: core::array::from_fn(|_| Cell::new(None)),
                }
            }

            /// Every builtin class (roots for the collector).
            pub fn for_each_ref(&self, f: &mut dyn FnMut(Value)) {
                $(f(Value::obj(self.$field));)*
                $(f(Value::obj(self.$efield));)*
                for c in &self.lazy {
                    if let Some(r) = c.get() {
                        f(Value::obj(r));
                    }
                }
            }

            /// The exception classes made at startup with their names, for the builtins
            /// module (the others are [`super::lazy_exc::LazyExc`]).
            pub fn exception_classes(&self) -> Vec<(&'static str, ObjRef)> {
                vec![$(($ename, self.$efield)),*]
            }

            /// The plain builtin classes with their names.
            pub fn plain_classes(&self) -> Vec<(&'static str, ObjRef)> {
                vec![$(($name, self.$field)),*]
            }
        }
    };
}

define_types! {
    plain {
        object = "object": object;
        type_ = "type": object;
        int = "int": object;
        bool_ = "bool": int;
        float = "float": object;
        complex = "complex": object;
        memoryview = "memoryview": object;
        weakref_ref = "ReferenceType": object;
        weakref_finalize = "finalize": object;
        str_ = "str": object;
        bytes = "bytes": object;
        bytearray = "bytearray": object;
        list = "list": object;
        tuple = "tuple": object;
        dict = "dict": object;
        set = "set": object;
        frozenset = "frozenset": object;
        range = "range": object;
        slice = "slice": object;
        none_type = "NoneType": object;
        not_implemented_type = "NotImplementedType": object;
        ellipsis_type = "ellipsis": object;
        function = "function": object;
        builtin_function = "builtin_function_or_method": object;
        method = "method": object;
        module = "module": object;
        cell = "cell": object;
        code = "code": object;
        frame = "frame": object;
        traceback = "traceback": object;
        generator = "generator": object;
        coroutine = "coroutine": object;
        async_generator = "async_generator": object;
        coroutine_wrapper = "coroutine_wrapper": object;
        async_generator_asend = "async_generator_asend": object;
        async_generator_athrow = "async_generator_athrow": object;
        property = "property": object;
        staticmethod = "staticmethod": object;
        classmethod = "classmethod": object;
        super_ = "super": object;
        list_iterator = "list_iterator": object;
        range_iterator = "range_iterator": object;
        longrange_iterator = "longrange_iterator": object;
        tuple_iterator = "tuple_iterator": object;
        str_iterator = "str_ascii_iterator": object;
        bytes_iterator = "bytes_iterator": object;
        dict_keyiterator = "dict_keyiterator": object;
        iterator = "iterator": object;
        callable_iterator = "callable_iterator": object;
        dict_keys = "dict_keys": object;
        dict_values = "dict_values": object;
        dict_items = "dict_items": object;
        enumerate = "enumerate": object;
        zip = "zip": object;
        map = "map": object;
        filter = "filter": object;
        reversed = "reversed": object;
    }
    exceptions {
        base_exception = "BaseException": object;
        generator_exit = "GeneratorExit": base_exception;
        exception = "Exception": base_exception;
        arithmetic_error = "ArithmeticError": exception;
        overflow_error = "OverflowError": arithmetic_error;
        attribute_error = "AttributeError": exception;
        lookup_error = "LookupError": exception;
        index_error = "IndexError": lookup_error;
        key_error = "KeyError": lookup_error;
        memory_error_type = "MemoryError": exception;
        name_error = "NameError": exception;
        runtime_error = "RuntimeError": exception;
        stop_async_iteration = "StopAsyncIteration": exception;
        stop_iteration = "StopIteration": exception;
        type_error = "TypeError": exception;
        value_error = "ValueError": exception;
    }
}

fn builtin_base_for(name: &str) -> BuiltinBase {
    match name {
        "list" => BuiltinBase::List,
        "dict" => BuiltinBase::Dict,
        "int" | "bool" => BuiltinBase::Int,
        "str" => BuiltinBase::Str,
        "float" => BuiltinBase::Float,
        "tuple" => BuiltinBase::Tuple,
        "set" | "frozenset" => BuiltinBase::Set,
        _ => BuiltinBase::Object,
    }
}

fn make_class(
    heap: &mut Heap,
    name: &str,
    base: Option<ObjRef>,
    kind: BuiltinBase,
    version: &mut u32,
) -> ObjRef {
    // Bootstrap runs on a heap without a limit (`Vm::new` checks the embedder's after):
    // only the host's allocator can fail here.
    let name_v = Value::obj(
        heap.alloc(Obj::Str(StrObj::boxed(name.into())))
            .expect("heap too small for the builtin types"),
    );
    // `meta` is set to `type` once it exists (`Types::bootstrap`).
    let record = builtin_class_record(name_v, base, kind, *version, ObjRef(0));
    let r = heap
        .alloc(Obj::Class(record))
        .expect("heap too small for the builtin types");
    *version += 1;
    set_builtin_mro(heap, r);
    r
}

/// The record of a builtin class named `name_v` deriving from `base`; its MRO is set by
/// [`set_builtin_mro`] once the class has a reference.
pub(crate) fn builtin_class_record(
    name_v: Value,
    base: Option<ObjRef>,
    kind: BuiltinBase,
    version: u32,
    meta: ObjRef,
) -> Box<Class> {
    Box::new(Class {
        name: name_v,
        qualname: name_v,
        base,
        mro: Box::new([]),
        dict: None,
        statics: false,
        builtin_base: kind,
        is_builtin: true,
        version: Cell::new(version),
        layout: FixedVec::new(),
        slots: None,
        subclasses: Vec::new(),
        attr_plain: Cell::new(AttrPlain::UNKNOWN),
        slot_kinds: FixedVec::new(),
        shape_path: FixedVec::new(),
        meta,
        bases: base.into_iter().collect(),
    })
}

/// Sets the MRO of builtin class `r`: itself, then its base's MRO.
pub(crate) fn set_builtin_mro(heap: &mut Heap, r: ObjRef) {
    let Obj::Class(c) = heap.get(r) else { return };
    let mut mro = vec![r];
    if let Some(Obj::Class(bc)) = c.base.map(|b| heap.get(b)) {
        mro.extend(bc.mro.iter().copied());
    }
    if let Obj::Class(c) = heap.get_mut(r) {
        c.mro = mro.into_boxed_slice();
    }
}

impl Types {
    /// The type of each object tag whose tag alone decides it (as [`Vm::type_of`] answers
    /// for such an object), [`TAG_TYPE_ASK`] for the others (a class's type is its
    /// metaclass): what machine code compares a
    /// builtin type guard against.
    ///
    /// [`Vm::type_of`]: crate::vm::Vm::type_of
    pub fn by_tag(&self) -> [u32; TAG_TYPES] {
        let mut table = [TAG_TYPE_ASK; TAG_TYPES];
        let known = [
            (tag::STR, self.str_),
            (tag::BIG_INT, self.int),
            (tag::LIST, self.list),
            (tag::TUPLE, self.tuple),
            (tag::DICT, self.dict),
            (tag::RANGE, self.range),
            (tag::FUNCTION, self.function),
            (tag::BOUND_METHOD, self.method),
            (tag::GENERATOR, self.generator),
            (tag::LIST_ITER, self.list_iterator),
            (tag::RANGE_ITER, self.range_iterator),
            (tag::COMPLEX, self.complex),
        ];
        for (t, ty) in known {
            table[usize::from(t)] = ty.0;
        }
        table
    }
}
