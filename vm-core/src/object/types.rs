//! The payloads of heap objects.

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::vec::Vec;
use core::cell::Cell;

use super::dict::Dict;
use super::setorder::SlotOrder;
use super::value::{ObjRef, Value};
use crate::bytecode::code::CodeObject;
use crate::interp::frame::SavedFrame;
use crate::layout::{tag, FixedBox, FixedVec};
use crate::object::bigint::BigInt;
use crate::vm::{PyResult, Vm};

/// Strings of at most this many bytes are stored inside the object: no allocation of their
/// own, which matters because most strings a program makes (words, keys) are short.
pub const INLINE_STR: usize = 14;

/// A `str`: UTF-8 text, with its character count and a lazily computed hash.
#[derive(Debug)]
pub struct StrObj(StrRepr);

#[derive(Debug)]
enum StrRepr {
    /// Longer text in its own allocation.
    Heap {
        s: Box<str>,
        nchars: usize,
        hash: Cell<u64>,
    },
    /// Short text in place (fits beside the `Heap` pointer, so `Obj` does not grow).
    Inline {
        len: u8,
        nchars: u8,
        hash: Cell<u64>,
        buf: [u8; INLINE_STR],
    },
}

fn count_chars(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

impl StrObj {
    /// Wraps a string (moved into the object when short).
    pub fn new(s: Box<str>) -> StrObj {
        if s.len() <= INLINE_STR {
            return StrObj::copy_of(&s);
        }
        StrObj::boxed(s)
    }

    /// Wraps a string, never inline: for long-lived strs (interned names) that are read
    /// far more often than created, where [`StrObj::as_str`] then needs no UTF-8 check.
    pub fn boxed(s: Box<str>) -> StrObj {
        let nchars = count_chars(&s);
        StrObj(StrRepr::Heap {
            s,
            nchars,
            hash: Cell::new(u64::MAX),
        })
    }

    /// Copies a string.
    pub fn copy_of(s: &str) -> StrObj {
        if s.len() > INLINE_STR {
            return StrObj::new(s.into());
        }
        let mut buf = [0u8; INLINE_STR];
        buf[..s.len()].copy_from_slice(s.as_bytes());
        StrObj(StrRepr::Inline {
            len: s.len() as u8,
            nchars: count_chars(s) as u8,
            hash: Cell::new(u64::MAX),
            buf,
        })
    }

    /// Copies text given as bytes that are all ASCII (else copies the valid UTF-8 prefix
    /// only, which callers never rely on).
    pub fn copy_of_ascii(b: &[u8]) -> StrObj {
        if b.len() <= INLINE_STR && b.is_ascii() {
            let mut buf = [0u8; INLINE_STR];
            buf[..b.len()].copy_from_slice(b);
            return StrObj(StrRepr::Inline {
                len: b.len() as u8,
                nchars: b.len() as u8,
                hash: Cell::new(u64::MAX),
                buf,
            });
        }
        let valid = match core::str::from_utf8(b) {
            Ok(s) => s,
            Err(e) => core::str::from_utf8(&b[..e.valid_up_to()]).unwrap_or_default(),
        };
        StrObj::copy_of(valid)
    }

    /// The text.
    #[inline]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            StrRepr::Heap { s, .. } => s,
            // Copied from a `str` on creation: always valid UTF-8.
            StrRepr::Inline { len, buf, .. } => {
                core::str::from_utf8(&buf[..*len as usize]).unwrap_or_default()
            }
        }
    }

    /// The text's UTF-8 bytes (no validation: cheaper than [`StrObj::as_str`] for equality,
    /// ordering and hashing).
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        match &self.0 {
            StrRepr::Heap { s, .. } => s.as_bytes(),
            StrRepr::Inline { len, buf, .. } => &buf[..*len as usize],
        }
    }

    /// Whether two strs hold the same text. Two inline strs compare their whole buffers
    /// (zero past the text), which needs no `memcmp` call.
    #[inline]
    pub fn same_text(&self, other: &StrObj) -> bool {
        match (&self.0, &other.0) {
            (
                StrRepr::Inline { len, buf, .. },
                StrRepr::Inline {
                    len: len2,
                    buf: buf2,
                    ..
                },
            ) => len == len2 && buf == buf2,
            _ => self.as_bytes() == other.as_bytes(),
        }
    }

    /// Length in bytes.
    #[inline]
    pub fn len(&self) -> usize {
        match &self.0 {
            StrRepr::Heap { s, .. } => s.len(),
            StrRepr::Inline { len, .. } => *len as usize,
        }
    }

    /// Whether the string is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of characters (code points).
    #[inline]
    pub fn nchars(&self) -> usize {
        match &self.0 {
            StrRepr::Heap { nchars, .. } => *nchars,
            StrRepr::Inline { nchars, .. } => *nchars as usize,
        }
    }

    /// Cached hash; `u64::MAX` until computed.
    #[inline]
    pub fn hash_cell(&self) -> &Cell<u64> {
        match &self.0 {
            StrRepr::Heap { hash, .. } | StrRepr::Inline { hash, .. } => hash,
        }
    }

    /// Bytes owned outside the object.
    #[inline]
    pub fn heap_bytes(&self) -> usize {
        match &self.0 {
            StrRepr::Heap { s, .. } => s.len(),
            StrRepr::Inline { .. } => 0,
        }
    }

    /// Whether every character is ASCII (so char index == byte index).
    #[inline]
    pub fn is_ascii(&self) -> bool {
        self.nchars() == self.len()
    }
}

