package dev.ccsilicon.cosim.blocks.roccfairrate;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateReference;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;

import java.util.Arrays;

import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.*;
import static dev.ccsilicon.cosim.blocks.roccfairrate.RoccFairRateCosimSpec.*;

/**
 * {@link RoccFairRateReference} at the co-simulated pins. The block's event is a sample of a port's
 * queue depth: its read request {@code q_rd_req_o} / {@code q_rd_port_o} (a side event, cycle c) is
 * answered by the traffic-manager stub of {@code rocc_fair_rate_cosim.sv} one cycle later with the
 * depth written by the {@code depth} stream before cycle c (the stub's register samples its table
 * at the edge that also takes cycle c's write). The stub's depth table is kept here; each sample
 * gives one update: port, F, branch, clamp, ratio. The two tick statistics are timing (not compared).
 */
final class RoccFairRateReferenceDut implements ReferenceDut
{
    private static final String[] CFG_PINS = {
        CFG_PERIOD_I, CFG_Q_REF_I, CFG_Q_MID_I, CFG_Q_MAX_I, CFG_F_MIN_I, CFG_F_MAX_I, CFG_F_INIT_I, CFG_ALPHA_I,
        CFG_BETA_I};
    private static final int SAMPLE = 1;

    private final RoccFairRateConfig params;
    private final int[] cfgIn = new int[CFG_PINS.length];
    private final int reqOut;
    private final int portOut;
    private final long[] depth;
    private final long[] out = new long[7];
    private RoccFairRateReference reference;

    RoccFairRateReferenceDut(final BlockSpec spec)
    {
        params = RoccFairRateCosimSpec.parametersOf(spec);
        for (int i = 0; i < CFG_PINS.length; i++)
        {
            cfgIn[i] = spec.inputWord(CFG_PINS[i]);
        }
        reqOut = spec.outputWord(Q_RD_REQ_O);
        portOut = spec.outputWord(Q_RD_PORT_O);
        depth = new long[params.ports()];
    }

    @Override
    public void reset(final long[] s)
    {
        final RoccFairRateConfig p = params;
        reference = new RoccFairRateReference(new RoccFairRateConfig(p.ports(), p.qBytesWidth(), p.quantBytes(),
            p.rateUnitMbps(), p.fIntWidth(), p.fFracWidth(), p.abIntWidth(), p.abFracWidth(), p.periodWidth(),
            s[cfgIn[0]], s[cfgIn[1]], s[cfgIn[2]], s[cfgIn[3]], s[cfgIn[4]], s[cfgIn[5]], s[cfgIn[6]], s[cfgIn[7]],
            s[cfgIn[8]], p.rounding()));
        Arrays.fill(depth, 0);
    }

    @Override
    public boolean compares(final int outStream, final String port)
    {
        return !port.equals(STAT_LATE_TICKS_O) && !port.equals(STAT_MERGED_TICKS_O);
    }

    @Override
    public int sideEvent(final long[] inputs, final long[] outputs, final long[] words)
    {
        if (outputs[reqOut] == 0)
        {
            return -1;
        }
        words[0] = outputs[portOut];
        return 1;
    }

    @Override
    public void onInput(final int inStream, final long cycle, final long[] words, final Sink sink)
    {
        if (inStream == SAMPLE)
        {
            final int port = (int)words[0];
            final long r = reference.onSample(port, depth[port]);
            out[0] = port;
            out[1] = RoccFairRateAlgorithm.nextF(r);
            out[2] = RoccFairRateAlgorithm.branch(r);
            out[3] = RoccFairRateAlgorithm.clamp(r);
            out[4] = RoccFairRateAlgorithm.ratioLog2(r);
            sink.emit(0, out);
        }
        else
        {
            depth[(int)words[0]] = words[1];
        }
    }
}
