//! Reads live objects through the exported offsets, as machine code will, and compares
//! with what the VM's own accessors say.

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

use super::*;
use crate::interp::frame::{FrameRef, OnReturn};
use crate::jit::helpers::HelperContext;
use crate::object::types::Obj;
use crate::object::value::ObjRef;
use crate::vm::{BufferHost, Config, Vm};

fn vm() -> Vm {
    Vm::new(Config::default(), Box::new(BufferHost::default())).expect("VM")
}

/// Reads a `T` at `offset` bytes past `base`.
///
/// # Safety
/// `base + offset` holds an initialized, aligned `T`.
unsafe fn read<T: Copy>(base: *const u8, offset: usize) -> T {
    // SAFETY: forwarded from the caller.
    unsafe { base.add(offset).cast::<T>().read() }
}

/// The address of object `r`, found as machine code finds it: arena items pointer plus
/// index times the slot size.
fn slot(vm: &mut Vm, r: ObjRef) -> *const u8 {
    let cx = HelperContext::new(vm, core::ptr::null_mut());
    // SAFETY: the arena pointer is live (the VM is), and a `FixedVec` holds its items
    // pointer at `ITEMS_PTR`; `r` indexes a slot inside it.
    unsafe {
        let items: *const u8 = read(cx.objs().cast(), ITEMS_PTR);
        items.add(r.index() * OBJ_SIZE)
    }
}

fn obj_ref(v: Value) -> ObjRef {
    v.as_obj().expect("an object")
}

fn global(vm: &mut Vm, name: &str) -> Value {
    vm.get_global(name).expect("defined").get()
}

/// The values of a `FixedVec` or `FixedBox` at `at`.
///
/// # Safety
/// `at` holds a live `FixedVec<Value>` or `FixedBox<Value>`.
unsafe fn items(at: *const u8) -> Vec<Value> {
    // SAFETY: forwarded from the caller: pointer and length at the exported offsets.
    unsafe {
        let ptr: *const Value = read(at, ITEMS_PTR);
        let len: usize = read(at, ITEMS_LEN);
        core::slice::from_raw_parts(ptr, len).to_vec()
    }
}

#[test]
fn lists_and_tuples_are_read_through_the_offsets() {
    let mut vm = vm();
    vm.run_source("l = [1, 2.5, None]\nl.append(7)\nt = (4, 5)\n", "<t>")
        .unwrap();
    let int = |i| Value::small_int(i).unwrap();
    for (name, tag_byte, expect) in [
        (
            "l",
            tag::LIST,
            vec![int(1), Value::float(2.5), Value::NONE, int(7)],
        ),
        ("t", tag::TUPLE, vec![int(4), int(5)]),
    ] {
        let r = obj_ref(global(&mut vm, name));
        let at = slot(&mut vm, r);
        // SAFETY: `at` is a live object: its tag byte, then its items at the payload.
        unsafe {
            assert_eq!(read::<u8>(at, OBJ_TAG), tag_byte, "{name}");
            assert_eq!(items(at.add(OBJ_PAYLOAD)), expect, "{name}");
        }
    }
}

#[test]
fn cells_are_read_through_the_offsets() {
    let mut vm = vm();
    let src = "def mk():\n    x = 41\n    def g():\n        return x\n    return g\nc = mk().__closure__[0]\n";
    vm.run_source(src, "<t>").unwrap();
    let r = obj_ref(global(&mut vm, "c"));
    let at = slot(&mut vm, r);
    // SAFETY: `at` is a live cell: its tag byte, then its value.
    unsafe {
        assert_eq!(read::<u8>(at, OBJ_TAG), tag::CELL);
        assert_eq!(read::<Value>(at, CELL_VALUE), Value::small_int(41).unwrap());
    }
}

#[test]
fn a_modules_dict_is_read_through_the_offsets() {
    let mut vm = vm();
    vm.run_source("import math\n", "<t>").unwrap();
    let r = obj_ref(global(&mut vm, "math"));
    let Obj::Module(m) = vm.heap.get(r) else {
        panic!("a module")
    };
    let dict = m.dict;
    let at = slot(&mut vm, r);
    // SAFETY: `at` is a live module: its tag byte, then its boxed record at the payload.
    unsafe {
        assert_eq!(read::<u8>(at, OBJ_TAG), tag::MODULE);
        let rec: *const u8 = read(at, OBJ_PAYLOAD);
        assert_eq!(read::<u32>(rec, MODULE_DICT), dict.0);
    }
}

