//! The harness: a tiny function around one emitted sequence, run from host code memory,
//! and the values and register sets the tests sweep.
//!
//! A kernel is an `extern "C" fn(args: *const u64, out: *mut u64) -> u32`. It saves the
//! callee-saved registers, loads `INT_TAG`, fills every register with a distinct sentinel,
//! loads the inputs into the registers the test names, runs the sequence, and stores all
//! sixteen general-purpose and sixteen XMM registers into `out`, returning 0 when the
//! sequence fell through and 1 when it jumped to its bail label. The stores let a test
//! check the result and that every register the sequence must not touch kept its value.

use std::rc::Rc;

use arch_x86_64::abi::{INT_TAG, INT_TAG_BITS};
use arch_x86_64::enc::*;
use tiercel::HostCodeMemory;
use vm_core::jit::{CodeBlock, CodeMemory};
use vm_core::object::value::{SMALL_INT_MAX, SMALL_INT_MIN};
use vm_core::Value;

#[path = "../support/listing.rs"]
mod listing;
pub use listing::listing;

/// Where one input goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Loc {
    /// A general-purpose register.
    G(Reg),
    /// An XMM register (its low 64 bits).
    X(Xmm),
}

/// The sentinel a general-purpose register starts with when it is no input.
pub fn sentinel(r: Reg) -> u64 {
    0x5EED_0000_0000_0000 | (r.num() as u64) << 8 | 0x77
}

/// The sentinel an XMM register starts with when it is no input.
pub fn xsentinel(x: Xmm) -> u64 {
    0x3FF5_0000_0000_0000 | (x.num() as u64) << 8
}

/// What a kernel run left behind.
#[derive(Clone, Copy, Debug)]
pub struct Out {
    /// Whether the sequence jumped to its bail label.
    pub bailed: bool,
    /// The general-purpose registers by number (RSP's slot is unused).
    pub gpr: [u64; 16],
    /// The XMM registers' low halves by number.
    pub xmm: [u64; 16],
}

impl Out {
    /// A general-purpose register.
    pub fn g(&self, r: Reg) -> u64 {
        self.gpr[r.num() as usize]
    }

    /// An XMM register's low half.
    pub fn x(&self, x: Xmm) -> u64 {
        self.xmm[x.num() as usize]
    }
}

type KernelFn = unsafe extern "C" fn(args: *const u64, out: *mut u64) -> u32;

/// A sealed kernel.
pub struct Kernel {
    block: CodeBlock,
    inputs: Vec<Loc>,
}

/// `[base + 8 * slot]`.
fn slot(base: Reg, slot: usize) -> Mem {
    Mem::base_disp(base, Disp::from(8 * slot as i32))
}

/// Emits the stores of every register into `out` (whose address is at `[rsp]`) and the
/// status.
fn emit_store_all(buf: &mut CodeBuf, status: u32) {
    buf.emit(push_r64(Reg::Rax));
    buf.emit(mov_r64_rm64(Reg::Rax, slot(Reg::Rsp, 1)));
    for r in Reg::ALL {
        if r != Reg::Rax && r != Reg::Rsp {
            buf.emit(mov_rm64_r64(slot(Reg::Rax, r.num() as usize), r));
        }
    }
    buf.emit(pop_r64(Reg::Rcx));
    buf.emit(mov_rm64_r64(slot(Reg::Rax, 0), Reg::Rcx));
    for x in Xmm::ALL {
        buf.emit(movq_rm64_xmm(slot(Reg::Rax, 16 + x.num() as usize), x));
    }
    buf.emit(mov_r32_imm32(Reg::Rax, status));
}

