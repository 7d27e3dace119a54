//! Fixed layouts: the memory machine code reads and writes, at offsets exported here and
//! checked at compile time on every target.
//!
//! | what | where | layout |
//! |------|-------|--------|
//! | a value | [`Value`] | NaN-boxed `u64`: floats as their bits, tags [`VALUE_TAG_INT`], [`VALUE_TAG_OBJ`], [`VALUE_TAG_CONST`] in the top 16 bits |
//! | a heap int | [`Value`] | 48-bit two's complement payload of a [`VALUE_TAG_INT`] value; bigger ints are [`tag::BIG_INT`] objects |
//! | a float | [`Value`] | unboxed: every value below `VALUE_TAG_INT << VALUE_TAG_SHIFT` |
//! | the object arena | [`Heap`]'s `FixedVec<Obj>` | slots of [`OBJ_SIZE`] bytes, indexed by the 32-bit payload of an object reference |
//! | an object | [`Obj`] | tag byte at [`OBJ_TAG`] (values in [`tag`]), the variant's fields as a `#[repr(C)]` struct at [`OBJ_PAYLOAD`] |
//! | list items | `Obj::List`'s [`FixedVec`] | pointer at [`ITEMS_PTR`], length at [`ITEMS_LEN`], capacity at [`ITEMS_CAP`] |
//! | tuple items | `Obj::Tuple`'s [`FixedBox`] | pointer at [`ITEMS_PTR`], length at [`ITEMS_LEN`] |
//! | an instance | `Box<Instance>` at [`OBJ_PAYLOAD`] | class at [`INSTANCE_CLASS`], slot values (a [`FixedVec`]) at [`INSTANCE_VALUES`], explicit dict (`u32`, [`INSTANCE_NO_DICT`] for none) at [`INSTANCE_DICT`] |
//! | a class | `Box<Class>` at [`OBJ_PAYLOAD`] | version (`u32`) at [`CLASS_VERSION`] |
//! | a dict | `Box<Dict>` at [`OBJ_PAYLOAD`] | keys version (`u32`) at [`DICT_KEYS_VERSION`] |
//! | a list iterator | `Obj::ListIter` | list (`u32` reference) at [`LIST_ITER_LIST`], next index at [`LIST_ITER_INDEX`] |
//! | a range iterator | `Obj::RangeIter` | `i64`s: next at [`RANGE_ITER_NEXT`], bound at [`RANGE_ITER_STOP`], step at [`RANGE_ITER_STEP`] |
//! | the value stack | [`ValueStack`] | items pointer at [`STACK_ITEMS`], length at [`STACK_LEN`] |
//! | a generator | `Box<Generator>` at [`OBJ_PAYLOAD`] | state byte at [`GEN_STATE`], suspended frame (`Box<SavedFrame>`, null when none) at [`GEN_FRAME`]: code, function, globals, resume offset and slots at [`SAVED_CODE`] .. [`SAVED_VALUES`] |
//! | frame records | `Vm::frames`, a `FixedVec<Frame>` | [`FRAME_SIZE`] bytes each; [`FRAME_IP`], [`FRAME_LASTI`], [`FRAME_BASE`], [`FRAME_STACK_FLOOR`] |
//! | the interrupt word | [`Signals`] | one byte: non-zero when a safe point has work ([`SIGNALS_SIZE`]) |
//! | the fuel word | `Vm`'s `i64` | instructions left; a safe point stops at or below zero |
//! | the collection clock | [`GcClock`] | a collection is due when `usize` at [`GC_ALLOCATED`] >= `usize` at [`GC_NEXT`] |
//!
//! Machine code reaches the arena, the value stack, the frame records, the clock and the two words
//! through [`crate::jit::helpers::HelperContext`], whose own offsets are exported there.
//!
//! These layouts are meant to hold for the whole object model. A class is an object like any
//! other, so a metaclass is a class whose instances are classes (its own fields grow the
//! `Class` record, not the object header); `__class__` assignment rewrites
//! [`INSTANCE_CLASS`] and bumps no version of the old class; an instance of a subclass of a
//! builtin type carries the builtin object beside its slots (`Instance::native`), so code
//! that reads an instance's slots does not care what its base is. Multiple inheritance lives
//! in the class's MRO, which machine code never reads: it trusts the class version, which
//! changes whenever the class or any class in its MRO changes.
//!
//! [`Value`]: crate::Value
//! [`Heap`]: crate::object::heap::Heap
//! [`Obj`]: crate::object::types::Obj
//! [`ValueStack`]: crate::interp::stack::ValueStack
//! [`Signals`]: crate::Signals
//! [`GcClock`]: crate::object::heap::GcClock

