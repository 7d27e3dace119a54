//! The op table: every uop and every tier-1 instruction, declared once.
//!
//! `for_each_uop!` lists the micro-ops: `_NAME |a| (inputs, outputs) [/ (jump effect)]
//! {FLAGS} [replaces [_UOP, ...]];`, the stack effect a function of the oparg `a`, the jump
//! effect (when it jumps) where it differs, the [`Flags`] (operands, effects and roles:
//! guard, exit, split action, value check, pure check, executor-run, tier-1 machinery...)
//! and the uops the trace optimizer may put it in the place of. `for_each_op!` lists the
//! tier-1 instructions, each with its inline-cache size, its stack effect, its own flags,
//! the uops it is made of and, where its flags do not say it, what its oparg means (an
//! `oparg` clause: [`Oparg`], what the image verifier checks); `for_each_family!` the
//! specialization families and
//! `for_each_super!` the super-instructions. Everything else expands from these macros: the
//! `Op` and `Uop` enums, names, effects, metadata, the disassembler, tier 1's handlers
//! (`interp::eval`), the body dispatch (`interp::uops`: each uop runs the function of its
//! name in `interp::bodies`), the uop executor's handlers and dispatch forms (`exec`), the
//! uop helpers (`jit::helpers`) and what the optimizer and its checker know of each uop
//! (`opt`). Tests check that every instruction is the composition of its uops' effects.
//!
//! Naming: instructions are `UPPER_CASE` like CPython's; uops start with `_`. An instruction
//! made of a single uop uses the uop of the same name.
//!
//! Encoding: a code unit is 32 bits, `opcode | oparg << 8` (24-bit oparg, no `EXTENDED_ARG`),
//! followed by `cache` units of inline cache. Jump opargs are absolute unit offsets.

bitflags::bitflags! {
    /// What a uop or an instruction does, as the table declares it: its operands' kinds,
    /// its effects and its role in the tiers. An instruction's flags are its own plus the
    /// union of its uops' ([`Op::flags`]).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Flags: u32 {
        /// The oparg is a jump target (absolute unit offset).
        const JUMP = 1 << 0;
        /// The oparg indexes `consts`.
        const CONST = 1 << 1;
        /// The oparg (or `oparg >> 1`) indexes `names`.
        const NAME = 1 << 2;
        /// The oparg indexes the fast locals.
        const LOCAL = 1 << 3;
        /// The oparg indexes cell/free variables (after the fast locals).
        const FREE = 1 << 4;
        /// May raise an exception.
        const ERROR = 1 << 5;
        /// May run arbitrary Python code (calls, dunder methods, destructors of iterators...).
        const ESCAPES = 1 << 6;
        /// A guard that deoptimizes to the generic instruction when it fails.
        const DEOPT = 1 << 7;
        /// Leaves the current frame (return, yield) or changes it (call).
        const FRAME = 1 << 8;
        /// Pure: no side effects, result depends only on inputs (constant-foldable).
        const PURE = 1 << 9;
        /// The first inline-cache unit is an adaptive counter (a specializable family head).
        const SPECIALIZE = 1 << 10;
        /// A periodic safe point: collection, interrupts, hot-spot counting.
        const PERIODIC = 1 << 11;
        /// Ends a basic block unconditionally (no fall-through).
        const TERMINATOR = 1 << 12;
        /// Fused with the instruction that follows it: the following instruction stays in
        /// place (so a jump to it still works) and is covered by this one's "cache" size, and
        /// the stack effect is that of both together.
        const FUSED = 1 << 13;
        /// A trace uop that can leave the trace through a side exit (tier 2).
        const EXIT = 1 << 14;
        /// Role: the uop executor runs the uop itself (trace control, branch guards) or it
        /// never reaches a trace (tier-1 machinery: specialization, hot-spot counting):
        /// traces never run it through its tier-1 body.
        const SPECIAL = 1 << 15;
        /// Role: an action whose type guards are separate uops before it in its
        /// instruction. It keeps an exit (flag `DEOPT`), but only to stay safe when the
        /// optimizer's proof of its operand types is wrong, and for its value checks: it is
        /// not counted as a guard.
        const SPLIT = 1 << 16;
        /// Role: an action that deoptimizes on a property of a value of the right type (an
        /// index in bounds, a layout length), not a type or version: no type proof can
        /// remove it (counted apart from guards).
        const VALUE_CHECK = 1 << 17;
        /// Role: a pure check: it reads values and may leave the trace, and has no other
        /// effect (the stack is unchanged), so the optimizer may remove it where it proves
        /// the check holds.
        const CHECK = 1 << 18;
        /// Of an instruction: its oparg means nothing (the disassembler shows none, like
        /// CPython's argument-less opcodes).
        const NO_ARG = 1 << 19;
        /// Role: tier-1 machinery (specialization, hot-spot counting) that a trace drops
        /// when it records the instruction.
        const TIER1 = 1 << 20;
    }
}

impl Flags {
    /// Whether flags `self` (an instruction's, or a dispatch form's) make a two-way branch
    /// that runs no other code: it jumps, and neither ends the block, changes frames nor
    /// escapes.
    pub const fn is_branch(self) -> bool {
        self.contains(Flags::JUMP)
            && !self.intersects(Flags::TERMINATOR.union(Flags::FRAME).union(Flags::ESCAPES))
    }
}

/// The table spells flags by name: `{JUMP | NAME}` becomes a [`Flags`] constant.
macro_rules! table_flags {
    ($($f:ident)|*) => {
        Flags::from_bits_retain(0 $(| Flags::$f.bits())*)
    };
}

/// `COMPARE_OP` oparg bit: the result is converted to a bool (set by the compiler when a
/// conditional jump follows, so no `TO_BOOL` is needed; as in CPython 3.13).
pub const COMPARE_TO_BOOL: u32 = 16;

