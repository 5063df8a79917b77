package dev.ccsilicon.firmware.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.blocks.roccrp.RoccRpUpdate;
import dev.ccsilicon.firmware.pcc.RoccRpProgram;
import dev.ccsilicon.firmware.trace.Trace;

class RoccRpCausesTest
{
    @Test
    void theBlocksResultCodesAndTheProgramsCausesAreTheSameNumbers()
    {
        final Set<Integer> seen = new HashSet<>();
        for (final RoccRpCauses.Row r : RoccRpCauses.TABLE)
        {
            assertEquals(r.block(), r.program(), r.name());
            assertEquals(r.block(), RoccRpCauses.blockOf(r.program()));
            assertEquals(r.name(), RoccRpCauses.name(r.block()));
            assertTrue(seen.add(r.block()), "one row per code: " + r.name());
            // The trace's rule: codes up to REJECT decide a CNP, the others a timer expiry.
            assertEquals(r.block() <= RoccRpUpdate.RES_REJECT, Trace.isCnpDecision(r.block()), r.name());
        }
        // Every decision the block reports on upd_cause_o or stat_reject_o, and every one the program returns.
        for (final int c : new int[] {RoccRpUpdate.RES_ACCEPT_NEW, RoccRpUpdate.RES_ACCEPT_LOWER, RoccRpUpdate.RES_ACCEPT_EQUAL,
            RoccRpUpdate.RES_ACCEPT_SAME_CP, RoccRpUpdate.RES_REJECT, RoccRpUpdate.RES_DOUBLE, RoccRpUpdate.RES_DOUBLE_CLAMP,
            RoccRpUpdate.RES_REMOVE, RoccRpProgram.RES_IGNORED})
        {
            assertTrue(seen.contains(c), "code " + c);
        }
        assertEquals(-1 - RoccRpProgram.RES_NONE, RoccRpCauses.blockOf(RoccRpProgram.RES_NONE), "a cause the table lacks maps to no block code");
        assertEquals("program cause 15", RoccRpCauses.name(RoccRpCauses.blockOf(15)));
    }
}