impl Kernel {
    /// Builds a kernel that loads `args[i]` into `inputs[i]` and runs `body`, which gets the
    /// buffer and the bail label.
    pub fn new(inputs: &[Loc], body: impl FnOnce(&mut CodeBuf, Label)) -> Kernel {
        let mut buf = CodeBuf::new();
        buf.emit(push_r64(Reg::Rbp));
        buf.emit(mov_rm64_r64(Reg::Rbp, Reg::Rsp));
        for r in [
            Reg::Rbx,
            Reg::R12,
            Reg::R13,
            Reg::R14,
            Reg::R15,
            Reg::Rdi,
            Reg::Rsi,
        ] {
            buf.emit(push_r64(r));
        }
        // [rsp] = out, [rsp + 8] = args.
        for x in Xmm::ALL {
            buf.emit(mov_r64_imm64(Reg::Rax, xsentinel(x) as i64));
            buf.emit(movq_xmm_rm64(x, Reg::Rax));
        }
        for (i, loc) in inputs.iter().enumerate() {
            if let Loc::X(x) = *loc {
                buf.emit(mov_r64_rm64(Reg::Rax, slot(Reg::Rsp, 1)));
                buf.emit(movsd_xmm_m64(x, slot(Reg::Rax, i)));
            }
        }
        for r in Reg::ALL {
            if r != Reg::Rsp {
                buf.emit(mov_r64_imm64(r, sentinel(r) as i64));
            }
        }
        buf.emit(mov_r64_imm64(INT_TAG, INT_TAG_BITS as i64));
        for (i, loc) in inputs.iter().enumerate() {
            if let Loc::G(r) = *loc {
                buf.emit(mov_r64_rm64(r, slot(Reg::Rsp, 1)));
                buf.emit(mov_r64_rm64(r, slot(r, i)));
            }
        }
        let bail = buf.new_label();
        let epilogue = buf.new_label();
        body(&mut buf, bail);
        emit_store_all(&mut buf, 0);
        buf.jmp_label(epilogue);
        buf.bind(bail);
        emit_store_all(&mut buf, 1);
        buf.bind(epilogue);
        buf.emit(add_rm64_imm8(Reg::Rsp, Imm8::from(16)));
        for r in [Reg::R15, Reg::R14, Reg::R13, Reg::R12, Reg::Rbx, Reg::Rbp] {
            buf.emit(pop_r64(r));
        }
        buf.emit(ret());
        let bytes = buf.finish().expect("labels resolve");
        let mem: Rc<dyn CodeMemory> =
            Rc::new(HostCodeMemory::new(4 * HostCodeMemory::new(0).page_size()));
        let mut block = CodeBlock::allocate(&mem, bytes.len()).expect("code memory");
        block.writable().expect("writable")[..bytes.len()].copy_from_slice(&bytes);
        block.seal().expect("seal");
        Kernel {
            block,
            inputs: inputs.to_vec(),
        }
    }

    /// Runs the kernel on `args` (one per input).
    pub fn run(&self, args: &[u64]) -> Out {
        assert_eq!(args.len(), self.inputs.len());
        let mut out = [0u64; 32];
        let entry = self.block.address(0).expect("sealed");
        // SAFETY: the block is sealed machine code built by `Kernel::new`, a complete
        // function of the `KernelFn` signature that reads `args.len()` words from `args`
        // and writes 32 words to `out`; both stay alive for the call.
        let status = unsafe {
            let f = std::mem::transmute::<*const u8, KernelFn>(entry);
            f(args.as_ptr(), out.as_mut_ptr())
        };
        let mut gpr = [0; 16];
        let mut xmm = [0; 16];
        gpr.copy_from_slice(&out[..16]);
        xmm.copy_from_slice(&out[16..]);
        Out {
            bailed: status == 1,
            gpr,
            xmm,
        }
    }

    /// The value `r` had when the sequence started.
    pub fn initial(&self, args: &[u64], r: Reg) -> u64 {
        if r == INT_TAG {
            return INT_TAG_BITS;
        }
        // The last load into a register wins.
        let mut v = sentinel(r);
        for (i, loc) in self.inputs.iter().enumerate() {
            if *loc == Loc::G(r) {
                v = args[i];
            }
        }
        v
    }

    /// The value `x` had when the sequence started.
    pub fn initial_x(&self, args: &[u64], x: Xmm) -> u64 {
        let mut v = xsentinel(x);
        for (i, loc) in self.inputs.iter().enumerate() {
            if *loc == Loc::X(x) {
                v = args[i];
            }
        }
        v
    }

