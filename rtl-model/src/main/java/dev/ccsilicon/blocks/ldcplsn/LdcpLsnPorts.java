package dev.ccsilicon.blocks.ldcplsn;

import dev.ccsilicon.hdl.Direction;
import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.StreamSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * The pins of {@code rtl/nic/ldcp_lsn.sv}, declared once, in RTL order: the co-simulation's
 * {@code BlockSpec}, the docs page and {@link LdcpLsn}'s pins follow this list. Each stream's data
 * pins are listed in the order of the model's record fields.
 */
public final class LdcpLsnPorts
{
    public static final String TOP = "ldcp_lsn";
    public static final int LSN_WIDTH = 32;
    public static final int N_WIDTH = 8;
    public static final int PEND_WIDTH = 6;
    public static final int STATUS_WIDTH = 2;
    public static final int NDESC_WIDTH = 2;

    // Fields of the input records.
    public static final int TX_QP = 0, TX_SPACE = 1, TX_LEN = 2, TX_READ = 3, TX_RSP_BYTES = 4, TX_REISSUE = 5;
    public static final int ACK_QP = 0, ACK_SPACE = 1, ACK_LSN = 2, ACK_N = 3, ACK_ECE = 4, ACK_TS_ECHO = 5, ACK_NAK = 6;
    public static final int RX_QP = 0, RX_SPACE = 1, RX_LSN = 2, RX_LEN = 3, RX_CE = 4, RX_TS = 5, RX_LAST = 6, RX_READ = 7,
        RX_RSP_LSN = 8;
    public static final int FLUSH_QP = 0, FLUSH_SPACE = 1;

    // Fields of the result records.
    public static final int TXR_QP = 0, TXR_LSN = 1, TXR_TS = 2, TXR_RSP_LSN = 3;
    public static final int SND_QP = 0, SND_CODE = 1, SND_LSN = 2, SND_N = 3, SND_ECE = 4, SND_RTT = 5;
    public static final int RXR_QP = 0, RXR_STATUS = 1, RXR_REALIGNED = 2, RXR_NDESC = 3, RXR_D0 = 4, RXR_D1 = 10;
    /** Offsets inside a descriptor slot (RXR_D0 + offset). */
    public static final int D_KIND = 0, D_SPACE = 1, D_LSN = 2, D_N = 3, D_ECE = 4, D_TS = 5;

    /** Statistics outputs, in RTL order (index = the model's counter index). */
    public static final List<String> STATS = List.of(
        "stat_accepted_o", "stat_dropped_gap_o", "stat_duplicates_o", "stat_naks_o", "stat_rsp_seq_errs_o",
        "stat_acks_o", "stat_ece_acks_o", "stat_advances_o", "stat_dup_acks_o", "stat_ignored_o",
        "stat_go_backs_o", "stat_realigns_o");

    private LdcpLsnPorts()
    {
    }

    public static String[] txFields()
    {
        return new String[] {"tx_qp_i", "tx_space_i", "tx_len_i", "tx_read_i", "tx_rsp_bytes_i", "tx_reissue_i"};
    }

    public static int[] txWidths(final LdcpLsnConfig c)
    {
        return new int[] {c.qpWidth(), 1, LdcpLsnParams.LEN_WIDTH, 1, LSN_WIDTH, 1};
    }

    public static String[] ackFields()
    {
        return new String[] {"ack_qp_i", "ack_space_i", "ack_lsn_i", "ack_n_i", "ack_ece_i", "ack_ts_echo_i", "ack_nak_i"};
    }

    public static int[] ackWidths(final LdcpLsnConfig c)
    {
        return new int[] {c.qpWidth(), 1, LSN_WIDTH, N_WIDTH, 1, LSN_WIDTH, 1};
    }

    public static String[] rtoFields()
    {
        return new String[] {"rto_qp_i"};
    }

    public static int[] rtoWidths(final LdcpLsnConfig c)
    {
        return new int[] {c.qpWidth()};
    }

    public static String[] rxFields()
    {
        return new String[] {"rx_qp_i", "rx_space_i", "rx_lsn_i", "rx_len_i", "rx_ce_i", "rx_ts_i", "rx_last_i",
            "rx_read_i", "rx_rsp_lsn_i"};
    }

    public static int[] rxWidths(final LdcpLsnConfig c)
    {
        return new int[] {c.qpWidth(), 1, LSN_WIDTH, LdcpLsnParams.LEN_WIDTH, 1, LSN_WIDTH, 1, 1, LSN_WIDTH};
    }

    public static String[] flushFields()
    {
        return new String[] {"flush_qp_i", "flush_space_i"};
    }

    public static int[] flushWidths(final LdcpLsnConfig c)
    {
        return new int[] {c.qpWidth(), 1};
    }

    public static String[] txrFields()
    {
        return new String[] {"txr_qp_o", "txr_lsn_o", "txr_ts_o", "txr_rsp_lsn_o"};
    }

    public static int[] txrWidths(final LdcpLsnConfig c)
    {
        return new int[] {c.qpWidth(), LSN_WIDTH, LSN_WIDTH, LSN_WIDTH};
    }

