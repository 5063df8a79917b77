package dev.ccsilicon.cosim.blocks.roccfairrate;

import java.util.List;
import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRate;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockDeclaration;
import dev.ccsilicon.cosim.lockstep.Coverage;
import dev.ccsilicon.cosim.lockstep.CycleObserver;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;
import dev.ccsilicon.cosim.lockstep.Stimulus;
import dev.ccsilicon.hdl.ComponentDut;
import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.hdl.fixed.Rounding;

import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.*;
import static dev.ccsilicon.cosim.blocks.roccfairrate.RoccFairRateCosimSpec.*;

/**
 * Co-simulation adapter of {@code rocc_fair_rate} (SPEC §6.1): the kernel model against
 * {@code rtl/switch/rocc_fair_rate.sv} behind the traffic-manager stub of
 * {@code rtl/switch/tb/rocc_fair_rate_cosim.sv}. Cycle-exact: timing tolerance 0.
 */
public final class RoccFairRateAdapter implements BlockAdapter
{
    /** Coverage bins, in report order. */
    enum Bin
    {
        PI_RATIO_1,          // a PI update per step ratio 1 .. 32 (log2 capped at 5)
        PI_RATIO_2,
        PI_RATIO_4,
        PI_RATIO_8,
        PI_RATIO_16,
        PI_RATIO_32,
        MD_TO_FMIN,
        MD_HALVE,
        MD_BLOCKED_BY_GUARD, // a PI update where an MD condition held but the guard blocked it
        CLAMP_FMAX,
        CLAMP_FMIN,
        TICK_DEFERRED,       // stat_late_ticks_o incremented
        TICK_MERGED,         // stat_merged_ticks_o incremented
        OUTPUT_FIFO_FULL,
        OUTPUT_BACKPRESSURE,
        QUEUE_ZERO,
        QUEUE_MAX_BYTES,
        QUEUE_AT_QMAX
    }

    /** PI step ratio (log2, capped at 5) to its bin. */
    private static final Bin[] PI_RATIO_BINS = {
        Bin.PI_RATIO_1, Bin.PI_RATIO_2, Bin.PI_RATIO_4, Bin.PI_RATIO_8, Bin.PI_RATIO_16, Bin.PI_RATIO_32};

    private final RoccFairRateConfig params;
    private final BlockSpec spec;

    public RoccFairRateAdapter()
    {
        this(RoccFairRateCosimSpec.parameters(PORTS, 0, Rounding.FLOOR));
    }

    /** A variant with other parameters (ports, F fraction bits, rounding...). */
    public RoccFairRateAdapter(final RoccFairRateConfig params)
    {
        this.params = params;
        this.spec = RoccFairRateCosimSpec.spec(params);
    }

    @Override
    public List<BlockVariant> variants()
    {
        return List.of(
            BlockVariant.of("frac4_half_up", "8 ports, F with 4 fraction bits, HALF_UP rounding",
                () -> new RoccFairRateAdapter(RoccFairRateCosimSpec.parameters(8, 4, Rounding.HALF_UP))),
            BlockVariant.of("ports64", "the shipped default of 64 ports, integer F, FLOOR",
                () -> new RoccFairRateAdapter(RoccFairRateCosimSpec.parameters(64, 0, Rounding.FLOOR))));
    }

    @Override
    public BlockSpec spec()
    {
        return spec;
    }

    @Override
    public ModelDut newModel(final BlockSpec s)
    {
        return new ComponentDut(s.layout(), new RoccFairRateCosim(s.layout(), RoccFairRateCosimSpec.parametersOf(s)));
    }

    @Override
    public BlockDeclaration<?> declaration()
    {
        // The block itself, not the co-simulated wrapper rocc_fair_rate_cosim (its traffic-manager stub
        // replaces q_rd_bytes_i by a depth stream and adds SilenceLimit). OutDepth and StatWidth are
        // model constants, not fields of the configuration record.
        return BlockDeclaration.of("rocc_fair_rate", RoccFairRateConfig.gbps40(64, 1_000_000_000L),
                c -> RoccFairRatePorts.of(c, RoccFairRate.DEFAULT_STAT_WIDTH), c -> new RoccFairRate(null, c))
            .fixedParameter("OutDepth", RoccFairRate.DEFAULT_OUT_DEPTH)
            .fixedParameter("StatWidth", RoccFairRate.DEFAULT_STAT_WIDTH)
            .figure("state bits per port (`RoccFairRateConfig.stateBitsPerPort()`)", RoccFairRateConfig::stateBitsPerPort);
    }

    @Override
    public ReferenceDut newReference(final BlockSpec spec)
    {
        return new RoccFairRateReferenceDut(spec);
    }

    @Override
    public Stimulus newStimulus(final long seed, final int inStream)
    {
        return new RoccFairRateStimulus(seed, inStream, spec);
    }

    @Override
    public Coverage newCoverage()
    {
        return new Coverage(java.util.List.of(Bin.values()));
    }

    @Override
    public CycleObserver coverageObserver(final BlockSpec s, final Coverage c)
    {
        return new Observer(s, RoccFairRateCosimSpec.parametersOf(s), c);
    }

    @Override
    public int timingTolerance()
    {
        return 0;
    }

    /** Longer than any quiet stretch of a running block (T <= 2P), shorter than the stub's silence limit. */
    @Override
    public int drainCycles()
    {
        return 4 * params.ports() + 16;
    }