/// Invokes `$m!` with the list of uops: `NAME flags;`.
macro_rules! for_each_uop {
    ($m:ident) => {
        $m! {
            _NOP |_a| (0, 0) {};
            _POP_TOP |_a| (1, 0) {};
            _POP_ITER |_a| (1, 0) {ESCAPES};
            _PUSH_NULL |_a| (0, 1) {PURE};
            _COPY |a| (a, a + 1) {PURE};
            _SWAP |a| (a, a) {PURE};
            _LOAD_CONST |_a| (0, 1) {CONST | PURE};
            _LOAD_FAST |_a| (0, 1) {LOCAL | PURE};
            _LOAD_FAST_CHECK |_a| (0, 1) {LOCAL | ERROR};
            _STORE_FAST |_a| (1, 0) {LOCAL};
            // Second halves of super-instructions: the oparg is the following unit's.
            _LOAD_FAST_NEXT |_a| (0, 1) {LOCAL | PURE};
            _LOAD_CONST_NEXT |_a| (0, 1) {CONST | PURE};
            _STORE_FAST_NEXT |_a| (1, 0) {LOCAL};
            // Pops the bool and performs the `POP_JUMP_IF_FALSE/TRUE` that follows the
            // instruction (fused compare-and-branch and test-and-branch forms).
            _POP_JUMP_NEXT |_a| (1, 0) {JUMP};
            _DELETE_FAST |_a| (0, 0) {LOCAL | ERROR};
            _MAKE_CELL |_a| (0, 0) {FREE | ERROR};
            _COPY_FREE_VARS |_a| (0, 0) {};
            _LOAD_DEREF |_a| (0, 1) {FREE | ERROR};
            _LOAD_FROM_DICT_OR_DEREF |_a| (1, 1) {FREE | ERROR | ESCAPES};
            _LOAD_CLOSURE |_a| (0, 1) {FREE};
            _STORE_DEREF |_a| (1, 0) {FREE};
            _DELETE_DEREF |_a| (0, 0) {FREE | ERROR};
            _LOAD_GLOBAL |a| (0, 1 + (a & 1)) {NAME | ERROR | ESCAPES};
            _STORE_GLOBAL |_a| (1, 0) {NAME | ERROR | ESCAPES};
            _DELETE_GLOBAL |_a| (0, 0) {NAME | ERROR | ESCAPES};
            _LOAD_NAME |_a| (0, 1) {NAME | ERROR | ESCAPES};
            _STORE_NAME |_a| (1, 0) {NAME | ERROR | ESCAPES};
            _DELETE_NAME |_a| (0, 0) {NAME | ERROR | ESCAPES};
            _LOAD_ATTR |a| (1, 1 + (a & 1)) {NAME | ERROR | ESCAPES};
            _STORE_ATTR |_a| (2, 0) {NAME | ERROR | ESCAPES};
            _DELETE_ATTR |_a| (1, 0) {NAME | ERROR | ESCAPES};
            _BINARY_OP |_a| (2, 1) {ERROR | ESCAPES};
            _BINARY_SUBSCR |_a| (2, 1) {ERROR | ESCAPES};
            _STORE_SUBSCR |_a| (3, 0) {ERROR | ESCAPES};
            _DELETE_SUBSCR |_a| (2, 0) {ERROR | ESCAPES};
            _BINARY_SLICE |a| (if a == 3 { 4 } else { 3 }, 1) {ERROR | ESCAPES};
            _STORE_SLICE |a| (if a == 3 { 5 } else { 4 }, 0) {ERROR | ESCAPES};
            _UNARY_NEGATIVE |_a| (1, 1) {ERROR | ESCAPES};
            _UNARY_NOT |_a| (1, 1) {PURE};
            _UNARY_INVERT |_a| (1, 1) {ERROR | ESCAPES};
            _TO_BOOL |_a| (1, 1) {ERROR | ESCAPES};
            _COMPARE_OP |_a| (2, 1) {ERROR | ESCAPES};
            _IS_OP |_a| (2, 1) {PURE};
            _CONTAINS_OP |_a| (2, 1) {ERROR | ESCAPES};
            _CHECK_PERIODIC |_a| (0, 0) {PERIODIC | ERROR | ESCAPES};
            _POP_JUMP_IF_FALSE |_a| (1, 0) {JUMP};
            _POP_JUMP_IF_TRUE |_a| (1, 0) {JUMP};
            _POP_JUMP_IF_NONE |_a| (1, 0) {JUMP};
            _POP_JUMP_IF_NOT_NONE |_a| (1, 0) {JUMP};
            _JUMP |_a| (0, 0) {JUMP | TERMINATOR};
            _GET_ITER |_a| (1, 1) {ERROR | ESCAPES};
            _FOR_ITER |_a| (1, 2) / (1, 0) {JUMP | ERROR | ESCAPES};
            _BUILD_TUPLE |a| (a, 1) {ERROR};
            _BUILD_LIST |a| (a, 1) {ERROR};
            _BUILD_SET |a| (a, 1) {ERROR | ESCAPES};
            _BUILD_MAP |a| (2 * a, 1) {ERROR | ESCAPES};
            _BUILD_STRING |a| (a, 1) {ERROR};
            _BUILD_SLICE |a| (a, 1) {ERROR};
            _LIST_APPEND |a| (a + 1, a) {ERROR};
            _SET_ADD |a| (a + 1, a) {ERROR | ESCAPES};
            _MAP_ADD |a| (a + 2, a) {ERROR | ESCAPES};
            _LIST_EXTEND |a| (a + 1, a) {ERROR | ESCAPES};
            _SET_UPDATE |a| (a + 1, a) {ERROR | ESCAPES};
            _DICT_UPDATE |a| (a + 1, a) {ERROR | ESCAPES};
            _DICT_MERGE |a| (a + 1, a) {ERROR | ESCAPES};
            _UNPACK_SEQUENCE |a| (1, a) {ERROR | ESCAPES};
            _UNPACK_EX |a| (1, (a & 0xFF) + (a >> 8) + 1) {ERROR | ESCAPES};
            _FORMAT_VALUE |a| (1 + ((a >> 2) & 1), 1) {ERROR | ESCAPES};
            _CALL |a| (a + 2, 1) {ERROR | ESCAPES | FRAME};
            _CALL_KW |a| (a + 3, 1) {ERROR | ESCAPES | FRAME};
            _CALL_FUNCTION_EX |_a| (4, 1) {ERROR | ESCAPES | FRAME};
            _CALL_INTRINSIC_1 |_a| (1, 1) {ERROR | ESCAPES};
            _MAKE_FUNCTION |a| (1 + (a & 1) + ((a >> 1) & 1) + ((a >> 2) & 1) + ((a >> 3) & 1), 1) {ERROR};
            _RETURN_VALUE |_a| (1, 0) {FRAME | TERMINATOR};
            _RETURN_GENERATOR |_a| (0, 1) {FRAME | ERROR};
            _YIELD_VALUE |_a| (1, 1) {FRAME};
            _SEND |_a| (2, 2) {JUMP | ERROR | ESCAPES | FRAME};
            _END_SEND |_a| (2, 1) {};
            _GET_YIELD_FROM_ITER |_a| (1, 1) {ERROR | ESCAPES};
            _RAISE_VARARGS |a| (a, 0) {ERROR | TERMINATOR};
            _RERAISE |_a| (1, 0) {ERROR | TERMINATOR};
            _PUSH_EXC_INFO |_a| (1, 2) {};
            _POP_EXCEPT |_a| (1, 0) {};
            _CHECK_EXC_MATCH |_a| (2, 2) {ERROR};
            _CLEANUP_THROW |_a| (3, 2) {ERROR};
            _BEFORE_WITH |_a| (1, 2) {ERROR | ESCAPES};
            _WITH_EXCEPT_START |_a| (4, 5) {ERROR | ESCAPES};
            _LOAD_ASSERTION_ERROR |_a| (0, 1) {};
            _LOAD_BUILD_CLASS |_a| (0, 1) {};
            _IMPORT_NAME |_a| (2, 1) {NAME | ERROR | ESCAPES};
            _IMPORT_FROM |_a| (1, 2) {NAME | ERROR | ESCAPES};
            _LOAD_LOCALS |_a| (0, 1) {};
            // Adaptive specialization (first uop of every family head).
            _SPECIALIZE |_a| (0, 0) {SPECIALIZE | SPECIAL | TIER1};
            // Guards and actions of the specialized forms (see `interp::spec`).
            _GUARD_GLOBALS_VERSION |_a| (0, 0) {DEOPT | CHECK};
            _GUARD_BUILTINS_VERSION |_a| (0, 0) {DEOPT | CHECK};
            _LOAD_GLOBAL_MODULE |a| (0, 1 + (a & 1)) {};
            _LOAD_GLOBAL_BUILTIN |a| (0, 1 + (a & 1)) {};
            _GUARD_BOTH_INT |_a| (2, 2) {DEOPT | CHECK};
            _GUARD_NUMBERS_ONE_FLOAT |_a| (2, 2) {DEOPT | CHECK};
            _GUARD_BOTH_NUMBERS |_a| (2, 2) {DEOPT | CHECK};
            _GUARD_BUILTIN_TYPE |_a| (1, 1) {DEOPT | CHECK};
            _CALL_BUILTIN_CLASS |a| (a + 2, 1) {DEOPT | ERROR | ESCAPES};
            _GUARD_BOTH_STR |_a| (2, 2) {DEOPT | CHECK};
            _BINARY_OP_ADD_INT |_a| (2, 1) {ERROR};
            _BINARY_OP_SUBTRACT_INT |_a| (2, 1) {ERROR};
            _BINARY_OP_MULTIPLY_INT |_a| (2, 1) {ERROR};
            _BINARY_OP_ADD_FLOAT |_a| (2, 1) {PURE};
            _BINARY_OP_SUBTRACT_FLOAT |_a| (2, 1) {PURE};
            _BINARY_OP_MULTIPLY_FLOAT |_a| (2, 1) {PURE};
            _BINARY_OP_TRUE_DIVIDE_FLOAT |_a| (2, 1) {ERROR};
            _BINARY_OP_ADD_STR |_a| (2, 1) {ERROR};
            _COMPARE_OP_INT |_a| (2, 1) {PURE};
            _COMPARE_OP_FLOAT |_a| (2, 1) {PURE};
            _COMPARE_OP_STR |_a| (2, 1) {PURE};
            _LOAD_ATTR_METHOD |a| (1, 1 + (a & 1)) {};
            _CHECK_ATTR_MODULE |_a| (1, 1) {DEOPT};
            _LOAD_ATTR_MODULE |a| (1, 1 + (a & 1)) {};
            _BINARY_SUBSCR_LIST_INT |_a| (2, 1) {DEOPT | SPLIT | VALUE_CHECK};
            _BINARY_SUBSCR_TUPLE_INT |_a| (2, 1) {DEOPT};
            _BINARY_SUBSCR_DICT |_a| (2, 1) {DEOPT | ERROR | ESCAPES};
            _STORE_SUBSCR_LIST_INT |_a| (3, 0) {DEOPT | SPLIT | VALUE_CHECK};
            _STORE_SUBSCR_DICT |_a| (3, 0) {DEOPT | ERROR | ESCAPES};
            _CONTAINS_OP_DICT |_a| (2, 1) {DEOPT | ERROR | ESCAPES};
            _CONTAINS_OP_SET |_a| (2, 1) {DEOPT | ERROR | ESCAPES};
            _TO_BOOL_BOOL |_a| (1, 1) {DEOPT | CHECK};
            _TO_BOOL_INT |_a| (1, 1) {DEOPT};
            _TO_BOOL_NONE |_a| (1, 1) {DEOPT};
            _TO_BOOL_LIST |_a| (1, 1) {DEOPT};
            _TO_BOOL_STR |_a| (1, 1) {DEOPT};
            _FOR_ITER_RANGE |_a| (1, 2) / (1, 0) {DEOPT | JUMP | ERROR | SPLIT};
            _FOR_ITER_LIST |_a| (1, 2) / (1, 0) {DEOPT | JUMP | SPLIT};
            _FOR_ITER_TUPLE |_a| (1, 2) / (1, 0) {DEOPT | JUMP | SPLIT};
            _UNPACK_SEQUENCE_TWO_TUPLE |a| (1, a) {DEOPT};
            _UNPACK_SEQUENCE_TUPLE |a| (1, a) {DEOPT};
            _UNPACK_SEQUENCE_LIST |a| (1, a) {DEOPT};
            _CALL_PY_EXACT_ARGS |a| (a + 2, 1) {DEOPT | ERROR | FRAME};
            _CALL_BOUND_METHOD_EXACT_ARGS |a| (a + 2, 1) {DEOPT | ERROR | FRAME};
            _CALL_PY_WITH_DEFAULTS |a| (a + 2, 1) {DEOPT | ERROR | FRAME};
            _CALL_LEN |a| (a + 2, 1) {DEOPT | ERROR | ESCAPES | SPLIT};
            _CALL_ISINSTANCE |a| (a + 2, 1) {DEOPT | ERROR | ESCAPES};
            _CALL_LIST_APPEND |a| (a + 2, 1) {DEOPT | ERROR | SPLIT};
            _CALL_SET_ADD |a| (a + 2, 1) {DEOPT | ERROR | ESCAPES | SPLIT};
            _CALL_BUILTIN |a| (a + 2, 1) {DEOPT | ERROR | ESCAPES | SPLIT};
            _CALL_ALLOC_AND_ENTER_INIT |a| (a + 2, 1) {DEOPT | ERROR | ESCAPES | FRAME};
            // objs: polymorphic-tolerant attribute guards.
            _LOAD_ATTR_SLOT |a| (1, 1 + (a & 1)) {DEOPT | SPLIT | VALUE_CHECK};
            _STORE_ATTR_SLOT |_a| (2, 0) {DEOPT | ERROR | SPLIT};
            _LOAD_ATTR_INSTANCE_METHOD |a| (1, 1 + (a & 1)) {DEOPT};
            _LOAD_ATTR_CLASS_METHOD |a| (1, 1 + (a & 1)) {DEOPT};
            _BINARY_OP_USER |_a| (2, 1) {DEOPT | ERROR | FRAME};
            _COMPARE_OP_USER |_a| (2, 1) {DEOPT | ERROR | FRAME};
            _CONTAINS_OP_SEQ |_a| (2, 1) {DEOPT | ERROR | ESCAPES};
            // gen: small-int operators, generator loops.
            _BINARY_OP_INT |_a| (2, 1) {ERROR};
            _FOR_ITER_GEN |_a| (1, 2) / (1, 0) {DEOPT | JUMP | ERROR | FRAME};
            _CALL_TUPLE_LIST_1 |a| (a + 2, 1) {DEOPT | ERROR};
            _CALL_GEN_RESUME |a| (a + 2, 1) {DEOPT | ERROR | FRAME};
            // tier 2: hot-spot counting in tier 1, and the uops that only appear in traces
            // (see `exec`). `EXIT` marks a side exit that warms up and can grow a side trace.
            _HOT_COUNT |_a| (0, 0) {SPECIAL | TIER1};
            _ENTER_EXECUTOR |_a| (0, 0) {ERROR | ESCAPES | FRAME | SPECIAL};
            _START_EXECUTOR |_a| (0, 0) {SPECIAL};
            _CHECK_VALIDITY |_a| (0, 0) {EXIT | SPECIAL | CHECK};
            _GUARD_IS_TRUE_POP |_a| (1, 0) {EXIT | SPECIAL};
            _GUARD_IS_FALSE_POP |_a| (1, 0) {EXIT | SPECIAL};
            _GUARD_IS_NONE_POP |_a| (1, 0) {EXIT | SPECIAL};
            _GUARD_IS_NOT_NONE_POP |_a| (1, 0) {EXIT | SPECIAL};
            _EXIT_TRACE |_a| (0, 0) {EXIT | TERMINATOR | SPECIAL};
            _DEOPT |_a| (0, 0) {TERMINATOR | SPECIAL};
            _DYNAMIC_EXIT |_a| (0, 0) {TERMINATOR | SPECIAL};
            _COLD_EXIT |_a| (0, 0) {TERMINATOR | SPECIAL};
            _JUMP_TO_TOP |_a| (0, 0) {JUMP | TERMINATOR | SPECIAL};
            // opt: tier-2-only uops made by the trace optimizer (`opt`). Small-int arithmetic
            // whose result must be a small int: when it is not (or the operation raises),
            // the uop leaves through the instruction's exit before any effect (tier 1 redoes
            // the instruction), so the result is a proven small int for later guards.
            _BINARY_OP_ADD_SMALL_INT |_a| (2, 1) {EXIT} replaces [_BINARY_OP_ADD_INT];
            _BINARY_OP_SUBTRACT_SMALL_INT |_a| (2, 1) {EXIT} replaces [_BINARY_OP_SUBTRACT_INT];
            _BINARY_OP_SMALL_INT |_a| (2, 1) {EXIT} replaces [_BINARY_OP_INT];
            // `_FOR_ITER_RANGE` that leaves (before advancing) when the value is not a small int.
            _FOR_ITER_RANGE_SMALL |_a| (1, 2) / (1, 0) {DEOPT | JUMP | EXIT | SPLIT | VALUE_CHECK} replaces [_FOR_ITER_RANGE];
            // `_CHECK_PERIODIC` that leaves the trace (through a `_DEOPT` stub, before any
            // effect) when a collection or an interrupt is due, so tier 1 runs the safe point:
            // in the trace it never runs Python code (finalizers), so it does not escape.
            _CHECK_PERIODIC_EXIT |_a| (0, 0) {PERIODIC | EXIT} replaces [_CHECK_PERIODIC];
            // guards: type guards split off the specialized actions (as CPython's
            // `bytecodes.c` does), so the optimizer can drop them where the type is proven.
            // The actions keep their own checks as a safety net (they deopt, never panic,
            // when reached with another type) and their value checks (bounds), see
            // `exec::ir::is_value_check`.
            _GUARD_NOS_LIST |_a| (2, 2) {DEOPT | CHECK};
            _GUARD_TOS_INT |_a| (1, 1) {DEOPT | CHECK};
            _GUARD_ITER_LIST |_a| (1, 1) {DEOPT | CHECK};
            _GUARD_ITER_TUPLE |_a| (1, 1) {DEOPT | CHECK};
            _GUARD_ITER_RANGE |_a| (1, 1) {DEOPT | CHECK};
            // An instance whose values hold the cached slot's attribute (`LOAD_ATTR`'s name
            // is `oparg >> 1`, `STORE_ATTR`'s the oparg): the class has the cached version,
            // or (a polymorphic site) a layout with the name at that slot.
            _GUARD_INSTANCE_SLOT |_a| (1, 1) {DEOPT | CHECK};
            _GUARD_INSTANCE_SLOT_STORE |_a| (1, 1) {DEOPT | CHECK};
            // The strict form the optimizer puts in their place: an instance without a dict
            // whose class has exactly the cached version.
            _GUARD_TYPE_VERSION |_a| (1, 1) {DEOPT | CHECK} replaces [_GUARD_INSTANCE_SLOT, _GUARD_INSTANCE_SLOT_STORE];
            // The polymorphic form the optimizer puts in their place (oparg: a shape): an
            // instance without a dict whose class's layout has that prefix and plain
            // attribute access; proves every slot of the prefix (`object::shape`).
            _GUARD_SHAPE |_a| (1, 1) {DEOPT | CHECK} replaces [_GUARD_INSTANCE_SLOT, _GUARD_INSTANCE_SLOT_STORE];
            // `_LOAD_ATTR_INSTANCE_METHOD` on an owner proven of the cached class version:
            // only the layout length is checked (no instance attribute shadows the method).
            _LOAD_ATTR_METHOD_LAYOUT |a| (1, 1 + (a & 1)) {DEOPT | SPLIT | VALUE_CHECK} replaces [_LOAD_ATTR_INSTANCE_METHOD];
            // The strict form of `_LOAD_ATTR_INSTANCE_METHOD` (the cached class version and
            // layout length only, no polymorphic lookup): after it the owner's class is known.
            _LOAD_ATTR_METHOD_VERSION |a| (1, 1 + (a & 1)) {DEOPT} replaces [_LOAD_ATTR_INSTANCE_METHOD];
            // lead: `list.append` / `set.add` calls split like CPython's: the callable is
            // that builtin method and `self` a list / a (mutable) set.
            _GUARD_CALL_LIST_APPEND |a| (a + 2, a + 2) {DEOPT | CHECK};
            _GUARD_CALL_SET_ADD |a| (a + 2, a + 2) {DEOPT | CHECK};
            // The callable of `CALL_LEN` is `len`; of `CALL_BUILTIN` a builtin function.
            _GUARD_CALL_LEN |a| (a + 2, a + 2) {DEOPT | CHECK};
            _GUARD_CALL_BUILTIN |a| (a + 2, a + 2) {DEOPT | CHECK};
            // lead: a global or builtin promoted to a constant of the executor (oparg =
            // index into `Executor::consts` << 1 | push_null); the executor depends on the
            // binding, so a rebinding invalidates it. Run by the executor itself.
            _LOAD_CONST_INLINE |a| (0, 1 + (a & 1)) {} replaces [_LOAD_GLOBAL_MODULE, _LOAD_GLOBAL_BUILTIN];
            // gen: `_FOR_ITER_GEN` where the optimizer proved the iterator a generator: the
            // same action (it still deopts for anything else, as a safety net, and when the
            // generator cannot be resumed in place), no longer counted as a type guard.
            _FOR_ITER_GEN_PROVEN |_a| (1, 2) / (1, 0) {DEOPT | JUMP | ERROR | FRAME | SPLIT | VALUE_CHECK} replaces [_FOR_ITER_GEN];
            // match: the `match` statement's tests (CPython 3.11's `GET_LEN` and `MATCH_*`).
            _GET_LEN |_a| (1, 2) {ERROR | ESCAPES};
            _MATCH_MAPPING |_a| (1, 2) {};
            _MATCH_SEQUENCE |_a| (1, 2) {};
            _MATCH_KEYS |_a| (2, 3) {ERROR | ESCAPES};
            _MATCH_CLASS |_a| (3, 1) {ERROR | ESCAPES};
            // async: coroutines (`await`, `async for`, `async with`); see `interp::coroutine`.
            _GET_AWAITABLE |_a| (1, 1) {ERROR | ESCAPES};
            _GET_AITER |_a| (1, 1) {ERROR | ESCAPES};
            _GET_ANEXT |_a| (1, 2) {ERROR | ESCAPES};
            _END_ASYNC_FOR |_a| (2, 0) {ERROR};
            _BEFORE_ASYNC_WITH |_a| (1, 2) {ERROR | ESCAPES};
        }
    };
}

