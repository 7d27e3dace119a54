//! The op table: every uop and every tier-1 instruction, declared once.
//!
//! `for_each_uop!` lists the micro-ops with their flags. `for_each_op!` lists the tier-1
//! instructions, each with its inline-cache size, its stack effect as a function of the
//! oparg, its flags and the uops it is made of. Everything else expands from these two
//! macros: the `Op` and `Uop` enums, names, metadata, the disassembler and the interpreter's
//! dispatch (each instruction runs its uops in order; see `interp::dispatch`).
//!
//! Naming: instructions are `UPPER_CASE` like CPython's; uops start with `_`. An instruction
//! made of a single uop uses the uop of the same name.
//!
//! Encoding: a code unit is 32 bits, `opcode | oparg << 8` (24-bit oparg, no `EXTENDED_ARG`),
//! followed by `cache` units of inline cache. Jump opargs are absolute unit offsets.

/// Flag bits of uops and instructions.
pub mod flags {
    /// The oparg is a jump target (absolute unit offset).
    pub const JUMP: u16 = 1 << 0;
    /// The oparg indexes `consts`.
    pub const CONST: u16 = 1 << 1;
    /// The oparg (or `oparg >> 1`) indexes `names`.
    pub const NAME: u16 = 1 << 2;
    /// The oparg indexes the fast locals.
    pub const LOCAL: u16 = 1 << 3;
    /// The oparg indexes cell/free variables (after the fast locals).
    pub const FREE: u16 = 1 << 4;
    /// May raise an exception.
    pub const ERROR: u16 = 1 << 5;
    /// May run arbitrary Python code (calls, dunder methods, destructors of iterators...).
    pub const ESCAPES: u16 = 1 << 6;
    /// A guard that deoptimizes to the generic instruction when it fails.
    pub const DEOPT: u16 = 1 << 7;
    /// Leaves the current frame (return, yield) or changes it (call).
    pub const FRAME: u16 = 1 << 8;
    /// Pure: no side effects, result depends only on inputs (constant-foldable).
    pub const PURE: u16 = 1 << 9;
    /// The first inline-cache unit is an adaptive counter (a specializable family head).
    pub const SPECIALIZE: u16 = 1 << 10;
    /// A periodic safe point: collection, interrupts, hot-spot counting.
    pub const PERIODIC: u16 = 1 << 11;
    /// Ends a basic block unconditionally (no fall-through).
    pub const TERMINATOR: u16 = 1 << 12;
    /// Fused with the instruction that follows it: the following instruction stays in place
    /// (so a jump to it still works) and is covered by this one's "cache" size, and the stack
    /// effect is that of both together.
    pub const FUSED: u16 = 1 << 13;
    /// A trace uop that can leave the trace through a side exit (tier 2).
    pub const EXIT: u16 = 1 << 14;
    /// A tier-2-only form: never in tier-1 code; what the trace optimizer leaves of an
    /// instruction, still run through one handler (see `exec::ir`).
    pub const TIER2: u16 = 1 << 15;
}

/// `COMPARE_OP` oparg bit: the result is converted to a bool (set by the compiler when a
/// conditional jump follows, so no `TO_BOOL` is needed; as in CPython 3.13).
pub const COMPARE_TO_BOOL: u32 = 16;

