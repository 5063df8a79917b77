package dev.ccsilicon.firmware.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import dev.ccsilicon.firmware.isa.Enc;
import dev.ccsilicon.firmware.isa.IsaConfig;

/** Barrel scheduling invariants over random straight-line programs and hart counts. */
class BarrelCorePropertiesTest
{
    /** 0 addi, 1 mul, 2 div, 3 lw from the stack, 4 lw from the shared heap, 5 sw to the stack. */
    private static int instr(final int kind)
    {
        return switch (kind)
        {
            case 0 -> Enc.addi(5, 5, 3);
            case 1 -> Enc.r(1, 5, 5, 0, 6, Enc.OP);
            case 2 -> Enc.r(1, 5, 5, 4, 6, Enc.OP);
            case 3 -> Enc.i(-8, 2, 2, 7, Enc.LOAD);
            case 4 -> Enc.i(0, 0, 2, 7, Enc.LOAD) | 0x100 << 20 /* lw x7, 0x100(x0): code region */;
            default -> Enc.s(-16, 5, 2, 2);
        };
    }

    @Property(tries = 60)
    void issueSlotsAreConservedAndStallsOnlyOverlap(@ForAll @IntRange(min = 1, max = 4) final int harts,
                                                    @ForAll @Size(min = 1, max = 40) final List<@IntRange(min = 0, max = 5) Integer> kinds)
    {
        final CostModel cost = CostModel.defaults(64);
        final Memory mem = new Memory(harts, cost);
        final Executor ex = new Executor(mem, IsaConfig.RV64IM, cost);
        for (int i = 0; i < kinds.size(); i++)
        {
            mem.write32(0x400 + 4L * i, instr(kinds.get(i)));
        }
        mem.write32(0x400 + 4L * kinds.size(), Enc.EBREAK);
        // Alone: the cost of the sequence on one hart.
        final Hart solo = new Hart(0);
        solo.setReg(2, MemoryMap.stackTop(0));
        solo.start(0x400, 0);
        ex.runAlone(solo, 1000);
        final long alone = solo.busyCycles();

        final Hart[] hs = new Hart[harts];
        for (int i = 0; i < harts; i++)
        {
            hs[i] = new Hart(i);
            hs[i].setReg(2, MemoryMap.stackTop(i));
            hs[i].start(0x400, 0);
        }
        final BarrelCore core = new BarrelCore(0, ex, hs);
        final long end = core.runUntilHalted(100_000);
        assertEquals((long) harts * kinds.size(), core.issued(), "one issue per instruction");
        for (final Hart h : hs)
        {
            assertEquals(kinds.size(), h.instret());
            assertEquals(alone, h.busyCycles(), "an instruction's cost does not depend on interleaving");
        }
        assertTrue(end >= alone, "no hart finishes faster than alone");
        assertTrue(end >= (long) harts * kinds.size(), "at most one issue per cycle");
        assertTrue(end <= (long) harts * alone, "never slower than running the harts one after another");
        assertEquals(core.now(), core.issued() + core.idleCycles(), "every cycle either issues or idles");
    }
}