/// Invokes `$m!` with the list of instructions:
/// `NAME cache |oparg| (pops, pushes) {flags} [uops] [oparg KIND];`.
macro_rules! for_each_op {
    ($m:ident) => {
        $m! {
            NOP 0 |_a| (0, 0) {NO_ARG} [_NOP];
            POP_TOP 0 |_a| (1, 0) {NO_ARG} [_POP_TOP];
            // POP_ITER: a `for` loop's iterator dropped by `break`/`return` (may close a
            // generator, running its `finally`).
            POP_ITER 0 |_a| (1, 0) {ESCAPES | NO_ARG} [_POP_ITER];
            PUSH_NULL 0 |_a| (0, 1) {NO_ARG} [_PUSH_NULL];
            // COPY n: push a copy of the n-th item (1 = top).
            COPY 0 |a| (a, a + 1) {} [_COPY] oparg Oparg::Range(1, MAX_OPARG);
            // SWAP n: swap the top with the n-th item.
            SWAP 0 |a| (a, a) {} [_SWAP] oparg Oparg::Range(1, MAX_OPARG);
            LOAD_CONST 0 |_a| (0, 1) {CONST} [_LOAD_CONST];
            LOAD_FAST 0 |_a| (0, 1) {LOCAL} [_LOAD_FAST];
            LOAD_FAST_CHECK 0 |_a| (0, 1) {LOCAL} [_LOAD_FAST_CHECK];
            STORE_FAST 0 |_a| (1, 0) {LOCAL} [_STORE_FAST];
            // Super-instructions: the pair's first instruction is rewritten when the code
            // object is built (`quicken`); the second stays in place as the "cache" unit.
            LOAD_FAST_LOAD_FAST 1 |_a| (0, 2) {LOCAL | FUSED} [_LOAD_FAST, _LOAD_FAST_NEXT];
            LOAD_FAST_LOAD_CONST 1 |_a| (0, 2) {LOCAL | FUSED} [_LOAD_FAST, _LOAD_CONST_NEXT];
            LOAD_CONST_LOAD_FAST 1 |_a| (0, 2) {CONST | FUSED} [_LOAD_CONST, _LOAD_FAST_NEXT];
            STORE_FAST_LOAD_FAST 1 |_a| (1, 1) {LOCAL | FUSED} [_STORE_FAST, _LOAD_FAST_NEXT];
            STORE_FAST_STORE_FAST 1 |_a| (2, 0) {LOCAL | FUSED} [_STORE_FAST, _STORE_FAST_NEXT];
            DELETE_FAST 0 |_a| (0, 0) {LOCAL} [_DELETE_FAST];
            MAKE_CELL 0 |_a| (0, 0) {FREE} [_MAKE_CELL] oparg Oparg::Cell;
            COPY_FREE_VARS 0 |_a| (0, 0) {} [_COPY_FREE_VARS] oparg Oparg::FreeCount;
            LOAD_DEREF 0 |_a| (0, 1) {FREE} [_LOAD_DEREF];
            // In a class body: the class namespace (on the stack) first, then the cell.
            LOAD_FROM_DICT_OR_DEREF 0 |_a| (1, 1) {FREE} [_LOAD_FROM_DICT_OR_DEREF];
            LOAD_CLOSURE 0 |_a| (0, 1) {FREE} [_LOAD_CLOSURE];
            STORE_DEREF 0 |_a| (1, 0) {FREE} [_STORE_DEREF];
            DELETE_DEREF 0 |_a| (0, 0) {FREE} [_DELETE_DEREF];
            // oparg = name << 1 | push_null.
            // Cache: counter, globals dict, its keys version, builtins keys version, entry.
            LOAD_GLOBAL 5 |a| (0, 1 + (a & 1)) {NAME | SPECIALIZE} [_SPECIALIZE, _LOAD_GLOBAL] oparg Oparg::NameAndBit;
            LOAD_GLOBAL_MODULE 5 |a| (0, 1 + (a & 1)) {NAME} [_GUARD_GLOBALS_VERSION, _LOAD_GLOBAL_MODULE];
            LOAD_GLOBAL_BUILTIN 5 |a| (0, 1 + (a & 1)) {NAME} [_GUARD_GLOBALS_VERSION, _GUARD_BUILTINS_VERSION, _LOAD_GLOBAL_BUILTIN];
            STORE_GLOBAL 0 |_a| (1, 0) {NAME} [_STORE_GLOBAL];
            DELETE_GLOBAL 0 |_a| (0, 0) {NAME} [_DELETE_GLOBAL];
            LOAD_NAME 0 |_a| (0, 1) {NAME} [_LOAD_NAME];
            STORE_NAME 0 |_a| (1, 0) {NAME} [_STORE_NAME];
            DELETE_NAME 0 |_a| (0, 0) {NAME} [_DELETE_NAME];
            // oparg = name << 1 | method: a method load pushes (func, self) or (attr, NULL).
            // Cache: counter, class version (or module dict), slot / method / keys version,
            // layout length / entry.
            LOAD_ATTR 4 |a| (1, 1 + (a & 1)) {NAME | SPECIALIZE} [_SPECIALIZE, _LOAD_ATTR] oparg Oparg::NameAndBit;
            LOAD_ATTR_INSTANCE_VALUE 4 |a| (1, 1 + (a & 1)) {NAME} [_GUARD_INSTANCE_SLOT, _LOAD_ATTR_SLOT];
            LOAD_ATTR_METHOD_WITH_VALUES 4 |a| (1, 1 + (a & 1)) {NAME} [_LOAD_ATTR_INSTANCE_METHOD];
            LOAD_ATTR_MODULE 4 |a| (1, 1 + (a & 1)) {NAME} [_CHECK_ATTR_MODULE, _LOAD_ATTR_MODULE];
            // A method of a builtin type (immutable, so the type's identity is the guard).
            LOAD_ATTR_METHOD_NATIVE 4 |a| (1, 1 + (a & 1)) {NAME} [_GUARD_BUILTIN_TYPE, _LOAD_ATTR_METHOD];
            // A staticmethod or classmethod called through its class or an instance. Cache:
            // counter, class version, function, kind (`CLASS_METHOD_*` bits, instance layout
            // length above them).
            LOAD_ATTR_CLASS_METHOD 4 |a| (1, 1 + (a & 1)) {NAME} [_LOAD_ATTR_CLASS_METHOD];
            // Cache: counter, class version, slot.
            STORE_ATTR 4 |_a| (2, 0) {NAME | SPECIALIZE} [_SPECIALIZE, _STORE_ATTR];
            STORE_ATTR_INSTANCE_VALUE 4 |_a| (2, 0) {NAME} [_GUARD_INSTANCE_SLOT_STORE, _STORE_ATTR_SLOT];
            DELETE_ATTR 0 |_a| (1, 0) {NAME} [_DELETE_ATTR];
            // oparg = a `BinaryOp` number (in-place variants included).
            // Cache: counter; for BINARY_OP_USER: class version, method, right operand's type
            // (`layout::BINARY_RIGHT_*`).
            BINARY_OP 4 |_a| (2, 1) {SPECIALIZE} [_SPECIALIZE, _BINARY_OP] oparg Oparg::BinaryOp;
            BINARY_OP_ADD_INT 4 |_a| (2, 1) {} [_GUARD_BOTH_INT, _BINARY_OP_ADD_INT];
            BINARY_OP_SUBTRACT_INT 4 |_a| (2, 1) {} [_GUARD_BOTH_INT, _BINARY_OP_SUBTRACT_INT];
            BINARY_OP_MULTIPLY_INT 4 |_a| (2, 1) {} [_GUARD_BOTH_INT, _BINARY_OP_MULTIPLY_INT];
            BINARY_OP_ADD_FLOAT 4 |_a| (2, 1) {} [_GUARD_NUMBERS_ONE_FLOAT, _BINARY_OP_ADD_FLOAT];
            BINARY_OP_SUBTRACT_FLOAT 4 |_a| (2, 1) {} [_GUARD_NUMBERS_ONE_FLOAT, _BINARY_OP_SUBTRACT_FLOAT];
            BINARY_OP_MULTIPLY_FLOAT 4 |_a| (2, 1) {} [_GUARD_NUMBERS_ONE_FLOAT, _BINARY_OP_MULTIPLY_FLOAT];
            BINARY_OP_TRUE_DIVIDE_FLOAT 4 |_a| (2, 1) {} [_GUARD_BOTH_NUMBERS, _BINARY_OP_TRUE_DIVIDE_FLOAT];
            BINARY_OP_ADD_STR 4 |_a| (2, 1) {} [_GUARD_BOTH_STR, _BINARY_OP_ADD_STR];
            // objs: a user class's dunder (`V + V`, `V * 2.0`), called without lookups.
            BINARY_OP_USER 4 |_a| (2, 1) {} [_BINARY_OP_USER];
            BINARY_SUBSCR 1 |_a| (2, 1) {SPECIALIZE | NO_ARG} [_SPECIALIZE, _BINARY_SUBSCR];
            BINARY_SUBSCR_LIST_INT 1 |_a| (2, 1) {} [_GUARD_NOS_LIST, _GUARD_TOS_INT, _BINARY_SUBSCR_LIST_INT];
            BINARY_SUBSCR_TUPLE_INT 1 |_a| (2, 1) {} [_BINARY_SUBSCR_TUPLE_INT];
            BINARY_SUBSCR_DICT 1 |_a| (2, 1) {} [_BINARY_SUBSCR_DICT];
            STORE_SUBSCR 1 |_a| (3, 0) {SPECIALIZE | NO_ARG} [_SPECIALIZE, _STORE_SUBSCR];
            STORE_SUBSCR_LIST_INT 1 |_a| (3, 0) {} [_GUARD_NOS_LIST, _GUARD_TOS_INT, _STORE_SUBSCR_LIST_INT];
            STORE_SUBSCR_DICT 1 |_a| (3, 0) {} [_STORE_SUBSCR_DICT];
            DELETE_SUBSCR 0 |_a| (2, 0) {NO_ARG} [_DELETE_SUBSCR];
            BINARY_SLICE 0 |a| (if a == 3 { 4 } else { 3 }, 1) {NO_ARG} [_BINARY_SLICE] oparg Oparg::OneOf(&[0, 3]);
            STORE_SLICE 0 |a| (if a == 3 { 5 } else { 4 }, 0) {NO_ARG} [_STORE_SLICE] oparg Oparg::OneOf(&[0, 3]);
            UNARY_NEGATIVE 0 |_a| (1, 1) {NO_ARG} [_UNARY_NEGATIVE];
            UNARY_NOT 0 |_a| (1, 1) {NO_ARG} [_UNARY_NOT];
            UNARY_INVERT 0 |_a| (1, 1) {NO_ARG} [_UNARY_INVERT];
            TO_BOOL 3 |_a| (1, 1) {SPECIALIZE | NO_ARG} [_SPECIALIZE, _TO_BOOL];
            TO_BOOL_BOOL 3 |_a| (1, 1) {} [_TO_BOOL_BOOL];
            TO_BOOL_INT 3 |_a| (1, 1) {} [_TO_BOOL_INT];
            TO_BOOL_NONE 3 |_a| (1, 1) {} [_TO_BOOL_NONE];
            TO_BOOL_LIST 3 |_a| (1, 1) {} [_TO_BOOL_LIST];
            TO_BOOL_STR 3 |_a| (1, 1) {} [_TO_BOOL_STR];
            // Test-and-branch: chosen when a `POP_JUMP_IF_FALSE/TRUE` follows.
            TO_BOOL_BOOL_JUMP 3 |_a| (1, 0) {FUSED} [_TO_BOOL_BOOL, _POP_JUMP_NEXT];
            TO_BOOL_INT_JUMP 3 |_a| (1, 0) {FUSED} [_TO_BOOL_INT, _POP_JUMP_NEXT];
            TO_BOOL_NONE_JUMP 3 |_a| (1, 0) {FUSED} [_TO_BOOL_NONE, _POP_JUMP_NEXT];
            TO_BOOL_LIST_JUMP 3 |_a| (1, 0) {FUSED} [_TO_BOOL_LIST, _POP_JUMP_NEXT];
            TO_BOOL_STR_JUMP 3 |_a| (1, 0) {FUSED} [_TO_BOOL_STR, _POP_JUMP_NEXT];
            // oparg = a `CompareOp` number.
            // Cache: counter; for COMPARE_OP_USER: class version, method, right operand's type
            // (`layout::BINARY_RIGHT_*`).
            COMPARE_OP 4 |_a| (2, 1) {SPECIALIZE} [_SPECIALIZE, _COMPARE_OP] oparg Oparg::CompareOp;
            COMPARE_OP_INT 4 |_a| (2, 1) {} [_GUARD_BOTH_INT, _COMPARE_OP_INT];
            COMPARE_OP_FLOAT 4 |_a| (2, 1) {} [_GUARD_NUMBERS_ONE_FLOAT, _COMPARE_OP_FLOAT];
            COMPARE_OP_STR 4 |_a| (2, 1) {} [_GUARD_BOTH_STR, _COMPARE_OP_STR];
            // objs: a user class's dunder (`a == b`, `a < b`), called without lookups.
            COMPARE_OP_USER 4 |_a| (2, 1) {} [_COMPARE_OP_USER];
            // Compare-and-branch: chosen when a `POP_JUMP_IF_FALSE/TRUE` follows.
            COMPARE_OP_INT_JUMP 4 |_a| (2, 0) {FUSED} [_GUARD_BOTH_INT, _COMPARE_OP_INT, _POP_JUMP_NEXT];
            COMPARE_OP_FLOAT_JUMP 4 |_a| (2, 0) {FUSED} [_GUARD_NUMBERS_ONE_FLOAT, _COMPARE_OP_FLOAT, _POP_JUMP_NEXT];
            COMPARE_OP_STR_JUMP 4 |_a| (2, 0) {FUSED} [_GUARD_BOTH_STR, _COMPARE_OP_STR, _POP_JUMP_NEXT];
            IS_OP 0 |_a| (2, 1) {} [_IS_OP] oparg Oparg::Range(0, 1);
            CONTAINS_OP 1 |_a| (2, 1) {SPECIALIZE} [_SPECIALIZE, _CONTAINS_OP] oparg Oparg::Range(0, 1);
            CONTAINS_OP_DICT 1 |_a| (2, 1) {} [_CONTAINS_OP_DICT];
            CONTAINS_OP_SET 1 |_a| (2, 1) {} [_CONTAINS_OP_SET];
            // objs: `x in list_or_tuple`, scanned in place.
            CONTAINS_OP_SEQ 1 |_a| (2, 1) {} [_CONTAINS_OP_SEQ];
            POP_JUMP_IF_FALSE 1 |_a| (1, 0) {JUMP} [_POP_JUMP_IF_FALSE];
            POP_JUMP_IF_TRUE 1 |_a| (1, 0) {JUMP} [_POP_JUMP_IF_TRUE];
            POP_JUMP_IF_NONE 1 |_a| (1, 0) {JUMP} [_POP_JUMP_IF_NONE];
            POP_JUMP_IF_NOT_NONE 1 |_a| (1, 0) {JUMP} [_POP_JUMP_IF_NOT_NONE];
            JUMP_FORWARD 0 |_a| (0, 0) {JUMP | TERMINATOR} [_JUMP];
            // A loop back-edge: a safe point and the hot-spot counter of tier 2.
            // Cache: the hot-spot counter (`exec::hot`).
            JUMP_BACKWARD 1 |_a| (0, 0) {JUMP | TERMINATOR | PERIODIC} [_HOT_COUNT, _CHECK_PERIODIC, _JUMP];
            JUMP_BACKWARD_NO_INTERRUPT 0 |_a| (0, 0) {JUMP | TERMINATOR} [_JUMP];
            GET_ITER 0 |_a| (1, 1) {NO_ARG} [_GET_ITER];
            // On exhaustion pops the iterator and jumps to the target.
            FOR_ITER 1 |_a| (1, 2) {JUMP | SPECIALIZE} [_SPECIALIZE, _FOR_ITER];
            FOR_ITER_RANGE 1 |_a| (1, 2) {JUMP} [_GUARD_ITER_RANGE, _FOR_ITER_RANGE];
            FOR_ITER_LIST 1 |_a| (1, 2) {JUMP} [_GUARD_ITER_LIST, _FOR_ITER_LIST];
            FOR_ITER_TUPLE 1 |_a| (1, 2) {JUMP} [_GUARD_ITER_TUPLE, _FOR_ITER_TUPLE];
            BUILD_TUPLE 0 |a| (a, 1) {} [_BUILD_TUPLE];
            BUILD_LIST 0 |a| (a, 1) {} [_BUILD_LIST];
            BUILD_SET 0 |a| (a, 1) {} [_BUILD_SET];
            BUILD_MAP 0 |a| (2 * a, 1) {} [_BUILD_MAP];
            BUILD_STRING 0 |a| (a, 1) {} [_BUILD_STRING];
            BUILD_SLICE 0 |a| (a, 1) {} [_BUILD_SLICE] oparg Oparg::Range(2, 3);
            // The container is the oparg-th item below the value.
            LIST_APPEND 0 |a| (a + 1, a) {} [_LIST_APPEND] oparg Oparg::Range(1, MAX_OPARG);
            SET_ADD 0 |a| (a + 1, a) {} [_SET_ADD] oparg Oparg::Range(1, MAX_OPARG);
            MAP_ADD 0 |a| (a + 2, a) {} [_MAP_ADD] oparg Oparg::Range(1, MAX_OPARG);
            LIST_EXTEND 0 |a| (a + 1, a) {} [_LIST_EXTEND] oparg Oparg::Range(1, MAX_OPARG);
            SET_UPDATE 0 |a| (a + 1, a) {} [_SET_UPDATE] oparg Oparg::Range(1, MAX_OPARG);
            DICT_UPDATE 0 |a| (a + 1, a) {} [_DICT_UPDATE] oparg Oparg::Range(1, MAX_OPARG);
            DICT_MERGE 0 |a| (a + 1, a) {} [_DICT_MERGE] oparg Oparg::Range(1, MAX_OPARG);
            UNPACK_SEQUENCE 1 |a| (1, a) {SPECIALIZE} [_SPECIALIZE, _UNPACK_SEQUENCE];
            UNPACK_SEQUENCE_TWO_TUPLE 1 |a| (1, a) {} [_UNPACK_SEQUENCE_TWO_TUPLE];
            UNPACK_SEQUENCE_TUPLE 1 |a| (1, a) {} [_UNPACK_SEQUENCE_TUPLE];
            UNPACK_SEQUENCE_LIST 1 |a| (1, a) {} [_UNPACK_SEQUENCE_LIST];
            // oparg = before | after << 8.
            UNPACK_EX 0 |a| (1, (a & 0xFF) + (a >> 8) + 1) {} [_UNPACK_EX];
            // oparg = conversion (0 none, 1 str, 2 repr, 3 ascii) | 4 when a spec is on the stack.
            FORMAT_VALUE 0 |a| (1 + ((a >> 2) & 1), 1) {} [_FORMAT_VALUE] oparg Oparg::Conversion;
            // Stack: callable, self_or_null, args[oparg].
            CALL 3 |a| (a + 2, 1) {SPECIALIZE} [_SPECIALIZE, _CALL];
            CALL_PY_EXACT_ARGS 3 |a| (a + 2, 1) {} [_CALL_PY_EXACT_ARGS];
            CALL_BOUND_METHOD_EXACT_ARGS 3 |a| (a + 2, 1) {} [_CALL_BOUND_METHOD_EXACT_ARGS];
            CALL_PY_WITH_DEFAULTS 3 |a| (a + 2, 1) {} [_CALL_PY_WITH_DEFAULTS];
            CALL_LEN 3 |a| (a + 2, 1) {} [_GUARD_CALL_LEN, _CALL_LEN];
            CALL_ISINSTANCE 3 |a| (a + 2, 1) {} [_CALL_ISINSTANCE];
            CALL_LIST_APPEND 3 |a| (a + 2, 1) {} [_GUARD_CALL_LIST_APPEND, _CALL_LIST_APPEND];
            CALL_SET_ADD 3 |a| (a + 2, 1) {} [_GUARD_CALL_SET_ADD, _CALL_SET_ADD];
            CALL_BUILTIN 3 |a| (a + 2, 1) {} [_GUARD_CALL_BUILTIN, _CALL_BUILTIN];
            CALL_ALLOC_AND_ENTER_INIT 3 |a| (a + 2, 1) {} [_CALL_ALLOC_AND_ENTER_INIT];
            CALL_BUILTIN_CLASS 3 |a| (a + 2, 1) {} [_CALL_BUILTIN_CLASS];
            // Stack: callable, self_or_null, args[oparg], kwnames (a tuple of the last names).
            CALL_KW 0 |a| (a + 3, 1) {} [_CALL_KW];
            // Stack: callable, self_or_null, args tuple, kwargs dict or null.
            CALL_FUNCTION_EX 0 |_a| (4, 1) {} [_CALL_FUNCTION_EX] oparg Oparg::Range(0, 1);
            // oparg = an `Intrinsic` number.
            CALL_INTRINSIC_1 0 |_a| (1, 1) {} [_CALL_INTRINSIC_1] oparg Oparg::Intrinsic;
            // oparg bits: 1 defaults tuple, 2 kwdefaults dict, 8 closure tuple; code on top.
            MAKE_FUNCTION 0 |a| (1 + (a & 1) + ((a >> 1) & 1) + ((a >> 2) & 1) + ((a >> 3) & 1), 1) {} [_MAKE_FUNCTION] oparg Oparg::FunctionFlags;
            RETURN_VALUE 0 |_a| (1, 0) {FRAME | NO_ARG} [_RETURN_VALUE];
            // First instruction of a generator function: turn the frame into a generator.
            RETURN_GENERATOR 0 |_a| (0, 1) {FRAME | NO_ARG} [_RETURN_GENERATOR];
            YIELD_VALUE 0 |_a| (1, 1) {FRAME | NO_ARG} [_YIELD_VALUE];
            // Stack: subiterator, value to send -> subiterator, yielded value; jumps with the
            // return value when the subiterator is done.
            SEND 0 |_a| (2, 2) {JUMP} [_SEND];
            END_SEND 0 |_a| (2, 1) {NO_ARG} [_END_SEND];
            GET_YIELD_FROM_ITER 0 |_a| (1, 1) {NO_ARG} [_GET_YIELD_FROM_ITER];
            // oparg = 0 (re-raise), 1 (exc) or 2 (exc from cause).
            RAISE_VARARGS 0 |a| (a, 0) {TERMINATOR} [_RAISE_VARARGS] oparg Oparg::Range(0, 2);
            // Re-raises the exception on top. When oparg > 0, the int `oparg` items below the
            // exception is the offset of the instruction that first raised (the `lasti` a
            // handler pushed) and becomes the frame's position for the traceback.
            RERAISE 0 |_a| (1, 0) {TERMINATOR} [_RERAISE] oparg Oparg::Below(2);
            PUSH_EXC_INFO 0 |_a| (1, 2) {NO_ARG} [_PUSH_EXC_INFO];
            POP_EXCEPT 0 |_a| (1, 0) {NO_ARG} [_POP_EXCEPT];
            CHECK_EXC_MATCH 0 |_a| (2, 2) {NO_ARG} [_CHECK_EXC_MATCH];
            CLEANUP_THROW 0 |_a| (3, 2) {NO_ARG} [_CLEANUP_THROW];
            // Pushes __exit__ (bound) then the result of __enter__.
            BEFORE_WITH 0 |_a| (1, 2) {NO_ARG} [_BEFORE_WITH];
            // Stack: exit, lasti, prev_exc, exc -> ..., result of exit(type, exc, tb).
            WITH_EXCEPT_START 0 |_a| (4, 5) {NO_ARG} [_WITH_EXCEPT_START];
            LOAD_ASSERTION_ERROR 0 |_a| (0, 1) {NO_ARG} [_LOAD_ASSERTION_ERROR];
            LOAD_BUILD_CLASS 0 |_a| (0, 1) {NO_ARG} [_LOAD_BUILD_CLASS];
            // Stack: level, fromlist -> module.
            IMPORT_NAME 0 |_a| (2, 1) {NAME} [_IMPORT_NAME];
            IMPORT_FROM 0 |_a| (1, 2) {NAME} [_IMPORT_FROM];
            // Pushes the namespace of a class body (for LOAD_FROM_DICT_OR_DEREF).
            LOAD_LOCALS 0 |_a| (0, 1) {NO_ARG} [_LOAD_LOCALS];
            // Function entry: a safe point and the function-entry hot counter.
            RESUME 1 |_a| (0, 0) {PERIODIC} [_HOT_COUNT, _CHECK_PERIODIC] oparg Oparg::Zero;
            // gen: `%`, `//`, `&`, `|`, `^`, `<<`, `>>` on small ints (the operator is the oparg).
            BINARY_OP_INT 4 |_a| (2, 1) {} [_GUARD_BOTH_INT, _BINARY_OP_INT];
            // gen: a `for` loop over a generator (resumes its frame, no Rust recursion).
            FOR_ITER_GEN 1 |_a| (1, 2) {JUMP} [_FOR_ITER_GEN];
            // gen: `tuple(x)` / `list(x)` of a list or tuple.
            CALL_TUPLE_LIST_1 3 |a| (a + 2, 1) {} [_CALL_TUPLE_LIST_1];
            // `gen.send(v)` and `next(gen)` of a generator: resumes its frame like `SEND`.
            CALL_GEN_RESUME 3 |a| (a + 2, 1) {} [_CALL_GEN_RESUME];
            // tier 2: replaces a hot `JUMP_BACKWARD` or `RESUME` (both have one cache unit);
            // the oparg indexes the code object's executor table, which keeps the original
            // instruction. Stack effect 0 like both.
            ENTER_EXECUTOR 1 |_a| (0, 0) {} [_ENTER_EXECUTOR] oparg Oparg::Executor;
            // gencall: `return a + b` on small ints: the add and the `RETURN_VALUE` after it
            // (which stays in place) in one dispatch.
            BINARY_OP_ADD_INT_RETURN 4 |_a| (2, 0) {FUSED} [_GUARD_BOTH_INT, _BINARY_OP_ADD_INT, _RETURN_VALUE];
            // match: pattern tests of `match` statements. GET_LEN pushes `len(TOS)` and
            // MATCH_MAPPING / MATCH_SEQUENCE whether TOS is one, keeping TOS; MATCH_KEYS:
            // subject, keys -> subject, keys, values or None; MATCH_CLASS (oparg: the
            // positional sub-patterns): subject, class, keyword names -> attributes or None.
            GET_LEN 0 |_a| (1, 2) {NO_ARG} [_GET_LEN];
            MATCH_MAPPING 0 |_a| (1, 2) {NO_ARG} [_MATCH_MAPPING];
            MATCH_SEQUENCE 0 |_a| (1, 2) {NO_ARG} [_MATCH_SEQUENCE];
            MATCH_KEYS 0 |_a| (2, 3) {NO_ARG} [_MATCH_KEYS];
            MATCH_CLASS 0 |_a| (3, 1) {} [_MATCH_CLASS];
            // async: `await x` is `GET_AWAITABLE` and the `yield from` loop (the oparg says
            // where the awaitable came from, for the error: 1 `__aenter__`, 2 `__aexit__`).
            GET_AWAITABLE 0 |_a| (1, 1) {} [_GET_AWAITABLE] oparg Oparg::Range(0, 2);
            // `async for`: the iterator of `__aiter__`; then, each round, the awaitable of
            // its `__anext__()` (the iterator stays); the loop's handler ends the loop on
            // `StopAsyncIteration` (stack: aiter, exc) and re-raises anything else.
            GET_AITER 0 |_a| (1, 1) {NO_ARG} [_GET_AITER];
            GET_ANEXT 0 |_a| (1, 2) {NO_ARG} [_GET_ANEXT];
            END_ASYNC_FOR 0 |_a| (2, 0) {NO_ARG} [_END_ASYNC_FOR];
            // `async with`: pushes `__aexit__` (bound) then `__aenter__()`, awaited next.
            BEFORE_ASYNC_WITH 0 |_a| (1, 2) {NO_ARG} [_BEFORE_ASYNC_WITH];
        }
    };
}