#[test]
fn instances_classes_and_dicts_are_read_through_the_offsets() {
    let mut vm = vm();
    let src =
        "class P:\n    def __init__(s):\n        s.a = 1\n        s.b = 2.5\np = P()\nd = {1: 2}\n";
    vm.run_source(src, "<t>").unwrap();
    let (p, class, d) = (
        global(&mut vm, "p"),
        global(&mut vm, "P"),
        global(&mut vm, "d"),
    );
    let (pr, cr, dr) = (obj_ref(p), obj_ref(class), obj_ref(d));
    let (at, class_at, dict_at) = (slot(&mut vm, pr), slot(&mut vm, cr), slot(&mut vm, dr));
    let Obj::Class(c) = vm.heap.get(cr) else {
        panic!("a class")
    };
    let version = c.version.get();
    let shape_path: Vec<u32> = c.shape_path.to_vec();
    assert_eq!(shape_path.len(), 2);
    // The cached plain-attribute answer, computed as a shape guard asks for it.
    assert!(vm.class_attrs_plain(c, cr));
    let Obj::Dict(dict) = vm.heap.get(dr) else {
        panic!("a dict")
    };
    let keys_version = dict.keys_version;
    // SAFETY: live objects of the tags checked first; each boxed record's pointer sits at
    // the payload.
    unsafe {
        assert_eq!(read::<u8>(at, OBJ_TAG), tag::INSTANCE);
        let inst: *const u8 = read(at, OBJ_PAYLOAD);
        assert_eq!(read::<u32>(inst, INSTANCE_CLASS), cr.0);
        let slots = items(inst.add(INSTANCE_VALUES));
        assert_eq!(slots, [Value::small_int(1).unwrap(), Value::float(2.5)]);
        assert_eq!(read::<u8>(class_at, OBJ_TAG), tag::CLASS);
        let rec: *const u8 = read(class_at, OBJ_PAYLOAD);
        assert_eq!(read::<u32>(rec, CLASS_VERSION), version);
        let path = rec.add(CLASS_SHAPE_PATH);
        let path_ptr: *const u32 = read(path, ITEMS_PTR);
        let path_len: usize = read(path, ITEMS_LEN);
        assert_eq!(core::slice::from_raw_parts(path_ptr, path_len), shape_path);
        assert_eq!(read::<u32>(rec, CLASS_ATTR_PLAIN_VERSION), version);
        assert_eq!(read::<u8>(rec, CLASS_ATTR_PLAIN), 1);
        assert_eq!(read::<u8>(dict_at, OBJ_TAG), tag::DICT);
        let rec: *const u8 = read(dict_at, OBJ_PAYLOAD);
        assert_eq!(read::<u32>(rec, DICT_KEYS_VERSION), keys_version);
    }
}

#[test]
fn the_class_lookup_cache_is_read_through_the_context() {
    let mut vm = vm();
    let src = "class P:\n    def m(self):\n        return 1\n";
    vm.run_source(src, "<t>").unwrap();
    let cr = obj_ref(global(&mut vm, "P"));
    let name = vm.intern("m").unwrap();
    let found = vm.class_lookup(cr, name).expect("P.m");
    let Obj::Class(c) = vm.heap.get(cr) else {
        panic!("a class")
    };
    let version = c.version.get();
    let slot = crate::vm::class_lookup_slot(version, name);
    assert!(slot < LOOKUP_SLOTS);
    let cx = HelperContext::new(&mut vm, core::ptr::null_mut());
    // SAFETY: the cache is live in the VM; `LOOKUP_SLOTS` entries of `LOOKUP_SIZE` bytes.
    unsafe {
        let ctx = (&raw const cx).cast::<u8>();
        let cache: *const u8 = read(ctx, crate::jit::helpers::CTX_CLASS_LOOKUPS);
        let entry = cache.add(slot * LOOKUP_SIZE);
        assert_eq!(read::<u32>(entry, LOOKUP_VERSION), version);
        assert_eq!(read::<Value>(entry, LOOKUP_NAME), name);
        assert_eq!(read::<Value>(entry, LOOKUP_FOUND), found);
    }
}

