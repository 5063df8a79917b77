package dev.ccsilicon.cosim.blocks.ldcplsn;

import dev.ccsilicon.blocks.ldcplsn.LdcpLsn;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnConfig;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnPorts;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnUpdate;
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
 * Co-simulation adapter of {@code ldcp_lsn}: five event streams in (tx, ack, rto, rx, flush), three
 * result streams out (txr, snd, rxr), qp_table inside. Cycle-exact (timing tolerance 0).
 */
public final class LdcpLsnAdapter implements BlockAdapter
{
    /** Coverage bins, in report order; each names the output (or input) that shows it. */
    enum Bin
    {
        TX_REQ,                 // txr record of a REQ-space packet
        TX_RSP,                 // txr record of an RSP-space packet
        TX_READ,                // tx handshake of a READ request
        TX_REISSUE,             // tx handshake of a re-issued READ
        ACK_ADVANCE,            // snd code ADVANCE, ece 0
        ACK_ADVANCE_ECE,        // snd code ADVANCE, ece 1
        ACK_DUPLICATE,          // snd code DUPLICATE
        ACK_IGNORED,            // snd code IGNORED
        GO_BACK,                // snd code GO_BACK (NAK or RTO)
        RTO_NOTHING_IN_FLIGHT,  // snd code NONE
        RX_ACCEPTED,            // rxr status ACCEPTED
        RX_GAP_NAK,             // rxr status GAP with a descriptor
        RX_GAP_SILENT,          // rxr status GAP without one (NAK already sent)
        RX_DUPLICATE,           // rxr status DUP
        RX_COALESCING,          // rxr ACCEPTED without a descriptor (pend_n grows)
        FLUSH_EMPTY,            // rxr status FLUSH, nothing pending
        FLUSH_ACK,              // rxr status FLUSH with an ACK
        DESC_TWO,               // two descriptors in one record
        DESC_COALESCED,         // an ACK with n > 1
        DESC_ECE,               // an ECE ACK
        DESC_NAK,
        DESC_RSP_SEQ_ERR,
        DESC_DUP_ACK,
        REALIGNED,              // responder step 5
        TXR_BACKPRESSURE,
        SND_BACKPRESSURE,
        RXR_BACKPRESSURE,
        INPUT_STALL,            // an input valid with its ready low
        SAME_QP_BACK_TO_BACK,   // two input handshakes of one QP in consecutive cycles
        QP_FIRST,
        QP_LAST,
        IDLE_INPUT,
        INIT_BUSY_HIGH,
        INIT_BUSY_LOW
    }

    private static final String[] IN_STREAMS = {"tx", "ack", "rto", "rx", "flush"};

    private final BlockSpec spec;

    public LdcpLsnAdapter()
    {
        this(LdcpLsnSpec.spec());
    }