use core::mem::{offset_of, size_of};

use crate::interp::frame::{Frame, FrameRef, OnReturn, SavedFrame};
use crate::interp::generator::GenCollect;
use crate::interp::stack::ValueStack;
use crate::limits::Signals;
use crate::object::dict::{Dict, Entry};
use crate::object::heap::GcClock;
use crate::object::types::{
    AttrPlain, Class, DictRef, Function, GenState, Generator, Instance, Module, NativeFunc, Obj,
    SetObj,
};
use crate::object::value::{self, ObjRef, Value};
use crate::vm::LookupEntry;

#[allow(
    unsafe_code,
    reason = "keeps a Vec's or boxed slice's raw parts in #[repr(C)] words and rebuilds the \
              Vec from them; every block states the invariant it relies on"
)]
pub mod fixed_vec;
#[allow(
    unsafe_code,
    reason = "compile-time probes: the distance between an object and a field of one of its \
              variants, which offset_of! cannot name"
)]
mod probe;

pub use fixed_vec::{FixedBox, FixedVec, VecGuard, ITEMS_CAP, ITEMS_LEN, ITEMS_PTR};

/// The tag of an object: the byte at [`OBJ_TAG`]. `Obj` takes its discriminants from here,
/// so a tag cannot drift from the enum.
pub mod tag {
    /// `str`.
    pub const STR: u8 = 1;
    /// A big `int`.
    pub const BIG_INT: u8 = 4;
    /// `list`.
    pub const LIST: u8 = 5;
    /// `tuple`.
    pub const TUPLE: u8 = 6;
    /// `dict`.
    pub const DICT: u8 = 7;
    /// `set` and `frozenset` (a `SetObj` in a box at the payload).
    pub const SET: u8 = 8;
    /// `range`.
    pub const RANGE: u8 = 9;
    /// A Python function.
    pub const FUNCTION: u8 = 12;
    /// A builtin function or method (a `NativeFunc` in a box at the payload).
    pub const NATIVE: u8 = 13;
    /// A bound method.
    pub const BOUND_METHOD: u8 = 14;
    /// A class.
    pub const CLASS: u8 = 15;
    /// An instance of a user class.
    pub const INSTANCE: u8 = 16;
    /// A module (a `Module` in a box at the payload).
    pub const MODULE: u8 = 17;
    /// A closure cell.
    pub const CELL: u8 = 18;
    /// A generator.
    pub const GENERATOR: u8 = 20;
    /// A list iterator.
    pub const LIST_ITER: u8 = 21;
    /// A range iterator.
    pub const RANGE_ITER: u8 = 22;
    /// Another iterator (an `IterObj` in a box at the payload).
    pub const ITER: u8 = 23;
    /// A `complex` (two `f64`s, real then imaginary, at the payload).
    pub const COMPLEX: u8 = 31;
    /// A coroutine or an asynchronous generator (a `Generator` in a box at the payload, as
    /// a generator's). Past [`super::TAG_TYPES`]: its type depends on its kind.
    pub const COROUTINE: u8 = 32;
    /// A `memoryview` (a `MemView` in a box at the payload).
    pub const MEMORYVIEW: u8 = 33;
    /// A weak reference or finalizer (a `WeakRefObj` in a box at the payload).
    pub const WEAKREF: u8 = 34;
}

