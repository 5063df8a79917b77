package dev.ccsilicon.net.dcqcn;

import java.util.Arrays;
import java.util.function.IntFunction;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpConfig;
import dev.ccsilicon.firmware.trace.Trace;
import dev.ccsilicon.firmware.trace.TraceHeader;
import dev.ccsilicon.net.blocks.ClockedDut;
import dev.ccsilicon.net.blocks.InputFifo;
import dev.ccsilicon.scenario.Level;

/**
 * A trace's CNPs and TX reports replayed into {@code dcqcn_rp} as the NIC glue
 * ({@link DcqcnBlocks}) drives it: per NIC one block with the same configuration, each input
 * joining its FIFO at its recorded time, the block's own timer wheel producing the expiries, and
 * the {@code upd} records taken at the pins into a new trace. At {@link Level#RTL} the Verilated
 * block (with the model as its shadow checker) runs behind the same pins.
 */
public final class DcqcnRpBlockReplay
{
    private DcqcnRpBlockReplay()
    {
    }

    /** NIC {@code nic}'s block as {@link DcqcnBlocks.ReactionPoints} configures it. */
    public static DcqcnRpConfig config(final TraceHeader h, final int nic)
    {
        return DcqcnBlocks.ReactionPoints.config(h.nics().get(nic).qps(), DcqcnRpTraceRecorder.params(h, nic));
    }

    /** Replays {@code t} at {@code level}; returns what the block received and decided. */
    public static Trace replay(final Trace t, final Level level) throws Exception
    {
        return replay(t, level, nic -> config(t.header(), nic));
    }

    /**
     * As {@link #replay(Trace, Level)} with NIC {@code i}'s block built as {@code configs} says (e.g. the
     * co-simulation's RTL parameters, whose Verilated build is already cached).
     */
    public static Trace replay(final Trace t, final Level level, final IntFunction<DcqcnRpConfig> configs) throws Exception
    {
        final TraceHeader h = t.header();
        final int n = h.nics().size();
        final int[] identity = new int[n];
        Arrays.setAll(identity, i -> i);
        final DcqcnRpTraceRecorder recorder = new DcqcnRpTraceRecorder(new Trace(h), identity);
        final ClockedDut[] duts = new ClockedDut[n];
        final InputFifo[] cnps = new InputFifo[n];
        final InputFifo[] txs = new InputFifo[n];
        try
        {
            for (int i = 0; i < n; i++)
            {
                final int nic = i;
                final DcqcnRpConfig config = configs.apply(i);
                final ClockedDut dut = DcqcnBlocks.Rp.open(DcqcnBlocks.name("rp_", h.nics().get(i).name()), config, level);
                duts[i] = dut;
                dut.pins(new DcqcnRpTap(dut, i, config.statWidth(), recorder));
                cnps[i] = dut.input("cnp");
                txs[i] = dut.input("tx");
                final int qpWord = dut.outputWord("upd_qp_o");
                final int rcWord = dut.outputWord("upd_rc_o");
                final int limiterWord = dut.outputWord("upd_limiter_o");
                final int causeWord = dut.outputWord("upd_cause_o");
                dut.output("upd", out -> recorder.update(dut.cycle() * DcqcnFormats.CYCLE_PS, nic, (int)out[qpWord], out[rcWord],
                    out[limiterWord] != 0, (int)out[causeWord]));
            }
            for (int r = 0; r < t.size(); r++)
            {
                final int k = t.kind(r);
                if (k == Trace.CNP || k == Trace.TX)
                {
                    final int nic = t.nic(r);
                    duts[nic].runToTime(t.timePs(r));
                    if (k == Trace.CNP)
                    {
                        cnps[nic].stage(0, t.qp(r)).push();
                        recorder.cnp(t.timePs(r), nic, t.qp(r));
                    }
                    else
                    {
                        txs[nic].stage(0, t.qp(r)).stage(1, t.bytes(r)).push();
                        recorder.tx(t.timePs(r), nic, t.qp(r), t.bytes(r));
                    }
                }
            }
            for (final ClockedDut dut : duts)
            {
                dut.runToTime(h.endPs());
            }
        }
        finally
        {
            for (final ClockedDut dut : duts)
            {
                if (null != dut)
                {
                    dut.close();
                }
            }
        }
        return recorder.trace();
    }
}