/// Invokes `$m!` with the list of uops: `NAME flags;`.
#[macro_export]
#[doc(hidden)]
macro_rules! for_each_uop {
    ($m:ident) => {
        $m! {
            _NOP 0;
            _POP_TOP 0;
            _POP_ITER flags::ESCAPES;
            _PUSH_NULL flags::PURE;
            _COPY flags::PURE;
            _SWAP flags::PURE;
            _LOAD_CONST flags::CONST | flags::PURE;
            _LOAD_FAST flags::LOCAL | flags::PURE;
            _LOAD_FAST_CHECK flags::LOCAL | flags::ERROR;
            _STORE_FAST flags::LOCAL;
            // Second halves of super-instructions: the oparg is the following unit's.
            _LOAD_FAST_NEXT flags::LOCAL | flags::PURE;
            _LOAD_CONST_NEXT flags::CONST | flags::PURE;
            _STORE_FAST_NEXT flags::LOCAL;
            // Pops the bool and performs the `POP_JUMP_IF_FALSE/TRUE` that follows the
            // instruction (fused compare-and-branch and test-and-branch forms).
            _POP_JUMP_NEXT flags::JUMP;
            _DELETE_FAST flags::LOCAL | flags::ERROR;
            _MAKE_CELL flags::FREE | flags::ERROR;
            _COPY_FREE_VARS 0;
            _LOAD_DEREF flags::FREE | flags::ERROR;
            _LOAD_FROM_DICT_OR_DEREF flags::FREE | flags::ERROR | flags::ESCAPES;
            _LOAD_CLOSURE flags::FREE;
            _STORE_DEREF flags::FREE;
            _DELETE_DEREF flags::FREE | flags::ERROR;
            _LOAD_GLOBAL flags::NAME | flags::ERROR | flags::ESCAPES;
            _STORE_GLOBAL flags::NAME | flags::ERROR | flags::ESCAPES;
            _DELETE_GLOBAL flags::NAME | flags::ERROR | flags::ESCAPES;
            _LOAD_NAME flags::NAME | flags::ERROR | flags::ESCAPES;
            _STORE_NAME flags::NAME | flags::ERROR | flags::ESCAPES;
            _DELETE_NAME flags::NAME | flags::ERROR | flags::ESCAPES;
            _LOAD_ATTR flags::NAME | flags::ERROR | flags::ESCAPES;
            _STORE_ATTR flags::NAME | flags::ERROR | flags::ESCAPES;
            _DELETE_ATTR flags::NAME | flags::ERROR | flags::ESCAPES;
            _BINARY_OP flags::ERROR | flags::ESCAPES;
            _BINARY_SUBSCR flags::ERROR | flags::ESCAPES;
            _STORE_SUBSCR flags::ERROR | flags::ESCAPES;
            _DELETE_SUBSCR flags::ERROR | flags::ESCAPES;
            _BINARY_SLICE flags::ERROR | flags::ESCAPES;
            _STORE_SLICE flags::ERROR | flags::ESCAPES;
            _UNARY_NEGATIVE flags::ERROR | flags::ESCAPES;
            _UNARY_NOT flags::PURE;
            _UNARY_INVERT flags::ERROR | flags::ESCAPES;
            _TO_BOOL flags::ERROR | flags::ESCAPES;
            _COMPARE_OP flags::ERROR | flags::ESCAPES;
            _IS_OP flags::PURE;
            _CONTAINS_OP flags::ERROR | flags::ESCAPES;
            _CHECK_PERIODIC flags::PERIODIC | flags::ERROR | flags::ESCAPES;
            _POP_JUMP_IF_FALSE flags::JUMP;
            _POP_JUMP_IF_TRUE flags::JUMP;
            _POP_JUMP_IF_NONE flags::JUMP;
            _POP_JUMP_IF_NOT_NONE flags::JUMP;
            _JUMP flags::JUMP | flags::TERMINATOR;
            _GET_ITER flags::ERROR | flags::ESCAPES;
            _FOR_ITER flags::JUMP | flags::ERROR | flags::ESCAPES;
            _BUILD_TUPLE flags::ERROR;
            _BUILD_LIST flags::ERROR;
            _BUILD_SET flags::ERROR | flags::ESCAPES;
            _BUILD_MAP flags::ERROR | flags::ESCAPES;
            _BUILD_STRING flags::ERROR;
            _BUILD_SLICE flags::ERROR;
            _LIST_APPEND flags::ERROR;
            _SET_ADD flags::ERROR | flags::ESCAPES;
            _MAP_ADD flags::ERROR | flags::ESCAPES;
            _LIST_EXTEND flags::ERROR | flags::ESCAPES;
            _SET_UPDATE flags::ERROR | flags::ESCAPES;
            _DICT_UPDATE flags::ERROR | flags::ESCAPES;
            _DICT_MERGE flags::ERROR | flags::ESCAPES;
            _UNPACK_SEQUENCE flags::ERROR | flags::ESCAPES;
            _UNPACK_EX flags::ERROR | flags::ESCAPES;
            _FORMAT_VALUE flags::ERROR | flags::ESCAPES;
            _CALL flags::ERROR | flags::ESCAPES | flags::FRAME;
            _CALL_KW flags::ERROR | flags::ESCAPES | flags::FRAME;
            _CALL_FUNCTION_EX flags::ERROR | flags::ESCAPES | flags::FRAME;
            _CALL_INTRINSIC_1 flags::ERROR | flags::ESCAPES;
            _MAKE_FUNCTION flags::ERROR;
            _RETURN_VALUE flags::FRAME | flags::TERMINATOR;
            _RETURN_GENERATOR flags::FRAME | flags::ERROR;
            _YIELD_VALUE flags::FRAME;
            _SEND flags::JUMP | flags::ERROR | flags::ESCAPES | flags::FRAME;
            _END_SEND 0;
            _GET_YIELD_FROM_ITER flags::ERROR | flags::ESCAPES;
            _RAISE_VARARGS flags::ERROR | flags::TERMINATOR;
            _RERAISE flags::ERROR | flags::TERMINATOR;
            _PUSH_EXC_INFO 0;
            _POP_EXCEPT 0;
            _CHECK_EXC_MATCH flags::ERROR;
            _CLEANUP_THROW flags::ERROR;
            _BEFORE_WITH flags::ERROR | flags::ESCAPES;
            _WITH_EXCEPT_START flags::ERROR | flags::ESCAPES;
            _LOAD_ASSERTION_ERROR 0;
            _LOAD_BUILD_CLASS 0;
            _IMPORT_NAME flags::NAME | flags::ERROR | flags::ESCAPES;
            _IMPORT_FROM flags::NAME | flags::ERROR | flags::ESCAPES;
            _LOAD_LOCALS 0;
            // Adaptive specialization (first uop of every family head).
            _SPECIALIZE flags::SPECIALIZE;
            // Guards and actions of the specialized forms (see `interp::spec`).
            _GUARD_GLOBALS_VERSION flags::DEOPT;
            _GUARD_BUILTINS_VERSION flags::DEOPT;
            _LOAD_GLOBAL_MODULE 0;
            _LOAD_GLOBAL_BUILTIN 0;
            _GUARD_BOTH_INT flags::DEOPT;
            _GUARD_NUMBERS_ONE_FLOAT flags::DEOPT;
            _GUARD_BOTH_NUMBERS flags::DEOPT;
            _GUARD_BUILTIN_TYPE flags::DEOPT;
            _CALL_BUILTIN_CLASS flags::DEOPT | flags::ERROR | flags::ESCAPES;
            _GUARD_BOTH_STR flags::DEOPT;
            _BINARY_OP_ADD_INT flags::ERROR;
            _BINARY_OP_SUBTRACT_INT flags::ERROR;
            _BINARY_OP_MULTIPLY_INT flags::ERROR;
            _BINARY_OP_ADD_FLOAT flags::PURE;
            _BINARY_OP_SUBTRACT_FLOAT flags::PURE;
            _BINARY_OP_MULTIPLY_FLOAT flags::PURE;
            _BINARY_OP_TRUE_DIVIDE_FLOAT flags::ERROR;
            _BINARY_OP_ADD_STR flags::ERROR;
            _COMPARE_OP_INT flags::PURE;
            _COMPARE_OP_FLOAT flags::PURE;
            _COMPARE_OP_STR flags::PURE;
            _LOAD_ATTR_METHOD 0;
            _CHECK_ATTR_MODULE flags::DEOPT;
            _LOAD_ATTR_MODULE 0;
            _BINARY_SUBSCR_LIST_INT flags::DEOPT;
            _BINARY_SUBSCR_TUPLE_INT flags::DEOPT;
            _BINARY_SUBSCR_DICT flags::DEOPT | flags::ERROR | flags::ESCAPES;
            _STORE_SUBSCR_LIST_INT flags::DEOPT;
            _STORE_SUBSCR_DICT flags::DEOPT | flags::ERROR | flags::ESCAPES;
            _CONTAINS_OP_DICT flags::DEOPT | flags::ERROR | flags::ESCAPES;
            _CONTAINS_OP_SET flags::DEOPT | flags::ERROR | flags::ESCAPES;
            _TO_BOOL_BOOL flags::DEOPT;
            _TO_BOOL_INT flags::DEOPT;
            _TO_BOOL_NONE flags::DEOPT;
            _TO_BOOL_LIST flags::DEOPT;
            _TO_BOOL_STR flags::DEOPT;
            _FOR_ITER_RANGE flags::DEOPT | flags::JUMP | flags::ERROR;
            _FOR_ITER_LIST flags::DEOPT | flags::JUMP;
            _FOR_ITER_TUPLE flags::DEOPT | flags::JUMP;
            _UNPACK_SEQUENCE_TWO_TUPLE flags::DEOPT;
            _UNPACK_SEQUENCE_TUPLE flags::DEOPT;
            _UNPACK_SEQUENCE_LIST flags::DEOPT;
            _CALL_PY_EXACT_ARGS flags::DEOPT | flags::ERROR | flags::FRAME;
            _CALL_BOUND_METHOD_EXACT_ARGS flags::DEOPT | flags::ERROR | flags::FRAME;
            _CALL_LEN flags::DEOPT | flags::ERROR | flags::ESCAPES;
            _CALL_ISINSTANCE flags::DEOPT | flags::ERROR | flags::ESCAPES;
            _CALL_LIST_APPEND flags::DEOPT | flags::ERROR;
            _CALL_SET_ADD flags::DEOPT | flags::ERROR | flags::ESCAPES;
            _CALL_BUILTIN flags::DEOPT | flags::ERROR | flags::ESCAPES;
            _CALL_ALLOC_AND_ENTER_INIT flags::DEOPT | flags::ERROR | flags::ESCAPES | flags::FRAME;
            // objs: polymorphic-tolerant attribute guards.
            _LOAD_ATTR_SLOT flags::DEOPT;
            _STORE_ATTR_SLOT flags::DEOPT | flags::ERROR;
            _LOAD_ATTR_INSTANCE_METHOD flags::DEOPT;
            _BINARY_OP_USER flags::DEOPT | flags::ERROR | flags::ESCAPES;
            _CONTAINS_OP_SEQ flags::DEOPT | flags::ERROR | flags::ESCAPES;
            // gen: small-int operators, generator loops.
            _BINARY_OP_INT flags::ERROR;
            _FOR_ITER_GEN flags::DEOPT | flags::JUMP | flags::ERROR | flags::FRAME;
            _CALL_TUPLE_LIST_1 flags::DEOPT | flags::ERROR;
            // tier 2: hot-spot counting in tier 1, and the uops that only appear in traces
            // (see `exec`). `EXIT` marks a side exit that warms up and can grow a side trace.
            _HOT_COUNT 0;
            _ENTER_EXECUTOR flags::ERROR | flags::ESCAPES | flags::FRAME;
            _START_EXECUTOR 0;
            _CHECK_VALIDITY flags::EXIT;
            _GUARD_IS_TRUE_POP flags::EXIT;
            _GUARD_IS_FALSE_POP flags::EXIT;
            _GUARD_IS_NONE_POP flags::EXIT;
            _GUARD_IS_NOT_NONE_POP flags::EXIT;
            _EXIT_TRACE flags::EXIT | flags::TERMINATOR;
            _DEOPT flags::TERMINATOR;
            _DYNAMIC_EXIT flags::TERMINATOR;
            _COLD_EXIT flags::TERMINATOR;
            _JUMP_TO_TOP flags::JUMP | flags::TERMINATOR;
            // opt: tier-2-only uops made by the trace optimizer (`opt`). Small-int arithmetic
            // whose result must be a small int: when it is not (or the operation raises),
            // the uop leaves through the instruction's exit before any effect (tier 1 redoes
            // the instruction), so the result is a proven small int for later guards.
            _BINARY_OP_ADD_SMALL_INT flags::EXIT;
            _BINARY_OP_SUBTRACT_SMALL_INT flags::EXIT;
            _BINARY_OP_SMALL_INT flags::EXIT;
            // `_FOR_ITER_RANGE` that leaves (before advancing) when the value is not a small int.
            _FOR_ITER_RANGE_SMALL flags::DEOPT | flags::JUMP | flags::EXIT;
            // `_CHECK_PERIODIC` that leaves the trace (through a `_DEOPT` stub, before any
            // effect) when a collection or an interrupt is due, so tier 1 runs the safe point:
            // in the trace it never runs Python code (finalizers), so it does not escape.
            _CHECK_PERIODIC_EXIT flags::EXIT;
            // guards: type guards split off the specialized actions (as CPython's
            // `bytecodes.c` does), so the optimizer can drop them where the type is proven.
            // The actions keep their own checks as a safety net (they deopt, never panic,
            // when reached with another type) and their value checks (bounds), see
            // `exec::ir::is_value_check`.
            _GUARD_NOS_LIST flags::DEOPT;
            _GUARD_TOS_INT flags::DEOPT;
            _GUARD_ITER_LIST flags::DEOPT;
            _GUARD_ITER_TUPLE flags::DEOPT;
            _GUARD_ITER_RANGE flags::DEOPT;
            // An instance whose values hold the cached slot's attribute (`LOAD_ATTR`'s name
            // is `oparg >> 1`, `STORE_ATTR`'s the oparg): the class has the cached version,
            // or (a polymorphic site) a layout with the name at that slot.
            _GUARD_INSTANCE_SLOT flags::DEOPT;
            _GUARD_INSTANCE_SLOT_STORE flags::DEOPT;
            // The strict form the optimizer puts in their place: an instance without a dict
            // whose class has exactly the cached version.
            _GUARD_TYPE_VERSION flags::DEOPT;
            // The polymorphic form the optimizer puts in their place (oparg: a shape): an
            // instance without a dict whose class's layout has that prefix and plain
            // attribute access; proves every slot of the prefix (`object::shape`).
            _GUARD_SHAPE flags::DEOPT;
            // `_LOAD_ATTR_INSTANCE_METHOD` on an owner proven of the cached class version:
            // only the layout length is checked (no instance attribute shadows the method).
            _LOAD_ATTR_METHOD_LAYOUT flags::DEOPT;
            // The strict form of `_LOAD_ATTR_INSTANCE_METHOD` (the cached class version and
            // layout length only, no polymorphic lookup): after it the owner's class is known.
            _LOAD_ATTR_METHOD_VERSION flags::DEOPT;
            // lead: `list.append` / `set.add` calls split like CPython's: the callable is
            // that builtin method and `self` a list / a (mutable) set.
            _GUARD_CALL_LIST_APPEND flags::DEOPT;
            _GUARD_CALL_SET_ADD flags::DEOPT;
            // The callable of `CALL_LEN` is `len`; of `CALL_BUILTIN` a builtin function.
            _GUARD_CALL_LEN flags::DEOPT;
            _GUARD_CALL_BUILTIN flags::DEOPT;
            // lead: a global or builtin promoted to a constant of the executor (oparg =
            // index into `Executor::consts` << 1 | push_null); the executor depends on the
            // binding, so a rebinding invalidates it. Run by the executor itself.
            _LOAD_CONST_INLINE 0;
            // gen: `_FOR_ITER_GEN` where the optimizer proved the iterator a generator: the
            // same action (it still deopts for anything else, as a safety net, and when the
            // generator cannot be resumed in place), no longer counted as a type guard.
            _FOR_ITER_GEN_PROVEN flags::DEOPT | flags::JUMP | flags::ERROR | flags::FRAME;
        }
    };
}