/// Invokes `$m!` with the specialization families: `HEAD: SPECIALIZED, ...;`. A specialized
/// instruction has its head's cache layout and stack effect, and falls back to the head when
/// a guard fails (deoptimization).
macro_rules! for_each_family {
    ($m:ident) => {
        $m! {
            LOAD_GLOBAL: LOAD_GLOBAL_MODULE, LOAD_GLOBAL_BUILTIN;
            LOAD_ATTR: LOAD_ATTR_INSTANCE_VALUE, LOAD_ATTR_METHOD_WITH_VALUES, LOAD_ATTR_MODULE,
                LOAD_ATTR_METHOD_NATIVE, LOAD_ATTR_CLASS_METHOD;
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
                COMPARE_OP_FLOAT_JUMP, COMPARE_OP_STR_JUMP,
                // objs:
                COMPARE_OP_USER;
            CONTAINS_OP: CONTAINS_OP_DICT, CONTAINS_OP_SET,
                // objs:
                CONTAINS_OP_SEQ;
            FOR_ITER: FOR_ITER_RANGE, FOR_ITER_LIST, FOR_ITER_TUPLE, FOR_ITER_GEN;
            UNPACK_SEQUENCE: UNPACK_SEQUENCE_TWO_TUPLE, UNPACK_SEQUENCE_TUPLE, UNPACK_SEQUENCE_LIST;
            CALL: CALL_PY_EXACT_ARGS, CALL_BOUND_METHOD_EXACT_ARGS, CALL_PY_WITH_DEFAULTS,
                CALL_LEN, CALL_ISINSTANCE,
                CALL_LIST_APPEND, CALL_SET_ADD, CALL_BUILTIN, CALL_ALLOC_AND_ENTER_INIT,
                CALL_BUILTIN_CLASS, CALL_TUPLE_LIST_1, CALL_GEN_RESUME;
        }
    };
}

