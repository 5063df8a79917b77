package dev.ccsilicon.firmware.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.firmware.isa.Op;
import dev.ccsilicon.firmware.pcc.PccAbi;

class SamplesTest
{
    @Test
    void nearestRankPercentilesAreExact()
    {
        final Samples s = new Samples();
        for (int i = 0; i < 100; i++)
        {
            s.add((i * 37) % 100 + 1); // 1..100 shuffled
        }
        assertEquals(1, s.min());
        assertEquals(50, s.percentile(50));
        assertEquals(99, s.percentile(99));
        assertEquals(100, s.max());
        assertEquals(50.5, s.mean(), 1e-12);
        final Samples odd = new Samples();
        for (final long v : new long[] {7, 3, 9})
        {
            odd.add(v);
        }
        assertEquals(7, odd.percentile(50));
        assertEquals(9, odd.percentile(99));
        assertEquals(3, odd.percentile(33));
        assertEquals(7, odd.percentile(34));
    }

    @Test
    void histogramBinsCoverMinToMax()
    {
        final Samples s = new Samples();
        for (final long v : new long[] {10, 11, 12, 19, 30, 30})
        {
            s.add(v);
        }
        // span 21 in at most 5 bins: width 5 from 10
        assertArrayEquals(new long[] {10, 5, 3, 1, 0, 0, 2}, s.histogram(5));
        assertArrayEquals(new long[] {0, 1}, new Samples().histogram(5));
    }

    @Test
    void reportStatsOnAHandBuiltCompletionStream()
    {
        final ReportStats st = new ReportStats();
        // type, instructions, handler cycles, arrival, end, apply, arrivals merged, context hit
        st.handled(PccAbi.EV_CNP, 30, 50, 100, 200, 220, 0, true);
        st.handled(PccAbi.EV_CNP, 40, 70, 150, 400, 420, 2, false);
        st.handled(PccAbi.EV_CNP, 35, 60, 300, 350, 0, 0, true); // applied nothing
        st.handled(PccAbi.EV_TIMER, 20, 25, 1000, 1010, 1030, 0, true);
        st.mix(PccAbi.EV_CNP, Op.C_LOAD, 12);
        st.mix(PccAbi.EV_CNP, Op.C_LOAD, 3);
        final EventStats cnp = st.type(PccAbi.EV_CNP);
        assertEquals(3, cnp.handled());
        assertEquals(35, cnp.instructions().percentile(50));
        assertEquals(40, cnp.instructions().percentile(99));
        assertEquals(60, cnp.cycles().percentile(50));
        assertEquals(25, cnp.stalls().percentile(50)); // stalls 20, 30, 25
        assertEquals(30, cnp.stalls().max());
        assertEquals(100, cnp.sojournCycles().percentile(50)); // 100, 250, 50
        assertEquals(2, cnp.applyCycles().count());
        assertEquals(270, cnp.applyCycles().max());
        assertEquals(2, cnp.merged());
        assertEquals(2, cnp.contextHits());
        assertEquals(15, cnp.mix(Op.C_LOAD));
        assertEquals(4, st.handled());
        assertEquals(List.of(PccAbi.EV_CNP, PccAbi.EV_TIMER), st.types().stream().map(EventStats::type).toList());
        assertEquals("timer", st.types().get(1).name());
        assertNull(st.type(PccAbi.EV_TX));
        assertEquals(250, st.sojournCycles().percentile(99));
    }
}