/// Bit where a value's tag starts.
pub const VALUE_TAG_SHIFT: u32 = value::TAG_SHIFT;
/// Tag of a small int.
pub const VALUE_TAG_INT: u64 = value::TAG_INT;
/// Tag of an object reference (its payload is the arena index).
pub const VALUE_TAG_OBJ: u64 = value::TAG_OBJ;
/// Tag of a singleton (`None`, `True`, ...).
pub const VALUE_TAG_CONST: u64 = value::TAG_CONST;

/// Bytes per arena slot.
pub const OBJ_SIZE: usize = size_of::<Obj>();
/// The bits of the value an inline cache's object reference names (an arena slot, or an
/// immediate builtin: `object::native_table::cache_id`), as machine code pushes it.
pub fn object_value_bits(slot: u32) -> u64 {
    crate::object::native_table::from_cache_id(slot).bits()
}

/// The bits of `list.append` (machine code compares a callable against them).
pub const LIST_APPEND_BITS: u64 = crate::object::native_table::LIST_APPEND.bits();
/// The bits of the generators' `send`.
pub const GENERATOR_SEND_BITS: u64 = crate::object::native_table::GENERATOR_SEND.bits();
/// The bits of `math.sqrt` (machine code takes the square root itself). Without the
/// `math` feature, the bits of `UNDEF`, which no callable has.
#[cfg(feature = "math")]
pub const MATH_SQRT_BITS: u64 = crate::object::native_table::MATH_SQRT.bits();
/// The bits of `math.sqrt`: without the `math` feature, those of `UNDEF`, which no
/// callable has.
#[cfg(not(feature = "math"))]
pub const MATH_SQRT_BITS: u64 = Value::UNDEF.bits();
/// Tag of an immediate builtin (its payload names a table entry).
pub const VALUE_TAG_NATIVE: u64 = value::TAG_NATIVE;
/// Offset of an object's tag byte.
pub const OBJ_TAG: usize = 0;
/// Offset of an object's fields (of a one-field variant: that field).
pub const OBJ_PAYLOAD: usize = 8;

/// Offset of a cell's value (a `Value`, `UNDEF` while the cell is empty) in its object
/// (`Obj::Cell`, a one-field variant).
pub const CELL_VALUE: usize = OBJ_PAYLOAD;

/// Offset of an instance's class (a `u32` reference) in its `Instance` record.
pub const INSTANCE_CLASS: usize = offset_of!(Instance, class);
/// Offset of an instance's slot values (a [`FixedVec`]) in its `Instance` record.
pub const INSTANCE_VALUES: usize = offset_of!(Instance, values);
/// Offset of an instance's explicit dict (a `u32`: [`INSTANCE_NO_DICT`] or the dict's
/// reference) in its `Instance` record.
pub const INSTANCE_DICT: usize = offset_of!(Instance, dict);
/// The `u32` at [`INSTANCE_DICT`] of an instance without an explicit dict.
pub const INSTANCE_NO_DICT: u32 = u32::MAX;
/// Offset of a class's version (a `u32`) in its `Class` record.
pub const CLASS_VERSION: usize = offset_of!(Class, version);
/// Offset of a class's attribute layout (a [`FixedVec`] of names, in slot order) in its
/// `Class` record: machine code compares its length with an inline cache's.
pub const CLASS_LAYOUT: usize = offset_of!(Class, layout);
/// Offset of a class's slot kinds (a [`FixedVec`] of one byte per layout slot, each a
/// [`crate::object::types::slot_kind`]) in its `Class` record.
pub const CLASS_SLOT_KINDS: usize = offset_of!(Class, slot_kinds);
/// Offset of a class's shape path (a [`FixedVec`] of `u32` shapes, one per layout slot) in
/// its `Class` record: machine code's shape guard indexes it.
pub const CLASS_SHAPE_PATH: usize = offset_of!(Class, shape_path);
/// Offset of the class version its cached plain-attribute answer holds for (a `u32`) in
/// its `Class` record.
pub const CLASS_ATTR_PLAIN_VERSION: usize =
    offset_of!(Class, attr_plain) + offset_of!(AttrPlain, version);