/// Invokes `$m!` with the super-instructions: `FUSED = FIRST + SECOND;`. A pair of simple
/// instructions is fused when a code object is built (`bytecode::quicken`): the first is
/// rewritten to the fused form, the second stays in place as its "cache" unit.
macro_rules! for_each_super {
    ($m:ident) => {
        $m! {
            LOAD_FAST_LOAD_FAST = LOAD_FAST + LOAD_FAST;
            LOAD_FAST_LOAD_CONST = LOAD_FAST + LOAD_CONST;
            LOAD_CONST_LOAD_FAST = LOAD_CONST + LOAD_FAST;
            STORE_FAST_LOAD_FAST = STORE_FAST + LOAD_FAST;
            STORE_FAST_STORE_FAST = STORE_FAST + STORE_FAST;
        }
    };
}

macro_rules! define_supers {
    ($($fused:ident = $first:ident + $second:ident;)*) => {
        impl Op {
            /// The super-instruction of `first` followed by `second`, if there is one.
            pub fn super_of(first: Op, second: Op) -> Option<Op> {
                match (first, second) {
                    $((Op::$first, Op::$second) => Some(Op::$fused),)*
                    _ => None,
                }
            }

            /// The instruction a super-instruction starts with (itself for every other
            /// instruction).
            pub fn unfused(self) -> Op {
                match self {
                    $(Op::$fused => Op::$first,)*
                    other => other,
                }
            }

            /// The pair a super-instruction fuses, if it is one.
            pub const fn fused_pair(self) -> Option<(Op, Op)> {
                match self {
                    $(Op::$fused => Some((Op::$first, Op::$second)),)*
                    _ => None,
                }
            }
        }
    };
}

