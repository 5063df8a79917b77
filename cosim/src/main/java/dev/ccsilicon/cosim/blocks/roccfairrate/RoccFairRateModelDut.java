package dev.ccsilicon.cosim.blocks.roccfairrate;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRate;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.hdl.ClockDomain;

import java.util.Arrays;

import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.*;
import static dev.ccsilicon.cosim.blocks.roccfairrate.RoccFairRateCosimSpec.*;

/**
 * The kernel model {@link RoccFairRate} in its own clock domain, plus the Java twin of the
 * traffic-manager stub of {@code rocc_fair_rate_cosim.sv}, at the co-simulation pins. One
 * {@link #evaluate} + {@link #clock} is one {@code ClockDomain.step()}; every output is read from
 * the model's committed state, exactly as the RTL's outputs are functions of its registers.
 */
final class RoccFairRateModelDut implements ModelDut
{
    private static final String[] CFG_PINS = {
        CFG_PERIOD_I, CFG_Q_REF_I, CFG_Q_MID_I, CFG_Q_MAX_I, CFG_F_MIN_I, CFG_F_MAX_I, CFG_F_INIT_I, CFG_ALPHA_I,
        CFG_BETA_I};

    private final RoccFairRateConfig params;
    private final ClockDomain clk = ClockDomain.ofFrequencyHz("clk", 1e9);
    private final RoccFairRate dut;
    private final int[] cfgIn = new int[CFG_PINS.length];
    private final long[] cfgSeen = new long[CFG_PINS.length];
    private final int enableIn;
    private final int readyIn;
    private final int qdValidIn;
    private final int qdPortIn;
    private final int qdBytesIn;
    private final int reqOut;
    private final int portOut;
    private final int qdReadyOut;
    private final int validOut;
    private final int outPortOut;
    private final int fOut;
    private final int branchOut;
    private final int clampOut;
    private final int ratioOut;
    private final int lateOut;
    private final int mergedOut;

    private final long[] depth;
    private long resp;
    private int silence;
    private int requested;
    private boolean write;
    private int writePort;
    private long writeBytes;

    RoccFairRateModelDut(final BlockSpec spec)
    {
        params = RoccFairRateCosimSpec.parametersOf(spec);
        dut = new RoccFairRate(null, params);
        clk.add(dut);
        for (int i = 0; i < CFG_PINS.length; i++)
        {
            cfgIn[i] = spec.inputWord(CFG_PINS[i]);
        }
        enableIn = spec.inputWord(ENABLE_I);
        readyIn = spec.inputWord(OUT_READY_I);
        qdValidIn = spec.inputWord(QD_VALID_I);
        qdPortIn = spec.inputWord(QD_PORT_I);
        qdBytesIn = spec.inputWord(QD_BYTES_I);
        reqOut = spec.outputWord(Q_RD_REQ_O);
        portOut = spec.outputWord(Q_RD_PORT_O);
        qdReadyOut = spec.outputWord(QD_READY_O);
        validOut = spec.outputWord(OUT_VALID_O);
        outPortOut = spec.outputWord(OUT_PORT_O);
        fOut = spec.outputWord(OUT_F_O);
        branchOut = spec.outputWord(OUT_BRANCH_O);
        clampOut = spec.outputWord(OUT_CLAMP_O);
        ratioOut = spec.outputWord(OUT_RATIO_LOG2_O);
        lateOut = spec.outputWord(STAT_LATE_TICKS_O);
        mergedOut = spec.outputWord(STAT_MERGED_TICKS_O);
        depth = new long[params.ports()];
        Arrays.fill(cfgSeen, -1);
    }

    @Override
    public void reset()
    {
        clk.reset();
        Arrays.fill(depth, 0);
        resp = 0;
        silence = 0;
    }

    @Override
    public void evaluate(final long[] in, final long[] out)
    {
        configureIfChanged(in);
        dut.enable(in[enableIn] != 0 && silence != SILENCE_LIMIT);
        dut.outReady(in[readyIn] != 0);
        dut.queueBytes(resp);
        requested = dut.qRdPort();
        write = in[qdValidIn] != 0;
        writePort = (int)in[qdPortIn];
        writeBytes = in[qdBytesIn];

        out[reqOut] = dut.qRdReq() ? 1 : 0;
        out[portOut] = requested;
        out[qdReadyOut] = 1;
        out[validOut] = dut.outValid() ? 1 : 0;
        out[outPortOut] = dut.outPort();
        out[fOut] = dut.outF();
        out[branchOut] = dut.outBranch();
        out[clampOut] = dut.outClamp();
        out[ratioOut] = dut.outRatioLog2();
        out[lateOut] = dut.statLateTicks();
        out[mergedOut] = dut.statMergedTicks();
    }

    @Override
    public void clock()
    {
        clk.step();
        // The stub's registers: the answer reads the table before this cycle's write lands.
        resp = depth[requested];
        if (write)
        {
            depth[writePort] = writeBytes;
            silence = 0;
        }
        else if (silence != SILENCE_LIMIT)
        {
            silence++;
        }
    }

    /** The cfg pins are static; a change (first cycle, or a new run) is software reprogramming them. */
    private void configureIfChanged(final long[] in)
    {
        boolean changed = false;
        for (int i = 0; i < cfgIn.length; i++)
        {
            changed |= in[cfgIn[i]] != cfgSeen[i];
        }
        if (!changed)
        {
            return;
        }
        for (int i = 0; i < cfgIn.length; i++)
        {
            cfgSeen[i] = in[cfgIn[i]];
        }
        dut.configure(new RoccFairRateConfig(params.ports(), params.qBytesWidth(), params.quantBytes(),
            params.rateUnitMbps(), params.fIntWidth(), params.fFracWidth(), params.abIntWidth(), params.abFracWidth(),
            params.periodWidth(), cfgSeen[0], cfgSeen[1], cfgSeen[2], cfgSeen[3], cfgSeen[4], cfgSeen[5], cfgSeen[6],
            cfgSeen[7], cfgSeen[8], params.rounding()));
    }
}