/// A native function: `fn(vm, args, kwargs)`. For methods `args[0]` is `self`.
pub type NativeFn = fn(&mut Vm, &[Value], &[(Value, Value)]) -> PyResult<Value>;

/// How a native callable binds when found on a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NativeKind {
    /// A plain function (a builtin like `len`): does not bind.
    Function,
    /// A method of a builtin type: binds `self` like a Python function.
    Method,
    /// A class method of a builtin type (`dict.fromkeys`): binds the class.
    ClassMethod,
    /// A static method of a builtin type (`str.maketrans`): never binds.
    StaticMethod,
}

/// A builtin function or method descriptor.
#[derive(Clone, Debug)]
pub struct NativeFunc {
    /// The Python-visible name.
    pub name: &'static str,
    /// The implementation.
    pub f: NativeFn,
    /// How it binds.
    pub kind: NativeKind,
    /// A bound receiver (`[].append` after binding), or `UNDEF`.
    pub bound: Value,
    /// The owning type for methods (for error messages), or `UNDEF`.
    pub owner: Value,
}

/// A Python function.
#[derive(Debug)]
pub struct Function {
    /// Its code.
    pub code: Rc<CodeObject>,
    /// Its globals dict.
    pub globals: ObjRef,
    /// `__name__`.
    pub name: Value,
    /// `__qualname__`.
    pub qualname: Value,
    /// Defaults of the last positional parameters.
    pub defaults: Vec<Value>,
    /// Defaults of keyword-only parameters as (name, value).
    pub kwdefaults: Vec<(Value, Value)>,
    /// The closure cells, one per free variable of the code (a `FixedBox`: machine code
    /// copies them into a new frame, `layout::FUNCTION_CLOSURE`).
    pub closure: FixedBox<Value>,
    /// `__dict__` for function attributes, created on demand.
    pub dict: Option<ObjRef>,
    /// `__module__`.
    pub module: Value,
    /// `__doc__`.
    pub doc: Value,
    /// Bumped whenever `__code__` or `__defaults__` change (guards of later tiers).
    pub version: u32,
}

/// Which builtin type an instance's class derives from, so the instance carries that payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuiltinBase {
    /// Plain `object`.
    Object,
    /// A subclass of `list`.
    List,
    /// A subclass of `dict`.
    Dict,
    /// A subclass of `BaseException`.
    Exception,
    /// A subclass of `int` (payload is the int value).
    Int,
    /// A subclass of `str`.
    Str,
    /// A subclass of `float`.
    Float,
    /// A subclass of `tuple`.
    Tuple,
    /// A subclass of `set`.
    Set,
}