    @Override
    public String formatField(final String port, final long[] words)
    {
        if (port.equals(OUT_F_O) && params.fFracWidth() > 0)
        {
            return words[0] + " (" + Math.scalb((double)words[0], -params.fFracWidth()) + " x 10 Mb/s)";
        }
        return Long.toString(words[0]);
    }

    /**
     * Coverage from the pins alone: mirrors the stub's depth table and each port's Qold to classify
     * every update (which branch, which level, whether the guard blocked an MD), counts the output
     * FIFO from requests and handshakes, and watches the statistics counters.
     */
    private static final class Observer implements CycleObserver
    {
        private final Coverage c;
        private final RoccFairRateConfig p;
        private final int ready;
        private final int qdValid;
        private final int qdPort;
        private final int qdBytes;
        private final int qMidIn;
        private final int qMaxIn;
        private final int req;
        private final int reqPort;
        private final int valid;
        private final int branch;
        private final int clamp;
        private final int ratio;
        private final int late;
        private final int merged;
        private final long maxBytes;
        private final long[] depth;
        private final long[] qOld;
        private final long[] pendingQCur = new long[16];
        private final long[] pendingQOld = new long[16];
        private int head;
        private int tail;
        private int occupancy;
        private boolean prevReq;
        private long lastLate;
        private long lastMerged;

        Observer(final BlockSpec s, final RoccFairRateConfig p, final Coverage c)
        {
            this.c = c;
            this.p = p;
            ready = s.inputWord(OUT_READY_I);
            qdValid = s.inputWord(QD_VALID_I);
            qdPort = s.inputWord(QD_PORT_I);
            qdBytes = s.inputWord(QD_BYTES_I);
            qMidIn = s.inputWord(CFG_Q_MID_I);
            qMaxIn = s.inputWord(CFG_Q_MAX_I);
            req = s.outputWord(Q_RD_REQ_O);
            reqPort = s.outputWord(Q_RD_PORT_O);
            valid = s.outputWord(OUT_VALID_O);
            branch = s.outputWord(OUT_BRANCH_O);
            clamp = s.outputWord(OUT_CLAMP_O);
            ratio = s.outputWord(OUT_RATIO_LOG2_O);
            late = s.outputWord(STAT_LATE_TICKS_O);
            merged = s.outputWord(STAT_MERGED_TICKS_O);
            maxBytes = (1L << p.qBytesWidth()) - 1;
            depth = new long[p.ports()];
            qOld = new long[p.ports()];
        }

        @Override
        public void onCycle(final long cycle, final long[] in, final long[] out)
        {
            if (occupancy == RoccFairRate.DEFAULT_OUT_DEPTH)
            {
                c.hit(Bin.OUTPUT_FIFO_FULL);
            }
            if (out[req] != 0)
            {
                // Answered next cycle from the table as it stands now (this cycle's write lands after).
                final int port = (int)out[reqPort];
                final long bytes = depth[port];
                final long qCur = RoccFairRateAlgorithm.quantise(p, bytes);
                pendingQCur[tail & 15] = qCur;
                pendingQOld[tail & 15] = qOld[port];
                tail++;
                qOld[port] = qCur;
                if (bytes == 0)
                {
                    c.hit(Bin.QUEUE_ZERO);
                }
                if (bytes == maxBytes)
                {
                    c.hit(Bin.QUEUE_MAX_BYTES);
                }
            }
            final boolean pop = out[valid] != 0 && in[ready] != 0;
            if (out[valid] != 0 && in[ready] == 0)
            {
                c.hit(Bin.OUTPUT_BACKPRESSURE);
            }
            if (pop)
            {
                classify(in, out, pendingQCur[head & 15], pendingQOld[head & 15]);
                head++;
            }
            occupancy += (prevReq ? 1 : 0) - (pop ? 1 : 0);
            prevReq = out[req] != 0;
            if (in[qdValid] != 0)
            {
                depth[(int)in[qdPort]] = in[qdBytes];
            }
            if (out[late] != lastLate)
            {
                c.hit(Bin.TICK_DEFERRED);
                lastLate = out[late];
            }
            if (out[merged] != lastMerged)
            {
                c.hit(Bin.TICK_MERGED);
                lastMerged = out[merged];
            }
        }

        private void classify(final long[] in, final long[] out, final long qCur, final long qOldOfPort)
        {
            final int b = (int)out[branch];
            if (b == RoccFairRateAlgorithm.BRANCH_PI)
            {
                c.hit(PI_RATIO_BINS[(int)Math.min(PI_RATIO_BINS.length - 1, out[ratio])]);
                if (qCur >= in[qMaxIn] || qCur - qOldOfPort >= in[qMidIn])
                {
                    c.hit(Bin.MD_BLOCKED_BY_GUARD);
                }
            }
            else if (b == RoccFairRateAlgorithm.BRANCH_MD_QMAX)
            {
                c.hit(Bin.MD_TO_FMIN);
            }
            else if (b == RoccFairRateAlgorithm.BRANCH_MD_GROWTH)
            {
                c.hit(Bin.MD_HALVE);
            }
            if ((out[clamp] & RoccFairRateAlgorithm.CLAMP_MAX) != 0)
            {
                c.hit(Bin.CLAMP_FMAX);
            }
            if ((out[clamp] & RoccFairRateAlgorithm.CLAMP_MIN) != 0)
            {
                c.hit(Bin.CLAMP_FMIN);
            }
            if (qCur == in[qMaxIn])
            {
                c.hit(Bin.QUEUE_AT_QMAX);
            }
        }
    }
}
