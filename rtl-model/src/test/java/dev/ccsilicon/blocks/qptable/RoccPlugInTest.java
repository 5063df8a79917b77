package dev.ccsilicon.blocks.qptable;

import dev.ccsilicon.blocks.roccrp.RoccRpContext;
import dev.ccsilicon.blocks.qptable.QpTableHarness.Event;
import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Shows the plug-in path the {@code rocc_rp} block will take: a {@link ContextUpdate} over
 * {@link RoccRpContext#LAYOUT} with the CNP acceptance of seed 000 Algorithm 2 (a sketch for this
 * test only; the real rule, timers included, belongs to {@code rocc_rp}). Bursts of CNPs to one QP
 * (one per cycle) must see each other's accepted rate and CP through the table's forwarding.
 */
class RoccPlugInTest
{
    /** Opcode 0 = CNP, operand = {cp[31:0], rate[23:0]}; result 1 = accepted. */
    static final class CnpAcceptSketch implements ContextUpdate
    {
        private static final ContextLayout L = RoccRpContext.LAYOUT;

        @Override
        public ContextLayout layout()
        {
            return L;
        }

        @Override
        public int opcodeWidth()
        {
            return 1;
        }

        @Override
        public int operandWidth()
        {
            return RoccRpContext.CP_WIDTH + RoccRpContext.RATE_WIDTH;
        }

        @Override
        public int resultWidth()
        {
            return 1;
        }

        @Override
        public long apply(final long[] oldCtx, final int opcode, final long operand, final long[] newCtx)
        {
            newCtx[0] = oldCtx[0];
            final long rate = operand & L.max(RoccRpContext.RATE);
            final long cp = operand >>> RoccRpContext.RATE_WIDTH;
            final boolean limited = L.get(oldCtx, RoccRpContext.LIMITER) != 0;
            final boolean accept = !limited || cp == L.get(oldCtx, RoccRpContext.CP) ||
                rate <= L.get(oldCtx, RoccRpContext.RATE);
            if (accept)
            {
                L.set(newCtx, RoccRpContext.RATE, rate);
                L.set(newCtx, RoccRpContext.CP, cp);
                L.set(newCtx, RoccRpContext.LIMITER, 1);
                L.set(newCtx, RoccRpContext.TIMER_GEN, L.get(oldCtx, RoccRpContext.TIMER_GEN) + 1);
            }
            return accept ? 1 : 0;
        }
    }

    @Test
    void cnpBurstsOnOneQpSeeEachOthersAcceptedRate()
    {
        final QpTableHarness b = new QpTableHarness(new QpTableConfig(4096, 3, 5, 32, new CnpAcceptSketch()));
        assertEquals(61L * 4096, b.table.sram().sramBits());
        b.finishInit();
        final SeededRandom rnd = new SeededRandom(3, "cnp");
        for (int i = 0; i < 20_000; i++)
        {
            if (b.idle())
            {
                // Three congestion points, rates around 1..10 Gb/s, mostly on 3 QPs.
                final long qp = rnd.nextInt(4) == 0 ? rnd.nextInt(4096) : rnd.nextInt(3);
                final long cp = RoccRpContext.cpId(rnd.nextInt(3), 7);
                final long rate = 100 + rnd.nextInt(900);
                b.offer(new Event(qp, 0, (cp << RoccRpContext.RATE_WIDTH) | rate));
            }
            b.cycle(rnd.nextInt(8) != 0);
        }
        b.drain();
        assertTrue(b.fwdAtDistance[1] > 1000 && b.fwdAtDistance[2] > 100 && b.fwdAtDistance[3] > 100,
            "CNPs met in the pipeline at every distance");
        b.checkSramMatchesReference();
    }
}