/// A class (builtin or user-defined).
#[derive(Debug)]
#[repr(C)]
pub struct Class {
    /// `__name__`.
    pub name: Value,
    /// `__qualname__`.
    pub qualname: Value,
    /// The single base (None only for `object`).
    pub base: Option<ObjRef>,
    /// Method resolution order: this class first, `object` last.
    pub mro: Box<[ObjRef]>,
    /// The class namespace (a dict object); a builtin type has none until an entry outside
    /// its static tables is stored or its namespace is listed
    /// ([`Vm::class_namespace`](crate::vm::Vm::class_namespace)).
    pub dict: Option<ObjRef>,
    /// Whether some of its namespace is in static native tables, not in `dict`
    /// ([`super::type_namespace`]).
    pub statics: bool,
    /// The builtin payload its instances carry.
    pub builtin_base: BuiltinBase,
    /// Whether this is a builtin type (its attributes cannot be set).
    pub is_builtin: bool,
    /// Tag that changes when this class or a base is mutated.
    pub version: Cell<u32>,
    /// Shared attribute layout: names of instance attributes in slot order (a fixed
    /// layout, [`crate::layout::CLASS_LAYOUT`]).
    pub layout: FixedVec<Value>,
    /// `__slots__` names when the class declares them (instances then have no `__dict__`).
    pub slots: Option<Box<[Value]>>,
    /// User classes that have this class in their MRO: weak references (not traced by the
    /// collector; checked when used) so mutating this class can bump their versions too.
    pub subclasses: Vec<ObjRef>,
    /// Whether, at a class version, attribute access on instances is plain (no property
    /// in the MRO, no user `__setattr__`); see `Vm::class_attrs_plain`. A fixed layout
    /// ([`crate::layout::CLASS_ATTR_PLAIN`]): machine code's shape guard reads it.
    pub attr_plain: Cell<AttrPlain>,
    /// Per layout slot, what every value ever stored there (in any instance of exactly
    /// this class) is: a [`slot_kind`]. Only widens, and a widening from one kind to
    /// `MIXED` gives the class a new version, so at one version a slot's kind is fixed
    /// (the trace optimizer types slot loads by it). Same length as `layout`. A fixed
    /// layout ([`crate::layout::CLASS_SLOT_KINDS`]): machine code checks a store's kind.
    pub slot_kinds: FixedVec<Cell<u8>>,
    /// Per layout slot, the shape of the layout prefix ending at it
    /// ([`super::shape`]): what the trace optimizer's polymorphic attribute guard checks.
    /// Same length as `layout`. A fixed layout ([`crate::layout::CLASS_SHAPE_PATH`]).
    pub shape_path: FixedVec<u32>,
    /// Its metaclass: the class of this class object (`type` unless a `metaclass=` or a
    /// base's metaclass says otherwise).
    pub meta: ObjRef,
    /// The direct bases as given (`__bases__`); empty only for `object`.
    pub bases: Box<[ObjRef]>,
}

/// What [`Class::attr_plain`] caches: whether attribute access on instances is plain at
/// class version `version` (0: never computed, as no class has version 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct AttrPlain {
    /// The class version the answer holds for.
    pub version: u32,
    /// The answer.
    pub plain: bool,
}

impl AttrPlain {
    /// Not computed yet.
    pub const UNKNOWN: AttrPlain = AttrPlain {
        version: 0,
        plain: false,
    };
}

/// What the values stored in an instance slot are ([`Class::slot_kinds`]).
pub mod slot_kind {
    use crate::object::value::Value;

    /// Nothing stored yet.
    pub const UNSET: u8 = 0;
    /// Only inline ints.
    pub const SMALL_INT: u8 = 1;
    /// Only inline floats.
    pub const FLOAT: u8 = 2;
    /// Only `True` and `False`.
    pub const BOOL: u8 = 3;
    /// Only `None`.
    pub const NONE: u8 = 4;
    /// Anything.
    pub const MIXED: u8 = 255;

    /// The kind of one value.
    #[inline(always)]
    pub fn of(v: Value) -> u8 {
        if v.is_small_int() {
            SMALL_INT
        } else if v.is_float() {
            FLOAT
        } else if v == Value::TRUE || v == Value::FALSE {
            BOOL
        } else if v == Value::NONE {
            NONE
        } else {
            MIXED
        }
    }
}

