package dev.ccsilicon.cosim.blocks.roccrp;

import java.util.List;
import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.blocks.roccrp.RoccRp;
import dev.ccsilicon.blocks.roccrp.RoccRpConfig;
import dev.ccsilicon.blocks.roccrp.RoccRpPorts;
import dev.ccsilicon.blocks.roccrp.RoccRpUpdate;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockDeclaration;
import dev.ccsilicon.cosim.lockstep.Coverage;
import dev.ccsilicon.cosim.lockstep.CycleObserver;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;
import dev.ccsilicon.cosim.lockstep.Stimulus;
import dev.ccsilicon.hdl.ComponentDut;
import dev.ccsilicon.hdl.ModelDut;

/**
 * Co-simulation adapter of {@code rocc_rp}: CNPs in, rate updates out, qp_table and timer_wheel
 * inside. Cycle-exact (timing tolerance 0). Coverage: every acceptance branch, rejection,
 * doubling, doubling clamped at R_max, limiter removal, stale expiries, same-QP forwarding in the
 * table, a CNP meeting an expiry of its own QP at arbitration, CNPs held back by expiries or
 * backpressure, update backpressure, half the QPs limited at once, first and last QP, idle input.
 */
public final class RoccRpAdapter implements BlockAdapter
{
    /**
     * Coverage bins, in report order. The first four are the acceptance branches in result-code
     * order ({@link RoccRpUpdate#RES_ACCEPT_NEW} ...). The status value classes follow
     * {@code IDLE}: the init sweep seen running (init_busy_o high) and ended (low); the wheel with
     * no timer armed after some were (timers_armed_o back to 0). The 32-bit statistics cannot
     * saturate in a run; their increments are compared in the update records.
     */
    enum Bin
    {
        ACCEPT_NO_LIMITER,
        ACCEPT_LOWER_RATE,
        ACCEPT_EQUAL_RATE,
        ACCEPT_SAME_CP,
        REJECT_HIGHER_RATE_OTHER_CP, // stat_reject_o incremented
        DOUBLE,
        DOUBLE_CLAMPED_AT_RATE_MAX,
        LIMITER_REMOVED,
        STALE_EXPIRY,                // stat_stale_o incremented
        SAME_QP_FORWARDED,           // stat_fwd_o incremented
        CNP_MEETS_OWN_EXPIRY,        // stat_race_o incremented
        CNP_BACKPRESSURED,           // CNP valid, block not ready
        UPD_BACKPRESSURE,
        HALF_QPS_LIMITED,
        QP_FIRST,
        QP_LAST,
        IDLE_INPUT,
        INIT_BUSY_HIGH,
        INIT_BUSY_LOW,
        TIMERS_ALL_EXPIRED
    }

    /** Acceptance result code to its bin. */
    private static final Bin[] ACCEPT_BINS = {Bin.ACCEPT_NO_LIMITER, Bin.ACCEPT_LOWER_RATE, Bin.ACCEPT_EQUAL_RATE, Bin.ACCEPT_SAME_CP};

    private final BlockSpec spec;

    public RoccRpAdapter()
    {
        this(RoccRpSpec.spec());
    }

    public RoccRpAdapter(final BlockSpec spec)
    {
        this.spec = spec;
    }

    @Override
    public List<BlockVariant> variants()
    {
        return List.of(
            BlockVariant.of("one_lane", "16 QPs, one wheel lane, SRAM latency 1",
                () -> new RoccRpAdapter(RoccRpSpec.spec(new RoccRpConfig(16, 1, 3, 2, 64, 16, 1, 16, 32, 1000, 500)))),
            BlockVariant.of("four_lanes", "64 QPs, four wheel lanes, SRAM latency 3",
                () -> new RoccRpAdapter(RoccRpSpec.spec(new RoccRpConfig(64, 3, 5, 4, 128, 8, 4, 16, 32, 1000, 500)))));
    }

    @Override
    public BlockSpec spec()
    {
        return spec;
    }

