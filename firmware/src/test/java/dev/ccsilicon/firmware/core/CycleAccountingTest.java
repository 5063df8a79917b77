package dev.ccsilicon.firmware.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.firmware.isa.Enc;
import dev.ccsilicon.firmware.isa.IsaConfig;
import dev.ccsilicon.firmware.isa.Op;

/** Cycle and instret counts of hand-counted sequences, alone and interleaved on a barrel core. */
class CycleAccountingTest
{
    private static void put(final Memory mem, final long at, final int... words)
    {
        for (int i = 0; i < words.length; i++)
        {
            mem.write32(at + 4L * i, words[i]);
        }
    }

    @Test
    void everyCostClassAndRegionCountsAsTheTableSays()
    {
        final CostModel cost = CostModel.defaults(64);
        final Memory mem = new Memory(1, cost);
        final Executor ex = new Executor(mem, IsaConfig.RV64IM, cost);
        final Hart h = new Hart(0);
        final long shared = MemoryMap.SHARED_BASE;
        h.setReg(2, MemoryMap.stackTop(0));
        h.setReg(10, shared);
        h.setReg(11, MemoryMap.hartWindow(0) + MemoryMap.WINDOW_CONTEXT);
        h.setReg(12, MemoryMap.MMIO_BASE);
        put(mem, 0,
            Enc.addi(5, 0, 7), // alu 1
            Enc.i(0, 10, 2, 6, Enc.LOAD), // lw shared: 2 + 4
            Enc.i(0, 11, 2, 6, Enc.LOAD), // lw context: 2 + 1
            Enc.i(0, 12, 2, 6, Enc.LOAD), // lw mmio: 2 + 20
            Enc.s(-8, 5, 2, 3), // sd stack: 1 + 1
            Enc.s(0, 5, 10, 2), // sw shared: 1 + 4
            Enc.r(1, 5, 5, 0, 7, Enc.OP), // mul 3
            Enc.r(1, 5, 5, 4, 7, Enc.OP), // div 2 + 64/2
            Enc.b(8, 0, 5, 0), // beq x5, x0: not taken, 1
            Enc.b(8, 5, 5, 0), // beq x5, x5: taken, 1 + 2 -> skips one
            Enc.addi(5, 0, 99), // skipped
            Enc.j(8, 1), // jal 3 -> skips one
            Enc.addi(5, 0, 99), // skipped
            Enc.csrr(8, 0xC00), // csr 1, reads the cycle count so far
            Enc.csrr(9, 0xC02), // csr 1, reads instret so far
            Enc.EBREAK);
        h.start(0, 0);
        final long n = ex.runAlone(h, 100);
        final long beforeCsr = 1 + 6 + 3 + 22 + 2 + 5 + 3 + 34 + 1 + 3 + 3;
        assertEquals(13, n, "instructions retired (the halting ebreak is not)");
        assertEquals(beforeCsr + 2, h.busyCycles());
        assertEquals(beforeCsr, h.reg(8), "cycle CSR = cycles of the instructions before it");
        assertEquals(12, h.reg(9), "instret CSR = instructions before it");
        assertEquals(7, h.reg(5), "skipped instructions did not run");
        final long[] mix = new long[Op.CLASSES];
        for (int i = 0; i < Op.CLASSES; i++)
        {
            mix[i] = h.mix(i);
        }
        assertEquals("[1, 3, 2, 1, 1, 2, 1, 0, 2, 0]", java.util.Arrays.toString(mix),
            "mix per class: alu, load, store, mul, div, branch, jump, fxp, csr, system");
        assertEquals(2, h.mix(Op.C_CSR));
        assertEquals(18, CostModel.defaults(32).div(), "RV32 divide: 2 + 32/2");
    }

    private static long[] runBarrel(final int harts, final int[] program, final List<long[]> trace)
    {
        final CostModel cost = CostModel.defaults(64);
        final Memory mem = new Memory(harts, cost);
        final Executor ex = new Executor(mem, IsaConfig.RV64IM, cost);
        put(mem, 0, program);
        final Hart[] hs = new Hart[harts];
        for (int i = 0; i < harts; i++)
        {
            hs[i] = new Hart(i);
            hs[i].start(0, 0);
        }
        final BarrelCore core = new BarrelCore(0, ex, hs);
        core.listener((cycle, hart, pc, c) -> trace.add(new long[] {cycle, hart, pc, c}));
        final long end = core.runUntilHalted(10_000);
        return new long[] {end, core.issued(), core.idleCycles()};
    }