#[test]
fn a_small_sets_entries_are_read_through_the_offsets() {
    let mut vm = vm();
    vm.run_source("s = {3, 1, 2}\ns.discard(1)\nf = frozenset([5])\n", "<t>")
        .unwrap();
    let (s, f) = (global(&mut vm, "s"), global(&mut vm, "f"));
    let (at, frozen_at) = (slot(&mut vm, obj_ref(s)), slot(&mut vm, obj_ref(f)));
    // SAFETY: live sets (tags checked first); the box's pointer sits at the payload, the
    // table's entries are `ENTRY_SIZE` bytes apart.
    unsafe {
        assert_eq!(read::<u8>(at, OBJ_TAG), tag::SET);
        let set: *const u8 = read(at, OBJ_PAYLOAD);
        assert_eq!(read::<u8>(set, SET_FROZEN), 0);
        let table = set.add(SET_TABLE);
        assert_eq!(read::<usize>(table, DICT_LEN), 2);
        assert_eq!(read::<usize>(table.add(DICT_INDICES), ITEMS_LEN), 0);
        let entries = table.add(DICT_ENTRIES);
        let ptr: *const u8 = read(entries, ITEMS_PTR);
        let len: usize = read(entries, ITEMS_LEN);
        assert_eq!(len, 3);
        let keys: Vec<Value> = (0..len)
            .map(|i| read(ptr.add(i * ENTRY_SIZE), ENTRY_KEY))
            .collect();
        // The discarded element's entry stays, deleted (`UNDEF`), until a rebuild.
        assert_eq!(
            keys,
            [
                Value::small_int(3).unwrap(),
                Value::UNDEF,
                Value::small_int(2).unwrap()
            ]
        );
        assert_eq!(read::<u64>(ptr, ENTRY_HASH), 3);
        assert_eq!(read::<Value>(ptr, ENTRY_VALUE), Value::NONE);
        assert_eq!(read::<u8>(frozen_at, OBJ_TAG), tag::SET);
        let frozen: *const u8 = read(frozen_at, OBJ_PAYLOAD);
        assert_eq!(read::<u8>(frozen, SET_FROZEN), 1);
    }
}

#[test]
fn iterators_are_read_through_the_offsets() {
    let mut vm = vm();
    let src = "l = [1, 2, 3]\nli = iter(l)\nnext(li)\nri = iter(range(10, 40, 3))\nnext(ri)\n";
    vm.run_source(src, "<t>").unwrap();
    let l = obj_ref(global(&mut vm, "l"));
    let li = obj_ref(global(&mut vm, "li"));
    let ri = obj_ref(global(&mut vm, "ri"));
    let (li_at, ri_at) = (slot(&mut vm, li), slot(&mut vm, ri));
    // SAFETY: live iterator objects; their fields at the exported offsets.
    unsafe {
        assert_eq!(read::<u8>(li_at, OBJ_TAG), tag::LIST_ITER);
        assert_eq!(read::<u32>(li_at, LIST_ITER_LIST), l.0);
        assert_eq!(read::<usize>(li_at, LIST_ITER_INDEX), 1);
        assert_eq!(read::<u8>(ri_at, OBJ_TAG), tag::RANGE_ITER);
        let fields: [i64; 3] = [
            read(ri_at, RANGE_ITER_NEXT),
            read(ri_at, RANGE_ITER_STOP),
            read(ri_at, RANGE_ITER_STEP),
        ];
        assert_eq!(fields, [13, 40, 3]);
    }
}