macro_rules! define_families {
    ($($head:ident: $($spec:ident),+;)*) => {
        impl Op {
            /// The generic instruction of a specialized one (itself for everything else).
            #[inline]
            pub const fn family_head(self) -> Op {
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

/// The jump effect of a uop: the one the table declares after `/`, else its plain effect.
macro_rules! jump_or_plain {
    ($plain:expr) => {
        $plain
    };
    ($plain:expr, $jump:expr) => {
        $jump
    };
}

macro_rules! define_uops {
    ($($name:ident |$a:ident| ($pops:expr, $pushes:expr) $(/ ($jpops:expr, $jpushes:expr))? {$($f:ident)|*} $(replaces [$($from:ident),*])?;)*) => {
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

            /// The uop's flags and roles (see [`Flags`]). (A table lookup: the executor reads
            /// flags at run time.)
            #[inline(always)]
            pub const fn flags(self) -> Flags {
                const FLAGS: &[Flags] = &[$(table_flags!($($f)|*)),*];
                FLAGS[self as usize]
            }

            /// The uops the trace optimizer may put this one in the place of (same stack
            /// effect and operands; it may leave through the instruction's guard exit where
            /// they did not).
            pub fn replaces(self) -> &'static [Uop] {
                match self { $(Uop::$name => &[$($(Uop::$from),*)?],)* }
            }

            /// Stack effect as (inputs, outputs) for an oparg (the instruction's, or for a
            /// `_NEXT` uop the following unit's): the uop reads its inputs from the top of
            /// the stack and leaves its outputs in their place.
            #[allow(clippy::identity_op, reason = "the table spells effects uniformly")]
            pub fn stack_effect(self, oparg: u32) -> (u32, u32) {
                match self { $(Uop::$name => { let $a = oparg; let _ = $a; ($pops, $pushes) })* }
            }

            /// Stack effect as (inputs, outputs) when the uop jumps (flag `JUMP`): differs
            /// from [`Uop::stack_effect`] only for the loop heads, which pop the exhausted
            /// iterator.
            #[allow(clippy::identity_op, reason = "the table spells effects uniformly")]
            pub fn jump_effect(self, oparg: u32) -> (u32, u32) {
                match self {
                    $(Uop::$name => {
                        let $a = oparg;
                        let _ = $a;
                        jump_or_plain!(($pops, $pushes) $(, ($jpops, $jpushes))?)
                    })*
                }
            }
        }
    };
}

macro_rules! define_ops {
    ($($name:ident $cache:literal |$a:ident| ($pops:expr, $pushes:expr) {$($f:ident)|*} [$($uop:ident),*] $(oparg $kind:expr)?;)*) => {
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
                } else if self.own_flags().contains(Flags::FUSED) {
                    2
                } else {
                    1
                }
            }

            /// The instruction's own flags (see [`Flags`]).
            #[inline(always)]
            pub const fn own_flags(self) -> Flags {
                const FLAGS: &[Flags] = &[$(table_flags!($($f)|*)),*];
                FLAGS[self as usize]
            }

            /// Flags of the instruction: its own plus the union of its uops'.
            pub const fn flags(self) -> Flags {
                let uops = self.uops();
                let mut f = self.own_flags();
                let mut i = 0;
                while i < uops.len() {
                    f = f.union(uops[i].flags());
                    i += 1;
                }
                f
            }

            /// Whether the instruction is a two-way branch that runs no other code: it falls
            /// through or jumps to its one target, neither changing frames nor escaping.
            pub const fn is_branch(self) -> bool {
                self.flags().is_branch()
            }

            /// The uops the instruction is made of, in execution order.
            pub const fn uops(self) -> &'static [Uop] {
                match self { $(Op::$name => &[$(Uop::$uop),*],)* }
            }

            /// Stack effect as (items popped, items pushed) for an oparg.
            #[allow(clippy::identity_op, reason = "the table spells effects uniformly")]
            pub fn stack_effect(self, oparg: u32) -> (u32, u32) {
                match self { $(Op::$name => { let $a = oparg; let _ = $a; ($pops, $pushes) })* }
            }

            /// What the oparg means: the table's `oparg` clause, else what the
            /// instruction's own flags say ([`Oparg::of_flags`]).
            pub const fn oparg(self) -> Oparg {
                match self { $(Op::$name => oparg_or_flags!(self $(, $kind)?),)* }
            }

            /// The table's text as it bears on what an opcode number means in a bytecode
            /// image: every instruction's name (its number is its position), cache size,
            /// stack effect, flags and oparg clause.
            const TABLE_TEXT: &'static str = concat!($(
                stringify!($name $cache |$a| ($pops, $pushes) {$($f)|*} $(oparg $kind)?), ";",
            )*);

            /// A hash of [`Op::TABLE_TEXT`] (32-bit FNV-1a): a bytecode image records it, and
            /// a VM whose table differs refuses the image (its opcode numbers may mean other
            /// instructions).
            pub const TABLE_HASH: u32 = fnv1a32(Op::TABLE_TEXT.as_bytes());
        }
    };
}

