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

// Exception vectors: 16 entries of 0x80 bytes. An IRQ at EL1 (entry 5) goes to irq_entry and
// returns; every other exception is fatal, so the common path switches to its own stack (the
// fault may be a stack overflow), re-enables FP/SIMD (the handler is Rust) and never returns.
.section .text.vectors, "ax"
.balign 0x800
.global vectors
vectors:
.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    .balign 0x80
    .if \n == 5
    b       irq_entry
    .else
    mov     x0, #\n
    b       exc_common
    .endif
.endr

// IRQ: saves what irq_handler (Rust, which uses q registers for plain copies) may clobber --
// x0-x18, x29, x30, all q registers, FPSR, FPCR -- and ELR/SPSR, calls it, restores, returns.
// IRQs stay masked (PSTATE.I) until eret.
irq_entry:
    sub     sp, sp, #720
    stp     x0, x1, [sp, #0]
    stp     x2, x3, [sp, #16]
    stp     x4, x5, [sp, #32]
    stp     x6, x7, [sp, #48]
    stp     x8, x9, [sp, #64]
    stp     x10, x11, [sp, #80]
    stp     x12, x13, [sp, #96]
    stp     x14, x15, [sp, #112]
    stp     x16, x17, [sp, #128]
    stp     x18, x29, [sp, #144]
    mrs     x0, elr_el1
    stp     x30, x0, [sp, #160]
    mrs     x0, spsr_el1
    mrs     x1, fpsr
    stp     x0, x1, [sp, #176]
    mrs     x0, fpcr
    str     x0, [sp, #192]
    add     x0, sp, #208
    stp     q0, q1, [x0, #0]
    stp     q2, q3, [x0, #32]
    stp     q4, q5, [x0, #64]
    stp     q6, q7, [x0, #96]
    stp     q8, q9, [x0, #128]
    stp     q10, q11, [x0, #160]
    stp     q12, q13, [x0, #192]
    stp     q14, q15, [x0, #224]
    stp     q16, q17, [x0, #256]
    stp     q18, q19, [x0, #288]
    stp     q20, q21, [x0, #320]
    stp     q22, q23, [x0, #352]
    stp     q24, q25, [x0, #384]
    stp     q26, q27, [x0, #416]
    stp     q28, q29, [x0, #448]
    stp     q30, q31, [x0, #480]
    bl      irq_handler
    add     x0, sp, #208
    ldp     q0, q1, [x0, #0]
    ldp     q2, q3, [x0, #32]
    ldp     q4, q5, [x0, #64]
    ldp     q6, q7, [x0, #96]
    ldp     q8, q9, [x0, #128]
    ldp     q10, q11, [x0, #160]
    ldp     q12, q13, [x0, #192]
    ldp     q14, q15, [x0, #224]
    ldp     q16, q17, [x0, #256]
    ldp     q18, q19, [x0, #288]
    ldp     q20, q21, [x0, #320]
    ldp     q22, q23, [x0, #352]
    ldp     q24, q25, [x0, #384]
    ldp     q26, q27, [x0, #416]
    ldp     q28, q29, [x0, #448]
    ldp     q30, q31, [x0, #480]
    ldr     x0, [sp, #192]
    msr     fpcr, x0
    ldp     x0, x1, [sp, #176]
    msr     spsr_el1, x0
    msr     fpsr, x1
    ldp     x30, x0, [sp, #160]
    msr     elr_el1, x0
    ldp     x18, x29, [sp, #144]
    ldp     x16, x17, [sp, #128]
    ldp     x14, x15, [sp, #112]
    ldp     x12, x13, [sp, #96]
    ldp     x10, x11, [sp, #80]
    ldp     x8, x9, [sp, #64]
    ldp     x6, x7, [sp, #48]
    ldp     x4, x5, [sp, #32]
    ldp     x2, x3, [sp, #16]
    ldp     x0, x1, [sp, #0]
    add     sp, sp, #720
    eret

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
