package dev.ccsilicon.cosim.blocks.dcqcnrp;

import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRp;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpConfig;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpMath;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpPorts;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockDeclaration;
import dev.ccsilicon.cosim.lockstep.Coverage;
import dev.ccsilicon.cosim.lockstep.CycleObserver;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;
import dev.ccsilicon.cosim.lockstep.Stimulus;
import dev.ccsilicon.hdl.ComponentDut;
import dev.ccsilicon.hdl.ModelDut;

import java.util.ArrayList;
import java.util.List;

/**
 * Co-simulation adapter of {@code dcqcn_rp}: CNPs and TX reports in, rate updates out, qp_table and
 * timer_wheel (2 ids per QP) inside. Cycle-exact (timing tolerance 0). One adapter per profile: the
 * registered one runs profile paper ({@code ccsilicon cosim dcqcn_rp}); {@link #ns3()} runs ns3
 * (its co-simulation test). Coverage: every update cause of the profile (cut, each INCREASE branch
 * by timer and, in paper, by byte counter, each with and without the limiter removal), a cut at
 * R_min, α decays, stale expiries, ignored events, same-QP forwarding in the table, CNPs and TX
 * reports held back, update backpressure, first and last QP, idle inputs, init sweep, no timer and half the timers
 * armed.
 */
public final class DcqcnRpAdapter implements BlockAdapter
{
    enum Bin
    {
        CNP_CUT,                 // paper
        NS3_CUT,                 // ns3
        CUT_AT_RATE_MIN,
        TIMER_FR,
        TIMER_AI,
        TIMER_HAI,
        TIMER_REMOVES_LIMITER,
        BYTES_FR,                // paper
        BYTES_AI,                // paper
        BYTES_HAI,               // paper
        BYTES_REMOVES_LIMITER,   // paper
        ALPHA_DECAYED,           // stat_alpha_decay_o incremented
        STALE_EXPIRY,            // stat_stale_o incremented
        IGNORED_EVENT,           // stat_ignored_o incremented
        SAME_QP_FORWARDED,       // stat_fwd_o incremented
        CNP_BACKPRESSURED,
        TX_BACKPRESSURED,
        UPD_BACKPRESSURE,
        QP_FIRST,
        QP_LAST,
        IDLE_INPUT,
        INIT_BUSY_HIGH,
        INIT_BUSY_LOW,
        TIMERS_NONE_ARMED,       // timers_armed_o = 0 after the init sweep
        TIMERS_HALF_ARMED        // timers_armed_o >= NumQps (half of the 2 NumQps timers)
    }

    private final BlockSpec spec;
    private final int profile;
    private final long timerScale;

    public DcqcnRpAdapter()
    {
        this(DcqcnRpSpec.spec(), DcqcnRpParams.PROFILE_PAPER);
    }

    public DcqcnRpAdapter(final BlockSpec spec, final int profile)
    {
        this(spec, profile, 1);
    }

    /**
     * @param timerScale the stimulus's T_inc, K and T_dec (and so its long silences) times this: with
     *                   a wheel whose horizon covers them, timers expire in long quiet stretches.
     */
    public DcqcnRpAdapter(final BlockSpec spec, final int profile, final long timerScale)
    {
        this.spec = spec;
        this.profile = profile;
        this.timerScale = timerScale;
    }

    /** The adapter running profile ns3. */
    public static DcqcnRpAdapter ns3()
    {
        return new DcqcnRpAdapter(DcqcnRpSpec.spec(), DcqcnRpParams.PROFILE_NS3);
    }

    public int profile()
    {
        return profile;
    }

    @Override
    public List<BlockVariant> variants()
    {
        return List.of(
            BlockVariant.of("ns3", "profile ns3 (the HPCC simulator's variant)", DcqcnRpAdapter::ns3),
            BlockVariant.of("one_lane", "16 QPs, one wheel lane, SRAM latency 1",
                () -> new DcqcnRpAdapter(DcqcnRpSpec.spec(
                    new DcqcnRpConfig(16, 1, 3, 2, 64, 16, 1, 16, 32, DcqcnRpSpec.COSIM.params())), DcqcnRpParams.PROFILE_PAPER)),
            BlockVariant.of("four_lanes", "64 QPs, four wheel lanes, SRAM latency 3",
                () -> new DcqcnRpAdapter(DcqcnRpSpec.spec(
                    new DcqcnRpConfig(64, 3, 5, 4, 128, 8, 4, 16, 32, DcqcnRpSpec.COSIM.params())), DcqcnRpParams.PROFILE_PAPER)),
            BlockVariant.of("long_timers", "the network's regime: 512 x 256 wheel, timers 40 times longer, expiring in silences",
                () -> new DcqcnRpAdapter(DcqcnRpSpec.spec(
                    new DcqcnRpConfig(8, 2, 4, 4, 512, 256, 2, 32, 32, DcqcnRpSpec.COSIM.params())), DcqcnRpParams.PROFILE_PAPER, 40))
                .withoutReferenceCheck("the reference check's race-free stimulus arms timers of 100 to 250 cycles, under this "
                    + "wheel's 256-cycle tick, which quantises them; checked model against RTL with the scaled timers"));
    }

    @Override
    public BlockSpec spec()
    {
        return spec;
    }

    @Override
    public ModelDut newModel(final BlockSpec spec)
    {
        return new ComponentDut(spec.layout(), new DcqcnRp(null, spec.top(), DcqcnRpSpec.config(spec)));
    }

    @Override
    public BlockDeclaration<?> declaration()
    {
        return BlockDeclaration.of("dcqcn_rp", DcqcnRpConfig.defaults(1e9), DcqcnRpPorts::of,
                c -> new DcqcnRp(null, "dcqcn_rp", c))
            .figure("SRAM bits per QP (`DcqcnRpConfig.bitsPerQp()`)", DcqcnRpConfig::bitsPerQp);
    }