#[test]
fn the_stack_frames_and_words_are_read_through_the_context() {
    let mut vm = vm();
    vm.set_fuel(Some(1000));
    vm.start_fuel();
    vm.stack.push(Value::small_int(5).unwrap());
    vm.stack.push(Value::TRUE);
    vm.signals().interrupt();
    vm.gen_collect = GenCollect {
        frame: 3,
        target: Value::small_int(-7).unwrap(),
    };
    let cx = HelperContext::new(&mut vm, core::ptr::null_mut());
    // SAFETY: the VM is live and unborrowed while the pointers are read.
    unsafe {
        let ctx = (&raw const cx).cast::<u8>();
        let collect: *const u8 = read(ctx, crate::jit::helpers::CTX_GEN_COLLECT);
        assert_eq!(read::<usize>(collect, GEN_COLLECT_FRAME), 3);
        assert_eq!(
            read::<Value>(collect, GEN_COLLECT_TARGET),
            Value::small_int(-7).unwrap()
        );
        let stack = cx.stack().cast::<u8>().cast_const();
        let ptr: *const Value = read(stack, STACK_ITEMS);
        let len: usize = read(stack, STACK_LEN);
        let top = core::slice::from_raw_parts(ptr, len);
        assert_eq!(
            &top[len - 2..],
            &[Value::small_int(5).unwrap(), Value::TRUE]
        );
        assert_ne!(read::<u8>(cx.signals().cast(), 0), 0);
        assert_eq!(*cx.fuel(), 1000);
        let frames = cx.frames().cast::<u8>().cast_const();
        assert_eq!(read::<usize>(frames, ITEMS_LEN), 0);
    }
    // The clock reads "due" exactly when the heap says so, before and after allocating
    // until a collection is due.
    for _ in 0..2 {
        let due = vm.heap.wants_collection();
        let cx = HelperContext::new(&mut vm, core::ptr::null_mut());
        // SAFETY: the clock is live in the VM's heap; two `usize`s at the exported offsets.
        let (allocated, next): (usize, usize) = unsafe {
            let clock = cx.gc().cast::<u8>();
            (read(clock, GC_ALLOCATED), read(clock, GC_NEXT))
        };
        assert!(next > 0);
        assert_eq!(allocated >= next, due);
        while !vm.heap.wants_collection() {
            vm.alloc(Obj::List(FixedVec::new())).expect("room");
        }
    }
    vm.signals().clear();
}

#[test]
fn frame_records_are_read_through_the_offsets() {
    let mut vm = vm();
    vm.run_source("def f():\n    return 1\n", "<t>").unwrap();
    let f = global(&mut vm, "f");
    let Some(Obj::Function(func)) = vm.obj(f) else {
        panic!("a function")
    };
    let frame = Frame {
        code: func.code.clone(),
        func: f,
        globals: func.globals,
        locals: Value::UNDEF,
        ip: 11,
        lasti: 9,
        base: 3,
        stack_floor: 2,
        on_return: OnReturn::Rust,
        generator: FrameRef::NONE,
        saved_exc: Value::NONE,
        obj: FrameRef::NONE,
    };
    vm.frames.push(frame);
    let cx = HelperContext::new(&mut vm, core::ptr::null_mut());
    // SAFETY: one live frame record at the frames' items pointer.
    unsafe {
        let frames = cx.frames().cast::<u8>().cast_const();
        assert_eq!(read::<usize>(frames, ITEMS_LEN), 1);
        let rec: *const u8 = read(frames, ITEMS_PTR);
        let got: [u32; 4] = [
            read(rec, FRAME_IP),
            read(rec, FRAME_LASTI),
            read(rec, FRAME_BASE),
            read(rec, FRAME_STACK_FLOOR),
        ];
        assert_eq!(got, [11, 9, 3, 2]);
    }
    vm.frames.clear();
}