/// The state of a live exception.
#[derive(Debug)]
pub struct ExcState {
    /// `args` (a tuple value).
    pub args: Value,
    /// Frames the exception went through, innermost first (the `tb_next` chain of
    /// `__traceback__` runs from the last entry back to the first).
    pub traceback: Vec<super::frameobj::TbEntry>,
    /// `__cause__` (or `NONE`).
    pub cause: Value,
    /// `__context__` (or `NONE`).
    pub context: Value,
    /// `__suppress_context__`.
    pub suppress_context: bool,
}

impl Default for ExcState {
    fn default() -> ExcState {
        ExcState {
            args: Value::NONE,
            traceback: Vec::new(),
            cause: Value::NONE,
            context: Value::NONE,
            suppress_context: false,
        }
    }
}

/// An instance's explicit attribute dict, if it has one: the dict's reference, or
/// [`DictRef::NONE`]. One `u32` whose layout is fixed, so machine code tests it
/// ([`crate::layout::INSTANCE_DICT`]), which an `Option<ObjRef>` would not let it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct DictRef(u32);

impl DictRef {
    /// No dict.
    pub const NONE: DictRef = DictRef(u32::MAX);

    /// The dict `r` (never the arena's last possible slot, which no heap reaches).
    pub fn some(r: ObjRef) -> DictRef {
        DictRef(r.0)
    }

    /// The dict, if there is one.
    pub fn get(self) -> Option<ObjRef> {
        (self != DictRef::NONE).then_some(ObjRef(self.0))
    }

    /// The bits machine code reads.
    pub const fn raw(self) -> u32 {
        self.0
    }

    /// Whether there is no dict.
    pub fn is_none(self) -> bool {
        self == DictRef::NONE
    }

    /// Whether there is a dict.
    pub fn is_some(self) -> bool {
        !self.is_none()
    }
}

/// An instance of a user class or of a builtin exception class.
#[derive(Debug)]
#[repr(C)]
pub struct Instance {
    /// Its class.
    pub class: ObjRef,
    /// Attribute values in the order of the class's `layout`, `UNDEF` when absent.
    pub values: FixedVec<Value>,
    /// An explicit attribute dict, used once the instance outgrows the shared layout or its
    /// `__dict__` is requested.
    pub dict: DictRef,
    /// For subclasses of builtin containers: the underlying builtin object.
    pub native: Value,
    /// For exceptions.
    pub exc: Option<Box<ExcState>>,
}

/// A module: a `#[repr(C)]` record machine code reads the dict of
/// ([`crate::layout::MODULE_DICT`]).
#[derive(Debug)]
#[repr(C)]
pub struct Module {
    /// `__name__`.
    pub name: Value,
    /// Its globals.
    pub dict: ObjRef,
}

/// Generator execution state: a byte machine code reads ([`crate::layout::GEN_STATE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum GenState {
    /// Created, not yet started.
    Created,
    /// Suspended at a `yield`.
    Suspended,
    /// Currently running.
    Running,
    /// Returned or raised.
    Finished,
}

/// What a resumable frame's object is: `Obj::Generator` holds generators,
/// `Obj::Coroutine` coroutines and asynchronous generators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenKind {
    /// A generator (function or expression).
    Generator,
    /// A coroutine (`async def`, an asynchronous comprehension).
    Coroutine,
    /// An asynchronous generator (`async def` with `yield`, an asynchronous generator
    /// expression).
    AsyncGenerator,
}

impl GenKind {
    /// The kind's type name, as messages spell it.
    pub fn name(self) -> &'static str {
        match self {
            GenKind::Generator => "generator",
            GenKind::Coroutine => "coroutine",
            GenKind::AsyncGenerator => "async generator",
        }
    }
}

/// A generator, coroutine or asynchronous generator object.
#[derive(Debug)]
pub struct Generator {
    /// The suspended frame (locals and stack), absent when finished or running.
    pub frame: Option<Box<SavedFrame>>,
    /// The state.
    pub state: GenState,
    /// Generator, coroutine or asynchronous generator.
    pub kind: GenKind,
    /// An asynchronous generator: an `__anext__()`, `asend()` or `athrow()` of it is
    /// being awaited (CPython's `ag_running_async`, read as `ag_running`).
    pub running_async: bool,
    /// An asynchronous generator that finished or was closed by `aclose()`.
    pub closed: bool,
    /// `__name__`.
    pub name: Value,
    /// `__qualname__`.
    pub qualname: Value,
    /// Generator expression or function: both are plain generators in this subset.
    pub code: Rc<CodeObject>,
    /// Set once the collector has queued the generator for closing: like CPython's
    /// finalizers (PEP 442), a generator is finalized at most once.
    pub finalized: bool,
    /// Its frame object (`gi_frame`), once one was asked for.
    pub frame_obj: Option<ObjRef>,
}

