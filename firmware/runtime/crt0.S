/* Entry of a stand-alone program (tests: main's value is the result) and the halt address the
 * emulator returns handlers to. The emulator zeroes .bss itself, so the stub stays tiny. */
    .section .text.start, "ax"
    .globl _start
_start:
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    csrr t0, mhartid
    addi t0, t0, 1
    slli t0, t0, 12
    la t1, __ccs_hart_base
    add sp, t1, t0
    call main
    .globl __ccs_halt
__ccs_halt:
    ebreak
    j __ccs_halt