/// Offset of the cached plain-attribute answer (a `bool` byte) in its `Class` record.
pub const CLASS_ATTR_PLAIN: usize = offset_of!(Class, attr_plain) + offset_of!(AttrPlain, plain);
// The cached answer is its `#[repr(C)]` record in place (`Cell<AttrPlain>`).
const _: () = assert!(size_of::<core::cell::Cell<AttrPlain>>() == size_of::<AttrPlain>());
const _: () = assert!(size_of::<bool>() == 1);
// A slot kind is one byte in place (`Cell<u8>`).
const _: () = assert!(size_of::<core::cell::Cell<u8>>() == 1);
// The dict reference is a bare `u32` whose none is `INSTANCE_NO_DICT`.
const _: () = assert!(size_of::<DictRef>() == 4);
const _: () = assert!(matches!(DictRef::NONE, d if d.raw() == INSTANCE_NO_DICT));
/// Offset of an entry's class version (a `u32`; 0 in an empty entry) in the class lookup
/// cache ([`crate::jit::helpers::CTX_CLASS_LOOKUPS`]: [`LOOKUP_SLOTS`] entries of
/// [`LOOKUP_SIZE`] bytes, entry [`crate::vm::class_lookup_slot`] for a version and name).
pub const LOOKUP_VERSION: usize = offset_of!(LookupEntry, version);
/// Offset of an entry's attribute name (a `Value`).
pub const LOOKUP_NAME: usize = offset_of!(LookupEntry, name);
/// Offset of what the lookup found (a `Value`; `UNDEF` for nothing).
pub const LOOKUP_FOUND: usize = offset_of!(LookupEntry, found);
/// Bytes per class lookup cache entry.
pub const LOOKUP_SIZE: usize = size_of::<core::cell::Cell<LookupEntry>>();
/// Entries of the class lookup cache (a power of two).
pub const LOOKUP_SLOTS: usize = crate::vm::CLASS_LOOKUP_CACHE;
const _: () = assert!(LOOKUP_SLOTS.is_power_of_two());
const _: () = assert!(LOOKUP_SIZE == size_of::<LookupEntry>());
/// Offset of a set's table (a `Dict` record, whose values are unused) in its `SetObj`
/// record (an `Obj::Set`'s box, at [`OBJ_PAYLOAD`]).
pub const SET_TABLE: usize = offset_of!(SetObj, table);
/// Offset of whether a set is a `frozenset` (a `bool` byte) in its `SetObj` record.
pub const SET_FROZEN: usize = offset_of!(SetObj, frozen);
/// Offset of a table's dense entries (a [`FixedVec`] of [`ENTRY_SIZE`]-byte entries, in
/// insertion order) in its `Dict` record.
pub const DICT_ENTRIES: usize = offset_of!(Dict, entries);
/// Offset of a table's sparse index (a [`FixedVec`] of `u32`; empty while the table has
/// at most [`DICT_LINEAR_MAX`] entries, which are then found by a scan) in its `Dict`
/// record.
pub const DICT_INDICES: usize = offset_of!(Dict, indices);
/// Offset of a table's count of live entries (a `usize`) in its `Dict` record.
pub const DICT_LEN: usize = offset_of!(Dict, len);
/// The most entries a table holds before it builds its index.
pub const DICT_LINEAR_MAX: usize = crate::object::dict::LINEAR_MAX;
/// Offset of an entry's hash (a `u64`) in the entry.
pub const ENTRY_HASH: usize = offset_of!(Entry, hash);
/// Offset of an entry's key (a `Value`; `UNDEF` when deleted) in the entry.
pub const ENTRY_KEY: usize = offset_of!(Entry, key);
/// Offset of an entry's value in the entry.
pub const ENTRY_VALUE: usize = offset_of!(Entry, value);
/// Bytes per table entry.
pub const ENTRY_SIZE: usize = size_of::<Entry>();
/// Offset of a dict's keys version (a `u32`) in its `Dict` record.
pub const DICT_KEYS_VERSION: usize = offset_of!(Dict, keys_version);
/// Offset of a module's dict (an `ObjRef`, a `u32` arena index) in its `Module` record
/// (an `Obj::Module`'s box, at [`OBJ_PAYLOAD`]).
pub const MODULE_DICT: usize = offset_of!(Module, dict);