/// Invokes `$m!` with the list of instructions:
/// `NAME cache |oparg| (pops, pushes) {flags} [uops];`.
#[macro_export]
#[doc(hidden)]
macro_rules! for_each_op {
    ($m:ident) => {
        $m! {
            NOP 0 |_a| (0, 0) {0} [_NOP];
            POP_TOP 0 |_a| (1, 0) {0} [_POP_TOP];
            // POP_ITER: a `for` loop's iterator dropped by `break`/`return` (may close a
            // generator, running its `finally`).
            POP_ITER 0 |_a| (1, 0) {flags::ESCAPES} [_POP_ITER];
            PUSH_NULL 0 |_a| (0, 1) {0} [_PUSH_NULL];
            // COPY n: push a copy of the n-th item (1 = top).
            COPY 0 |a| (a, a + 1) {0} [_COPY];
            // SWAP n: swap the top with the n-th item.
            SWAP 0 |a| (a, a) {0} [_SWAP];
            LOAD_CONST 0 |_a| (0, 1) {flags::CONST} [_LOAD_CONST];
            LOAD_FAST 0 |_a| (0, 1) {flags::LOCAL} [_LOAD_FAST];
            LOAD_FAST_CHECK 0 |_a| (0, 1) {flags::LOCAL} [_LOAD_FAST_CHECK];
            STORE_FAST 0 |_a| (1, 0) {flags::LOCAL} [_STORE_FAST];
            // Super-instructions: the pair's first instruction is rewritten when the code
            // object is built (`quicken`); the second stays in place as the "cache" unit.
            LOAD_FAST_LOAD_FAST 1 |_a| (0, 2) {flags::LOCAL | flags::FUSED} [_LOAD_FAST, _LOAD_FAST_NEXT];
            LOAD_FAST_LOAD_CONST 1 |_a| (0, 2) {flags::LOCAL | flags::FUSED} [_LOAD_FAST, _LOAD_CONST_NEXT];
            LOAD_CONST_LOAD_FAST 1 |_a| (0, 2) {flags::CONST | flags::FUSED} [_LOAD_CONST, _LOAD_FAST_NEXT];
            STORE_FAST_LOAD_FAST 1 |_a| (1, 1) {flags::LOCAL | flags::FUSED} [_STORE_FAST, _LOAD_FAST_NEXT];
            STORE_FAST_STORE_FAST 1 |_a| (2, 0) {flags::LOCAL | flags::FUSED} [_STORE_FAST, _STORE_FAST_NEXT];
            DELETE_FAST 0 |_a| (0, 0) {flags::LOCAL} [_DELETE_FAST];
            MAKE_CELL 0 |_a| (0, 0) {flags::FREE} [_MAKE_CELL];
            COPY_FREE_VARS 0 |_a| (0, 0) {0} [_COPY_FREE_VARS];
            LOAD_DEREF 0 |_a| (0, 1) {flags::FREE} [_LOAD_DEREF];
            // In a class body: the class namespace (on the stack) first, then the cell.
            LOAD_FROM_DICT_OR_DEREF 0 |_a| (1, 1) {flags::FREE} [_LOAD_FROM_DICT_OR_DEREF];
            LOAD_CLOSURE 0 |_a| (0, 1) {flags::FREE} [_LOAD_CLOSURE];
            STORE_DEREF 0 |_a| (1, 0) {flags::FREE} [_STORE_DEREF];
            DELETE_DEREF 0 |_a| (0, 0) {flags::FREE} [_DELETE_DEREF];
            // oparg = name << 1 | push_null.
            // Cache: counter, globals dict, its keys version, builtins keys version, entry.
            LOAD_GLOBAL 5 |a| (0, 1 + (a & 1)) {flags::NAME | flags::SPECIALIZE} [_SPECIALIZE, _LOAD_GLOBAL];
            LOAD_GLOBAL_MODULE 5 |a| (0, 1 + (a & 1)) {flags::NAME} [_GUARD_GLOBALS_VERSION, _LOAD_GLOBAL_MODULE];
            LOAD_GLOBAL_BUILTIN 5 |a| (0, 1 + (a & 1)) {flags::NAME} [_GUARD_GLOBALS_VERSION, _GUARD_BUILTINS_VERSION, _LOAD_GLOBAL_BUILTIN];
            STORE_GLOBAL 0 |_a| (1, 0) {flags::NAME} [_STORE_GLOBAL];
            DELETE_GLOBAL 0 |_a| (0, 0) {flags::NAME} [_DELETE_GLOBAL];
            LOAD_NAME 0 |_a| (0, 1) {flags::NAME} [_LOAD_NAME];
            STORE_NAME 0 |_a| (1, 0) {flags::NAME} [_STORE_NAME];
            DELETE_NAME 0 |_a| (0, 0) {flags::NAME} [_DELETE_NAME];
            // oparg = name << 1 | method: a method load pushes (func, self) or (attr, NULL).
            // Cache: counter, class version (or module dict), slot / method / keys version,
            // layout length / entry.
            LOAD_ATTR 4 |a| (1, 1 + (a & 1)) {flags::NAME | flags::SPECIALIZE} [_SPECIALIZE, _LOAD_ATTR];
            LOAD_ATTR_INSTANCE_VALUE 4 |a| (1, 1 + (a & 1)) {flags::NAME} [_GUARD_INSTANCE_SLOT, _LOAD_ATTR_SLOT];
            LOAD_ATTR_METHOD_WITH_VALUES 4 |a| (1, 1 + (a & 1)) {flags::NAME} [_LOAD_ATTR_INSTANCE_METHOD];
            LOAD_ATTR_MODULE 4 |a| (1, 1 + (a & 1)) {flags::NAME} [_CHECK_ATTR_MODULE, _LOAD_ATTR_MODULE];
            // A method of a builtin type (immutable, so the type's identity is the guard).
            LOAD_ATTR_METHOD_NATIVE 4 |a| (1, 1 + (a & 1)) {flags::NAME} [_GUARD_BUILTIN_TYPE, _LOAD_ATTR_METHOD];
            // Cache: counter, class version, slot.
            STORE_ATTR 4 |_a| (2, 0) {flags::NAME | flags::SPECIALIZE} [_SPECIALIZE, _STORE_ATTR];
            STORE_ATTR_INSTANCE_VALUE 4 |_a| (2, 0) {flags::NAME} [_GUARD_INSTANCE_SLOT_STORE, _STORE_ATTR_SLOT];
            DELETE_ATTR 0 |_a| (1, 0) {flags::NAME} [_DELETE_ATTR];
            // oparg = a `BinaryOp` number (in-place variants included).
            // Cache: counter; for BINARY_OP_USER: class version, method, right operand's type.
            BINARY_OP 4 |_a| (2, 1) {flags::SPECIALIZE} [_SPECIALIZE, _BINARY_OP];
            BINARY_OP_ADD_INT 4 |_a| (2, 1) {0} [_GUARD_BOTH_INT, _BINARY_OP_ADD_INT];
            BINARY_OP_SUBTRACT_INT 4 |_a| (2, 1) {0} [_GUARD_BOTH_INT, _BINARY_OP_SUBTRACT_INT];
            BINARY_OP_MULTIPLY_INT 4 |_a| (2, 1) {0} [_GUARD_BOTH_INT, _BINARY_OP_MULTIPLY_INT];
            BINARY_OP_ADD_FLOAT 4 |_a| (2, 1) {0} [_GUARD_NUMBERS_ONE_FLOAT, _BINARY_OP_ADD_FLOAT];
            BINARY_OP_SUBTRACT_FLOAT 4 |_a| (2, 1) {0} [_GUARD_NUMBERS_ONE_FLOAT, _BINARY_OP_SUBTRACT_FLOAT];
            BINARY_OP_MULTIPLY_FLOAT 4 |_a| (2, 1) {0} [_GUARD_NUMBERS_ONE_FLOAT, _BINARY_OP_MULTIPLY_FLOAT];
            BINARY_OP_TRUE_DIVIDE_FLOAT 4 |_a| (2, 1) {0} [_GUARD_BOTH_NUMBERS, _BINARY_OP_TRUE_DIVIDE_FLOAT];
            BINARY_OP_ADD_STR 4 |_a| (2, 1) {0} [_GUARD_BOTH_STR, _BINARY_OP_ADD_STR];
            // objs: a user class's dunder (`V + V`, `V * 2.0`), called without lookups.
            BINARY_OP_USER 4 |_a| (2, 1) {0} [_BINARY_OP_USER];
            BINARY_SUBSCR 1 |_a| (2, 1) {flags::SPECIALIZE} [_SPECIALIZE, _BINARY_SUBSCR];
            BINARY_SUBSCR_LIST_INT 1 |_a| (2, 1) {0} [_GUARD_NOS_LIST, _GUARD_TOS_INT, _BINARY_SUBSCR_LIST_INT];
            BINARY_SUBSCR_TUPLE_INT 1 |_a| (2, 1) {0} [_BINARY_SUBSCR_TUPLE_INT];
            BINARY_SUBSCR_DICT 1 |_a| (2, 1) {0} [_BINARY_SUBSCR_DICT];
            STORE_SUBSCR 1 |_a| (3, 0) {flags::SPECIALIZE} [_SPECIALIZE, _STORE_SUBSCR];
            STORE_SUBSCR_LIST_INT 1 |_a| (3, 0) {0} [_GUARD_NOS_LIST, _GUARD_TOS_INT, _STORE_SUBSCR_LIST_INT];
            STORE_SUBSCR_DICT 1 |_a| (3, 0) {0} [_STORE_SUBSCR_DICT];
            DELETE_SUBSCR 0 |_a| (2, 0) {0} [_DELETE_SUBSCR];
            BINARY_SLICE 0 |a| (if a == 3 { 4 } else { 3 }, 1) {0} [_BINARY_SLICE];
            STORE_SLICE 0 |a| (if a == 3 { 5 } else { 4 }, 0) {0} [_STORE_SLICE];
            UNARY_NEGATIVE 0 |_a| (1, 1) {0} [_UNARY_NEGATIVE];
            UNARY_NOT 0 |_a| (1, 1) {0} [_UNARY_NOT];
            UNARY_INVERT 0 |_a| (1, 1) {0} [_UNARY_INVERT];
            TO_BOOL 3 |_a| (1, 1) {flags::SPECIALIZE} [_SPECIALIZE, _TO_BOOL];
            TO_BOOL_BOOL 3 |_a| (1, 1) {0} [_TO_BOOL_BOOL];
            TO_BOOL_INT 3 |_a| (1, 1) {0} [_TO_BOOL_INT];
            TO_BOOL_NONE 3 |_a| (1, 1) {0} [_TO_BOOL_NONE];
            TO_BOOL_LIST 3 |_a| (1, 1) {0} [_TO_BOOL_LIST];
            TO_BOOL_STR 3 |_a| (1, 1) {0} [_TO_BOOL_STR];
            // Test-and-branch: chosen when a `POP_JUMP_IF_FALSE/TRUE` follows.
            TO_BOOL_BOOL_JUMP 3 |_a| (1, 0) {flags::FUSED} [_TO_BOOL_BOOL, _POP_JUMP_NEXT];
            TO_BOOL_INT_JUMP 3 |_a| (1, 0) {flags::FUSED} [_TO_BOOL_INT, _POP_JUMP_NEXT];
            TO_BOOL_NONE_JUMP 3 |_a| (1, 0) {flags::FUSED} [_TO_BOOL_NONE, _POP_JUMP_NEXT];
            TO_BOOL_LIST_JUMP 3 |_a| (1, 0) {flags::FUSED} [_TO_BOOL_LIST, _POP_JUMP_NEXT];
            TO_BOOL_STR_JUMP 3 |_a| (1, 0) {flags::FUSED} [_TO_BOOL_STR, _POP_JUMP_NEXT];
            // oparg = a `CompareOp` number.
            COMPARE_OP 1 |_a| (2, 1) {flags::SPECIALIZE} [_SPECIALIZE, _COMPARE_OP];
            COMPARE_OP_INT 1 |_a| (2, 1) {0} [_GUARD_BOTH_INT, _COMPARE_OP_INT];
            COMPARE_OP_FLOAT 1 |_a| (2, 1) {0} [_GUARD_NUMBERS_ONE_FLOAT, _COMPARE_OP_FLOAT];
            COMPARE_OP_STR 1 |_a| (2, 1) {0} [_GUARD_BOTH_STR, _COMPARE_OP_STR];
            // Compare-and-branch: chosen when a `POP_JUMP_IF_FALSE/TRUE` follows.
            COMPARE_OP_INT_JUMP 1 |_a| (2, 0) {flags::FUSED} [_GUARD_BOTH_INT, _COMPARE_OP_INT, _POP_JUMP_NEXT];
            COMPARE_OP_FLOAT_JUMP 1 |_a| (2, 0) {flags::FUSED} [_GUARD_NUMBERS_ONE_FLOAT, _COMPARE_OP_FLOAT, _POP_JUMP_NEXT];
            COMPARE_OP_STR_JUMP 1 |_a| (2, 0) {flags::FUSED} [_GUARD_BOTH_STR, _COMPARE_OP_STR, _POP_JUMP_NEXT];
            IS_OP 0 |_a| (2, 1) {0} [_IS_OP];
            CONTAINS_OP 1 |_a| (2, 1) {flags::SPECIALIZE} [_SPECIALIZE, _CONTAINS_OP];
            CONTAINS_OP_DICT 1 |_a| (2, 1) {0} [_CONTAINS_OP_DICT];
            CONTAINS_OP_SET 1 |_a| (2, 1) {0} [_CONTAINS_OP_SET];
            // objs: `x in list_or_tuple`, scanned in place.
            CONTAINS_OP_SEQ 1 |_a| (2, 1) {0} [_CONTAINS_OP_SEQ];
            POP_JUMP_IF_FALSE 1 |_a| (1, 0) {flags::JUMP} [_POP_JUMP_IF_FALSE];
            POP_JUMP_IF_TRUE 1 |_a| (1, 0) {flags::JUMP} [_POP_JUMP_IF_TRUE];
            POP_JUMP_IF_NONE 1 |_a| (1, 0) {flags::JUMP} [_POP_JUMP_IF_NONE];
            POP_JUMP_IF_NOT_NONE 1 |_a| (1, 0) {flags::JUMP} [_POP_JUMP_IF_NOT_NONE];
            JUMP_FORWARD 0 |_a| (0, 0) {flags::JUMP | flags::TERMINATOR} [_JUMP];
            // A loop back-edge: a safe point and the hot-spot counter of tier 2.
            // Cache: the hot-spot counter (`exec::hot`).
            JUMP_BACKWARD 1 |_a| (0, 0) {flags::JUMP | flags::TERMINATOR | flags::PERIODIC} [_HOT_COUNT, _CHECK_PERIODIC, _JUMP];
            JUMP_BACKWARD_NO_INTERRUPT 0 |_a| (0, 0) {flags::JUMP | flags::TERMINATOR} [_JUMP];
            GET_ITER 0 |_a| (1, 1) {0} [_GET_ITER];
            // On exhaustion pops the iterator and jumps to the target.
            FOR_ITER 1 |_a| (1, 2) {flags::JUMP | flags::SPECIALIZE} [_SPECIALIZE, _FOR_ITER];
            FOR_ITER_RANGE 1 |_a| (1, 2) {flags::JUMP} [_GUARD_ITER_RANGE, _FOR_ITER_RANGE];
            FOR_ITER_LIST 1 |_a| (1, 2) {flags::JUMP} [_GUARD_ITER_LIST, _FOR_ITER_LIST];
            FOR_ITER_TUPLE 1 |_a| (1, 2) {flags::JUMP} [_GUARD_ITER_TUPLE, _FOR_ITER_TUPLE];
            BUILD_TUPLE 0 |a| (a, 1) {0} [_BUILD_TUPLE];
            BUILD_LIST 0 |a| (a, 1) {0} [_BUILD_LIST];
            BUILD_SET 0 |a| (a, 1) {0} [_BUILD_SET];
            BUILD_MAP 0 |a| (2 * a, 1) {0} [_BUILD_MAP];
            BUILD_STRING 0 |a| (a, 1) {0} [_BUILD_STRING];
            BUILD_SLICE 0 |a| (a, 1) {0} [_BUILD_SLICE];
            // The container is the oparg-th item below the value.
            LIST_APPEND 0 |a| (a + 1, a) {0} [_LIST_APPEND];
            SET_ADD 0 |a| (a + 1, a) {0} [_SET_ADD];
            MAP_ADD 0 |a| (a + 2, a) {0} [_MAP_ADD];
            LIST_EXTEND 0 |a| (a + 1, a) {0} [_LIST_EXTEND];
            SET_UPDATE 0 |a| (a + 1, a) {0} [_SET_UPDATE];
            DICT_UPDATE 0 |a| (a + 1, a) {0} [_DICT_UPDATE];
            DICT_MERGE 0 |a| (a + 1, a) {0} [_DICT_MERGE];
            UNPACK_SEQUENCE 1 |a| (1, a) {flags::SPECIALIZE} [_SPECIALIZE, _UNPACK_SEQUENCE];
            UNPACK_SEQUENCE_TWO_TUPLE 1 |a| (1, a) {0} [_UNPACK_SEQUENCE_TWO_TUPLE];
            UNPACK_SEQUENCE_TUPLE 1 |a| (1, a) {0} [_UNPACK_SEQUENCE_TUPLE];
            UNPACK_SEQUENCE_LIST 1 |a| (1, a) {0} [_UNPACK_SEQUENCE_LIST];
            // oparg = before | after << 8.
            UNPACK_EX 0 |a| (1, (a & 0xFF) + (a >> 8) + 1) {0} [_UNPACK_EX];
            // oparg = conversion (0 none, 1 str, 2 repr, 3 ascii) | 4 when a spec is on the stack.
            FORMAT_VALUE 0 |a| (1 + ((a >> 2) & 1), 1) {0} [_FORMAT_VALUE];
            // Stack: callable, self_or_null, args[oparg].
            CALL 3 |a| (a + 2, 1) {flags::SPECIALIZE} [_SPECIALIZE, _CALL];
            CALL_PY_EXACT_ARGS 3 |a| (a + 2, 1) {0} [_CALL_PY_EXACT_ARGS];
            CALL_BOUND_METHOD_EXACT_ARGS 3 |a| (a + 2, 1) {0} [_CALL_BOUND_METHOD_EXACT_ARGS];
            CALL_LEN 3 |a| (a + 2, 1) {0} [_GUARD_CALL_LEN, _CALL_LEN];
            CALL_ISINSTANCE 3 |a| (a + 2, 1) {0} [_CALL_ISINSTANCE];
            CALL_LIST_APPEND 3 |a| (a + 2, 1) {0} [_GUARD_CALL_LIST_APPEND, _CALL_LIST_APPEND];
            CALL_SET_ADD 3 |a| (a + 2, 1) {0} [_GUARD_CALL_SET_ADD, _CALL_SET_ADD];
            CALL_BUILTIN 3 |a| (a + 2, 1) {0} [_GUARD_CALL_BUILTIN, _CALL_BUILTIN];
            CALL_ALLOC_AND_ENTER_INIT 3 |a| (a + 2, 1) {0} [_CALL_ALLOC_AND_ENTER_INIT];
            CALL_BUILTIN_CLASS 3 |a| (a + 2, 1) {0} [_CALL_BUILTIN_CLASS];
            // Stack: callable, self_or_null, args[oparg], kwnames (a tuple of the last names).
            CALL_KW 0 |a| (a + 3, 1) {0} [_CALL_KW];
            // Stack: callable, self_or_null, args tuple, kwargs dict or null.
            CALL_FUNCTION_EX 0 |_a| (4, 1) {0} [_CALL_FUNCTION_EX];
            // oparg = an `Intrinsic` number.
            CALL_INTRINSIC_1 0 |_a| (1, 1) {0} [_CALL_INTRINSIC_1];
            // oparg bits: 1 defaults tuple, 2 kwdefaults dict, 8 closure tuple; code on top.
            MAKE_FUNCTION 0 |a| (1 + (a & 1) + ((a >> 1) & 1) + ((a >> 3) & 1), 1) {0} [_MAKE_FUNCTION];
            RETURN_VALUE 0 |_a| (1, 0) {flags::FRAME} [_RETURN_VALUE];
            // First instruction of a generator function: turn the frame into a generator.
            RETURN_GENERATOR 0 |_a| (0, 1) {flags::FRAME} [_RETURN_GENERATOR];
            YIELD_VALUE 0 |_a| (1, 1) {flags::FRAME} [_YIELD_VALUE];
            // Stack: subiterator, value to send -> subiterator, yielded value; jumps with the
            // return value when the subiterator is done.
            SEND 0 |_a| (2, 2) {flags::JUMP} [_SEND];
            END_SEND 0 |_a| (2, 1) {0} [_END_SEND];
            GET_YIELD_FROM_ITER 0 |_a| (1, 1) {0} [_GET_YIELD_FROM_ITER];
            // oparg = 0 (re-raise), 1 (exc) or 2 (exc from cause).
            RAISE_VARARGS 0 |a| (a, 0) {flags::TERMINATOR} [_RAISE_VARARGS];
            // Re-raises the exception on top. When oparg > 0, the int `oparg` items below the
            // exception is the offset of the instruction that first raised (the `lasti` a
            // handler pushed) and becomes the frame's position for the traceback.
            RERAISE 0 |_a| (1, 0) {flags::TERMINATOR} [_RERAISE];
            PUSH_EXC_INFO 0 |_a| (1, 2) {0} [_PUSH_EXC_INFO];
            POP_EXCEPT 0 |_a| (1, 0) {0} [_POP_EXCEPT];
            CHECK_EXC_MATCH 0 |_a| (2, 2) {0} [_CHECK_EXC_MATCH];
            CLEANUP_THROW 0 |_a| (3, 2) {0} [_CLEANUP_THROW];
            // Pushes __exit__ (bound) then the result of __enter__.
            BEFORE_WITH 0 |_a| (1, 2) {0} [_BEFORE_WITH];
            // Stack: exit, lasti, prev_exc, exc -> ..., result of exit(type, exc, tb).
            WITH_EXCEPT_START 0 |_a| (4, 5) {0} [_WITH_EXCEPT_START];
            LOAD_ASSERTION_ERROR 0 |_a| (0, 1) {0} [_LOAD_ASSERTION_ERROR];
            LOAD_BUILD_CLASS 0 |_a| (0, 1) {0} [_LOAD_BUILD_CLASS];
            // Stack: level, fromlist -> module.
            IMPORT_NAME 0 |_a| (2, 1) {flags::NAME} [_IMPORT_NAME];
            IMPORT_FROM 0 |_a| (1, 2) {flags::NAME} [_IMPORT_FROM];
            // Pushes the namespace of a class body (for LOAD_FROM_DICT_OR_DEREF).
            LOAD_LOCALS 0 |_a| (0, 1) {0} [_LOAD_LOCALS];
            // Function entry: a safe point and the function-entry hot counter.
            RESUME 1 |_a| (0, 0) {flags::PERIODIC} [_HOT_COUNT, _CHECK_PERIODIC];
            // gen: `%`, `//`, `&`, `|`, `^`, `<<`, `>>` on small ints (the operator is the oparg).
            BINARY_OP_INT 4 |_a| (2, 1) {0} [_GUARD_BOTH_INT, _BINARY_OP_INT];
            // gen: a `for` loop over a generator (resumes its frame, no Rust recursion).
            FOR_ITER_GEN 1 |_a| (1, 2) {flags::JUMP} [_FOR_ITER_GEN];
            // gen: `tuple(x)` / `list(x)` of a list or tuple.
            CALL_TUPLE_LIST_1 3 |a| (a + 2, 1) {0} [_CALL_TUPLE_LIST_1];
            // tier 2: replaces a hot `JUMP_BACKWARD` or `RESUME` (both have one cache unit);
            // the oparg indexes the code object's executor table, which keeps the original
            // instruction. Stack effect 0 like both.
            ENTER_EXECUTOR 1 |_a| (0, 0) {0} [_ENTER_EXECUTOR];
            // gencall: `return a + b` on small ints: the add and the `RETURN_VALUE` after it
            // (which stays in place) in one dispatch.
            BINARY_OP_ADD_INT_RETURN 4 |_a| (2, 0) {flags::FUSED} [_GUARD_BOTH_INT, _BINARY_OP_ADD_INT, _RETURN_VALUE];
            // opt: tier-2-only forms (flag `TIER2`, never in tier-1 code): what the trace
            // optimizer leaves of an instruction, so it still runs in one dispatch. Each has
            // the cache layout of the specialized form it comes from.
            COMPARE_OP_INT_JUMP_T2 1 |_a| (2, 0) {flags::FUSED | flags::TIER2} [_COMPARE_OP_INT, _POP_JUMP_NEXT];
            COMPARE_OP_FLOAT_JUMP_T2 1 |_a| (2, 0) {flags::FUSED | flags::TIER2} [_COMPARE_OP_FLOAT, _POP_JUMP_NEXT];
            COMPARE_OP_STR_JUMP_T2 1 |_a| (2, 0) {flags::FUSED | flags::TIER2} [_COMPARE_OP_STR, _POP_JUMP_NEXT];
            TO_BOOL_BOOL_JUMP_T2 3 |_a| (1, 0) {flags::FUSED | flags::TIER2} [_POP_JUMP_NEXT];
            BINARY_OP_ADD_INT_T2 4 |_a| (2, 1) {flags::TIER2} [_GUARD_BOTH_INT, _BINARY_OP_ADD_SMALL_INT];
            BINARY_OP_SUBTRACT_INT_T2 4 |_a| (2, 1) {flags::TIER2} [_GUARD_BOTH_INT, _BINARY_OP_SUBTRACT_SMALL_INT];
            BINARY_OP_INT_T2 4 |_a| (2, 1) {flags::TIER2} [_GUARD_BOTH_INT, _BINARY_OP_SMALL_INT];
            FOR_ITER_RANGE_T2 1 |_a| (1, 2) {flags::JUMP | flags::TIER2} [_FOR_ITER_RANGE_SMALL];
            LOAD_GLOBAL_BUILTIN_T2 5 |a| (0, 1 + (a & 1)) {flags::NAME | flags::TIER2} [_GUARD_BUILTINS_VERSION, _LOAD_GLOBAL_BUILTIN];
            LOAD_GLOBAL_BUILTIN_G_T2 5 |a| (0, 1 + (a & 1)) {flags::NAME | flags::TIER2} [_GUARD_GLOBALS_VERSION, _LOAD_GLOBAL_BUILTIN];
            // guards: what the optimizer leaves of the split list subscripts and list/tuple
            // loops when it proves their operands' types.
            BINARY_SUBSCR_LIST_INT_T2_I 1 |_a| (2, 1) {flags::TIER2} [_GUARD_TOS_INT, _BINARY_SUBSCR_LIST_INT];
            BINARY_SUBSCR_LIST_INT_T2_L 1 |_a| (2, 1) {flags::TIER2} [_GUARD_NOS_LIST, _BINARY_SUBSCR_LIST_INT];
            BINARY_SUBSCR_LIST_INT_T2 1 |_a| (2, 1) {flags::TIER2} [_BINARY_SUBSCR_LIST_INT];
            STORE_SUBSCR_LIST_INT_T2_I 1 |_a| (3, 0) {flags::TIER2} [_GUARD_TOS_INT, _STORE_SUBSCR_LIST_INT];
            STORE_SUBSCR_LIST_INT_T2_L 1 |_a| (3, 0) {flags::TIER2} [_GUARD_NOS_LIST, _STORE_SUBSCR_LIST_INT];
            STORE_SUBSCR_LIST_INT_T2 1 |_a| (3, 0) {flags::TIER2} [_STORE_SUBSCR_LIST_INT];
            FOR_ITER_LIST_T2 1 |_a| (1, 2) {flags::JUMP | flags::TIER2} [_FOR_ITER_LIST];
            FOR_ITER_TUPLE_T2 1 |_a| (1, 2) {flags::JUMP | flags::TIER2} [_FOR_ITER_TUPLE];
            LOAD_ATTR_INSTANCE_VALUE_T2_V 4 |a| (1, 1 + (a & 1)) {flags::NAME | flags::TIER2} [_GUARD_TYPE_VERSION, _LOAD_ATTR_SLOT];
            LOAD_ATTR_INSTANCE_VALUE_T2 4 |a| (1, 1 + (a & 1)) {flags::NAME | flags::TIER2} [_LOAD_ATTR_SLOT];
            STORE_ATTR_INSTANCE_VALUE_T2_V 4 |_a| (2, 0) {flags::NAME | flags::TIER2} [_GUARD_TYPE_VERSION, _STORE_ATTR_SLOT];
            STORE_ATTR_INSTANCE_VALUE_T2 4 |_a| (2, 0) {flags::NAME | flags::TIER2} [_STORE_ATTR_SLOT];
            FOR_ITER_RANGE_T2_G 1 |_a| (1, 2) {flags::JUMP | flags::TIER2} [_GUARD_ITER_RANGE, _FOR_ITER_RANGE_SMALL];
            LOAD_ATTR_METHOD_WITH_VALUES_T2 4 |a| (1, 1 + (a & 1)) {flags::NAME | flags::TIER2} [_LOAD_ATTR_METHOD_LAYOUT];
            LOAD_ATTR_METHOD_WITH_VALUES_T2_V 4 |a| (1, 1 + (a & 1)) {flags::NAME | flags::TIER2} [_LOAD_ATTR_METHOD_VERSION];
            // lead: the calls of a proven list's `append` / set's `add`.
            CALL_LIST_APPEND_T2 3 |a| (a + 2, 1) {flags::TIER2} [_CALL_LIST_APPEND];
            CALL_SET_ADD_T2 3 |a| (a + 2, 1) {flags::TIER2} [_CALL_SET_ADD];
            CALL_LEN_T2 3 |a| (a + 2, 1) {flags::TIER2} [_CALL_LEN];
            CALL_BUILTIN_T2 3 |a| (a + 2, 1) {flags::TIER2} [_CALL_BUILTIN];
            // gen: what the generator rules leave of an instruction (a guard proven by a
            // resumed generator's saved locals), so it still runs in one dispatch.
            BINARY_OP_ADD_SMALL_INT_T2 4 |_a| (2, 1) {flags::TIER2} [_BINARY_OP_ADD_SMALL_INT];
            BINARY_OP_SUBTRACT_SMALL_INT_T2 4 |_a| (2, 1) {flags::TIER2} [_BINARY_OP_SUBTRACT_SMALL_INT];
            BINARY_OP_SMALL_INT_T2 4 |_a| (2, 1) {flags::TIER2} [_BINARY_OP_SMALL_INT];
            BINARY_OP_MULTIPLY_INT_T2 4 |_a| (2, 1) {flags::TIER2} [_BINARY_OP_MULTIPLY_INT];
            LOAD_ATTR_METHOD_NATIVE_T2 4 |a| (1, 1 + (a & 1)) {flags::NAME | flags::TIER2} [_LOAD_ATTR_METHOD];
        }
    };
}

