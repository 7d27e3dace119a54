//! A build without the `bigint`, `str-methods` and `set-ops` features: ints stay within
//! `i64` (every operation that stays in range gives CPython's result; one that leaves it
//! raises `OverflowError` naming the feature), a left-out `str` or `set` method is an
//! `AttributeError` naming its feature, and a set operator a `TypeError` naming it, while
//! `update`, comparisons and the other set methods stay. Runs in such a build only:
//! `cargo test -p vm-core --no-default-features --features compiler,std --test left_out_features`.

#![cfg(all(
    feature = "compiler",
    not(feature = "bigint"),
    not(feature = "str-methods"),
    not(feature = "set-ops")
))]

use std::cell::RefCell;
use std::rc::Rc;

use vm_core::{Config, Host, Vm};

/// A host whose stdout and stderr go to one shared string.
struct Shared(Rc<RefCell<String>>);

impl Host for Shared {
    fn write_stdout(&mut self, s: &str) {
        self.0.borrow_mut().push_str(s);
    }
    fn write_stderr(&mut self, s: &str) {
        self.0.borrow_mut().push_str(s);
    }
}

/// The program; its first lines are what CPython prints for them too.
const PROGRAM: &str = r#"def err(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ': ' + str(e))

big = 2**62
top = big - 1 + big
low = -big * 2
print(top, low, -top, abs(low + 1), ~top)
print(top // 3, top % 1000, -top // 7, low % 10, divmod(top, -12345))
print(top / 3, low / 7, 1 / top, (big + 1) / big, 0 / -big)
print(pow(3, 200, 1000000007), pow(3, -1, 7), pow(top, top, top - 2), pow(5, 3, -7))
print(hex(top), bin(-2**40), oct(big), hex(low))
print(f"{big:,}", "%d" % top, "%x" % low, format(top, 'x'), repr(low), str(big))
print(int('-9223372036854775808'), int('0x7fffffffffffffff', 16), int(' 1_000 '))
print(big ** 1, 7 ** 22, (-1) ** top, 1 ** top, 0 ** big, 2 ** -2)
print(top >> 3, big << 0, low >> 63, top & 0xff, low | 1, top ^ low)
print(len(range(0, big, 3)), range(0, big, 3)[5:100:7], range(low + 1, 0)[-1])
print(big in range(0, top, 2), range(0, top, 2).index(big), range(7, low, -3)[2])
print(sum(range(10**6)), int(1e18), round(top, -3) if False else 0)
err(lambda: big * 2)
err(lambda: top + 1)
err(lambda: low - 1)
err(lambda: -low)
err(lambda: abs(low))
err(lambda: 2 ** 64)
err(lambda: 7 ** 23)
err(lambda: 1 << 63)
err(lambda: int('9' * 20))
err(lambda: int(1e19))
err(lambda: "%d" % 1e19)
err(lambda: len(range(low, top)))
err(lambda: range(low, top, 1))
err(lambda: big * big)
err(lambda: top // -1 * -1 + 1)
print("a-b".split("-"), "ab".ljust(4) + "|", "x".upper(), "abc".find("c"), "xAy".lower())
err(lambda: "ab".center(6))
err(lambda: "a b".title())
err(lambda: "a=b".partition("="))
err(lambda: str.maketrans("a", "b"))
err(lambda: "ab".nosuch)
s = {1, 2}
t = {3, 1}
t.update({2, 5}, [4])
print(sorted(t), s <= {1, 2, 3}, s.issubset([1, 2]), s == frozenset({1, 2}), s.isdisjoint({5}))
err(lambda: s | {3})
err(lambda: frozenset(s) ^ s)
err(lambda: {}.keys() & {1})
err(lambda: s.union([3]))
err(lambda: frozenset.intersection)


def inplace():
    u = {1}
    u -= {1}
    return u


err(inplace)
try:
    eval("99999999999999999999")
except SyntaxError as e:
    print("SyntaxError:", e.msg)
"#;

/// What the program prints in this build.
const EXPECTED: &str = "9223372036854775807 -9223372036854775808 -9223372036854775807 9223372036854775807 -9223372036854775808\n\
3074457345618258602 807 -1317624576693539401 2 (-747134227367743, -11528)\n\
3.0744573456182584e+18 -1.3176245766935393e+18 1.0842021724855044e-19 1.0 -0.0\n\
136318165 5 2620771182203436563 -1\n\
0x7fffffffffffffff -0b10000000000000000000000000000000000000000 0o400000000000000000000 -0x8000000000000000\n\
4,611,686,018,427,387,904 9223372036854775807 -8000000000000000 7fffffffffffffff -9223372036854775808 4611686018427387904\n\
-9223372036854775808 9223372036854775807 1000\n\
4611686018427387904 3909821048582988049 -1 1 0 0.25\n\
1152921504606846975 4611686018427387904 -1 255 -9223372036854775807 -1\n\
1537228672809129302 range(15, 300, 21) -1\n\
True 2305843009213693952 1\n\
499999500000 1000000000000000000 0\n\
OverflowError: int too large (built without the bigint feature)\n\
OverflowError: int too large (built without the bigint feature)\n\
OverflowError: int too large (built without the bigint feature)\n\
OverflowError: int too large (built without the bigint feature)\n\
OverflowError: int too large (built without the bigint feature)\n\
OverflowError: int too large (built without the bigint feature)\n\
OverflowError: int too large (built without the bigint feature)\n\
OverflowError: int too large (built without the bigint feature)\n\
OverflowError: int too large (built without the bigint feature)\n\
OverflowError: int too large (built without the bigint feature)\n\
OverflowError: int too large (built without the bigint feature)\n\
OverflowError: int too large (built without the bigint feature)\n\
OverflowError: int too large (built without the bigint feature)\n\
OverflowError: int too large (built without the bigint feature)\n\
OverflowError: int too large (built without the bigint feature)\n\
['a', 'b'] ab  | X 2 xay\n\
AttributeError: 'str' object has no attribute 'center' (built without the str-methods feature)\n\
AttributeError: 'str' object has no attribute 'title' (built without the str-methods feature)\n\
AttributeError: 'str' object has no attribute 'partition' (built without the str-methods feature)\n\
AttributeError: type object 'str' has no attribute 'maketrans' (built without the str-methods feature)\n\
AttributeError: 'str' object has no attribute 'nosuch'\n\
[1, 2, 3, 4, 5] True True True True\n\
TypeError: unsupported operand type(s) for |: 'set' and 'set' (built without the set-ops feature)\n\
TypeError: unsupported operand type(s) for ^: 'frozenset' and 'set' (built without the set-ops feature)\n\
TypeError: unsupported operand type(s) for &: 'dict_keys' and 'set' (built without the set-ops feature)\n\
AttributeError: 'set' object has no attribute 'union' (built without the set-ops feature)\n\
AttributeError: type object 'frozenset' has no attribute 'intersection' (built without the set-ops feature)\n\
TypeError: unsupported operand type(s) for -=: 'set' and 'set' (built without the set-ops feature)\n\
SyntaxError: int too large (built without the bigint feature)\n";

#[test]
fn left_out_features_raise_errors_that_name_them() {
    let out = Rc::new(RefCell::new(String::new()));
    let mut vm = Vm::new(Config::default(), Box::new(Shared(out.clone()))).expect("VM");
    let r = vm.run_source(PROGRAM, "left_out.py");
    let got = out.borrow().clone();
    assert!(r.is_ok(), "{r:?}\n{got}");
    for (i, (g, e)) in got.lines().zip(EXPECTED.lines()).enumerate() {
        assert_eq!(g, e, "line {}", i + 1);
    }
    assert_eq!(got.lines().count(), EXPECTED.lines().count(), "{got}");
}