/// A `set` or `frozenset`.
#[derive(Debug, Default)]
#[repr(C)]
pub struct SetObj {
    /// The elements as keys of a dict whose values are unused.
    pub table: Dict,
    /// `frozenset` when true.
    pub frozen: bool,
    /// The iteration order (CPython's slot table), behind `table` by the additions machine
    /// code made.
    pub order: SlotOrder,
}

/// Which view of a dict an iterator or view walks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DictViewKind {
    /// `keys()`.
    Keys,
    /// `values()`.
    Values,
    /// `items()`.
    Items,
}

/// The less common iterators, boxed to keep `Obj` small. `#[repr(C, u8)]`: machine code
/// reads a tuple iterator's kind, tuple and index (`layout::ITER_KIND_TUPLE` and kin).
#[derive(Debug)]
#[repr(C, u8)]
pub enum IterObj {
    /// Over a tuple.
    Tuple {
        /// The tuple.
        seq: ObjRef,
        /// Index of the next item.
        idx: usize,
    },
    /// Over a str, by byte position.
    Str {
        /// The str.
        s: ObjRef,
        /// Byte offset of the next character.
        pos: usize,
    },
    /// Over bytes or bytearray.
    Bytes {
        /// The bytes or bytearray.
        seq: ObjRef,
        /// Index of the next byte.
        idx: usize,
    },
    /// Over a dict view or a set.
    Dict {
        /// The dict or set.
        dict: ObjRef,
        /// Entry index to resume from.
        idx: usize,
        /// Whether keys, values or items are produced.
        kind: DictViewKind,
        /// The size at creation (a change raises `RuntimeError`).
        len: usize,
    },
    /// `enumerate`.
    Enumerate {
        /// The underlying iterator.
        it: Value,
        /// The next count (an int).
        count: Value,
    },
    /// `zip`.
    Zip {
        /// The iterators, in argument order.
        its: Vec<Value>,
        /// `strict=True`: unequal lengths raise `ValueError`.
        strict: bool,
    },
    /// `map`.
    Map {
        /// The function applied.
        func: Value,
        /// The iterators supplying its arguments.
        its: Vec<Value>,
    },
    /// `filter`.
    Filter {
        /// The predicate (`None` tests the items themselves).
        func: Value,
        /// The underlying iterator.
        it: Value,
    },
    /// `reversed` over a sequence with `__len__`/`__getitem__` or a list.
    Reversed {
        /// The sequence.
        seq: Value,
        /// One past the index of the next item (0 when done).
        idx: usize,
    },
    /// The `__getitem__` sequence protocol.
    Seq {
        /// The object with `__getitem__`.
        seq: Value,
        /// The next index to try.
        idx: usize,
    },
    /// `iter(callable, sentinel)`.
    Call {
        /// The callable called for each item.
        func: Value,
        /// The value that ends the iteration.
        sentinel: Value,
    },
    /// An exhausted iterator.
    Done,
    /// `coroutine.__await__()`: iterates the coroutine.
    CoroWrapper {
        /// The coroutine.
        coro: ObjRef,
    },
    /// `agen.__anext__()` or `agen.asend(value)`: awaiting it runs the asynchronous
    /// generator to its next `yield`.
    AsyncGenSend {
        /// The asynchronous generator.
        agen: ObjRef,
        /// The value sent in first.
        value: Value,
        /// Where the awaiting is.
        state: AwaitState,
    },
    /// `agen.athrow(typ[, val])`, or `agen.aclose()` (`typ` is `UNDEF`).
    AsyncGenThrow {
        /// The asynchronous generator.
        agen: ObjRef,
        /// The exception or its class (`UNDEF` for `aclose()`).
        typ: Value,
        /// The value given with a class (`UNDEF` for none).
        val: Value,
        /// Where the awaiting is.
        state: AwaitState,
    },
    /// Over a big range: the next value, the step and how many values are left.
    BigRange {
        /// The next value.
        next: BigInt,
        /// The difference between values.
        step: BigInt,
        /// How many values are left.
        remaining: BigInt,
    },
}