    public LdcpLsnAdapter(final BlockSpec spec)
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
        return new ComponentDut(spec.layout(), new LdcpLsn(null, spec.top(), LdcpLsnSpec.config(spec)));
    }

    @Override
    public BlockDeclaration<?> declaration()
    {
        return BlockDeclaration.of(LdcpLsnPorts.TOP, LdcpLsnConfig.defaults(), LdcpLsnPorts::of,
                c -> new LdcpLsn(null, LdcpLsnPorts.TOP, c))
            .figure("SRAM bits per QP (`LdcpLsnConfig.bitsPerQp()`)", LdcpLsnConfig::bitsPerQp);
    }

    @Override
    public ReferenceDut newReference(final BlockSpec spec)
    {
        return new LdcpLsnReferenceDut(spec);
    }

    @Override
    public Stimulus newStimulus(final long seed, final int inStream)
    {
        return new LdcpLsnStimulus(seed, inStream, spec, false);
    }

    @Override
    public Coverage newCoverage()
    {
        return new Coverage(List.of(Bin.values()));
    }

    @Override
    public CycleObserver coverageObserver(final BlockSpec spec, final Coverage c)
    {
        final int lastQp = LdcpLsnSpec.config(spec).numQps() - 1;
        final int[] inValid = new int[IN_STREAMS.length];
        final int[] inReady = new int[IN_STREAMS.length];
        final int[] inQp = new int[IN_STREAMS.length];
        for (int s = 0; s < IN_STREAMS.length; s++)
        {
            inValid[s] = spec.inputWord(IN_STREAMS[s] + "_valid_i");
            inReady[s] = spec.outputWord(IN_STREAMS[s] + "_ready_o");
            inQp[s] = spec.inputWord(IN_STREAMS[s] + "_qp_i");
        }
        final int txRead = spec.inputWord("tx_read_i");
        final int txReissue = spec.inputWord("tx_reissue_i");
        final int initBusy = spec.outputWord("init_busy_o");
        final int txrV = spec.outputWord("txr_valid_o");
        final int txrR = spec.inputWord("txr_ready_i");
        final int sndV = spec.outputWord("snd_valid_o");
        final int sndR = spec.inputWord("snd_ready_i");
        final int rxrV = spec.outputWord("rxr_valid_o");
        final int rxrR = spec.inputWord("rxr_ready_i");
        final int sndCode = spec.outputWord("snd_code_o");
        final int sndEce = spec.outputWord("snd_ece_o");
        final int status = spec.outputWord("rxr_status_o");
        final int ndesc = spec.outputWord("rxr_ndesc_o");
        final int realigned = spec.outputWord("rxr_realigned_o");
        final int[] kind = {spec.outputWord("rxr_d0_kind_o"), spec.outputWord("rxr_d1_kind_o")};
        final int[] n = {spec.outputWord("rxr_d0_n_o"), spec.outputWord("rxr_d1_n_o")};
        final int[] ece = {spec.outputWord("rxr_d0_ece_o"), spec.outputWord("rxr_d1_ece_o")};
        final int txSpace = spec.inputWord("tx_space_i");
        // The QP of each input handshake of the previous cycle (-1: none).
        final long[] prevQp = new long[IN_STREAMS.length];
        final long[] curQp = new long[IN_STREAMS.length];
        java.util.Arrays.fill(prevQp, -1);
        return (cycle, in, out) ->
        {
            c.hit(out[initBusy] != 0 ? Bin.INIT_BUSY_HIGH : Bin.INIT_BUSY_LOW);
            boolean any = false;
            for (int s = 0; s < IN_STREAMS.length; s++)
            {
                curQp[s] = -1;
                if (in[inValid[s]] == 0)
                {
                    continue;
                }
                any = true;
                if (out[inReady[s]] == 0)
                {
                    c.hit(Bin.INPUT_STALL);
                    continue;
                }
                final long qp = in[inQp[s]];
                curQp[s] = qp;
                for (final long p : prevQp)
                {
                    if (p == qp)
                    {
                        c.hit(Bin.SAME_QP_BACK_TO_BACK);
                    }
                }
                if (qp == 0)
                {
                    c.hit(Bin.QP_FIRST);
                }
                else if (qp == lastQp)
                {
                    c.hit(Bin.QP_LAST);
                }
                if (s == LdcpLsnStimulus.TX)
                {
                    if (in[txRead] != 0)
                    {
                        c.hit(Bin.TX_READ);
                    }
                    if (in[txRead] != 0 && in[txReissue] != 0)
                    {
                        c.hit(Bin.TX_REISSUE);
                    }
                    c.hit(in[txSpace] == 0 ? Bin.TX_REQ : Bin.TX_RSP);
                }
            }
            System.arraycopy(curQp, 0, prevQp, 0, prevQp.length);
            if (!any)
            {
                c.hit(Bin.IDLE_INPUT);
            }
            if (out[txrV] != 0 && in[txrR] == 0)
            {
                c.hit(Bin.TXR_BACKPRESSURE);
            }
            if (out[sndV] != 0)
            {
                if (in[sndR] == 0)
                {
                    c.hit(Bin.SND_BACKPRESSURE);
                }
                else
                {
                    switch ((int)out[sndCode])
                    {
                        case LdcpLsnReference.ADVANCE -> c.hit(out[sndEce] != 0 ? Bin.ACK_ADVANCE_ECE : Bin.ACK_ADVANCE);
                        case LdcpLsnReference.DUPLICATE -> c.hit(Bin.ACK_DUPLICATE);
                        case LdcpLsnReference.IGNORED -> c.hit(Bin.ACK_IGNORED);
                        case LdcpLsnReference.GO_BACK -> c.hit(Bin.GO_BACK);
                        default -> c.hit(Bin.RTO_NOTHING_IN_FLIGHT);
                    }
                }
            }
            if (out[rxrV] != 0)
            {
                if (in[rxrR] == 0)
                {
                    c.hit(Bin.RXR_BACKPRESSURE);
                    return;
                }
                final long nd = out[ndesc];
                switch ((int)out[status])
                {
                    case LdcpLsnUpdate.STATUS_ACCEPTED -> c.hit(nd == 0 ? Bin.RX_COALESCING : Bin.RX_ACCEPTED);
                    case LdcpLsnUpdate.STATUS_GAP -> c.hit(nd == 0 ? Bin.RX_GAP_SILENT : Bin.RX_GAP_NAK);
                    case LdcpLsnUpdate.STATUS_DUP -> c.hit(Bin.RX_DUPLICATE);
                    default -> c.hit(nd == 0 ? Bin.FLUSH_EMPTY : Bin.FLUSH_ACK);
                }
                if (nd == 2)
                {
                    c.hit(Bin.DESC_TWO);
                }
                if (out[realigned] != 0)
                {
                    c.hit(Bin.REALIGNED);
                }
                for (int d = 0; d < nd; d++)
                {
                    switch ((int)out[kind[d]])
                    {
                        case LdcpLsnReference.KIND_ACK ->
                        {
                            if (out[n[d]] > 1)
                            {
                                c.hit(Bin.DESC_COALESCED);
                            }
                        }
                        case LdcpLsnReference.KIND_NAK -> c.hit(Bin.DESC_NAK);
                        case LdcpLsnReference.KIND_DUP_ACK -> c.hit(Bin.DESC_DUP_ACK);
                        default -> c.hit(Bin.DESC_RSP_SEQ_ERR);
                    }
                    if (out[ece[d]] != 0)
                    {
                        c.hit(Bin.DESC_ECE);
                    }
                }
            }
        };
    }

    @Override
    public int drainCycles()
    {
        return 256;
    }
}