/// Invokes `$m!` with the specialization families: `HEAD: SPECIALIZED, ...;`. A specialized
/// instruction has its head's cache layout and stack effect, and falls back to the head when
/// a guard fails (deoptimization).
#[macro_export]
#[doc(hidden)]
macro_rules! for_each_family {
    ($m:ident) => {
        $m! {
            LOAD_GLOBAL: LOAD_GLOBAL_MODULE, LOAD_GLOBAL_BUILTIN;
            LOAD_ATTR: LOAD_ATTR_INSTANCE_VALUE, LOAD_ATTR_METHOD_WITH_VALUES, LOAD_ATTR_MODULE,
                LOAD_ATTR_METHOD_NATIVE;
            STORE_ATTR: STORE_ATTR_INSTANCE_VALUE;
            BINARY_OP: BINARY_OP_ADD_INT, BINARY_OP_SUBTRACT_INT, BINARY_OP_MULTIPLY_INT,
                BINARY_OP_ADD_FLOAT, BINARY_OP_SUBTRACT_FLOAT, BINARY_OP_MULTIPLY_FLOAT,
                BINARY_OP_TRUE_DIVIDE_FLOAT, BINARY_OP_ADD_STR,
                // objs:
                BINARY_OP_USER,
                // gen:
                BINARY_OP_INT,
                // gencall:
                BINARY_OP_ADD_INT_RETURN;
            BINARY_SUBSCR: BINARY_SUBSCR_LIST_INT, BINARY_SUBSCR_TUPLE_INT, BINARY_SUBSCR_DICT;
            STORE_SUBSCR: STORE_SUBSCR_LIST_INT, STORE_SUBSCR_DICT;
            TO_BOOL: TO_BOOL_BOOL, TO_BOOL_INT, TO_BOOL_NONE, TO_BOOL_LIST, TO_BOOL_STR,
                TO_BOOL_BOOL_JUMP, TO_BOOL_INT_JUMP, TO_BOOL_NONE_JUMP, TO_BOOL_LIST_JUMP,
                TO_BOOL_STR_JUMP;
            COMPARE_OP: COMPARE_OP_INT, COMPARE_OP_FLOAT, COMPARE_OP_STR, COMPARE_OP_INT_JUMP,
                COMPARE_OP_FLOAT_JUMP, COMPARE_OP_STR_JUMP;
            CONTAINS_OP: CONTAINS_OP_DICT, CONTAINS_OP_SET,
                // objs:
                CONTAINS_OP_SEQ;
            FOR_ITER: FOR_ITER_RANGE, FOR_ITER_LIST, FOR_ITER_TUPLE, FOR_ITER_GEN;
            UNPACK_SEQUENCE: UNPACK_SEQUENCE_TWO_TUPLE, UNPACK_SEQUENCE_TUPLE, UNPACK_SEQUENCE_LIST;
            CALL: CALL_PY_EXACT_ARGS, CALL_BOUND_METHOD_EXACT_ARGS, CALL_LEN, CALL_ISINSTANCE,
                CALL_LIST_APPEND, CALL_SET_ADD, CALL_BUILTIN, CALL_ALLOC_AND_ENTER_INIT,
                CALL_BUILTIN_CLASS, CALL_TUPLE_LIST_1;
        }
    };
}

