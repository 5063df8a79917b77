package dev.ccsilicon.cosim.blocks.ldcppawa;

import dev.ccsilicon.blocks.ldcppawa.LdcpPawa;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaConfig;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaPorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockDeclaration;
import dev.ccsilicon.cosim.lockstep.Coverage;
import dev.ccsilicon.cosim.lockstep.CycleObserver;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;
import dev.ccsilicon.cosim.lockstep.Stimulus;
import dev.ccsilicon.hdl.ComponentDut;
import dev.ccsilicon.hdl.ModelDut;

import java.util.List;

/**
 * Co-simulation adapter of {@code ldcp_pawa}: STARTs, TX-starts, ACKs and losses in, update
 * records out, qp_table and timer_wheel (one id per QP) inside. Cycle-exact (timing tolerance 0).
 * Coverage: every update cause; both ECN values and the two reasons a first-RTT packet is ECT (the
 * IW-th, the last of a message); an increase clamped at cw_max; decreases floored at γ in both
 * modes; timer mode entered and left; stale and ignored expiries; same-QP forwarding in the
 * table; every input stream held back; update backpressure; first and last QP; idle inputs; init
 * sweep; no tick and several ticks armed.
 */
public final class LdcpPawaAdapter implements BlockAdapter
{
    enum Bin
    {
        CAUSE_START,
        CAUSE_TX,
        CAUSE_FS_ACK,
        CAUSE_FS_DONE,
        CAUSE_FS_LOSS,
        CAUSE_LOSS,
        CAUSE_AI,
        CAUSE_MD,
        CAUSE_SUB_AI,
        CAUSE_SUB_MD,
        CAUSE_TICK,
        ECN_NOT_ECT,
        ECN_ECT_FIRST_RTT,       // a first-RTT packet that is ECT: the IW-th or the last of a message
        TX_LAST_OF_MESSAGE,      // tx_last_i high on an accepted TX-start
        AI_AT_CW_MAX,            // window = cw_max · MTU after an increase
        MD_AT_GAMMA,             // window = floor(γ · MTU) after a decrease, either mode
        SUB1_ENTERED,            // stat_sub1_enter_o incremented
        SUB1_LEFT,               // stat_sub1_leave_o incremented
        STALE_EXPIRY,            // stat_stale_o incremented
        SAME_QP_FORWARDED,       // stat_fwd_o incremented
        START_BACKPRESSURED,
        TX_BACKPRESSURED,
        ACK_BACKPRESSURED,
        LOSS_BACKPRESSURED,
        UPD_BACKPRESSURE,
        QP_FIRST,
        QP_LAST,
        IDLE_INPUT,
        INIT_BUSY_HIGH,
        INIT_BUSY_LOW,
        TIMERS_NONE_ARMED,
        TIMERS_SEVERAL_ARMED     // timers_armed_o >= 4
    }

    private static final Bin[] CAUSE_BINS = {Bin.CAUSE_START, Bin.CAUSE_TX, Bin.CAUSE_FS_ACK, Bin.CAUSE_FS_DONE,
        Bin.CAUSE_FS_LOSS, Bin.CAUSE_LOSS, Bin.CAUSE_AI, Bin.CAUSE_MD, Bin.CAUSE_SUB_AI, Bin.CAUSE_SUB_MD, Bin.CAUSE_TICK};

    private final BlockSpec spec;

    public LdcpPawaAdapter()
    {
        this(LdcpPawaSpec.spec());
    }

    public LdcpPawaAdapter(final BlockSpec spec)
    {
        this.spec = spec;
    }

    @Override
    public BlockSpec spec()
    {
        return spec;
    }

    @Override
    public ModelDut newModel(final BlockSpec spec)
    {
        return new ComponentDut(spec.layout(), new LdcpPawa(null, spec.top(), LdcpPawaSpec.config(spec)));
    }

    @Override
    public BlockDeclaration<?> declaration()
    {
        return BlockDeclaration.of("ldcp_pawa", LdcpPawaConfig.DEFAULT, LdcpPawaPorts::of, c -> new LdcpPawa(null, "ldcp_pawa", c))
            .figure("SRAM bits per QP (`LdcpPawaConfig.bitsPerQp()`)", LdcpPawaConfig::bitsPerQp);
    }

    @Override
    public ReferenceDut newReference(final BlockSpec spec)
    {
        return new LdcpPawaReferenceDut(spec);
    }

    @Override
    public Stimulus newStimulus(final long seed, final int inStream)
    {
        return new LdcpPawaStimulus(seed, inStream, spec);
    }

    @Override
    public Coverage newCoverage()
    {
        return new Coverage(List.of(Bin.values()));
    }

