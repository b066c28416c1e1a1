// One entry point per libvips function (vips_symbols.h), x86-64 Linux only:
// a jump through the function's slot. A slot first points at a stub that
// loads libvips (loader.c) with every argument register kept, then jumps
// again; once loaded, the slot holds the function's own address. Jumping,
// not calling, keeps variadic calls (vips_thumbnail(..., NULL)) intact.
// The symbols are hidden: libvips' own calls never land here.
#if defined(__x86_64__) && defined(__linux__)

        .macro lazy name
        .data
        .balign 8
        .globl imgsite_slot_\name
        .hidden imgsite_slot_\name
imgsite_slot_\name:
        .quad .Lload_\name

        .text
        .globl \name
        .hidden \name
        .type \name, @function
        .p2align 4
\name:
        .cfi_startproc
        jmp *imgsite_slot_\name(%rip)
.Lload_\name:
        call imgsite_vips_load_keeping_arguments
        jmp *imgsite_slot_\name(%rip)
        .cfi_endproc
        .size \name, . - \name
        .endm

#define LAZY(name) lazy name
#include "vips_symbols.h"

// Calls imgsite_vips_load() and returns with the System V argument
// registers as they were: rdi, rsi, rdx, rcx, r8, r9, rax (the count of
// vector arguments of a variadic call), r10 and xmm0-7.
        .text
        .p2align 4
        .type imgsite_vips_load_keeping_arguments, @function
imgsite_vips_load_keeping_arguments:
        .cfi_startproc
        pushq %rbp
        .cfi_def_cfa_offset 16
        .cfi_offset %rbp, -16
        movq %rsp, %rbp
        .cfi_def_cfa_register %rbp
        // Entered 16-byte aligned (the caller's call, then this call), so
        // after the push 200 bytes more leave the stack aligned for the call.
        subq $200, %rsp
        movq %rdi, 0(%rsp)
        movq %rsi, 8(%rsp)
        movq %rdx, 16(%rsp)
        movq %rcx, 24(%rsp)
        movq %r8, 32(%rsp)
        movq %r9, 40(%rsp)
        movq %rax, 48(%rsp)
        movq %r10, 56(%rsp)
        movups %xmm0, 64(%rsp)
        movups %xmm1, 80(%rsp)
        movups %xmm2, 96(%rsp)
        movups %xmm3, 112(%rsp)
        movups %xmm4, 128(%rsp)
        movups %xmm5, 144(%rsp)
        movups %xmm6, 160(%rsp)
        movups %xmm7, 176(%rsp)
        call imgsite_vips_load@PLT
        movq 0(%rsp), %rdi
        movq 8(%rsp), %rsi
        movq 16(%rsp), %rdx
        movq 24(%rsp), %rcx
        movq 32(%rsp), %r8
        movq 40(%rsp), %r9
        movq 48(%rsp), %rax
        movq 56(%rsp), %r10
        movups 64(%rsp), %xmm0
        movups 80(%rsp), %xmm1
        movups 96(%rsp), %xmm2
        movups 112(%rsp), %xmm3
        movups 128(%rsp), %xmm4
        movups 144(%rsp), %xmm5
        movups 160(%rsp), %xmm6
        movups 176(%rsp), %xmm7
        movq %rbp, %rsp
        .cfi_def_cfa_register %rsp
        popq %rbp
        .cfi_def_cfa_offset 8
        ret
        .cfi_endproc
        .size imgsite_vips_load_keeping_arguments, . - imgsite_vips_load_keeping_arguments

#endif

        .section .note.GNU-stack, "", @progbits
