package dev.ccsilicon.cosim.blocks.ldcppawa;

import dev.ccsilicon.blocks.ldcppawa.LdcpPawaConfig;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaParams;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaPorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.StreamSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code BlockSpec} of {@code rtl/nic/ldcp_pawa.sv} (qp_table_core + ldcp_pawa_update + recip8 +
 * timer_wheel, one id per QP), built from {@link LdcpPawaPorts}. The co-simulation build is small
 * so that events keep meeting tick expiries: 32 QPs, 64 slots of 16 cycles (horizon 1024 cycles,
 * ticks clamped to 992), a 16-bit time base. The statistics ride along with every update record.
 */
public final class LdcpPawaSpec
{
    public static final String NAME = "ldcp_pawa";
    /** The co-simulation build; the cfg_* pins are per-run (the stimulus draws them), these are placeholders. */
    public static final LdcpPawaConfig COSIM = new LdcpPawaConfig(32, 2, 4, 4, 64, 16, 2, 16, 32,
        LdcpPawaParams.defaults().withWindow(8, 16, 1000).withRtt(false, 100));

    private LdcpPawaSpec()
    {
    }

    public static BlockSpec spec()
    {
        return spec(COSIM);
    }

    public static BlockSpec spec(final LdcpPawaConfig c)
    {
        final List<String> upd = new ArrayList<>(LdcpPawaPorts.UPD_DATA);
        upd.addAll(LdcpPawaPorts.STATS);
        return BlockSpec.builder(NAME, "ldcp_pawa")
            .sourcesFromHierarchy()
            .parameters(c)
            .ports(LdcpPawaPorts.of(c))
            .stream(StreamSpec.in("start", "start_valid_i", "start_ready_o", LdcpPawaPorts.START_DATA.toArray(new String[0])))
            .stream(StreamSpec.in("tx", "tx_valid_i", "tx_ready_o", LdcpPawaPorts.TX_DATA.toArray(new String[0])))
            .stream(StreamSpec.in("ack", "ack_valid_i", "ack_ready_o", LdcpPawaPorts.ACK_DATA.toArray(new String[0])))
            .stream(StreamSpec.in("loss", "loss_valid_i", "loss_ready_o", LdcpPawaPorts.LOSS_DATA.toArray(new String[0])))
            .stream(StreamSpec.out("upd", "upd_valid_o", "upd_ready_i", upd.toArray(new String[0])))
            .build();
    }

    public static LdcpPawaConfig config(final BlockSpec spec)
    {
        return spec.config(COSIM);
    }

    /** Writes {@code p} into the static input vector (the cfg_* pins). */
    static void staticInputs(final BlockSpec spec, final LdcpPawaParams p, final long[] in)
    {
        in[spec.inputWord("cfg_alpha_i")] = p.alpha();
        in[spec.inputWord("cfg_beta_i")] = p.beta();
        in[spec.inputWord("cfg_gamma_shift_i")] = p.gammaShift();
        in[spec.inputWord("cfg_eta_shift_i")] = p.etaShift();
        in[spec.inputWord("cfg_iw_i")] = p.iw();
        in[spec.inputWord("cfg_cw_max_i")] = p.cwMax();
        in[spec.inputWord("cfg_mtu_i")] = p.mtu();
        in[spec.inputWord("cfg_rtt_mode_i")] = p.baseRtt() ? 1 : 0;
        in[spec.inputWord("cfg_rtt_base_i")] = p.rttBase();
        in[spec.inputWord("cfg_fast_start_i")] = p.fastStart() ? 1 : 0;
    }

    /** The cfg_* pins of a static input vector as parameters. */
    static LdcpPawaParams params(final BlockSpec spec, final long[] in)
    {
        return new LdcpPawaParams((int)in[spec.inputWord("cfg_alpha_i")], (int)in[spec.inputWord("cfg_beta_i")],
            (int)in[spec.inputWord("cfg_gamma_shift_i")], (int)in[spec.inputWord("cfg_eta_shift_i")],
            (int)in[spec.inputWord("cfg_iw_i")], (int)in[spec.inputWord("cfg_cw_max_i")], (int)in[spec.inputWord("cfg_mtu_i")],
            in[spec.inputWord("cfg_rtt_mode_i")] != 0, (int)in[spec.inputWord("cfg_rtt_base_i")],
            in[spec.inputWord("cfg_fast_start_i")] != 0);
    }
}
