package dev.ccsilicon.cosim.blocks.dcqcnnp;

import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpReference;
import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNp;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpConfig;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpPorts;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpUpdate;
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
 * Co-simulation adapter of {@code dcqcn_np}: CE packets in, CNP descriptors out, qp_table and
 * timer_wheel inside. Cycle-exact (timing tolerance 0). The mode is a static pin chosen by the
 * seed's parity ({@link DcqcnNpSpec#modeOf}: even paper, odd lazy), so every bin below is reachable
 * in both modes: the mode's own branches map onto them (paper first mark / lazy first mark, timer
 * CNP / spaced CNP, pending / in-window suppression, expiry back to IDLE / mark after the window).
 */
public final class DcqcnNpAdapter implements BlockAdapter
{
    /**
     * Coverage bins, in report order. {@code WINDOW_CLOSED}: paper, the wheel empties (every active
     * QP's last expiry found no mark and went IDLE); lazy, a spaced CNP (the window elapsed). The
     * 32-bit statistics cannot saturate in a run; their increments are compared in the CNP records.
     */
    enum Bin
    {
        CNP_ON_FIRST_MARK,       // cause ResArmFirst (paper) / ResLazyFirst (lazy)
        CNP_REPEAT,              // cause ResArmTimer (paper) / ResLazySpaced (lazy)
        WINDOW_CLOSED,
        MARK_SUPPRESSED,         // stat_suppressed_o incremented
        CE_DROPPED,              // stat_ce_dropped_o incremented: CE FIFO full
        CNP_BACKPRESSURE,        // CNP valid, builder not ready
        SAME_QP_BACK_TO_BACK,    // two accepted marks of one QP in consecutive cycles (forwarding)
        QP_FIRST,
        QP_LAST,
        IDLE_INPUT,
        INIT_BUSY_HIGH,
        INIT_BUSY_LOW
    }

    private final BlockSpec spec;

    public DcqcnNpAdapter()
    {
        this(DcqcnNpSpec.spec());
    }

    public DcqcnNpAdapter(final BlockSpec spec)
    {
        this.spec = spec;
    }

    @Override
    public List<BlockVariant> variants()
    {
        return List.of(
            BlockVariant.of("one_lane", "16 QPs, one wheel lane, SRAM latency 1, shallow FIFOs",
                () -> new DcqcnNpAdapter(DcqcnNpSpec.spec(
                    new DcqcnNpConfig(16, 1, 3, 2, 2, 64, 16, 1, 32, DcqcnNpReference.MODE_PAPER, 300)))),
            BlockVariant.of("four_lanes", "64 QPs, four wheel lanes, SRAM latency 3",
                () -> new DcqcnNpAdapter(DcqcnNpSpec.spec(
                    new DcqcnNpConfig(64, 3, 5, 4, 8, 128, 8, 4, 32, DcqcnNpReference.MODE_PAPER, 300)))));
    }

    @Override
    public BlockSpec spec()
    {
        return spec;
    }

    @Override
    public ModelDut newModel(final BlockSpec spec)
    {
        return new ComponentDut(spec.layout(), new DcqcnNp(null, spec.top(), DcqcnNpSpec.config(spec)));
    }

    @Override
    public BlockDeclaration<?> declaration()
    {
        return BlockDeclaration.of("dcqcn_np", DcqcnNpConfig.defaults(1e9), DcqcnNpPorts::of,
                c -> new DcqcnNp(null, "dcqcn_np", c))
            .figure("SRAM bits per QP (`DcqcnNpConfig.bitsPerQp()`)", DcqcnNpConfig::bitsPerQp);
    }

    @Override
    public ReferenceDut newReference(final BlockSpec spec)
    {
        return new DcqcnNpReferenceDut(spec);
    }

    @Override
    public Stimulus newStimulus(final long seed, final int inStream)
    {
        return new DcqcnNpStimulus(seed, inStream, spec);
    }

    @Override
    public Coverage newCoverage()
    {
        return new Coverage(List.of(Bin.values()));
    }

    @Override
    public CycleObserver coverageObserver(final BlockSpec spec, final Coverage c)
    {
        final DcqcnNpConfig config = DcqcnNpSpec.config(spec);
        final int lastQp = config.numQps() - 1;
        final int ceValid = spec.inputWord("ce_valid_i");
        final int ceQp = spec.inputWord("ce_qp_i");
        final int cnpReady = spec.inputWord("cnp_ready_i");
        final int ceReady = spec.outputWord("ce_ready_o");
        final int cnpValid = spec.outputWord("cnp_valid_o");
        final int cnpCause = spec.outputWord("cnp_cause_o");
        final int initBusy = spec.outputWord("init_busy_o");
        final int armed = spec.outputWord("timers_armed_o");
        final int suppressed = spec.outputWord("stat_suppressed_o");
        final int dropped = spec.outputWord("stat_ce_dropped_o");
        // {last suppressed, last dropped, previous cycle's accepted QP or -1, timers were armed}
        final long[] last = {0, 0, -1, 0};
        return (cycle, in, out) ->
        {
            if (out[initBusy] != 0)
            {
                c.hit(Bin.INIT_BUSY_HIGH);
            }
            else
            {
                c.hit(Bin.INIT_BUSY_LOW);
            }
            if (out[armed] == 0 && last[3] != 0)
            {
                c.hit(Bin.WINDOW_CLOSED);
            }
            last[3] = out[armed];
            long accepted = -1;
            if (in[ceValid] != 0)
            {
                if (out[ceReady] != 0)
                {
                    accepted = in[ceQp];
                    if (accepted == last[2])
                    {
                        c.hit(Bin.SAME_QP_BACK_TO_BACK);
                    }
                    if (accepted == 0)
                    {
                        c.hit(Bin.QP_FIRST);
                    }
                    else if (accepted == lastQp)
                    {
                        c.hit(Bin.QP_LAST);
                    }
                }
            }
            else
            {
                c.hit(Bin.IDLE_INPUT);
            }
            last[2] = accepted;
            if (out[cnpValid] != 0)
            {
                if (in[cnpReady] == 0)
                {
                    c.hit(Bin.CNP_BACKPRESSURE);
                }
                else
                {
                    final long cause = out[cnpCause];
                    if (cause == DcqcnNpUpdate.RES_ARM_FIRST || cause == DcqcnNpUpdate.RES_LAZY_FIRST)
                    {
                        c.hit(Bin.CNP_ON_FIRST_MARK);
                    }
                    else
                    {
                        c.hit(Bin.CNP_REPEAT);
                        if (cause == DcqcnNpUpdate.RES_LAZY_SPACED)
                        {
                            c.hit(Bin.WINDOW_CLOSED);
                        }
                    }
                }
            }
            if (out[suppressed] != last[0])
            {
                c.hit(Bin.MARK_SUPPRESSED);
                last[0] = out[suppressed];
            }
            if (out[dropped] != last[1])
            {
                c.hit(Bin.CE_DROPPED);
                last[1] = out[dropped];
            }
        };
    }

    @Override
    public int drainCycles()
    {
        // Longer than two windows plus the wheel's granularity at the largest N: a run ends after
        // the last timer has found no mark, not between a timer CNP and the expiry after it.
        return 2048;
    }
}