    public static String[] sndFields()
    {
        return new String[] {"snd_qp_o", "snd_code_o", "snd_lsn_o", "snd_n_o", "snd_ece_o", "snd_rtt_o"};
    }

    public static int[] sndWidths(final LdcpLsnConfig c)
    {
        return new int[] {c.qpWidth(), LdcpLsnReference.CODE_WIDTH, LSN_WIDTH, N_WIDTH, 1, LSN_WIDTH};
    }

    public static String[] rxrFields()
    {
        final List<String> f = new ArrayList<>(List.of("rxr_qp_o", "rxr_status_o", "rxr_realigned_o", "rxr_ndesc_o"));
        for (int d = 0; d < 2; d++)
        {
            for (final String s : List.of("kind", "space", "lsn", "n", "ece", "ts"))
            {
                f.add("rxr_d" + d + "_" + s + "_o");
            }
        }
        return f.toArray(new String[0]);
    }

    public static int[] rxrWidths(final LdcpLsnConfig c)
    {
        final int[] w = new int[16];
        w[RXR_QP] = c.qpWidth();
        w[RXR_STATUS] = STATUS_WIDTH;
        w[RXR_REALIGNED] = 1;
        w[RXR_NDESC] = NDESC_WIDTH;
        for (int d = 0; d < 2; d++)
        {
            final int b = RXR_D0 + 6 * d;
            w[b + D_KIND] = LdcpLsnReference.KIND_WIDTH;
            w[b + D_SPACE] = 1;
            w[b + D_LSN] = LSN_WIDTH;
            w[b + D_N] = PEND_WIDTH;
            w[b + D_ECE] = 1;
            w[b + D_TS] = LSN_WIDTH;
        }
        return w;
    }

    /** Every pin of the RTL top, in its declaration order. */
    public static List<PortSpec> of(final LdcpLsnConfig c)
    {
        final List<PortSpec> p = new ArrayList<>();
        p.add(PortSpec.in("clk_i", 1));
        p.add(PortSpec.in("rst_ni", 1));
        p.add(PortSpec.in("cfg_m_i", LdcpLsnParams.M_WIDTH));
        p.add(PortSpec.in("cfg_lmin_i", LdcpLsnParams.LEN_WIDTH));
        addStream(p, tx(), txWidths(c));
        addStream(p, ack(), ackWidths(c));
        addStream(p, rto(), rtoWidths(c));
        addStream(p, rx(), rxWidths(c));
        addStream(p, flush(), flushWidths(c));
        addStream(p, txr(), txrWidths(c));
        addStream(p, snd(), sndWidths(c));
        addStream(p, rxr(), rxrWidths(c));
        p.add(PortSpec.out("init_busy_o", 1));
        for (final String s : STATS)
        {
            p.add(PortSpec.out(s, c.statWidth()));
        }
        return List.copyOf(p);
    }

    /** The valid/ready streams, inputs first. */
    public static List<StreamSpec> streams()
    {
        return List.of(tx(), ack(), rto(), rx(), flush(), txr(), snd(), rxr());
    }

    public static StreamSpec stream(final String name)
    {
        for (final StreamSpec s : streams())
        {
            if (s.name().equals(name))
            {
                return s;
            }
        }
        throw new IllegalArgumentException(TOP + ": no stream " + name);
    }

    private static StreamSpec tx()
    {
        return StreamSpec.in("tx", "tx_valid_i", "tx_ready_o", txFields());
    }

    private static StreamSpec ack()
    {
        return StreamSpec.in("ack", "ack_valid_i", "ack_ready_o", ackFields());
    }

    private static StreamSpec rto()
    {
        return StreamSpec.in("rto", "rto_valid_i", "rto_ready_o", rtoFields());
    }

    private static StreamSpec rx()
    {
        return StreamSpec.in("rx", "rx_valid_i", "rx_ready_o", rxFields());
    }

    private static StreamSpec flush()
    {
        return StreamSpec.in("flush", "flush_valid_i", "flush_ready_o", flushFields());
    }

    private static StreamSpec txr()
    {
        return StreamSpec.out("txr", "txr_valid_o", "txr_ready_i", txrFields());
    }

    private static StreamSpec snd()
    {
        return StreamSpec.out("snd", "snd_valid_o", "snd_ready_i", sndFields());
    }

    private static StreamSpec rxr()
    {
        return StreamSpec.out("rxr", "rxr_valid_o", "rxr_ready_i", rxrFields());
    }

    private static void addStream(final List<PortSpec> p, final StreamSpec s, final int[] widths)
    {
        final Direction ready = s.direction() == Direction.IN ? Direction.OUT : Direction.IN;
        p.add(new PortSpec(s.validPort(), s.direction(), 1));
        p.add(new PortSpec(s.readyPort(), ready, 1));
        for (int i = 0; i < widths.length; i++)
        {
            p.add(new PortSpec(s.dataPorts().get(i), s.direction(), widths[i]));
        }
    }
}