    /// Checks that every general-purpose register but RSP and `clobbered` and every XMM
    /// register but `xclobbered` holds its initial value.
    #[track_caller]
    pub fn check_kept(
        &self,
        args: &[u64],
        out: &Out,
        clobbered: &[Reg],
        xclobbered: &[Xmm],
        what: &str,
    ) {
        for r in Reg::ALL {
            if r != Reg::Rsp && !clobbered.contains(&r) {
                assert_eq!(out.g(r), self.initial(args, r), "{what}: {r:?} changed");
            }
        }
        for x in Xmm::ALL {
            if !xclobbered.contains(&x) {
                assert_eq!(out.x(x), self.initial_x(args, x), "{what}: {x:?} changed");
            }
        }
    }
}

/// A xorshift64 generator, so the tests are repeatable.
pub struct Rng(u64);

impl Rng {
    /// A generator with a fixed seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A small int: full range, near zero, near 2^24 or near the bounds, in turn.
    pub fn small_int(&mut self) -> i64 {
        let r = self.next();
        let v = match r % 4 {
            0 => ((r as i64) << 16) >> 16,
            1 => (r >> 8) as i64 % 1000,
            2 => (r >> 8) as i64 % (1 << 25) - (1 << 24),
            _ => {
                let near = (r >> 8) as i64 % 1000;
                if r & 0x10 == 0 {
                    SMALL_INT_MAX - near
                } else {
                    SMALL_INT_MIN + near
                }
            }
        };
        v.clamp(SMALL_INT_MIN, SMALL_INT_MAX)
    }
}

/// Small ints at and around the edges: zero, ±1, the bounds, the products and sums that
/// just fit or overflow 48 and 64 bits, and shift counts.
pub fn edge_ints() -> Vec<i64> {
    let mut v = vec![
        0,
        1,
        -1,
        2,
        -2,
        3,
        7,
        -7,
        47,
        48,
        63,
        64,
        65,
        255,
        -256,
        SMALL_INT_MAX,
        SMALL_INT_MAX - 1,
        SMALL_INT_MIN,
        SMALL_INT_MIN + 1,
        SMALL_INT_MAX / 2,
        SMALL_INT_MAX / 2 + 1,
        SMALL_INT_MIN / 2,
        SMALL_INT_MIN / 2 - 1,
        1 << 23,
        -(1 << 23),
        1 << 24,
        -(1 << 24),
        11_863_283,
        11_863_284,
        -11_863_283,
        -11_863_284,
        1 << 31,
        -(1 << 31),
        (1 << 32) + 1,
        3_037_000_499,
        -3_037_000_500,
    ];
    v.sort_unstable();
    v.dedup();
    v
}

/// The operand pairs the integer tests sweep: every pair of edge ints, then `random`
/// pseudo-random pairs.
pub fn int_pairs(random: usize) -> Vec<(i64, i64)> {
    let edges = edge_ints();
    let mut pairs: Vec<_> = edges
        .iter()
        .flat_map(|&a| edges.iter().map(move |&b| (a, b)))
        .collect();
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    for i in 0..random {
        let a = rng.small_int();
        // Every fourth pair takes a small second operand, the usual divisor or count.
        let b = if i % 4 == 0 {
            (rng.next() % 80) as i64 - 8
        } else {
            rng.small_int()
        };
        pairs.push((a, b));
    }
    pairs
}

/// The bits of a small int.
pub fn int(v: i64) -> u64 {
    Value::small_int(v).expect("in range").bits()
}

/// The small-int result of an exact result, or `None` (a bail) when it leaves the range.
pub fn fit(v: i128) -> Option<u64> {
    let v = i64::try_from(v).ok()?;
    Value::small_int(v).map(Value::bits)
}