/// Offset of a list iterator's list reference (`u32`) in its object.
pub const LIST_ITER_LIST: usize = 8;
/// Offset of a list iterator's next index (`usize`) in its object.
pub const LIST_ITER_INDEX: usize = 16;
/// Offset of a range iterator's next value (`i64`) in its object.
pub const RANGE_ITER_NEXT: usize = 8;
/// Offset of a range iterator's bound (`i64`) in its object.
pub const RANGE_ITER_STOP: usize = 16;
/// Offset of a range iterator's step (`i64`) in its object.
pub const RANGE_ITER_STEP: usize = 24;

/// The kind byte (at offset 0 of the boxed `IterObj`) of an iterator over a tuple.
pub const ITER_KIND_TUPLE: u8 = probe::iter_tuple_fields().0;
/// Offset of a tuple iterator's tuple (an `ObjRef`) in its `IterObj`.
pub const ITER_TUPLE_SEQ: usize = probe::iter_tuple_fields().1;
/// Offset of a tuple iterator's next index (`usize`) in its `IterObj`.
pub const ITER_TUPLE_INDEX: usize = probe::iter_tuple_fields().2;

/// Offset of the value stack's items pointer in the [`ValueStack`].
pub const STACK_ITEMS: usize = ValueStack::BUF + ITEMS_PTR;
/// Offset of the value stack's length (the live top).
pub const STACK_LEN: usize = ValueStack::BUF + ITEMS_LEN;
/// Offset of the value stack's capacity (the room before it must grow).
pub const STACK_CAP: usize = ValueStack::BUF + ITEMS_CAP;

