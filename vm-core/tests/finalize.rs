//! Collection-time finalization of generators: an unreachable generator suspended inside
//! `try`/`with` is closed (its `finally` runs) once, whichever way it was dropped.

use vm_core::{BufferHost, Config, Vm};

fn vm() -> Vm {
    let config = Config {
        heap_limit: 64 << 20,
        ..Config::default()
    };
    Vm::new(config, Box::new(BufferHost::default())).expect("VM")
}

/// Runs `src` and returns `str(result)` (the host's buffer is behind a trait object).
fn result_of(vm: &mut Vm, src: &str) -> String {
    let r = vm.run_source(src, "t.py");
    assert!(r.is_ok(), "{r:?}");
    match vm.get_global("result") {
        Some(v) => vm.display(v.get()),
        None => String::new(),
    }
}

const GEN: &str = "
log = []
def gen(name):
    try:
        yield 1
        yield 2
    finally:
        log.append(name)
";

#[test]
fn break_and_exception_close_at_once() {
    let mut vm = vm();
    let src = format!(
        "{GEN}
for v in gen('a'):
    break
seen_a = list(log)
try:
    for v in gen('b'):
        raise KeyError
except KeyError:
    seen_b = list(log)
result = (seen_a, seen_b)
"
    );
    assert_eq!(result_of(&mut vm, &src), "(['a'], ['a', 'b'])");
}

#[test]
fn a_generator_still_referenced_is_not_closed() {
    let mut vm = vm();
    let src = format!(
        "{GEN}
it = gen('kept')
for v in it:
    break
result = (log, next(it))
"
    );
    assert_eq!(result_of(&mut vm, &src), "([], 2)");
}

#[test]
fn a_dropped_reference_is_closed_by_a_later_collection() {
    let mut vm = vm();
    let src = format!(
        "{GEN}
g = gen('late')
next(g)
g = None
junk = [[i] for i in range(300000)]
result = log
"
    );
    assert_eq!(result_of(&mut vm, &src), "['late']");
}

#[test]
fn finalized_once_even_if_close_fails() {
    let mut vm = vm();
    let src = "
count = [0]
def stubborn():
    while True:
        try:
            yield 1
        except GeneratorExit:
            count[0] += 1
for v in stubborn():
    break
junk = [[i] for i in range(300000)]
junk = [[i] for i in range(300000)]
result = count[0]
";
    assert_eq!(result_of(&mut vm, src), "1");
}

#[test]
fn many_abandoned_generators_with_a_large_heap_are_all_closed() {
    let mut vm = vm();
    let src = "
closed = [0]
def gen():
    try:
        yield 1
    finally:
        closed[0] += 1
big = [list(range(50)) for _ in range(2000)]
for i in range(5000):
    for v in gen():
        break
junk = [[i] for i in range(300000)]
result = closed[0]
";
    assert_eq!(result_of(&mut vm, src), "5000");
}

#[test]
fn dropped_coroutines_and_async_generators_are_closed() {
    let mut vm = vm();
    let src = "
log = []
class Step:
    def __await__(self):
        yield
async def coro(name):
    try:
        await Step()
    finally:
        log.append(name)
async def agen(name):
    try:
        yield 1
        yield 2
    finally:
        log.append(name)
c = coro('coroutine')
c.send(None)
c = None
a = agen('async generator')
try:
    a.__anext__().send(None)
except StopIteration:
    pass
a = None
junk = [[i] for i in range(300000)]
result = sorted(log)
";
    assert_eq!(result_of(&mut vm, src), "['async generator', 'coroutine']");
}