/// Values of every other type and some invalid bit patterns: floats (NaNs, infinities,
/// zeros, subnormals), singletons, object references, and words above the tags.
pub fn non_ints() -> Vec<u64> {
    let mut v: Vec<u64> = floats()
        .into_iter()
        .map(|f| Value::float(f64::from_bits(f)).bits())
        .collect();
    v.extend([
        Value::NONE.bits(),
        Value::TRUE.bits(),
        Value::FALSE.bits(),
        Value::UNDEF.bits(),
        0xFFFB_0000_0000_0003,
        0xFFFA_0000_0000_0000,
        0xFFFA_0000_0000_0007,
        0xFFFA_0000_FFFF_FFFF,
        0xFFF8_FFFF_FFFF_FFFF,
        0xFFFC_0000_0000_0000,
        0xFFFF_FFFF_FFFF_FFFF,
        0x0000_0000_0000_0001,
    ]);
    v
}

/// Float bit patterns at the edges: zeros, ±1, infinities, the largest and smallest
/// normals and subnormals, NaNs (the x86 default NaN, the canonical one, a negative
/// signalling NaN that quieting turns into the small-int tag, payload NaNs).
pub fn floats() -> Vec<u64> {
    let mut v: Vec<u64> = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        3.0,
        -2.5,
        1e300,
        -1e300,
        f64::MAX,
        f64::MIN,
        f64::MIN_POSITIVE,
        f64::INFINITY,
        f64::NEG_INFINITY,
        5e-324,
        -5e-324,
        f64::from_bits(0x000F_FFFF_FFFF_FFFF),
        140_737_488_355_327.0,
        -140_737_488_355_328.0,
        0.1,
    ]
    .iter()
    .map(|f: &f64| f.to_bits())
    .collect();
    v.extend([
        0x7FF8_0000_0000_0000,
        0xFFF8_0000_0000_0000,
        0xFFF1_0000_0000_0000,
        0x7FF0_0000_0000_0001,
        0xFFF8_0000_0000_0001,
        0x7FFF_FFFF_FFFF_FFFF,
    ]);
    v
}

/// Float pairs: every pair of edge floats, then `random` pairs of random bit patterns
/// below the tag and random ordinary values.
pub fn float_pairs(random: usize) -> Vec<(u64, u64)> {
    let edges = floats();
    let mut pairs: Vec<_> = edges
        .iter()
        .flat_map(|&a| edges.iter().map(move |&b| (a, b)))
        .collect();
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    let one = |rng: &mut Rng| {
        let r = rng.next();
        if r % 3 == 0 {
            r % (0xFFF9 << 48)
        } else {
            ((r >> 11) as f64 / (1u64 << 40) as f64 - 4096.0).to_bits()
        }
    };
    for _ in 0..random {
        let a = one(&mut rng);
        let b = one(&mut rng);
        pairs.push((a, b));
    }
    pairs
}

/// Emits `body` with a branch target and records in `flag` (as 0 or 1) whether it jumped
/// there.
pub fn emit_taken(buf: &mut CodeBuf, flag: Reg, body: impl FnOnce(&mut CodeBuf, Label)) {
    let target = buf.new_label();
    let done = buf.new_label();
    body(buf, target);
    buf.emit(mov_r32_imm32(flag, 0));
    buf.jmp_label(done);
    buf.bind(target);
    buf.emit(mov_r32_imm32(flag, 1));
    buf.bind(done);
}

/// The operands of a two-operand kernel: one when both name the same register.
pub fn operands<T>(same: bool, a: T, b: T) -> Vec<T> {
    if same {
        vec![a]
    } else {
        vec![a, b]
    }
}

/// What Python's comparison `cmp` says of `a` and `b` (floats: NaN compares unequal).
pub fn py_cmp<T: PartialOrd>(cmp: arch_x86_64::lower::Cmp, a: T, b: T) -> bool {
    use arch_x86_64::lower::Cmp;
    match cmp {
        Cmp::Eq => a == b,
        Cmp::Ne => a != b,
        Cmp::Lt => a < b,
        Cmp::Le => a <= b,
        Cmp::Gt => a > b,
        Cmp::Ge => a >= b,
    }
}