/// Where the awaiting of an asynchronous generator's `asend` or `athrow` object is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AwaitState {
    /// Not sent to yet.
    Init,
    /// Running the generator.
    Iter,
    /// Done: awaiting it again is an error.
    Closed,
}

/// `property(fget, fset, fdel, doc)`.
#[derive(Debug)]
pub struct Property {
    /// Getter.
    pub fget: Value,
    /// Setter.
    pub fset: Value,
    /// Deleter.
    pub fdel: Value,
    /// `__doc__`.
    pub doc: Value,
}

/// A heap object: a one-byte tag, then the variant's fields laid out as a `#[repr(C)]`
/// struct at offset 8 ([`crate::layout`]).
#[derive(Debug)]
#[repr(C, u8)]
pub enum Obj {
    /// A free arena slot; the payload is the next free index (`u32::MAX` ends the list).
    Free(u32),
    /// `str`.
    Str(StrObj) = tag::STR,
    /// `bytes`.
    Bytes(Box<[u8]>),
    /// `bytearray`.
    ByteArray(Vec<u8>),
    /// An `int` outside the inline range.
    BigInt(super::heapint::HeapInt) = tag::BIG_INT,
    /// `list`.
    List(FixedVec<Value>) = tag::LIST,
    /// `tuple`.
    Tuple(FixedBox<Value>) = tag::TUPLE,
    /// `dict`.
    Dict(Box<Dict>) = tag::DICT,
    /// `set` / `frozenset`.
    Set(Box<SetObj>) = tag::SET,
    /// `range(start, stop, step)`.
    Range {
        /// First value.
        start: i64,
        /// Bound (exclusive).
        stop: i64,
        /// Difference between values (non-zero).
        step: i64,
    } = tag::RANGE,
    /// A `range` whose bounds or length do not fit in `i64`.
    BigRange(Box<super::bigrange::BigRange>),
    /// `slice(start, stop, step)`.
    Slice(Box<[Value; 3]>),
    /// A Python function.
    Function(Box<Function>) = tag::FUNCTION,
    /// A builtin function or method.
    Native(Box<NativeFunc>) = tag::NATIVE,
    /// A bound method (`func` bound to `receiver`).
    BoundMethod {
        /// The function.
        func: Value,
        /// The object passed as the first argument.
        receiver: Value,
    } = tag::BOUND_METHOD,
    /// A class.
    Class(Box<Class>) = tag::CLASS,
    /// An instance of a user class or of an exception class.
    Instance(Box<Instance>) = tag::INSTANCE,
    /// A module.
    Module(Box<Module>) = tag::MODULE,
    /// A closure cell.
    Cell(Value) = tag::CELL,
    /// A code object.
    Code(Rc<CodeObject>),
    /// A generator.
    Generator(Box<Generator>) = tag::GENERATOR,
    /// A list iterator (hot in `for` loops, so not boxed).
    ListIter {
        /// The list.
        list: ObjRef,
        /// Index of the next item (`usize::MAX` once exhausted).
        idx: usize,
    } = tag::LIST_ITER,
    /// A range iterator.
    RangeIter {
        /// The next value.
        next: i64,
        /// Bound (exclusive).
        stop: i64,
        /// Difference between values.
        step: i64,
    } = tag::RANGE_ITER,
    /// Other iterators.
    Iter(Box<IterObj>) = tag::ITER,
    /// A dict view (`d.keys()` ...).
    DictView {
        /// The dict viewed.
        dict: ObjRef,
        /// Keys, values or items.
        kind: DictViewKind,
    },
    /// `property`.
    Property(Box<Property>),
    /// `staticmethod(f)`.
    StaticMethod(Value),
    /// `classmethod(f)`.
    ClassMethod(Value),
    /// A frame object.
    Frame(Box<super::frameobj::FrameObj>),
    /// A traceback object.
    Traceback(Box<super::frameobj::TbNode>),
    /// `super(type, obj)`.
    Super {
        /// The class whose MRO successor is searched.
        class: ObjRef,
        /// The instance (or class) methods are bound to.
        receiver: Value,
    },
    /// A coroutine or an asynchronous generator ([`Generator::kind`] says which): a
    /// generator's record under another tag, so nothing that tests for a generator (the
    /// specialized forms, traces, machine code) takes one for a generator.
    Coroutine(Box<Generator>) = tag::COROUTINE,
    /// `complex`.
    Complex {
        /// The real part.
        re: f64,
        /// The imaginary part.
        im: f64,
    } = tag::COMPLEX,
    /// A `memoryview`.
    MemoryView(Box<super::memview::MemView>) = tag::MEMORYVIEW,
    /// A `weakref.ref` or `weakref.finalize`.
    WeakRef(Box<super::weakref::WeakRefObj>) = tag::WEAKREF,
}