macro_rules! define_families {
    ($($head:ident: $($spec:ident),+;)*) => {
        impl Op {
            /// The generic instruction of a specialized one (itself for everything else).
            #[inline]
            pub fn family_head(self) -> Op {
                match self {
                    $($(Op::$spec)|+ => Op::$head,)*
                    _ => self,
                }
            }

            /// Whether this is a specialized form (it has guards that can deoptimize).
            #[inline]
            pub fn is_specialized(self) -> bool {
                self.family_head() != self
            }

            /// The specialized forms of a family head (empty for other instructions).
            pub fn family_members(self) -> &'static [Op] {
                match self {
                    $(Op::$head => &[$(Op::$spec),+],)*
                    _ => &[],
                }
            }
        }
    };
}

macro_rules! define_uops {
    ($($name:ident $flags:expr;)*) => {
        /// A micro-op.
        #[allow(non_camel_case_types, reason = "uop names mirror CPython's spelling")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        pub enum Uop {
            $(
                #[doc = concat!("`", stringify!($name), "`")]
                $name,
            )*
        }

        impl Uop {
            /// All uops in table order.
            pub const ALL: &'static [Uop] = &[$(Uop::$name),*];

            /// The uop's name.
            pub fn name(self) -> &'static str {
                match self { $(Uop::$name => stringify!($name),)* }
            }

            /// The uop's flags (see [`flags`]).
            pub const fn flags(self) -> u16 {
                match self { $(Uop::$name => $flags,)* }
            }
        }
    };
}