    @Test
    void twoHartsOfAluOpsAlternateEveryCycle()
    {
        final List<long[]> trace = new ArrayList<>();
        final long[] r = runBarrel(2, new int[] {Enc.addi(5, 5, 1), Enc.addi(5, 5, 1), Enc.addi(5, 5, 1), Enc.EBREAK}, trace);
        assertEquals(6, r[1]);
        final long[][] want = {{0, 0, 0}, {1, 1, 0}, {2, 0, 4}, {3, 1, 4}, {4, 0, 8}, {5, 1, 8}};
        for (int i = 0; i < want.length; i++)
        {
            assertEquals(want[i][0], trace.get(i)[0], "cycle of issue " + i);
            assertEquals(want[i][1], trace.get(i)[1], "hart of issue " + i);
            assertEquals(want[i][2], trace.get(i)[2], "pc of issue " + i);
        }
        assertEquals(6, r[0]);
        assertEquals(0, r[2], "no idle cycle");
    }

    @Test
    void aHartStalledOnMultiplyGivesItsSlotsAway()
    {
        // Two harts: mul (3 cycles) then addi. h0 mul @0 (ready 3), h1 mul @1 (ready 4), idle @2,
        // h0 addi @3, h1 addi @4; ebreaks at 4 (h0, halts without issuing) and 5 (h1).
        final List<long[]> trace = new ArrayList<>();
        final long[] r = runBarrel(2, new int[] {Enc.r(1, 5, 5, 0, 6, Enc.OP), Enc.addi(5, 5, 1), Enc.EBREAK}, trace);
        final long[][] want = {{0, 0}, {1, 1}, {3, 0}, {4, 1}};
        assertEquals(want.length, trace.size());
        for (int i = 0; i < want.length; i++)
        {
            assertEquals(want[i][0], trace.get(i)[0], "cycle of issue " + i);
            assertEquals(want[i][1], trace.get(i)[1], "hart of issue " + i);
        }
        assertEquals(1, r[2], "one idle cycle (2)");
        assertEquals(5, r[0]);
    }

    @Test
    void fourHartsHideAThreeCycleLoad()
    {
        // lw from the stack costs 2 + 1 = 3: with four harts the core issues every cycle.
        final List<long[]> trace = new ArrayList<>();
        final int lwStack = Enc.i(-4, 2, 2, 6, Enc.LOAD);
        final int[] prog = {Enc.u(0x100, 2, Enc.LUI) /* sp = 0x100000 + window below */, Enc.addi(2, 2, 0x40), lwStack, lwStack,
            Enc.EBREAK};
        final long[] r = runBarrel(4, prog, trace);
        assertEquals(16, r[1]);
        for (int i = 0; i < 16; i++)
        {
            assertEquals(i, trace.get(i)[0], "issue " + i + " at cycle " + i);
            assertEquals(i % 4, trace.get(i)[1], "round robin");
        }
        // The halting ebreaks wait for the last loads: harts 2 and 3 are ready one and two cycles late.
        assertEquals(2, r[2]);
        // Alone, one hart takes 1 + 1 + 3 + 3 = 8 cycles for its four instructions.
        final List<long[]> alone = new ArrayList<>();
        final long[] one = runBarrel(1, prog, alone);
        assertEquals(8, one[0]);
        assertEquals(List.of(0L, 1L, 2L, 5L), alone.stream().map(t -> t[0]).toList());
    }

    @Test
    void aClusterRunsItsCoresInLockstep()
    {
        final Preset p = Preset.GENERIC.withCores(2, 2);
        final Cluster c = new Cluster(p);
        put(c.memory(), 0, Enc.csrr(5, 0xF14), Enc.addi(6, 5, 100), Enc.EBREAK);
        for (int i = 0; i < c.harts(); i++)
        {
            c.hart(i).start(0, 0);
        }
        final long end = c.runUntilHalted(1000);
        for (int i = 0; i < c.harts(); i++)
        {
            assertEquals(100 + i, c.hart(i).reg(6), "hart " + i + " read its own id");
            assertEquals(2, c.hart(i).instret());
        }
        assertEquals(4, end, "two harts per core, two instructions each: 4 issue cycles per core");
    }
}