impl Obj {
    /// The record of a generator, coroutine or asynchronous generator.
    #[inline]
    pub fn resumable(&self) -> Option<&Generator> {
        match self {
            Obj::Generator(g) | Obj::Coroutine(g) => Some(g),
            _ => None,
        }
    }

    /// [`Obj::resumable`], mutable.
    #[inline]
    pub fn resumable_mut(&mut self) -> Option<&mut Generator> {
        match self {
            Obj::Generator(g) | Obj::Coroutine(g) => Some(g),
            _ => None,
        }
    }

    /// Bytes owned outside the arena slot (approximate, for the heap limit).
    pub fn extra_bytes(&self) -> usize {
        use core::mem::size_of;
        match self {
            Obj::Str(s) => s.heap_bytes(),
            Obj::Bytes(b) => b.len(),
            Obj::ByteArray(b) => b.capacity(),
            Obj::BigInt(b) => b.heap_bytes(),
            Obj::List(v) => v.capacity() * size_of::<Value>(),
            Obj::Tuple(v) => v.len() * size_of::<Value>(),
            Obj::Dict(d) => size_of::<Dict>() + d.heap_bytes(),
            Obj::Set(s) => size_of::<SetObj>() + s.table.heap_bytes() + s.order.heap_bytes(),
            Obj::Slice(_) => 24,
            Obj::Function(f) => size_of::<Function>() + f.defaults.len() * 8 + f.closure.len() * 8,
            Obj::Native(_) => size_of::<NativeFunc>(),
            Obj::Class(c) => size_of::<Class>() + c.mro.len() * 4 + c.layout.len() * 8,
            Obj::Instance(i) => size_of::<Instance>() + i.values.capacity() * 8,
            Obj::Module(_) => size_of::<Module>(),
            Obj::Generator(g) | Obj::Coroutine(g) => {
                size_of::<Generator>() + g.frame.as_ref().map_or(0, |f| f.heap_bytes())
            }
            Obj::Iter(_) => size_of::<IterObj>(),
            Obj::BigRange(_) => size_of::<super::bigrange::BigRange>(),
            Obj::Property(_) => size_of::<Property>(),
            Obj::Frame(fo) => fo.heap_bytes(),
            Obj::Traceback(_) => size_of::<super::frameobj::TbNode>(),
            Obj::MemoryView(_) => size_of::<super::memview::MemView>(),
            Obj::WeakRef(_) => size_of::<super::weakref::WeakRefObj>(),
            _ => 0,
        }
    }