macro_rules! define_ops {
    ($($name:ident $cache:literal |$a:ident| ($pops:expr, $pushes:expr) {$flags:expr} [$($uop:ident),*];)*) => {
        /// A tier-1 instruction opcode.
        #[allow(non_camel_case_types, reason = "opcode names mirror CPython's spelling")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        pub enum Op {
            $(
                #[doc = concat!("`", stringify!($name), "`")]
                $name,
            )*
        }

        impl Op {
            /// All opcodes in table order.
            pub const ALL: &'static [Op] = &[$(Op::$name),*];

            /// Decodes an opcode byte.
            #[inline]
            pub fn from_u8(b: u8) -> Option<Op> {
                Op::ALL.get(b as usize).copied()
            }

            /// The instruction's name.
            pub fn name(self) -> &'static str {
                match self { $(Op::$name => stringify!($name),)* }
            }

            /// Inline-cache units following the instruction (a table lookup: this runs
            /// once per executed instruction).
            #[inline(always)]
            pub const fn cache_units(self) -> usize {
                const CACHE: &[u8] = &[$($cache),*];
                CACHE[self as usize] as usize
            }

            /// The instructions this one counts as in the instruction budget (one fuel
            /// unit each, see `crate::limits`): 2 for a super-instruction (flag `FUSED`),
            /// 0 for `ENTER_EXECUTOR` (the executor counts what it runs), else 1.
            pub const fn fuel_weight(self) -> u8 {
                if matches!(self, Op::ENTER_EXECUTOR) {
                    0
                } else if self.own_flags() & flags::FUSED != 0 {
                    2
                } else {
                    1
                }
            }

            /// The instruction's own flags (see [`flags`]).
            pub const fn own_flags(self) -> u16 {
                match self { $(Op::$name => $flags,)* }
            }

            /// Flags of the instruction: its own plus the union of its uops'.
            pub fn flags(self) -> u16 {
                self.uops().iter().fold(self.own_flags(), |f, u| f | u.flags())
            }

            /// The uops the instruction is made of, in execution order.
            pub fn uops(self) -> &'static [Uop] {
                match self { $(Op::$name => &[$(Uop::$uop),*],)* }
            }

            /// The tier-2-only form (flag `TIER2`) with `like`'s cache layout whose uops are
            /// `uops`, if any (what remains of a `like` instruction after the trace optimizer).
            pub fn tier2_form(like: Op, uops: &[Uop]) -> Option<Op> {
                Op::ALL.iter().copied().find(|op| {
                    op.own_flags() & flags::TIER2 != 0
                        && op.cache_units() == like.cache_units()
                        && op.uops() == uops
                })
            }

            /// Stack effect as (items popped, items pushed) for an oparg.
            #[allow(clippy::identity_op, reason = "the table spells effects uniformly")]
            pub fn stack_effect(self, oparg: u32) -> (u32, u32) {
                match self { $(Op::$name => { let $a = oparg; let _ = $a; ($pops, $pushes) })* }
            }
        }
    };
}

