package dev.ccsilicon.firmware.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate;
import dev.ccsilicon.firmware.pcc.DcqcnRpProgram;
import dev.ccsilicon.firmware.trace.Trace;

class DcqcnRpCausesTest
{
    @Test
    void blockAndProgramCodesAreTheSameNumbersAndTheRatesUpdatesAreThePins()
    {
        final Set<String> names = new HashSet<>();
        final Set<Integer> codes = new HashSet<>();
        int onPins = 0;
        for (final DcqcnRpCauses.Row r : DcqcnRpCauses.TABLE)
        {
            assertEquals(r.block(), r.program(), r.name());
            assertTrue(names.add(r.name()), "unique name " + r.name());
            assertTrue(codes.add(r.block()), "unique code " + r.block());
            assertEquals(r.block(), DcqcnRpCauses.blockOf(r.program()));
            assertEquals(r.name(), DcqcnRpCauses.name(r.block()));
            // The block puts exactly its rate updates on upd_*; the trace pairs them with the input named here.
            assertEquals(DcqcnRpUpdate.emitsUpdate(r.block()), r.onPins(), r.name());
            onPins += r.onPins() ? 1 : 0;
            if (r.onPins())
            {
                assertEquals(switch (r.input())
                {
                    case CNP -> Trace.CNP;
                    case TX -> Trace.TX;
                    case TIMER -> Trace.TIMER;
                }, Trace.dcqcnInput(r.block()), r.name());
            }
        }
        assertEquals(1 + 12, onPins, "the cut and 2 x 2 x 3 increases");
        assertEquals(DcqcnRpUpdate.RES_STALE_GEN, DcqcnRpProgram.RES_STALE);
        assertEquals(DcqcnRpUpdate.increase(true, true, 3), DcqcnRpCauses.blockOf(16 | 8 | 4 | 3));
        assertEquals("bytes_hai_remove", DcqcnRpCauses.name(16 | 8 | 4 | 3));
        assertEquals("timer_fr", DcqcnRpCauses.name(17));
        // The program's own codes (a cut held by its gap, nothing) have no block counterpart.
        assertEquals(-1 - DcqcnRpProgram.RES_CNP_HELD, DcqcnRpCauses.blockOf(DcqcnRpProgram.RES_CNP_HELD));
        assertEquals("program cause 14", DcqcnRpCauses.name(DcqcnRpCauses.blockOf(DcqcnRpProgram.RES_CNP_HELD)));
        assertEquals(-1 - DcqcnRpProgram.RES_NONE, DcqcnRpCauses.blockOf(DcqcnRpProgram.RES_NONE));
        assertNull(DcqcnRpCauses.row(DcqcnRpUpdate.RES_PROBE_INC));
        assertEquals("code 7", DcqcnRpCauses.name(DcqcnRpUpdate.RES_PROBE_INC));
    }
}
