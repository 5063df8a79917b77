package dev.ccsilicon.cosim.blocks.dcqcnrp;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpConfig;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpPorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.StreamSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code BlockSpec} of {@code rtl/nic/dcqcn_rp.sv} (qp_table_core + dcqcn_rp_update + timer_wheel
 * with 2 ids per QP), built from {@link DcqcnRpPorts}. The co-simulation build is small so that
 * CNPs and TX reports keep meeting expiries: 32 QPs, 64 slots of 16 cycles (horizon 1024 cycles),
 * a 16-bit time base. The statistics ride along with every rate update.
 */
public final class DcqcnRpSpec
{
    public static final String NAME = "dcqcn_rp";
    /** The co-simulation build; the cfg_* pins are per-run (the stimulus draws them), these are placeholders. */
    public static final DcqcnRpConfig COSIM = new DcqcnRpConfig(32, 2, 4, 4, 64, 16, 2, 16, 32,
        DcqcnRpParams.paper(4000, 400, 300, 20_000));

    private DcqcnRpSpec()
    {
    }

    public static BlockSpec spec()
    {
        return spec(COSIM);
    }

    public static BlockSpec spec(final DcqcnRpConfig c)
    {
        final List<String> upd = new ArrayList<>(DcqcnRpPorts.UPD_DATA);
        upd.addAll(DcqcnRpPorts.STATS);
        return BlockSpec.builder(NAME, "dcqcn_rp")
            .sourcesFromHierarchy()
            .parameters(c)
            .ports(DcqcnRpPorts.of(c))
            .stream(StreamSpec.in("cnp", "cnp_valid_i", "cnp_ready_o", DcqcnRpPorts.CNP_DATA.toArray(new String[0])))
            .stream(StreamSpec.in("tx", "tx_valid_i", "tx_ready_o", DcqcnRpPorts.TX_DATA.toArray(new String[0])))
            .stream(StreamSpec.out("upd", "upd_valid_o", "upd_ready_i", upd.toArray(new String[0])))
            .build();
    }

    public static DcqcnRpConfig config(final BlockSpec spec)
    {
        return spec.config(COSIM);
    }

    /** Writes {@code p} into the static input vector (the cfg_* pins). */
    static void staticInputs(final BlockSpec spec, final DcqcnRpParams p, final long[] in)
    {
        in[spec.inputWord("cfg_profile_i")] = p.profile();
        in[spec.inputWord("cfg_fr_pre_i")] = p.frComparePre() ? 1 : 0;
        in[spec.inputWord("cfg_alpha_first_i")] = p.alphaBeforeCut() ? 1 : 0;
        in[spec.inputWord("cfg_hai_scale_i")] = p.haiScaleI() ? 1 : 0;
        in[spec.inputWord("cfg_hai_half_timer_i")] = p.haiHalveTimer() ? 1 : 0;
        in[spec.inputWord("cfg_hai_half_bytes_i")] = p.haiHalveBytes() ? 1 : 0;
        in[spec.inputWord("cfg_rate_line_i")] = p.rateLine();
        in[spec.inputWord("cfg_rate_min_i")] = p.rateMin();
        in[spec.inputWord("cfg_rate_ai_i")] = p.rateAi();
        in[spec.inputWord("cfg_rate_hai_i")] = p.rateHai();
        in[spec.inputWord("cfg_g16_i")] = p.g16();
        in[spec.inputWord("cfg_f_i")] = p.fastRecovery();
        in[spec.inputWord("cfg_bytes_i")] = p.byteCounter();
        in[spec.inputWord("cfg_t_inc_i")] = p.rateTimer();
        in[spec.inputWord("cfg_t_alpha_i")] = p.alphaTimer();
        in[spec.inputWord("cfg_t_dec_i")] = p.decreaseTimer();
    }

    /** The cfg_* pins of a static input vector as parameters (times in cycles). */
    static DcqcnRpParams params(final BlockSpec spec, final long[] in)
    {
        return new DcqcnRpParams((int)in[spec.inputWord("cfg_profile_i")], in[spec.inputWord("cfg_rate_line_i")],
            in[spec.inputWord("cfg_rate_min_i")], in[spec.inputWord("cfg_rate_ai_i")], in[spec.inputWord("cfg_rate_hai_i")],
            (int)in[spec.inputWord("cfg_g16_i")], (int)in[spec.inputWord("cfg_f_i")], in[spec.inputWord("cfg_t_inc_i")],
            in[spec.inputWord("cfg_t_alpha_i")], in[spec.inputWord("cfg_bytes_i")], in[spec.inputWord("cfg_t_dec_i")],
            in[spec.inputWord("cfg_fr_pre_i")] != 0, in[spec.inputWord("cfg_alpha_first_i")] != 0,
            in[spec.inputWord("cfg_hai_scale_i")] != 0, in[spec.inputWord("cfg_hai_half_timer_i")] != 0,
            in[spec.inputWord("cfg_hai_half_bytes_i")] != 0);
    }
}