for_each_uop!(define_uops);
for_each_op!(define_ops);
for_each_family!(define_families);

/// Binary operator numbers (the oparg of `BINARY_OP`), as in CPython: in-place forms add 13.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum BinaryOp {
    /// `+`
    Add = 0,
    /// `&`
    And = 1,
    /// `//`
    FloorDivide = 2,
    /// `<<`
    Lshift = 3,
    /// `@`
    MatrixMultiply = 4,
    /// `*`
    Multiply = 5,
    /// `%`
    Remainder = 6,
    /// `|`
    Or = 7,
    /// `**`
    Power = 8,
    /// `>>`
    Rshift = 9,
    /// `-`
    Subtract = 10,
    /// `/`
    TrueDivide = 11,
    /// `^`
    Xor = 12,
}

impl BinaryOp {
    /// Offset of the in-place variants.
    pub const INPLACE: u32 = 13;

    /// Decodes the non-in-place part of a `BINARY_OP` oparg.
    pub fn from_oparg(a: u32) -> Option<(BinaryOp, bool)> {
        let (base, inplace) = if a >= Self::INPLACE {
            (a - Self::INPLACE, true)
        } else {
            (a, false)
        };
        let op = match base {
            0 => BinaryOp::Add,
            1 => BinaryOp::And,
            2 => BinaryOp::FloorDivide,
            3 => BinaryOp::Lshift,
            4 => BinaryOp::MatrixMultiply,
            5 => BinaryOp::Multiply,
            6 => BinaryOp::Remainder,
            7 => BinaryOp::Or,
            8 => BinaryOp::Power,
            9 => BinaryOp::Rshift,
            10 => BinaryOp::Subtract,
            11 => BinaryOp::TrueDivide,
            12 => BinaryOp::Xor,
            _ => return None,
        };
        Some((op, inplace))
    }