/// Bytes per frame record.
pub const FRAME_SIZE: usize = size_of::<Frame>();
/// Offset of a frame's next instruction offset (`u32`).
pub const FRAME_IP: usize = offset_of!(Frame, ip);
/// Offset of a frame's current instruction offset (`u32`).
pub const FRAME_LASTI: usize = offset_of!(Frame, lasti);
/// Offset of a frame's first local in the value stack (`u32` index).
pub const FRAME_BASE: usize = offset_of!(Frame, base);
/// Offset of where the caller's stack is cut back to (`u32` index).
pub const FRAME_STACK_FLOOR: usize = offset_of!(Frame, stack_floor);
/// Offset of a frame's code (an `Rc<CodeObject>`: one pointer, see `jit::frames`).
pub const FRAME_CODE: usize = offset_of!(Frame, code);
/// Offset of a frame's function (a value).
pub const FRAME_FUNC: usize = offset_of!(Frame, func);
/// Offset of a frame's globals (an `ObjRef`).
pub const FRAME_GLOBALS: usize = offset_of!(Frame, globals);
/// Offset of a frame's local namespace (a value).
pub const FRAME_LOCALS: usize = offset_of!(Frame, locals);
/// Offset of how a frame's result is delivered (`OnReturn`: a `u32` tag first).
pub const FRAME_ON_RETURN: usize = offset_of!(Frame, on_return);
/// Offset of a frame's generator (a `FrameRef`).
pub const FRAME_GENERATOR: usize = offset_of!(Frame, generator);
/// Offset of the handled exception a frame restores (a value).
pub const FRAME_SAVED_EXC: usize = offset_of!(Frame, saved_exc);
/// Offset of a frame's frame object (a `FrameRef`).
pub const FRAME_OBJ: usize = offset_of!(Frame, obj);
/// The tag of `OnReturn::Push`, a plain call's return, at [`FRAME_ON_RETURN`].
pub const ON_RETURN_PUSH: u32 = probe::on_return_tag(OnReturn::Push);
/// The tag of `OnReturn::Init`, the return of `__init__` called to make an instance.
pub const ON_RETURN_INIT: u32 = probe::on_return_tag(OnReturn::Init);
/// `BINARY_OP_USER`'s third cache unit: the right operand's type, the left's class.
pub const BINARY_RIGHT_SAME: u32 = 0;
/// `BINARY_OP_USER`'s third cache unit: the right operand is an `int` (not a `bool`).
pub const BINARY_RIGHT_INT: u32 = 1;
/// `BINARY_OP_USER`'s third cache unit: the right operand is a `float`.
pub const BINARY_RIGHT_FLOAT: u32 = 2;
/// The tag of `OnReturn::Binary`, the return of a binary operator's dunder.
pub const ON_RETURN_BINARY: u32 = probe::on_return_tag(OnReturn::Binary { op: 0 });
/// The tag of `OnReturn::Compare`, the return of a rich comparison's dunder.
pub const ON_RETURN_COMPARE: u32 = probe::on_return_tag(OnReturn::Compare { op: 0 });
/// The tag of `OnReturn::SendCall`, a generator resumed by a call of `send` or `next`.
pub const ON_RETURN_SEND_CALL: u32 = probe::on_return_tag(OnReturn::SendCall);
/// The tag of `OnReturn::ForIter`, a generator resumed by `FOR_ITER`.
pub const ON_RETURN_FOR_ITER: u32 = probe::on_return_tag(OnReturn::ForIter { exhausted: 0 });
/// The tag of `OnReturn::Send`, a generator resumed by `SEND`.
pub const ON_RETURN_SEND: u32 = probe::on_return_tag(OnReturn::Send { done: 0 });
/// Offset of the one field of `OnReturn::ForIter` and `OnReturn::Send` (a `u32` offset)
/// from [`FRAME_ON_RETURN`].
pub const ON_RETURN_ARG: usize = 4;
/// The word of a `FrameRef` that refers to nothing.
pub const FRAME_REF_NONE: u32 = FrameRef::NONE.bits();

/// Entries of the table of types by object tag (`Vm::tag_types`, reached through the
/// helper context): the type of an object whose type its tag alone decides, or
/// [`TAG_TYPE_ASK`] where the VM must look further (an instance's class, a set's
/// frozenness).
pub const TAG_TYPES: usize = 32;
/// A [`TAG_TYPES`] entry of a tag whose type the table does not decide.
pub const TAG_TYPE_ASK: u32 = u32::MAX;

/// Offset of a function's code in its `Function` (boxed at [`OBJ_PAYLOAD`]).
pub const FUNCTION_CODE: usize = offset_of!(Function, code);
/// Offset of a function's globals (an `ObjRef`).
pub const FUNCTION_GLOBALS: usize = offset_of!(Function, globals);
/// Offset of a builtin's implementation (a `NativeFn` pointer) in its `NativeFunc`.
pub const NATIVE_FN: usize = offset_of!(NativeFunc, f);
/// Offset of a builtin's bound receiver (a value; `UNDEF` when unbound).
pub const NATIVE_BOUND: usize = offset_of!(NativeFunc, bound);

/// Offset of a function's closure cells (a `FixedBox` of values).
pub const FUNCTION_CLOSURE: usize = offset_of!(Function, closure);

