//! The builtin types and the exception hierarchy, created when a VM starts.

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;
use core::cell::Cell;

use super::heap::Heap;
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
                }
            }

            /// Every builtin class (roots for the collector).
            pub fn for_each_ref(&self, f: &mut dyn FnMut(Value)) {
                $(f(Value::obj(self.$field));)*
                $(f(Value::obj(self.$efield));)*
            }

            /// The builtin exception classes with their names, for the builtins module.
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
        keyboard_interrupt = "KeyboardInterrupt": base_exception;
        system_exit = "SystemExit": base_exception;
        exception = "Exception": base_exception;
        arithmetic_error = "ArithmeticError": exception;
        floating_point_error = "FloatingPointError": arithmetic_error;
        overflow_error = "OverflowError": arithmetic_error;
        zero_division_error = "ZeroDivisionError": arithmetic_error;
        assertion_error = "AssertionError": exception;
        attribute_error = "AttributeError": exception;
        buffer_error = "BufferError": exception;
        eof_error = "EOFError": exception;
        import_error = "ImportError": exception;
        module_not_found_error = "ModuleNotFoundError": import_error;
        lookup_error = "LookupError": exception;
        index_error = "IndexError": lookup_error;
        key_error = "KeyError": lookup_error;
        memory_error_type = "MemoryError": exception;
        name_error = "NameError": exception;
        unbound_local_error = "UnboundLocalError": name_error;
        os_error = "OSError": exception;
        blocking_io_error = "BlockingIOError": os_error;
        child_process_error = "ChildProcessError": os_error;
        connection_error = "ConnectionError": os_error;
        broken_pipe_error = "BrokenPipeError": connection_error;
        connection_aborted_error = "ConnectionAbortedError": connection_error;
        connection_refused_error = "ConnectionRefusedError": connection_error;
        connection_reset_error = "ConnectionResetError": connection_error;
        file_exists_error = "FileExistsError": os_error;
        file_not_found_error = "FileNotFoundError": os_error;
        interrupted_error = "InterruptedError": os_error;
        is_a_directory_error = "IsADirectoryError": os_error;
        not_a_directory_error = "NotADirectoryError": os_error;
        permission_error = "PermissionError": os_error;
        process_lookup_error = "ProcessLookupError": os_error;
        timeout_error = "TimeoutError": os_error;
        reference_error = "ReferenceError": exception;
        runtime_error = "RuntimeError": exception;
        not_implemented_error = "NotImplementedError": runtime_error;
        recursion_error = "RecursionError": runtime_error;
        stop_async_iteration = "StopAsyncIteration": exception;
        stop_iteration = "StopIteration": exception;
        syntax_error = "SyntaxError": exception;
        indentation_error = "IndentationError": syntax_error;
        tab_error = "TabError": indentation_error;
        system_error = "SystemError": exception;
        type_error = "TypeError": exception;
        value_error = "ValueError": exception;
        unicode_error = "UnicodeError": value_error;
        unicode_decode_error = "UnicodeDecodeError": unicode_error;
        unicode_encode_error = "UnicodeEncodeError": unicode_error;
        warning = "Warning": exception;
        user_warning = "UserWarning": warning;
        deprecation_warning = "DeprecationWarning": warning;
        runtime_warning = "RuntimeWarning": warning;
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
    let mut mro = Vec::new();
    let r_placeholder = heap
        .alloc(Obj::Class(Box::new(Class {
            name: name_v,
            qualname: name_v,
            base,
            mro: Box::new([]),
            dict: None,
            statics: false,
            builtin_base: kind,
            is_builtin: true,
            version: Cell::new(*version),
            layout: FixedVec::new(),
            slots: None,
            subclasses: Vec::new(),
            attr_plain: Cell::new(AttrPlain::UNKNOWN),
            slot_kinds: FixedVec::new(),
            shape_path: FixedVec::new(),
            // Set to `type` once it exists (`Types::bootstrap`).
            meta: ObjRef(0),
            bases: base.into_iter().collect(),
        })))
        .expect("heap too small for the builtin types");
    *version += 1;
    mro.push(r_placeholder);
    if let Some(b) = base {
        if let Obj::Class(bc) = heap.get(b) {
            mro.extend(bc.mro.iter().copied());
        }
    }
    if let Obj::Class(c) = heap.get_mut(r_placeholder) {
        c.mro = mro.into_boxed_slice();
    }
    r_placeholder
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