/// The oparg kind an `oparg` clause gives, else the instruction's flags.
macro_rules! oparg_or_flags {
    ($op:expr) => {
        Oparg::of_flags($op.own_flags())
    };
    ($op:expr, $kind:expr) => {
        $kind
    };
}

/// 32-bit FNV-1a (for [`Op::TABLE_HASH`]).
const fn fnv1a32(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811C_9DC5;
    let mut i = 0;
    while i < bytes.len() {
        h ^= bytes[i] as u32;
        h = h.wrapping_mul(0x0100_0193);
        i += 1;
    }
    h
}

/// The largest oparg (24 bits: a unit is `opcode | oparg << 8`).
pub const MAX_OPARG: u32 = (1 << 24) - 1;

/// What an instruction's oparg means, and so which values are valid: what the image
/// verifier (`bytecode::verify`) checks. The table gives it in an `oparg` clause where the
/// instruction's flags do not say it ([`Op::oparg`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Oparg {
    /// Means nothing (flag `NO_ARG`): 0.
    Zero,
    /// A number of stack items the instruction pops or pushes: any value, bounded by the
    /// stack analysis.
    Count,
    /// A value in `lo..=hi`.
    Range(u32, u32),
    /// One of these values.
    OneOf(&'static [u32]),
    /// A jump target (flag `JUMP`): the offset of an instruction.
    Jump,
    /// Indexes `consts` (flag `CONST`).
    Const,
    /// Indexes `names` (flag `NAME`).
    Name,
    /// `name << 1 | bit`: `oparg >> 1` indexes `names`.
    NameAndBit,
    /// Indexes the fast locals (flag `LOCAL`).
    Local,
    /// Indexes the cell variables (`MAKE_CELL`).
    Cell,
    /// Indexes the cell and free variables (flag `FREE`).
    CellOrFree,
    /// The number of free variables (`COPY_FREE_VARS`).
    FreeCount,
    /// A [`BinaryOp`] number, in-place forms included.
    BinaryOp,
    /// A [`CompareOp`] number, maybe with [`COMPARE_TO_BOOL`].
    CompareOp,
    /// An [`Intrinsic`] number.
    Intrinsic,
    /// `FORMAT_VALUE`'s conversion (0 to 3), plus 4 when a format spec is on the stack.
    Conversion,
    /// `MAKE_FUNCTION`'s flags: 1 defaults, 2 keyword defaults, 4 annotations, 8 closure.
    FunctionFlags,
    /// 0, or (up to the bound) the position of a stack item below the instruction's
    /// inputs that it reads (`RERAISE`'s `lasti`): the stack holds it.
    Below(u32),
    /// Indexes the executor table, which exists only at run time (`ENTER_EXECUTOR`): never
    /// in an image.
    Executor,
}

