/* Tiercel on QEMU x86_64: PVH entry, 32-to-64-bit trampoline, GDT, exception stubs. */

/* The Xen PVH ELF note (XEN_ELFNOTE_PHYS32_ENTRY = 18): QEMU's `-kernel` enters here in
   32-bit protected mode, paging off, flat segments, interrupts off, no stack, GDTR and IDTR
   not valid. (microvm's qboot passes eax = 0x2BADB002 and ebx = hvm_start_info; we use
   neither.) */
.section .note.Xen, "a", @note
.balign 4
.long 4
.long 4
.long 18
.asciz "Xen"
.balign 4
.long _start32

.section .text.boot32, "ax"
.code32
.global _start32
_start32:
    cli
    cld

    /* Zero .bss (page tables, IDT, TSS and statics). */
    mov $__bss_start, %edi
    mov $__bss_end, %ecx
    sub %edi, %ecx
    shr $2, %ecx
    xor %eax, %eax
    rep stosl

    /* Identity-map 0..4 GiB with 2 MiB pages (Rust refines this in mmu::init).
       PML4[0] = PDPT, PDPT[0..4] = PD0..PD3, PD[i] = i<<21 | PS | RW | P. */
    mov $boot_pdpt, %eax
    or $3, %eax
    mov %eax, boot_pml4

    mov $boot_pd, %eax
    or $3, %eax
    mov $boot_pdpt, %edi
    mov $4, %ecx
1:  mov %eax, (%edi)
    add $4096, %eax
    add $8, %edi
    loop 1b

    mov $boot_pd, %edi
    mov $0x83, %eax
    mov $2048, %ecx
2:  mov %eax, (%edi)
    add $0x200000, %eax
    add $8, %edi
    loop 2b

    mov $boot_pml4, %eax
    mov %eax, %cr3

    /* CR4.PAE */
    mov %cr4, %eax
    or $(1 << 5), %eax
    mov %eax, %cr4

    /* EFER.LME | EFER.NXE (NX is needed for PTE bit 63). */
    mov $0xC0000080, %ecx
    rdmsr
    or $((1 << 8) | (1 << 11)), %eax
    wrmsr

    /* CR0.PG | CR0.WP (ring 0 honours read-only pages) | CR0.PE */
    mov %cr0, %eax
    or $((1 << 31) | (1 << 16) | (1 << 0)), %eax
    mov %eax, %cr0

    lgdt gdt_ptr32
    ljmp $0x08, $_start64

.code64
_start64:
    mov $0x10, %ax
    mov %ax, %ds
    mov %ax, %es
    mov %ax, %ss
    xor %eax, %eax
    mov %ax, %fs
    mov %ax, %gs

    /* SSE for JIT code (Rust itself is soft-float): CR0.EM off, CR0.MP on,
       CR4.OSFXSR | CR4.OSXMMEXCPT. */
    mov %cr0, %rax
    and $~(1 << 2), %rax
    or $(1 << 1), %rax
    mov %rax, %cr0
    mov %cr4, %rax
    or $((1 << 9) | (1 << 10)), %rax
    mov %rax, %cr4
    fninit

    movabs $__stack_top, %rsp
    xor %ebp, %ebp
    call kmain
3:  cli
    hlt
    jmp 3b

/* Exception stubs: push a zero error code when the CPU does not push one, then the vector,
   and call exc_handler(frame) with frame = [vector, error, rip, cs, rflags, rsp, ss]. */
.section .text.isr, "ax"
.irp n, 0,1,2,3,4,5,6,7,9,15,16,18,19,20,22,23,24,25,26,27,28,31
isr\n:
    push $0
    push $\n
    jmp isr_common
.endr
.irp n, 8,10,11,12,13,14,17,21,29,30
isr\n:
    push $\n
    jmp isr_common
.endr
isr_common:
    mov %rsp, %rdi
    and $~15, %rsp
    call exc_handler
4:  cli
    hlt
    jmp 4b

/* IRQ stubs (vectors 32..47, on IST2 with interrupts off): save the registers the SysV ABI
   lets irq_handler clobber (the Rust code uses no SSE registers: the target is soft-float),
   call irq_handler(vector) on a 16-byte aligned stack, restore and return. */
.irp n, 32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47
irq\n:
    push $\n
    jmp irq_common
.endr
irq_common:
    push %rax
    push %rcx
    push %rdx
    push %rsi
    push %rdi
    push %r8
    push %r9
    push %r10
    push %r11
    /* The CPU aligned the stack to 16 before pushing 5 words; with the vector and 9
       registers, 8 more bytes align it for the call. */
    sub $8, %rsp
    mov 80(%rsp), %rdi
    cld
    call irq_handler
    add $8, %rsp
    pop %r11
    pop %r10
    pop %r9
    pop %r8
    pop %rdi
    pop %rsi
    pop %rdx
    pop %rcx
    pop %rax
    add $8, %rsp
    iretq

.section .rodata.isr_table, "a"
.balign 8
.global isr_table
isr_table:
.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    .quad isr\n
.endr
.global irq_table
irq_table:
.irp n, 32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47
    .quad irq\n
.endr

/* GDT: null, 64-bit code (0x08), data (0x10), the TSS (0x18, 16 bytes, filled by Rust).
   Accessed bits are preset so the CPU never writes the descriptors. */
.section .data.gdt, "aw"
.balign 16
.global gdt64
gdt64:
    .quad 0
    .quad 0x00AF9B000000FFFF
    .quad 0x00CF93000000FFFF
    .quad 0
    .quad 0
gdt64_end:
gdt_ptr32:
    .word gdt64_end - gdt64 - 1
    .long gdt64

/* The boot page tables. */
.section .bss.pagetables, "aw", @nobits
.balign 4096
.global boot_pml4
.global boot_pdpt
.global boot_pd
boot_pml4: .skip 4096
boot_pdpt: .skip 4096
boot_pd:   .skip 4096 * 4