    @Override
    public ModelDut newModel(final BlockSpec spec)
    {
        return new ComponentDut(spec.layout(), new RoccRp(null, spec.top(), RoccRpSpec.config(spec)));
    }

    @Override
    public BlockDeclaration<?> declaration()
    {
        return BlockDeclaration.of("rocc_rp", RoccRpConfig.defaults(1e9), RoccRpPorts::of,
                c -> new RoccRp(null, "rocc_rp", c))
            .figure("SRAM bits per QP (`RoccRpConfig.bitsPerQp()`)", RoccRpConfig::bitsPerQp);
    }

    @Override
    public ReferenceDut newReference(final BlockSpec spec)
    {
        return new RoccRpReferenceDut(spec);
    }

    @Override
    public Stimulus newStimulus(final long seed, final int inStream)
    {
        return new RoccRpStimulus(seed, inStream, spec);
    }

    @Override
    public Coverage newCoverage()
    {
        return new Coverage(java.util.List.of(Bin.values()));
    }

    @Override
    public CycleObserver coverageObserver(final BlockSpec spec, final Coverage c)
    {
        final RoccRpConfig config = RoccRpSpec.config(spec);
        final int lastQp = config.numQps() - 1;
        final int cnpValid = spec.inputWord("cnp_valid_i");
        final int cnpQp = spec.inputWord("cnp_qp_i");
        final int updReady = spec.inputWord("upd_ready_i");
        final int cnpReady = spec.outputWord("cnp_ready_o");
        final int updValid = spec.outputWord("upd_valid_o");
        final int updCause = spec.outputWord("upd_cause_o");
        final int initBusy = spec.outputWord("init_busy_o");
        final int armed = spec.outputWord("timers_armed_o");
        final int reject = spec.outputWord("stat_reject_o");
        final int stale = spec.outputWord("stat_stale_o");
        final int fwd = spec.outputWord("stat_fwd_o");
        final int race = spec.outputWord("stat_race_o");
        final long[] last = new long[4];
        final int[] pins = {reject, stale, fwd, race};
        final Bin[] bins = {Bin.REJECT_HIGHER_RATE_OTHER_CP, Bin.STALE_EXPIRY, Bin.SAME_QP_FORWARDED, Bin.CNP_MEETS_OWN_EXPIRY};
        final boolean[] wasArmed = new boolean[1];
        return (cycle, in, out) ->
        {
            if (out[initBusy] != 0)
            {
                c.hit(Bin.INIT_BUSY_HIGH);
                return;
            }
            c.hit(Bin.INIT_BUSY_LOW);
            if (out[armed] == 0 && wasArmed[0])
            {
                c.hit(Bin.TIMERS_ALL_EXPIRED);
            }
            wasArmed[0] = out[armed] != 0;
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
            else
            {
                c.hit(Bin.IDLE_INPUT);
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
                    if (RoccRpUpdate.isAccept(cause))
                    {
                        c.hit(ACCEPT_BINS[cause]);
                    }
                    else if (cause == RoccRpUpdate.RES_DOUBLE)
                    {
                        c.hit(Bin.DOUBLE);
                    }
                    else if (cause == RoccRpUpdate.RES_DOUBLE_CLAMP)
                    {
                        c.hit(Bin.DOUBLE_CLAMPED_AT_RATE_MAX);
                    }
                    else if (cause == RoccRpUpdate.RES_REMOVE)
                    {
                        c.hit(Bin.LIMITER_REMOVED);
                    }
                }
            }
            if (2 * out[armed] >= config.numQps())
            {
                c.hit(Bin.HALF_QPS_LIMITED);
            }
            for (int i = 0; i < pins.length; i++)
            {
                if (out[pins[i]] != last[i])
                {
                    c.hit(bins[i]);
                    last[i] = out[pins[i]];
                }
            }
        };
    }

    @Override
    public int drainCycles()
    {
        // Longer than a recovery period plus the wheel's granularity: a run ends after the last
        // timer has run out, not between two doublings.
        return 2048;
    }
}