/// Offset of a generator's suspended frame in its `Generator` (boxed at [`OBJ_PAYLOAD`]):
/// an `Option<Box<SavedFrame>>`, one pointer, null when finished or running elsewhere.
pub const GEN_FRAME: usize = offset_of!(Generator, frame);
/// Offset of the collected generator's frame index (a `usize`; `usize::MAX` for none) in
/// what native code collects a generator into ([`crate::jit::helpers::CTX_GEN_COLLECT`]).
pub const GEN_COLLECT_FRAME: usize = offset_of!(GenCollect, frame);
/// Offset of the list or small-int total the collected yields go to (a `Value`).
pub const GEN_COLLECT_TARGET: usize = offset_of!(GenCollect, target);
/// Offset of a generator's state (a `GenState` byte).
pub const GEN_STATE: usize = offset_of!(Generator, state);
/// The state byte of a generator suspended at a `yield`.
pub const GEN_SUSPENDED: u8 = GenState::Suspended as u8;
/// The state byte of a generator created and not yet started.
pub const GEN_CREATED: u8 = GenState::Created as u8;
/// The state byte of a running generator.
pub const GEN_RUNNING: u8 = GenState::Running as u8;
/// Offset of a saved frame's code (an `Rc<CodeObject>`, as [`FRAME_CODE`]).
pub const SAVED_CODE: usize = offset_of!(SavedFrame, code);
/// Offset of a saved frame's function (a value).
pub const SAVED_FUNC: usize = offset_of!(SavedFrame, func);
/// Offset of a saved frame's globals (an `ObjRef`).
pub const SAVED_GLOBALS: usize = offset_of!(SavedFrame, globals);
/// Offset of a saved frame's resume offset (`u32`).
pub const SAVED_IP: usize = offset_of!(SavedFrame, ip);
/// Offset of the offset of the `yield` a saved frame is suspended at (`u32`).
pub const SAVED_LASTI: usize = offset_of!(SavedFrame, lasti);
/// Offset of a saved frame's slots and stack (a [`FixedVec`] of values).
pub const SAVED_VALUES: usize = offset_of!(SavedFrame, values);
/// Offset of a saved frame's handled exception (a value).
pub const SAVED_EXC: usize = offset_of!(SavedFrame, exc_state);

/// Offset of the bytes allocated since the last collection in the [`GcClock`].
pub const GC_ALLOCATED: usize = offset_of!(GcClock, allocated);
/// Offset of the allocation count at which the next collection is due.
pub const GC_NEXT: usize = offset_of!(GcClock, next_gc);

/// Bytes of the interrupt word (a byte: non-zero when a safe point has work).
pub const SIGNALS_SIZE: usize = size_of::<Signals>();

// Every constant above, checked against the types on every target this crate builds for.
const _: () = {
    assert!(size_of::<Value>() == 8 && size_of::<ObjRef>() == 4);
    assert!(OBJ_SIZE == 40 && OBJ_SIZE % 8 == 0);
    assert!(probe::list_payload() == OBJ_PAYLOAD);
    assert!(probe::tag_of_empty_list() == tag::LIST);
    let (list, index) = probe::list_iter_fields();
    assert!(list == LIST_ITER_LIST && index == LIST_ITER_INDEX);
    let (next, stop, step) = probe::range_iter_fields();
    assert!(next == RANGE_ITER_NEXT && stop == RANGE_ITER_STOP && step == RANGE_ITER_STEP);
    assert!(ITEMS_PTR == 0 && ITEMS_LEN == 8 && ITEMS_CAP == 16);
    assert!(fixed_vec::BOX_PTR == ITEMS_PTR && fixed_vec::BOX_LEN == ITEMS_LEN);
    assert!(SIGNALS_SIZE == 1);
    assert!(size_of::<crate::object::types::NativeFn>() == 8);
    assert!(ITER_TUPLE_SEQ % 4 == 0 && ITER_TUPLE_INDEX % 8 == 0 && ITER_TUPLE_INDEX < 64);
    assert!(FRAME_SIZE % 8 == 0);
    assert!(
        probe::on_return_arg(OnReturn::ForIter {
            exhausted: 0x1234_5678
        }) == 0x1234_5678
    );
    assert!(probe::on_return_arg(OnReturn::Send { done: 0x0765_4321 }) == 0x0765_4321);
    assert!(size_of::<Option<alloc::boxed::Box<SavedFrame>>>() == 8);
    assert!(size_of::<GenState>() == 1);
};

#[cfg(test)]
#[allow(
    unsafe_code,
    reason = "the tests read objects through raw addresses, as machine code does"
)]
mod tests;