#[test]
fn a_pushed_call_record_and_its_function_read_as_machine_code_writes_them() {
    let mut vm = vm();
    vm.run_source("def f(a):\n    return a\n", "<t>").unwrap();
    let f = global(&mut vm, "f");
    let Some(Obj::Function(func)) = vm.obj(f) else {
        panic!("a function")
    };
    let (code, globals) = (func.code.clone(), func.globals);
    let code_bits = alloc::rc::Rc::as_ptr(&code) as usize - 16;
    for on_return in [OnReturn::Push, OnReturn::Init] {
        vm.frames.push(Frame {
            code: code.clone(),
            func: f,
            globals,
            locals: Value::UNDEF,
            ip: 0,
            lasti: 0,
            base: 1,
            stack_floor: 0,
            on_return,
            generator: FrameRef::NONE,
            saved_exc: Value::NONE,
            obj: FrameRef::NONE,
        });
    }
    let cx = HelperContext::new(&mut vm, core::ptr::null_mut());
    // SAFETY: two live frame records at the frames' items pointer; the function's arena
    // slot holds its box.
    unsafe {
        let frames = cx.frames().cast::<u8>().cast_const();
        let first: *const u8 = read(frames, ITEMS_PTR);
        for (i, tag) in [ON_RETURN_PUSH, ON_RETURN_INIT].into_iter().enumerate() {
            let rec = first.add(i * FRAME_SIZE);
            assert_eq!(read::<u32>(rec, FRAME_ON_RETURN), tag);
            assert_eq!(read::<u32>(rec, FRAME_GENERATOR), FRAME_REF_NONE);
            assert_eq!(read::<u32>(rec, FRAME_OBJ), FRAME_REF_NONE);
            assert_eq!(read::<usize>(rec, FRAME_CODE), code_bits);
            assert_eq!(read::<u64>(rec, FRAME_FUNC), f.bits());
            assert_eq!(read::<u32>(rec, FRAME_GLOBALS), globals.0);
            assert_eq!(read::<u64>(rec, FRAME_LOCALS), Value::UNDEF.bits());
            assert_eq!(read::<u64>(rec, FRAME_SAVED_EXC), Value::NONE.bits());
        }
        let objs = cx.objs().cast::<u8>();
        let arena: *const u8 = read(objs, ITEMS_PTR);
        let slot = arena.add(f.as_obj().unwrap().index() * OBJ_SIZE);
        let function: *const u8 = read(slot, OBJ_PAYLOAD);
        assert_eq!(read::<usize>(function, FUNCTION_CODE), code_bits);
        assert_eq!(read::<u32>(function, FUNCTION_GLOBALS), globals.0);
    }
    assert_ne!(ON_RETURN_PUSH, ON_RETURN_INIT);
    vm.frames.clear();
}

#[test]
fn the_types_by_tag_agree_with_type_of() {
    let mut vm = vm();
    let src = "s = 'abc' * 9\nb = 10 ** 40\nl = [1]\nt = (1, 2)\nd = {}\nr = range(3)\n\
               def f():\n    yield 1\nclass C:\n    def m(self):\n        pass\n\
               bm = C().m\ng = f()\nli = iter(l)\nri = iter(r)\n";
    vm.run_source(src, "<t>").unwrap();
    let mut decided = 0;
    for name in ["s", "b", "l", "t", "d", "r", "f", "bm", "g", "li", "ri"] {
        let v = global(&mut vm, name);
        let cx = HelperContext::new(&mut vm, core::ptr::null_mut());
        // SAFETY: `v` is a live object, whose arena slot begins with its tag byte.
        let tag = unsafe {
            let arena: *const u8 = read(cx.objs().cast::<u8>(), ITEMS_PTR);
            read::<u8>(arena.add(obj_ref(v).index() * OBJ_SIZE), OBJ_TAG)
        };
        let entry = vm.tag_types[usize::from(tag)];
        assert_eq!(entry, vm.type_of(v).0, "{name}: tag {tag}");
        decided += 1;
    }
    assert_eq!(decided, 11);
    // An instance's type is its class, and a class's its metaclass: the table leaves both
    // to the VM.
    assert_eq!(vm.tag_types[usize::from(tag::INSTANCE)], TAG_TYPE_ASK);
    assert_eq!(vm.tag_types[usize::from(tag::CLASS)], TAG_TYPE_ASK);
}

