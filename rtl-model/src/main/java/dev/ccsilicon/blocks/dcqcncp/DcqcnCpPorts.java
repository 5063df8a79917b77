package dev.ccsilicon.blocks.dcqcncp;

import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.StreamSpec;

import java.util.List;

import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.DEC_WIDTH;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.ECN_WIDTH;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.LEN_WIDTH;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.LFSR_WIDTH;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.PROB_WIDTH;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.Q_WIDTH;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.REGION_WIDTH;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.SHIFT_WIDTH;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.SLOPE_WIDTH;

/**
 * The pins and streams of {@code rtl/switch/dcqcn_cp.sv}, declared once, in RTL order. The
 * statistics ride in their hook's records, so the scoreboard compares each counter at every decision.
 */
public final class DcqcnCpPorts
{
    public static final StreamSpec ADM = StreamSpec.in("adm", "adm_valid_i", "adm_ready_o", "adm_q_i", "adm_len_i", "adm_ecn_i");
    public static final StreamSpec DEC = StreamSpec.out("dec", "dec_valid_o", "dec_ready_i", "dec_code_o", "dec_region_o",
        "dec_prob_o", "stat_drop_buf_o", "stat_drop_wred_o");
    public static final StreamSpec MRK = StreamSpec.in("mrk", "mrk_valid_i", "mrk_ready_o", "mrk_q_i", "mrk_ecn_i");
    public static final StreamSpec ECN = StreamSpec.out("ecn", "ecn_valid_o", "ecn_ready_i", "ecn_out_o", "ecn_marked_o",
        "ecn_region_o", "ecn_prob_o", "stat_mark_o");
    /** Input streams adm (0), mrk (1); output streams dec (0), ecn (1). */
    public static final List<StreamSpec> STREAMS = List.of(ADM, DEC, MRK, ECN);

    private DcqcnCpPorts()
    {
    }

    public static List<PortSpec> of(final DcqcnCpConfig c)
    {
        return List.of(
            PortSpec.in("clk_i", 1),
            PortSpec.in("rst_ni", 1),
            PortSpec.in("cfg_ecn_kmin_i", Q_WIDTH),
            PortSpec.in("cfg_ecn_kmax_i", Q_WIDTH),
            PortSpec.in("cfg_ecn_slope_i", SLOPE_WIDTH),
            PortSpec.in("cfg_ecn_boundary_i", 1),
            PortSpec.in("cfg_wred_kmin_i", Q_WIDTH),
            PortSpec.in("cfg_wred_kmax_i", Q_WIDTH),
            PortSpec.in("cfg_wred_slope_i", SLOPE_WIDTH),
            PortSpec.in("cfg_wred_boundary_i", 1),
            PortSpec.in("cfg_buf_max_i", Q_WIDTH),
            PortSpec.in("cfg_ecn_en_i", 1),
            PortSpec.in("cfg_wred_en_i", 1),
            PortSpec.in("cfg_mark_non_ect_i", 1),
            PortSpec.in("cfg_ewma_shift_i", SHIFT_WIDTH),
            PortSpec.in("cfg_adm_seed_i", LFSR_WIDTH),
            PortSpec.in("cfg_mrk_seed_i", LFSR_WIDTH),
            PortSpec.in("adm_valid_i", 1),
            PortSpec.out("adm_ready_o", 1),
            PortSpec.in("adm_q_i", Q_WIDTH),
            PortSpec.in("adm_len_i", LEN_WIDTH),
            PortSpec.in("adm_ecn_i", ECN_WIDTH),
            PortSpec.out("dec_valid_o", 1),
            PortSpec.in("dec_ready_i", 1),
            PortSpec.out("dec_code_o", DEC_WIDTH),
            PortSpec.out("dec_region_o", REGION_WIDTH),
            PortSpec.out("dec_prob_o", PROB_WIDTH),
            PortSpec.out("stat_drop_buf_o", c.statWidth()),
            PortSpec.out("stat_drop_wred_o", c.statWidth()),
            PortSpec.in("mrk_valid_i", 1),
            PortSpec.out("mrk_ready_o", 1),
            PortSpec.in("mrk_q_i", Q_WIDTH),
            PortSpec.in("mrk_ecn_i", ECN_WIDTH),
            PortSpec.out("ecn_valid_o", 1),
            PortSpec.in("ecn_ready_i", 1),
            PortSpec.out("ecn_out_o", ECN_WIDTH),
            PortSpec.out("ecn_marked_o", 1),
            PortSpec.out("ecn_region_o", REGION_WIDTH),
            PortSpec.out("ecn_prob_o", PROB_WIDTH),
            PortSpec.out("stat_mark_o", c.statWidth()));
    }

    /** Input-vector values of the configuration pins for {@code s}, by pin name (the caller places them). */
    public static long[] configValues(final DcqcnCpSettings s)
    {
        return new long[] {
            s.ecn().kMin(), s.ecn().kMax(), s.ecn().slope(), s.ecn().boundary(),
            s.wred().kMin(), s.wred().kMax(), s.wred().slope(), s.wred().boundary(),
            s.bufMax(), s.ecnEnable() ? 1 : 0, s.wredEnable() ? 1 : 0, s.markNonEct() ? 1 : 0, s.ewmaShift(),
            s.admitSeed(), s.markSeed()};
    }

    /** The configuration pins in the order of {@link #configValues}. */
    public static final List<String> CONFIG_PINS = List.of(
        "cfg_ecn_kmin_i", "cfg_ecn_kmax_i", "cfg_ecn_slope_i", "cfg_ecn_boundary_i",
        "cfg_wred_kmin_i", "cfg_wred_kmax_i", "cfg_wred_slope_i", "cfg_wred_boundary_i",
        "cfg_buf_max_i", "cfg_ecn_en_i", "cfg_wred_en_i", "cfg_mark_non_ect_i", "cfg_ewma_shift_i",
        "cfg_adm_seed_i", "cfg_mrk_seed_i");
}