impl Oparg {
    /// The kind an instruction's own flags give: a jump target, a constant, a name, a
    /// local, a cell or free variable, nothing (`NO_ARG`), else a count of stack items.
    pub const fn of_flags(f: Flags) -> Oparg {
        if f.contains(Flags::JUMP) {
            Oparg::Jump
        } else if f.contains(Flags::CONST) {
            Oparg::Const
        } else if f.contains(Flags::NAME) {
            Oparg::Name
        } else if f.contains(Flags::LOCAL) {
            Oparg::Local
        } else if f.contains(Flags::FREE) {
            Oparg::CellOrFree
        } else if f.contains(Flags::NO_ARG) {
            Oparg::Zero
        } else {
            Oparg::Count
        }
    }
}

impl Op {
    /// Whether the code generator emits this instruction, so a bytecode image may hold it:
    /// not a specialized form or a super-instruction (the specializer and the quickener
    /// write those at run time) nor tier 2's `ENTER_EXECUTOR`.
    pub fn in_images(self) -> bool {
        !self.is_specialized()
            && self.fused_pair().is_none()
            && !matches!(self.oparg(), Oparg::Executor)
    }

    /// The instruction as the code generator emitted it: the generic form of a specialized
    /// instruction, the first half of a super-instruction (an installed executor's
    /// original instruction is in the code's executor table).
    pub fn as_compiled(self) -> Op {
        self.unfused().family_head()
    }
}

// The interpreter's and the JIT helpers' tables expand from the lists as `crate::for_each_*!`.
pub(crate) use {for_each_op, for_each_uop};

for_each_uop!(define_uops);
for_each_op!(define_ops);
for_each_family!(define_families);
for_each_super!(define_supers);

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
    /// Marks the value an asynchronous generator's `yield` is about to give as its own
    /// (not one an `await` passes up); pushes the value unchanged.
    AsyncGenWrap = 5,
    /// Gives the set on top (a display of three or more constants) the order CPython's has:
    /// CPython folds such a display into a frozenset constant, rebuilds it when it merges
    /// the code's constants, and copies it into the new set.
    FoldedSetOrder = 6,
    /// Gives the set on top (a loop's iterable: a display of constants) the order of
    /// CPython's frozenset constant, which the loop walks directly.
    FoldedFrozenSetOrder = 7,
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
            5 => Intrinsic::AsyncGenWrap,
            6 => Intrinsic::FoldedSetOrder,
            7 => Intrinsic::FoldedFrozenSetOrder,
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
            if op.own_flags().contains(Flags::SPECIALIZE) {
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
            assert!(
                head.own_flags().contains(Flags::SPECIALIZE),
                "{}",
                op.name()
            );
            assert!(head.family_members().contains(op), "{}", op.name());
            assert_eq!(op.cache_units(), head.cache_units(), "{}", op.name());
            if !op.own_flags().contains(Flags::FUSED) {
                for a in [0, 1, 2, 3, 7] {
                    assert_eq!(op.stack_effect(a), head.stack_effect(a), "{}", op.name());
                }
            }
            assert!(
                !op.uops()[0].flags().contains(Flags::SPECIALIZE),
                "{}",
                op.name()
            );
        }
        for op in Op::ALL {
            if op.own_flags().contains(Flags::SPECIALIZE) {
                assert_eq!(op.uops()[0], Uop::_SPECIALIZE, "{}", op.name());
                assert!(!op.family_members().is_empty(), "{}", op.name());
            }
        }
    }

    /// Opargs that exercise every oparg-dependent effect of the table.
    const OPARGS: &[u32] = &[0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 1 | (2 << 8), 3 | (1 << 8)];

    /// The effect of running `uops` in order, each with `oparg`: (inputs, outputs).
    fn composed(uops: &[Uop], oparg: u32) -> (u32, u32) {
        let (mut depth, mut lowest) = (0i64, 0i64);
        for u in uops {
            let (pops, pushes) = u.stack_effect(oparg);
            depth -= pops as i64;
            lowest = lowest.min(depth);
            depth += pushes as i64;
        }
        ((-lowest) as u32, (depth - lowest) as u32)
    }

    #[test]
    fn every_instruction_is_the_composition_of_its_uops_effects() {
        for op in Op::ALL {
            for &a in OPARGS {
                assert_eq!(
                    composed(op.uops(), a),
                    op.stack_effect(a),
                    "{} with oparg {a}: {:?}",
                    op.name(),
                    op.uops()
                );
            }
        }
    }

    #[test]
    fn roles_agree_with_effects_and_flags() {
        for &u in Uop::ALL {
            let f = u.flags();
            let name = u.name();
            if f.contains(Flags::CHECK) {
                assert!(
                    f.intersects(Flags::DEOPT | Flags::EXIT),
                    "{name}: a check leaves"
                );
                for &a in OPARGS {
                    let (pops, pushes) = u.stack_effect(a);
                    assert_eq!(pops, pushes, "{name}: a check leaves the stack as it is");
                }
            }
            if f.contains(Flags::SPLIT) {
                assert!(
                    f.contains(Flags::DEOPT),
                    "{name}: a split action keeps an exit"
                );
            }
            if f.contains(Flags::VALUE_CHECK) {
                assert!(
                    f.contains(Flags::SPLIT),
                    "{name}: a value check is a split action"
                );
            }
            if !f.contains(Flags::JUMP) {
                for &a in OPARGS {
                    assert_eq!(u.jump_effect(a), u.stack_effect(a), "{name} cannot jump");
                }
            }
            if f.contains(Flags::PURE) {
                assert!(!f.intersects(Flags::ESCAPES | Flags::FRAME), "{name}");
            }
        }
    }

    #[test]
    fn super_instructions_run_their_pair() {
        for &op in Op::ALL {
            let Some((first, second)) = op.fused_pair() else {
                continue;
            };
            assert!(op.own_flags().contains(Flags::FUSED), "{}", op.name());
            assert_eq!(
                op.cache_units(),
                1,
                "{}: the second half is its cache",
                op.name()
            );
            assert_eq!(
                first.cache_units() + second.cache_units(),
                0,
                "{}",
                op.name()
            );
            assert_eq!(op.uops()[0], first.uops()[0], "{}", op.name());
            assert_eq!(op.uops().len(), 2, "{}", op.name());
            let net = |o: Op| {
                let (pops, pushes) = o.stack_effect(1);
                pushes as i64 - pops as i64
            };
            assert_eq!(net(op), net(first) + net(second), "{}", op.name());
            assert_eq!(op.unfused(), first);
            assert_eq!(Op::super_of(first, second), Some(op));
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