    @Override
    public CycleObserver coverageObserver(final BlockSpec spec, final Coverage c)
    {
        final int lastQp = LdcpPawaSpec.config(spec).numQps() - 1;
        final String[] streams = {"start", "tx", "ack", "loss"};
        final Bin[] held = {Bin.START_BACKPRESSURED, Bin.TX_BACKPRESSURED, Bin.ACK_BACKPRESSURED, Bin.LOSS_BACKPRESSURED};
        final int[] valid = new int[4];
        final int[] ready = new int[4];
        final int[] qpPin = new int[4];
        for (int s = 0; s < 4; s++)
        {
            valid[s] = spec.inputWord(streams[s] + "_valid_i");
            ready[s] = spec.outputWord(streams[s] + "_ready_o");
            qpPin[s] = spec.inputWord(streams[s] + "_qp_i");
        }
        final int txLast = spec.inputWord("tx_last_i");
        final int cwMax = spec.inputWord("cfg_cw_max_i");
        final int mtu = spec.inputWord("cfg_mtu_i");
        final int gs = spec.inputWord("cfg_gamma_shift_i");
        final int updReady = spec.inputWord("upd_ready_i");
        final int updValid = spec.outputWord("upd_valid_o");
        final int updCause = spec.outputWord("upd_cause_o");
        final int updEcn = spec.outputWord("upd_ecn_o");
        final int updWindow = spec.outputWord("upd_window_o");
        final int initBusy = spec.outputWord("init_busy_o");
        final int armed = spec.outputWord("timers_armed_o");
        final int[] pins = {spec.outputWord("stat_sub1_enter_o"), spec.outputWord("stat_sub1_leave_o"),
            spec.outputWord("stat_stale_o"), spec.outputWord("stat_fwd_o")};
        final Bin[] pinBins = {Bin.SUB1_ENTERED, Bin.SUB1_LEFT, Bin.STALE_EXPIRY, Bin.SAME_QP_FORWARDED};
        final long[] last = new long[pins.length];
        // Whether a QP's packets are first-RTT packets, shadowed from its records (in order per QP):
        // from reset and START while fast start is configured, until an ACK or a loss of fast start.
        final boolean[] over = new boolean[lastQp + 1];
        final int fastStart = spec.inputWord("cfg_fast_start_i");
        final int updQp = spec.outputWord("upd_qp_o");
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
            else if (out[armed] >= 4)
            {
                c.hit(Bin.TIMERS_SEVERAL_ARMED);
            }
            boolean any = false;
            for (int s = 0; s < 4; s++)
            {
                if (in[valid[s]] == 0)
                {
                    continue;
                }
                any = true;
                if (out[ready[s]] == 0)
                {
                    c.hit(held[s]);
                    continue;
                }
                final long qp = in[qpPin[s]];
                if (qp == 0)
                {
                    c.hit(Bin.QP_FIRST);
                }
                else if (qp == lastQp)
                {
                    c.hit(Bin.QP_LAST);
                }
                if (s == 1 && in[txLast] != 0)
                {
                    c.hit(Bin.TX_LAST_OF_MESSAGE);
                }
            }
            if (!any)
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
                    if (cause < CAUSE_BINS.length)
                    {
                        c.hit(CAUSE_BINS[cause]);
                    }
                    final long window = out[updWindow];
                    final long gammaWindow = ((1L << (24 - in[gs])) * in[mtu]) >>> 24;
                    final int qp = (int)out[updQp];
                    if (cause == LdcpPawaMath.CAUSE_START)
                    {
                        over[qp] = false;
                    }
                    else if (cause == LdcpPawaMath.CAUSE_FS_ACK || cause == LdcpPawaMath.CAUSE_FS_DONE
                        || cause == LdcpPawaMath.CAUSE_FS_LOSS)
                    {
                        over[qp] = true;
                    }
                    else if (cause == LdcpPawaMath.CAUSE_TX)
                    {
                        if (out[updEcn] == LdcpPawaMath.ECN_NOT_ECT)
                        {
                            c.hit(Bin.ECN_NOT_ECT);
                        }
                        else if (in[fastStart] != 0 && !over[qp])
                        {
                            c.hit(Bin.ECN_ECT_FIRST_RTT);
                        }
                    }
                    if ((cause == LdcpPawaMath.CAUSE_AI || cause == LdcpPawaMath.CAUSE_SUB_AI) && window == in[cwMax] * in[mtu])
                    {
                        c.hit(Bin.AI_AT_CW_MAX);
                    }
                    if ((cause == LdcpPawaMath.CAUSE_MD || cause == LdcpPawaMath.CAUSE_SUB_MD) && window == gammaWindow)
                    {
                        c.hit(Bin.MD_AT_GAMMA);
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
        // Longer than the longest tick of both stimuli (the build clamps at 992 cycles, the reference
        // stimulus's ticks are under 1200): a run ends with every tick fired.
        return 4096;
    }
}
