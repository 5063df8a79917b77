package dev.ccsilicon.blocks.roccflowtable;

import dev.ccsilicon.hdl.Direction;
import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.StreamSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * The pins of {@code rtl/switch/rocc_flow_table.sv}, declared once: the Java model's channels are
 * built from these fields (same names, same order, same widths) and the co-simulation adapter builds
 * its port list from {@link #ports(RoccFlowTableConfig)} and its streams from {@link #streams()}. Each
 * stream's data ports are listed in the order of the model's record fields.
 */
public final class RoccFlowTablePorts
{
    public static final String TOP = "rocc_flow_table";

    // Record fields of the event stream (ev_*_i).
    public static final int EV_DEQ = 0;
    public static final int EV_TRACKED = 1;
    public static final int EV_PORT = 2;
    public static final int EV_SRC_IP = 3;
    public static final int EV_DST_IP = 4;
    public static final int EV_PROTO = 5;
    public static final int EV_SRC_PORT = 6;
    public static final int EV_DST_PORT = 7;

    // Record fields of the event response stream (rsp_*_o).
    public static final int RSP_STATUS = 0;
    public static final int RSP_TRACKED = 1;
    public static final int RSP_PORT = 2;
    public static final int RSP_BUCKET = 3;
    public static final int RSP_WAY = 4;
    public static final int RSP_COUNT = 5;

    // Record fields of the fair-rate update stream (upd_*_i).
    public static final int UPD_PORT = 0;
    public static final int UPD_F = 1;

    // Record fields of the CNP descriptor stream (cnp_*_o).
    public static final int CNP_F = 0;
    public static final int CNP_SWITCH_ID = 1;
    public static final int CNP_PORT = 2;
    public static final int CNP_SRC_IP = 3;
    public static final int CNP_DST_IP = 4;
    public static final int CNP_PROTO = 5;
    public static final int CNP_SRC_PORT = 6;
    public static final int CNP_DST_PORT = 7;

    // Record fields of the scan report stream (scan_*_o).
    public static final int SCAN_PORT = 0;
    public static final int SCAN_F = 1;
    public static final int SCAN_ROWS = 2;
    public static final int SCAN_CNPS = 3;
    public static final int SCAN_CYCLES = 4;
    public static final int SCAN_COALESCED = 5;

    private RoccFlowTablePorts()
    {
    }

    public static String[] evFields()
    {
        return new String[] {"ev_deq_i", "ev_tracked_i", "ev_port_i", "ev_src_ip_i", "ev_dst_ip_i", "ev_proto_i",
            "ev_src_port_i", "ev_dst_port_i"};
    }

    public static int[] evWidths(final RoccFlowTableConfig c)
    {
        return new int[] {1, 1, c.portWidth(), 32, 32, 8, 16, 16};
    }

    public static String[] rspFields()
    {
        return new String[] {"rsp_status_o", "rsp_tracked_o", "rsp_port_o", "rsp_bucket_o", "rsp_way_o", "rsp_count_o"};
    }

    public static int[] rspWidths(final RoccFlowTableConfig c)
    {
        return new int[] {RoccFlowTableConfig.STATUS_WIDTH, 1, c.portWidth(), c.bucketWidth(), c.wayWidth(),
            c.countWidth()};
    }

    public static String[] updFields()
    {
        return new String[] {"upd_port_i", "upd_f_i"};
    }

    public static int[] updWidths(final RoccFlowTableConfig c)
    {
        return new int[] {c.portWidth(), c.fWidth()};
    }

    public static String[] cnpFields()
    {
        return new String[] {"cnp_f_o", "cnp_switch_id_o", "cnp_port_o", "cnp_src_ip_o", "cnp_dst_ip_o", "cnp_proto_o",
            "cnp_src_port_o", "cnp_dst_port_o"};
    }

    public static int[] cnpWidths(final RoccFlowTableConfig c)
    {
        return new int[] {c.fWidth(), RoccFlowTableConfig.SWITCH_ID_WIDTH, c.portWidth(), 32, 32, 8, 16, 16};
    }

    public static String[] scanFields()
    {
        return new String[] {"scan_port_o", "scan_f_o", "scan_rows_o", "scan_cnps_o", "scan_cycles_o",
            "scan_coalesced_o"};
    }

    public static int[] scanWidths(final RoccFlowTableConfig c)
    {
        return new int[] {c.portWidth(), c.fWidth(), c.rowCountWidth(), c.cnpCountWidth(), c.cycleWidth(),
            c.statWidth()};
    }

    /** Every pin of the RTL top, in its declaration order. */
    public static List<PortSpec> ports(final RoccFlowTableConfig c)
    {
        final List<PortSpec> p = new ArrayList<>();
        p.add(PortSpec.in("clk_i", 1));
        p.add(PortSpec.in("rst_ni", 1));
        p.add(PortSpec.in("cfg_switch_id_i", RoccFlowTableConfig.SWITCH_ID_WIDTH));
        p.add(PortSpec.in("cfg_cnp_gap_i", c.gapWidth()));
        addStream(p, ev(), evWidths(c));
        addStream(p, rsp(), rspWidths(c));
        addStream(p, upd(), updWidths(c));
        addStream(p, cnp(), cnpWidths(c));
        addStream(p, scan(), scanWidths(c));
        p.add(PortSpec.out("stat_overflow_o", c.statWidth()));
        p.add(PortSpec.out("stat_count_sat_o", c.statWidth()));
        p.add(PortSpec.out("stat_deq_miss_o", c.statWidth()));
        p.add(PortSpec.out("stat_coalesced_o", c.statWidth()));
        p.add(PortSpec.out("init_done_o", 1));
        return List.copyOf(p);
    }

    /** The valid/ready streams, inputs first. */
    public static List<StreamSpec> streams()
    {
        return List.of(ev(), upd(), rsp(), cnp(), scan());
    }

    private static StreamSpec ev()
    {
        return StreamSpec.in("ev", "ev_valid_i", "ev_ready_o", evFields());
    }

    private static StreamSpec upd()
    {
        return StreamSpec.in("upd", "upd_valid_i", "upd_ready_o", updFields());
    }

    private static StreamSpec rsp()
    {
        return StreamSpec.out("rsp", "rsp_valid_o", "rsp_ready_i", rspFields());
    }

    private static StreamSpec cnp()
    {
        return StreamSpec.out("cnp", "cnp_valid_o", "cnp_ready_i", cnpFields());
    }

    private static StreamSpec scan()
    {
        return StreamSpec.out("scan", "scan_valid_o", "scan_ready_i", scanFields());
    }

    /** A stream's pins in RTL order: valid, ready, then the data pins with {@code widths}. */
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
