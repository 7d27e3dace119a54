// Entry from QEMU's -kernel (ELF): MMU and caches off, x0 = 0, at EL1, EL2 or EL3.
// Drops to EL1, enables FP/SIMD, sets the stack and vectors, zeroes .bss, calls `kmain`.

.section .text.boot, "ax"
.global _start
_start:
    // Park every core but core 0 (QEMU starts only one with -kernel, real boards may not).
    mrs     x1, mpidr_el1
    and     x1, x1, #0xff
    cbnz    x1, park

    mrs     x19, CurrentEL
    lsr     x19, x19, #2                // the entry EL, kept for kmain (x19 survives eret)
    cmp     x19, #3
    b.eq    from_el3
    cmp     x19, #2
    b.eq    from_el2
    b       at_el1

from_el3:
    msr     cptr_el3, xzr               // no FP/SIMD traps to EL3
    mov     x1, #0x531                  // RW | HCE | RES1(5:4) | NS
    msr     scr_el3, x1
    mrs     x1, id_aa64pfr0_el1
    ubfx    x1, x1, #8, #4              // EL2 implemented?
    cbz     x1, el3_to_el1
    mov     x1, #0x3c9                  // EL2h, DAIF masked
    msr     spsr_el3, x1
    adr     x1, from_el2
    msr     elr_el3, x1
    eret
el3_to_el1:
    mov     x1, #0x3c5                  // EL1h, DAIF masked
    msr     spsr_el3, x1
    adr     x1, at_el1
    msr     elr_el3, x1
    eret

from_el2:
    mov     x1, #(1 << 31)              // HCR_EL2.RW: EL1 is AArch64
    msr     hcr_el2, x1
    mov     x1, #0x33ff                 // CPTR_EL2: RES1 bits, TFP = 0
    msr     cptr_el2, x1
    mrs     x1, cnthctl_el2
    orr     x1, x1, #3                  // EL1 may read the physical counter and timer
    msr     cnthctl_el2, x1
    msr     cntvoff_el2, xzr
    mov     x1, #0x3c5                  // EL1h, DAIF masked
    msr     spsr_el2, x1
    adr     x1, at_el1
    msr     elr_el2, x1
    eret

at_el1:
    ldr     x1, =0x30d00800             // SCTLR_EL1: RES1 only (MMU, caches, alignment off)
    msr     sctlr_el1, x1
    isb

    adrp    x1, __stack_top
    add     x1, x1, :lo12:__stack_top
    mov     sp, x1

    adrp    x1, vectors
    add     x1, x1, :lo12:vectors
    msr     vbar_el1, x1

    // Zero .bss (16-byte aligned at both ends, see linker.ld).
    adrp    x1, __bss_start
    add     x1, x1, :lo12:__bss_start
    adrp    x2, __bss_end
    add     x2, x2, :lo12:__bss_end
1:  cmp     x1, x2
    b.hs    2f
    stp     xzr, xzr, [x1], #16
    b       1b
2:
    // FP/SIMD on before any Rust code: the target is hard-float and rustc uses q registers
    // for plain copies.
    mrs     x1, cpacr_el1
    orr     x1, x1, #(3 << 20)
    msr     cpacr_el1, x1
    isb

    mov     x0, x19
    bl      kmain
park:
    wfe
    b       park

// Exception vectors: 16 entries of 0x80 bytes. Every exception is fatal here (interrupts stay
// masked), so the common path switches to its own stack (the fault may be a stack overflow),
// re-enables FP/SIMD (the handler is Rust) and never returns.
.section .text.vectors, "ax"
.balign 0x800
.global vectors
vectors:
.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    .balign 0x80
    mov     x0, #\n
    b       exc_common
.endr

exc_common:
    adrp    x5, __exc_stack_top
    add     x5, x5, :lo12:__exc_stack_top
    mov     sp, x5
    mrs     x5, cpacr_el1
    orr     x5, x5, #(3 << 20)
    msr     cpacr_el1, x5
    isb
    mrs     x1, esr_el1
    mrs     x2, elr_el1
    mrs     x3, far_el1
    mrs     x4, spsr_el1
    bl      exc_handler
    b       park