    /// The operator symbol (for error messages and the disassembler).
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::And => "&",
            BinaryOp::FloorDivide => "//",
            BinaryOp::Lshift => "<<",
            BinaryOp::MatrixMultiply => "@",
            BinaryOp::Multiply => "*",
            BinaryOp::Remainder => "%",
            BinaryOp::Or => "|",
            BinaryOp::Power => "**",
            BinaryOp::Rshift => ">>",
            BinaryOp::Subtract => "-",
            BinaryOp::TrueDivide => "/",
            BinaryOp::Xor => "^",
        }
    }

    /// The dunder method names: (normal, reflected, in-place).
    pub fn dunders(self) -> (&'static str, &'static str, &'static str) {
        match self {
            BinaryOp::Add => ("__add__", "__radd__", "__iadd__"),
            BinaryOp::And => ("__and__", "__rand__", "__iand__"),
            BinaryOp::FloorDivide => ("__floordiv__", "__rfloordiv__", "__ifloordiv__"),
            BinaryOp::Lshift => ("__lshift__", "__rlshift__", "__ilshift__"),
            BinaryOp::MatrixMultiply => ("__matmul__", "__rmatmul__", "__imatmul__"),
            BinaryOp::Multiply => ("__mul__", "__rmul__", "__imul__"),
            BinaryOp::Remainder => ("__mod__", "__rmod__", "__imod__"),
            BinaryOp::Or => ("__or__", "__ror__", "__ior__"),
            BinaryOp::Power => ("__pow__", "__rpow__", "__ipow__"),
            BinaryOp::Rshift => ("__rshift__", "__rrshift__", "__irshift__"),
            BinaryOp::Subtract => ("__sub__", "__rsub__", "__isub__"),
            BinaryOp::TrueDivide => ("__truediv__", "__rtruediv__", "__itruediv__"),
            BinaryOp::Xor => ("__xor__", "__rxor__", "__ixor__"),
        }
    }
}

/// Rich comparison numbers (the oparg of `COMPARE_OP`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum CompareOp {
    /// `<`
    Lt = 0,
    /// `<=`
    Le = 1,
    /// `==`
    Eq = 2,
    /// `!=`
    Ne = 3,
    /// `>`
    Gt = 4,
    /// `>=`
    Ge = 5,
}

impl CompareOp {
    /// Decodes a `COMPARE_OP` oparg.
    pub fn from_oparg(a: u32) -> Option<CompareOp> {
        Some(match a & !COMPARE_TO_BOOL {
            0 => CompareOp::Lt,
            1 => CompareOp::Le,
            2 => CompareOp::Eq,
            3 => CompareOp::Ne,
            4 => CompareOp::Gt,
            5 => CompareOp::Ge,
            _ => return None,
        })
    }

    /// The operator symbol.
    pub fn symbol(self) -> &'static str {
        ["<", "<=", "==", "!=", ">", ">="][self as usize]
    }

    /// The dunder and its reflection.
    pub fn dunders(self) -> (&'static str, &'static str) {
        match self {
            CompareOp::Lt => ("__lt__", "__gt__"),
            CompareOp::Le => ("__le__", "__ge__"),
            CompareOp::Eq => ("__eq__", "__eq__"),
            CompareOp::Ne => ("__ne__", "__ne__"),
            CompareOp::Gt => ("__gt__", "__lt__"),
            CompareOp::Ge => ("__ge__", "__le__"),
        }
    }
}

/// `CALL_INTRINSIC_1` opargs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Intrinsic {
    /// Unary `+`.
    UnaryPositive = 0,
    /// `list` to `tuple` (for `*args` calls and tuple displays with stars).
    ListToTuple = 1,
    /// `from m import *`.
    ImportStar = 2,
    /// Turn a `StopIteration` escaping a generator into `RuntimeError`.
    StopIterationError = 3,
    /// Interactive mode: print the repr of a non-None expression statement value
    /// (`sys.displayhook`); pushes None.
    PrintExpr = 4,
    /// Evaluating an imaginary literal: raises `NotImplementedError` (complex numbers are
    /// outside the subset).
    UnsupportedComplex = 5,
}

impl Intrinsic {
    /// Decodes a `CALL_INTRINSIC_1` oparg.
    pub fn from_oparg(a: u32) -> Option<Intrinsic> {
        Some(match a {
            0 => Intrinsic::UnaryPositive,
            1 => Intrinsic::ListToTuple,
            2 => Intrinsic::ImportStar,
            3 => Intrinsic::StopIterationError,
            4 => Intrinsic::PrintExpr,
            5 => Intrinsic::UnsupportedComplex,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opcodes_fit_in_a_byte_and_round_trip() {
        assert!(Op::ALL.len() < 256);
        for (i, op) in Op::ALL.iter().enumerate() {
            assert_eq!(Op::from_u8(i as u8), Some(*op));
            assert!(!op.uops().is_empty(), "{} has no uops", op.name());
        }
    }

    #[test]
    fn specializable_instructions_have_a_counter_unit() {
        for op in Op::ALL {
            if op.own_flags() & flags::SPECIALIZE != 0 {
                assert!(op.cache_units() >= 1, "{}", op.name());
            }
        }
    }

    #[test]
    fn specialized_forms_share_their_heads_layout() {
        for op in Op::ALL {
            let head = op.family_head();
            if head == *op {
                continue;
            }
            assert!(head.own_flags() & flags::SPECIALIZE != 0, "{}", op.name());
            assert!(head.family_members().contains(op), "{}", op.name());
            assert_eq!(op.cache_units(), head.cache_units(), "{}", op.name());
            if op.own_flags() & flags::FUSED == 0 {
                for a in [0, 1, 2, 3, 7] {
                    assert_eq!(op.stack_effect(a), head.stack_effect(a), "{}", op.name());
                }
            }
            assert_eq!(op.uops()[0].flags() & flags::SPECIALIZE, 0, "{}", op.name());
        }
        for op in Op::ALL {
            if op.own_flags() & flags::SPECIALIZE != 0 {
                assert_eq!(op.uops()[0], Uop::_SPECIALIZE, "{}", op.name());
                assert!(!op.family_members().is_empty(), "{}", op.name());
            }
        }
    }

    #[test]
    fn stack_effects_follow_opargs() {
        assert_eq!(Op::BUILD_LIST.stack_effect(3), (3, 1));
        assert_eq!(Op::CALL.stack_effect(2), (4, 1));
        assert_eq!(Op::LOAD_GLOBAL.stack_effect(5), (0, 2));
        assert_eq!(Op::MAKE_FUNCTION.stack_effect(1 | 8), (3, 1));
        assert_eq!(Op::UNPACK_EX.stack_effect(1 | (2 << 8)), (1, 4));
    }
}