    @Override
    public ReferenceDut newReference(final BlockSpec spec)
    {
        return new DcqcnRpReferenceDut(spec, profile);
    }

    @Override
    public Stimulus newStimulus(final long seed, final int inStream)
    {
        return new DcqcnRpStimulus(seed, inStream, spec, profile, timerScale);
    }

    /** The bins this profile can reach. */
    List<Bin> bins()
    {
        final List<Bin> l = new ArrayList<>();
        for (final Bin b : Bin.values())
        {
            final boolean paperOnly = b == Bin.CNP_CUT || b.name().startsWith("BYTES_");
            final boolean ns3Only = b == Bin.NS3_CUT;
            if (profile == DcqcnRpParams.PROFILE_NS3 ? !paperOnly : !ns3Only)
            {
                l.add(b);
            }
        }
        return l;
    }

    @Override
    public Coverage newCoverage()
    {
        return new Coverage(bins());
    }

    @Override
    public CycleObserver coverageObserver(final BlockSpec spec, final Coverage c)
    {
        final DcqcnRpConfig config = DcqcnRpSpec.config(spec);
        final int lastQp = config.numQps() - 1;
        final int cnpValid = spec.inputWord("cnp_valid_i");
        final int cnpQp = spec.inputWord("cnp_qp_i");
        final int txValid = spec.inputWord("tx_valid_i");
        final int rateMin = spec.inputWord("cfg_rate_min_i");
        final int updReady = spec.inputWord("upd_ready_i");
        final int cnpReady = spec.outputWord("cnp_ready_o");
        final int txReady = spec.outputWord("tx_ready_o");
        final int updValid = spec.outputWord("upd_valid_o");
        final int updCause = spec.outputWord("upd_cause_o");
        final int updRc = spec.outputWord("upd_rc_o");
        final int initBusy = spec.outputWord("init_busy_o");
        final int armed = spec.outputWord("timers_armed_o");
        final int[] pins = {spec.outputWord("stat_alpha_decay_o"), spec.outputWord("stat_stale_o"),
            spec.outputWord("stat_ignored_o"), spec.outputWord("stat_fwd_o")};
        final Bin[] pinBins = {Bin.ALPHA_DECAYED, Bin.STALE_EXPIRY, Bin.IGNORED_EVENT, Bin.SAME_QP_FORWARDED};
        final Bin[] timerBins = {null, Bin.TIMER_FR, Bin.TIMER_AI, Bin.TIMER_HAI};
        final Bin[] byteBins = {null, Bin.BYTES_FR, Bin.BYTES_AI, Bin.BYTES_HAI};
        final long[] last = new long[pins.length];
        return (cycle, in, out) ->
        {
            if (out[initBusy] != 0)
            {
                c.hit(Bin.INIT_BUSY_HIGH);
                return;
            }
            c.hit(Bin.INIT_BUSY_LOW);
            if (out[armed] == 0)
            {
                c.hit(Bin.TIMERS_NONE_ARMED);
            }
            else if (out[armed] >= config.numQps())
            {
                c.hit(Bin.TIMERS_HALF_ARMED);
            }
            if (in[cnpValid] != 0)
            {
                if (out[cnpReady] == 0)
                {
                    c.hit(Bin.CNP_BACKPRESSURED);
                }
                else if (in[cnpQp] == 0)
                {
                    c.hit(Bin.QP_FIRST);
                }
                else if (in[cnpQp] == lastQp)
                {
                    c.hit(Bin.QP_LAST);
                }
            }
            else if (in[txValid] == 0)
            {
                c.hit(Bin.IDLE_INPUT);
            }
            if (in[txValid] != 0 && out[txReady] == 0)
            {
                c.hit(Bin.TX_BACKPRESSURED);
            }
            if (out[updValid] != 0)
            {
                if (in[updReady] == 0)
                {
                    c.hit(Bin.UPD_BACKPRESSURE);
                }
                else
                {
                    final int cause = (int)out[updCause];
                    if (cause == DcqcnRpUpdate.RES_CNP_CUT || cause == DcqcnRpUpdate.RES_NS3_CUT)
                    {
                        c.hit(cause == DcqcnRpUpdate.RES_CNP_CUT ? Bin.CNP_CUT : Bin.NS3_CUT);
                        if (out[updRc] == in[rateMin])
                        {
                            c.hit(Bin.CUT_AT_RATE_MIN);
                        }
                    }
                    else if (DcqcnRpUpdate.isIncrease(cause))
                    {
                        final boolean bytes = (cause & DcqcnRpUpdate.BYTES_BIT) != 0;
                        final int br = DcqcnRpUpdate.branch(cause);
                        if (br >= DcqcnRpMath.FR)
                        {
                            c.hit(bytes ? byteBins[br] : timerBins[br]);
                        }
                        if (DcqcnRpUpdate.isRemoval(cause))
                        {
                            c.hit(bytes ? Bin.BYTES_REMOVES_LIMITER : Bin.TIMER_REMOVES_LIMITER);
                        }
                    }
                }
            }
            for (int i = 0; i < pins.length; i++)
            {
                if (out[pins[i]] != last[i])
                {
                    c.hit(pinBins[i]);
                    last[i] = out[pins[i]];
                }
            }
        };
    }

    @Override
    public int drainCycles()
    {
        // Longer than the recovery to the line rate and α's decay to 0 at the reference check's
        // parameters: a run ends with every QP quiet.
        // With scaled timers recovery takes millions of cycles, beyond the engine's hang budget (2^20
        // cycles without progress): such a run ends soon after its last input (lockstep only).
        return timerScale == 1 ? 32_768 : 1_024;
    }
}