    /// Calls `f` on every value this object references (for the collector).
    pub fn for_each_ref(&self, f: &mut dyn FnMut(Value)) {
        match self {
            Obj::Free(_) | Obj::Str(_) | Obj::Bytes(_) | Obj::ByteArray(_) | Obj::BigInt(_) => {}
            Obj::Range { .. } | Obj::RangeIter { .. } | Obj::BigRange(_) => {}
            Obj::Complex { .. } => {}
            Obj::MemoryView(m) => f(m.obj),
            Obj::WeakRef(w) => w.for_each_ref(f),
            Obj::List(v) => v.iter().for_each(|x| f(*x)),
            Obj::Tuple(v) => v.iter().for_each(|x| f(*x)),
            Obj::Dict(d) => d.for_each_ref(f),
            Obj::Set(s) => s.table.for_each_ref(f),
            Obj::Slice(s) => s.iter().for_each(|x| f(*x)),
            Obj::Function(func) => {
                func.code.for_each_ref(f);
                f(Value::obj(func.globals));
                f(func.name);
                f(func.qualname);
                f(func.module);
                f(func.doc);
                func.defaults.iter().for_each(|x| f(*x));
                for (k, v) in &func.kwdefaults {
                    f(*k);
                    f(*v);
                }
                func.closure.iter().for_each(|x| f(*x));
                if let Some(d) = func.dict {
                    f(Value::obj(d));
                }
            }
            Obj::Native(n) => {
                f(n.bound);
                f(n.owner);
            }
            Obj::BoundMethod { func, receiver } => {
                f(*func);
                f(*receiver);
            }
            Obj::Class(c) => {
                f(c.name);
                f(c.qualname);
                if let Some(b) = c.base {
                    f(Value::obj(b));
                }
                c.mro.iter().for_each(|x| f(Value::obj(*x)));
                c.bases.iter().for_each(|x| f(Value::obj(*x)));
                f(Value::obj(c.meta));
                c.dict.into_iter().for_each(|d| f(Value::obj(d)));
                c.layout.iter().for_each(|x| f(*x));
                if let Some(s) = &c.slots {
                    s.iter().for_each(|x| f(*x));
                }
            }
            Obj::Instance(i) => {
                f(Value::obj(i.class));
                i.values.iter().for_each(|x| f(*x));
                if let Some(d) = i.dict.get() {
                    f(Value::obj(d));
                }
                f(i.native);
                if let Some(e) = &i.exc {
                    f(e.args);
                    f(e.cause);
                    f(e.context);
                    for entry in &e.traceback {
                        entry.for_each_ref(f);
                    }
                }
            }
            Obj::Module(m) => {
                f(m.name);
                f(Value::obj(m.dict));
            }
            Obj::Cell(v) => f(*v),
            Obj::Code(c) => c.for_each_ref(f),
            Obj::Generator(g) | Obj::Coroutine(g) => {
                f(g.name);
                f(g.qualname);
                g.code.for_each_ref(f);
                if let Some(fr) = &g.frame {
                    fr.for_each_ref(f);
                }
                if let Some(fo) = g.frame_obj {
                    f(Value::obj(fo));
                }
            }
            Obj::Frame(fo) => fo.for_each_ref(f),
            Obj::Traceback(tb) => tb.for_each_ref(f),
            Obj::ListIter { list, .. } => f(Value::obj(*list)),
            Obj::Iter(it) => match &**it {
                IterObj::BigRange { .. } => {}
                IterObj::Tuple { seq, .. } | IterObj::Bytes { seq, .. } => f(Value::obj(*seq)),
                IterObj::Str { s, .. } => f(Value::obj(*s)),
                IterObj::Dict { dict, .. } => f(Value::obj(*dict)),
                IterObj::Enumerate { it, count } => {
                    f(*it);
                    f(*count);
                }
                IterObj::Zip { its, .. } => its.iter().for_each(|x| f(*x)),
                IterObj::Map { func, its } => {
                    f(*func);
                    its.iter().for_each(|x| f(*x));
                }
                IterObj::Filter { func, it } => {
                    f(*func);
                    f(*it);
                }
                IterObj::Reversed { seq, .. } | IterObj::Seq { seq, .. } => f(*seq),
                IterObj::Call { func, sentinel } => {
                    f(*func);
                    f(*sentinel);
                }
                IterObj::Done => {}
                IterObj::CoroWrapper { coro } => f(Value::obj(*coro)),
                IterObj::AsyncGenSend { agen, value, .. } => {
                    f(Value::obj(*agen));
                    f(*value);
                }
                IterObj::AsyncGenThrow { agen, typ, val, .. } => {
                    f(Value::obj(*agen));
                    f(*typ);
                    f(*val);
                }
            },
            Obj::DictView { dict, .. } => f(Value::obj(*dict)),
            Obj::Property(p) => {
                f(p.fget);
                f(p.fset);
                f(p.fdel);
                f(p.doc);
            }
            Obj::StaticMethod(v) | Obj::ClassMethod(v) => f(*v),
            Obj::Super { class, receiver } => {
                f(Value::obj(*class));
                f(*receiver);
            }
        }
    }
}
