package dev.ccsilicon.cosim.blocks.roccfairrate;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRate;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.InPin;
import dev.ccsilicon.hdl.OutPin;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.Reg;
import dev.ccsilicon.hdl.RegFile;

import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.*;
import static dev.ccsilicon.cosim.blocks.roccfairrate.RoccFairRateCosimSpec.*;

/**
 * The Java twin of {@code rtl/switch/tb/rocc_fair_rate_cosim.sv}: {@link RoccFairRate} plus the
 * traffic-manager stub the co-simulation drives through a stream of depth writes. The stub's
 * registers are the depth table, the answer to the previous cycle's request and the silence counter
 * that drops {@code enable} after {@link RoccFairRateCosimSpec#SILENCE_LIMIT} cycles without writes.
 * Its settle phase drives the block's input pins (glue) and its own output pins from the block's
 * committed state.
 */
final class RoccFairRateCosim extends Component
{
    private static final String[] CFG_PINS = {
        CFG_PERIOD_I, CFG_Q_REF_I, CFG_Q_MID_I, CFG_Q_MAX_I, CFG_F_MIN_I, CFG_F_MAX_I, CFG_F_INIT_I, CFG_ALPHA_I,
        CFG_BETA_I};

    private final RoccFairRate dut;
    private final RegFile depth;
    private final Reg resp;
    private final Reg silence;
    private final InPin[] cfgIn = new InPin[CFG_PINS.length];
    private final InPin[] cfgOfDut = new InPin[CFG_PINS.length];
    private final InPin enableI;
    private final InPin outReadyI;
    private final InPin qdValidI;
    private final InPin qdPortI;
    private final InPin qdBytesI;
    private final OutPin qRdReqO;
    private final OutPin qRdPortO;
    private final OutPin qdReadyO;
    private final OutPin outValidO;
    private final OutPin outPortO;
    private final OutPin outFO;
    private final OutPin outBranchO;
    private final OutPin outClampO;
    private final OutPin outRatioLog2O;
    private final OutPin lateO;
    private final OutPin mergedO;

    /**
     * @param layout the co-simulation pins ({@link RoccFairRateCosimSpec#spec}).
     * @param params the RTL parameters; the cfg values are placeholders the cfg pins replace.
     */
    RoccFairRateCosim(final PinLayout layout, final RoccFairRateConfig params)
    {
        super(TOP);
        declarePins(layout);
        dut = new RoccFairRate(this, params);
        depth = new RegFile(this, "depth_q", params.ports(), params.qBytesWidth(), 1);
        resp = new Reg(this, "resp_q", params.qBytesWidth());
        silence = new Reg(this, "silence_q", 32 - Integer.numberOfLeadingZeros(SILENCE_LIMIT));
        for (int i = 0; i < CFG_PINS.length; i++)
        {
            cfgIn[i] = in(CFG_PINS[i]);
            cfgOfDut[i] = dut.input(CFG_PINS[i]);
        }
        enableI = in(ENABLE_I);
        outReadyI = in(OUT_READY_I);
        qdValidI = in(QD_VALID_I);
        qdPortI = in(QD_PORT_I);
        qdBytesI = in(QD_BYTES_I);
        qRdReqO = out(Q_RD_REQ_O);
        qRdPortO = out(Q_RD_PORT_O);
        qdReadyO = out(QD_READY_O);
        outValidO = out(OUT_VALID_O);
        outPortO = out(OUT_PORT_O);
        outFO = out(OUT_F_O);
        outBranchO = out(OUT_BRANCH_O);
        outClampO = out(OUT_CLAMP_O);
        outRatioLog2O = out(OUT_RATIO_LOG2_O);
        lateO = out(STAT_LATE_TICKS_O);
        mergedO = out(STAT_MERGED_TICKS_O);
    }

    @Override
    protected void settle()
    {
        for (int i = 0; i < cfgIn.length; i++)
        {
            cfgOfDut[i].set(cfgIn[i].get());
        }
        dut.enable(enableI.high() && silence.get() != SILENCE_LIMIT);
        dut.outReady(outReadyI.high());
        dut.queueBytes(resp.get());

        qRdReqO.set(dut.qRdReq());
        qRdPortO.set(dut.qRdPort());
        qdReadyO.set(true);
        outValidO.set(dut.outValid());
        outPortO.set(dut.outPort());
        outFO.set(dut.outF());
        outBranchO.set(dut.outBranch());
        outClampO.set(dut.outClamp());
        outRatioLog2O.set(dut.outRatioLog2());
        lateO.set(dut.statLateTicks());
        mergedO.set(dut.statMergedTicks());
    }

    @Override
    protected void evaluate()
    {
        // The answer reads the table before this cycle's write lands.
        resp.set(depth.read(dut.qRdPort()));
        if (qdValidI.high())
        {
            depth.write((int)qdPortI.get(), qdBytesI.get());
            silence.set(0);
        }
        else if (silence.get() != SILENCE_LIMIT)
        {
            silence.set(silence.get() + 1);
        }
    }
}
