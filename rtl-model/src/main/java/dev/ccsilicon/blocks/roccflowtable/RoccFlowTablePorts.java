package dev.ccsilicon.blocks.roccflowtable;

import java.util.ArrayList;
import java.util.List;

/**
 * The pins of {@code rtl/switch/rocc_flow_table.sv}, declared once: the Java model's channels are
 * built from these fields (same names, same order, same widths) and the co-simulation adapter builds
 * its port list from {@link #ports(RoccFlowTableConfig)}. Each stream's data ports are listed in
 * the order of the model's record fields.
 */
public final class RoccFlowTablePorts
{
    /** One pin. */
    public record Port(String name, boolean output, int width)
    {
    }

    /** A valid/ready stream: {@code input} = driven by the environment. */
    public record Stream(String name, boolean input, String valid, String ready, List<String> data)
    {
    }

    public static final String TOP = "rocc_flow_table";
    public static final String[] SOURCES = {
        "rtl/switch/rocc_flow_table_fifo.sv",
        "rtl/switch/rocc_flow_table_ram.sv",
        "rtl/switch/rocc_flow_table_hash.sv",
        "rtl/switch/rocc_flow_table.sv",
    };

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
    public static List<Port> ports(final RoccFlowTableConfig c)
    {
        final List<Port> p = new ArrayList<>();
        p.add(new Port("clk_i", false, 1));
        p.add(new Port("rst_ni", false, 1));
        p.add(new Port("cfg_switch_id_i", false, RoccFlowTableConfig.SWITCH_ID_WIDTH));
        p.add(new Port("cfg_cnp_gap_i", false, c.gapWidth()));
        p.add(new Port("ev_valid_i", false, 1));
        p.add(new Port("ev_ready_o", true, 1));
        addFields(p, evFields(), evWidths(c), false);
        p.add(new Port("rsp_valid_o", true, 1));
        p.add(new Port("rsp_ready_i", false, 1));
        addFields(p, rspFields(), rspWidths(c), true);
        p.add(new Port("upd_valid_i", false, 1));
        p.add(new Port("upd_ready_o", true, 1));
        addFields(p, updFields(), updWidths(c), false);
        p.add(new Port("cnp_valid_o", true, 1));
        p.add(new Port("cnp_ready_i", false, 1));
        addFields(p, cnpFields(), cnpWidths(c), true);
        p.add(new Port("scan_valid_o", true, 1));
        p.add(new Port("scan_ready_i", false, 1));
        addFields(p, scanFields(), scanWidths(c), true);
        p.add(new Port("stat_overflow_o", true, c.statWidth()));
        p.add(new Port("stat_count_sat_o", true, c.statWidth()));
        p.add(new Port("stat_deq_miss_o", true, c.statWidth()));
        p.add(new Port("stat_coalesced_o", true, c.statWidth()));
        p.add(new Port("init_done_o", true, 1));
        return p;
    }

    /** The valid/ready streams, inputs first. */
    public static List<Stream> streams()
    {
        return List.of(
            new Stream("ev", true, "ev_valid_i", "ev_ready_o", List.of(evFields())),
            new Stream("upd", true, "upd_valid_i", "upd_ready_o", List.of(updFields())),
            new Stream("rsp", false, "rsp_valid_o", "rsp_ready_i", List.of(rspFields())),
            new Stream("cnp", false, "cnp_valid_o", "cnp_ready_i", List.of(cnpFields())),
            new Stream("scan", false, "scan_valid_o", "scan_ready_i", List.of(scanFields())));
    }

    /** RTL parameter overrides for a configuration (Verilator -G / Yosys chparam). */
    public static List<String[]> parameters(final RoccFlowTableConfig c)
    {
        return List.of(
            new String[] {"NumPorts", Integer.toString(c.ports())},
            new String[] {"BucketsLog2", Integer.toString(c.bucketsLog2())},
            new String[] {"Ways", Integer.toString(c.ways())},
            new String[] {"CountWidth", Integer.toString(c.countWidth())},
            new String[] {"FWidth", Integer.toString(c.fWidth())},
            new String[] {"GapWidth", Integer.toString(c.gapWidth())},
            new String[] {"CycleWidth", Integer.toString(c.cycleWidth())},
            new String[] {"StatWidth", Integer.toString(c.statWidth())},
            new String[] {"ScanStarveLimit", Integer.toString(c.scanStarveLimit())});
    }

    private static void addFields(final List<Port> p, final String[] names, final int[] widths, final boolean output)
    {
        for (int i = 0; i < names.length; i++)
        {
            p.add(new Port(names[i], output, widths[i]));
        }
    }
}
