//! `asyncio.sleep_ms` (MicroPython's spelling of `asyncio.sleep(ms / 1000)`) on the host:
//! it waits as long as it says, returns `None`, and timers fire in the order they are due.

mod support;

use support::run;

#[test]
fn sleep_ms_waits_milliseconds() {
    let script = "\
import asyncio, time
order = []
async def tick(name, ms):
    r = await asyncio.sleep_ms(ms)
    order.append((name, r))
async def main():
    t0 = time.monotonic()
    await asyncio.sleep_ms(120)
    t1 = time.monotonic()
    await asyncio.gather(tick('b', 60), tick('a', 20), tick('z', 0))
    print(0.12 <= t1 - t0 < 2, order, 'sleep_ms' in asyncio.__all__)
asyncio.run(main())
try:
    asyncio.run(asyncio.sleep_ms('x'))
except TypeError as e:
    print(type(e).__name__, e)
";
    let out = run(&["-c", script], "");
    assert_eq!(out.stderr, "");
    assert_eq!(
        out.stdout,
        "True [('z', None), ('a', None), ('b', None)] True\n\
         TypeError unsupported operand type(s) for /: 'str' and 'int'\n"
    );
}
