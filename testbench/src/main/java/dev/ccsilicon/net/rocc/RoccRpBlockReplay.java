package dev.ccsilicon.net.rocc;

import java.util.Arrays;
import java.util.function.Function;

import dev.ccsilicon.blocks.roccrp.RoccRp;
import dev.ccsilicon.blocks.roccrp.RoccRpConfig;
import dev.ccsilicon.cosim.blocks.roccrp.RoccRpSpec;
import dev.ccsilicon.firmware.trace.Trace;
import dev.ccsilicon.firmware.trace.TraceHeader;
import dev.ccsilicon.net.blocks.ClockedDut;
import dev.ccsilicon.net.blocks.Duts;
import dev.ccsilicon.net.blocks.InputFifo;
import dev.ccsilicon.scenario.Level;

/**
 * A trace's CNPs replayed into {@code rocc_rp} as the NIC glue ({@link RoccHostBlocks}) drives it:
 * per NIC one block with the same parameters, each CNP joining its input FIFO at its recorded time,
 * the block's own timer wheel producing the expiries, and the decisions taken at the pins
 * ({@link RoccRpTap}) into a new trace. At {@link Level#RTL} the Verilated block (the co-simulation's
 * build, with the model as its shadow checker) runs behind the same pins.
 */
public final class RoccRpBlockReplay
{
    private RoccRpBlockReplay()
    {
    }

    /** The block's parameters for a trace NIC, as {@link RoccHostBlocks} configures it. */
    public static RoccRpConfig config(final TraceHeader h, final TraceHeader.Nic nic)
    {
        return RoccHostBlocks.config(nic.qps(), nic.rateMax(), h.recoveryNs(), h.timerTick());
    }

    /** Replays {@code t} at {@code level}; returns what the block received and decided. */
    public static Trace replay(final Trace t, final Level level) throws Exception
    {
        return replay(t, level, nic -> config(t.header(), nic));
    }

    /**
     * As {@link #replay(Trace, Level)} with each NIC's block built as {@code configs} says (e.g. the
     * co-simulation's parameters, whose Verilated build is already cached).
     */
    public static Trace replay(final Trace t, final Level level, final Function<TraceHeader.Nic, RoccRpConfig> configs)
        throws Exception
    {
        final TraceHeader h = t.header();
        final int n = h.nics().size();
        final int[] identity = new int[n];
        Arrays.setAll(identity, i -> i);
        final RoccRpTraceRecorder recorder = new RoccRpTraceRecorder(new Trace(h), identity);
        final ClockedDut[] duts = new ClockedDut[n];
        final InputFifo[] fifos = new InputFifo[n];
        final RoccRpTap[] taps = new RoccRpTap[n];
        try
        {
            for (int i = 0; i < n; i++)
            {
                final TraceHeader.Nic nic = h.nics().get(i);
                final RoccRpConfig config = configs.apply(nic);
                final String name = "nic_" + nic.name().replaceAll("[^A-Za-z0-9_]", "_");
                final ClockedDut dut = Duts.open(level, RoccRpSpec.spec(config), () -> new RoccRp(null, name, config));
                duts[i] = dut;
                dut.set("cfg_rate_max_i", config.rateMax()).set("cfg_recovery_i", config.recoveryCycles());
                fifos[i] = dut.input("cnp");
                final RoccRpTap tap = new RoccRpTap(dut, i, nic.qps(), recorder);
                taps[i] = tap;
                dut.output("upd", tap::update);
                dut.pins(tap);
            }
            for (int r = 0; r < t.size(); r++)
            {
                if (t.kind(r) == Trace.CNP)
                {
                    final int nic = t.nic(r);
                    duts[nic].runToTime(t.timePs(r));
                    taps[nic].offered(t.timePs(r), t.qp(r), t.rate(r), (int)t.cp(r));
                    // Field order of RoccRpPorts.CNP_DATA: qp, rate, cp.
                    fifos[nic].stage(0, t.qp(r)).stage(1, t.rate(r)).stage(2, t.cp(r)).push();
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
