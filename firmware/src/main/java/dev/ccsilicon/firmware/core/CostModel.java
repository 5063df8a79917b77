package dev.ccsilicon.firmware.core;

import dev.ccsilicon.firmware.isa.Op;

/**
 * Cycles an instruction keeps its hart busy (docs/firmware.md "Cost model"): a per-class base,
 * plus the taken-branch penalty, plus the latency of the memory region a load or store touches.
 * Every default is a guess until someone measures a real core; all are parameters.
 *
 * @param alu           ALU, Zbb, LUI/AUIPC.
 * @param load          a load, before its region's latency.
 * @param store         a store, before its region's latency.
 * @param mul           MUL*, MULW.
 * @param div           DIV*, REM* (iterative: 2 + XLEN / 2 by default).
 * @param branch        a branch not taken.
 * @param branchTaken   added when a branch is taken.
 * @param jump          JAL, JALR.
 * @param fxp           a fixed-point unit op.
 * @param csr           a CSR read.
 * @param system        FENCE, ECALL.
 * @param imem          region latency: code and read-only data.
 * @param event         region latency: the hart's event buffer, attr and results.
 * @param context       region latency: the hart's context window.
 * @param stack         region latency: the hart's stack.
 * @param shared        region latency: globals, parameters, counters.
 * @param mmio          region latency: the MMIO page (timer).
 */
public record CostModel(int alu, int load, int store, int mul, int div, int branch, int branchTaken, int jump, int fxp,
                        int csr, int system, int imem, int event, int context, int stack, int shared, int mmio)
{
    public CostModel
    {
        final int[] base = {alu, load, store, mul, div, branch, jump, fxp, csr, system};
        for (final int b : base)
        {
            if (b < 1 || b > 10_000)
            {
                throw new IllegalArgumentException("cost model: every class base must be 1..10000 cycles, got " + b + " in " + this);
            }
        }
        final int[] extra = {branchTaken, imem, event, context, stack, shared, mmio};
        for (final int e : extra)
        {
            if (e < 0 || e > 10_000)
            {
                throw new IllegalArgumentException("cost model: penalties and region latencies must be 0..10000 cycles, got " + e);
            }
        }
    }

    /** firmware.md §5.6 defaults for a core of width {@code xlen}. */
    public static CostModel defaults(final int xlen)
    {
        return new CostModel(1, 2, 1, 3, 2 + xlen / 2, 1, 2, 3, 4, 1, 1, 1, 1, 1, 1, 4, 20);
    }

    /** Base cycles per {@link Op} (index = op), for the executor's table lookup. */
    int[] baseTable()
    {
        final int[] byClass = {alu, load, store, mul, div, branch, jump, fxp, csr, system};
        final int[] t = new int[128];
        for (int op = 1; op < Op.COUNT; op++)
        {
            t[op] = byClass[Op.costClass(op)];
        }
        return t;
    }

    public CostModel withDiv(final int cycles)
    {
        return new CostModel(alu, load, store, mul, cycles, branch, branchTaken, jump, fxp, csr, system, imem, event, context,
            stack, shared, mmio);
    }
}