#[test]
fn a_tuple_iterator_reads_through_the_offsets() {
    let mut vm = vm();
    vm.run_source("t = (5, 6, 7)\nit = iter(t)\nnext(it)\n", "<t>")
        .unwrap();
    let (t, it) = (global(&mut vm, "t"), global(&mut vm, "it"));
    let cx = HelperContext::new(&mut vm, core::ptr::null_mut());
    // SAFETY: `it` is a live iterator object over the live tuple `t`; its slot holds the
    // box of its `IterObj`.
    unsafe {
        let arena: *const u8 = read(cx.objs().cast::<u8>(), ITEMS_PTR);
        let slot = arena.add(obj_ref(it).index() * OBJ_SIZE);
        assert_eq!(read::<u8>(slot, OBJ_TAG), tag::ITER);
        let state: *const u8 = read(slot, OBJ_PAYLOAD);
        assert_eq!(read::<u8>(state, 0), ITER_KIND_TUPLE);
        assert_eq!(read::<u32>(state, ITER_TUPLE_SEQ), obj_ref(t).0);
        assert_eq!(read::<usize>(state, ITER_TUPLE_INDEX), 1);
    }
}

#[test]
fn a_closures_cells_read_through_the_offsets() {
    let mut vm = vm();
    vm.run_source(
        "def outer(a, b):\n    def f():\n        return a + b\n    return f\ng = outer(1, 2)\n",
        "<t>",
    )
    .unwrap();
    let g = global(&mut vm, "g");
    let Some(Obj::Function(func)) = vm.obj(g) else {
        panic!("a function")
    };
    let cells: Vec<u64> = func.closure.iter().map(|c| c.bits()).collect();
    assert_eq!(cells.len(), 2);
    let cx = HelperContext::new(&mut vm, core::ptr::null_mut());
    // SAFETY: `g` is a live function whose arena slot holds its box, and the box's closure
    // holds two cells.
    unsafe {
        let arena: *const u8 = read(cx.objs().cast::<u8>(), ITEMS_PTR);
        let slot = arena.add(obj_ref(g).index() * OBJ_SIZE);
        let function: *const u8 = read(slot, OBJ_PAYLOAD);
        assert_eq!(read::<usize>(function, FUNCTION_CLOSURE + ITEMS_LEN), 2);
        let items: *const u8 = read(function, FUNCTION_CLOSURE + ITEMS_PTR);
        assert_eq!(
            [read::<u64>(items, 0), read::<u64>(items, 8)],
            [cells[0], cells[1]]
        );
    }
}

#[test]
fn the_builtins_machine_code_names_have_their_bits() {
    let mut vm = vm();
    let src = "m = list.append\nl = len\ns = type((lambda: (yield))()).send\n";
    vm.run_source(src, "<t>").unwrap();
    let (m, l, s) = (global(&mut vm, "m"), global(&mut vm, "l"), global(&mut vm, "s"));
    assert_eq!(m.bits(), LIST_APPEND_BITS);
    assert_eq!(s.bits(), GENERATOR_SEND_BITS);
    assert!(l.bits() >> VALUE_TAG_SHIFT == VALUE_TAG_NATIVE && l.bits() != m.bits());
}

#[test]
fn a_builtin_on_the_heap_reads_through_the_offsets() {
    fn answer(_: &mut Vm, _: &[Value], _: &[(Value, Value)]) -> crate::vm::PyResult<Value> {
        Ok(Value::int_unchecked(42))
    }
    let mut vm = vm();
    vm.register_function("answer", answer).unwrap();
    vm.run_source("a = answer\n", "<t>").unwrap();
    let a = global(&mut vm, "a");
    let cx = HelperContext::new(&mut vm, core::ptr::null_mut());
    // SAFETY: `a` is a live builtin whose arena slot holds its box.
    unsafe {
        let arena: *const u8 = read(cx.objs().cast::<u8>(), ITEMS_PTR);
        let slot = arena.add(obj_ref(a).index() * OBJ_SIZE);
        assert_eq!(read::<u8>(slot, OBJ_TAG), tag::NATIVE);
        let native: *const u8 = read(slot, OBJ_PAYLOAD);
        let f: crate::object::types::NativeFn = answer;
        assert_eq!(read::<u64>(native, NATIVE_FN), f as usize as u64);
        assert_eq!(read::<u64>(native, NATIVE_BOUND), Value::UNDEF.bits());
    }
}
