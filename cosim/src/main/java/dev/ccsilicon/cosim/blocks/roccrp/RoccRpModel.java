package dev.ccsilicon.cosim.blocks.roccrp;

import dev.ccsilicon.blocks.roccrp.RoccRp;
import dev.ccsilicon.blocks.roccrp.RoccRpPorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.hdl.ClockDomain;

/**
 * The kernel model {@link RoccRp} at the pins of {@code rocc_rp}. Every output is a function of
 * committed state, so {@link #evaluate} drives the input pins (which settles the block's internal
 * table drive) and copies the outputs; {@link #clock} is one {@link ClockDomain#step()}.
 */
public final class RoccRpModel implements ModelDut
{
    private final RoccRp rp;
    private final ClockDomain clk;
    private final int inRateMax;
    private final int inRecovery;
    private final int inCnpValid;
    private final int inCnpQp;
    private final int inCnpRate;
    private final int inCnpCp;
    private final int inUpdReady;
    private final int outCnpReady;
    private final int outUpdValid;
    private final int outUpdQp;
    private final int outUpdRate;
    private final int outUpdLimiter;
    private final int outUpdCause;
    private final int outInitBusy;
    private final int outTimersArmed;
    private final int[] outStats;

    public RoccRpModel(final BlockSpec spec)
    {
        rp = new RoccRp(null, spec.top(), RoccRpSpec.config(spec));
        clk = ClockDomain.ofFrequencyHz("clk_i", 1e9).add(rp).idleSkip(false);
        inRateMax = in(spec, "cfg_rate_max_i");
        inRecovery = in(spec, "cfg_recovery_i");
        inCnpValid = in(spec, "cnp_valid_i");
        inCnpQp = in(spec, "cnp_qp_i");
        inCnpRate = in(spec, "cnp_rate_i");
        inCnpCp = in(spec, "cnp_cp_i");
        inUpdReady = in(spec, "upd_ready_i");
        outCnpReady = out(spec, "cnp_ready_o");
        outUpdValid = out(spec, "upd_valid_o");
        outUpdQp = out(spec, "upd_qp_o");
        outUpdRate = out(spec, "upd_rate_o");
        outUpdLimiter = out(spec, "upd_limiter_o");
        outUpdCause = out(spec, "upd_cause_o");
        outInitBusy = out(spec, "init_busy_o");
        outTimersArmed = out(spec, "timers_armed_o");
        outStats = new int[RoccRpPorts.STATS.size()];
        for (int s = 0; s < outStats.length; s++)
        {
            outStats[s] = out(spec, RoccRpPorts.STATS.get(s));
        }
    }

    static int in(final BlockSpec spec, final String port)
    {
        return spec.inputWord(port);
    }

    static int out(final BlockSpec spec, final String port)
    {
        return spec.outputWord(port);
    }

    public RoccRp block()
    {
        return rp;
    }

    @Override
    public void reset()
    {
        clk.reset();
    }

    @Override
    public void evaluate(final long[] in, final long[] out)
    {
        rp.setPins(in[inRateMax], in[inRecovery], in[inCnpValid] != 0, in[inCnpQp], in[inCnpRate], in[inCnpCp],
            in[inUpdReady] != 0);
        out[outCnpReady] = rp.cnpReady() ? 1 : 0;
        final boolean valid = rp.updValid();
        out[outUpdValid] = valid ? 1 : 0;
        out[outUpdQp] = valid ? rp.updQp() : 0;
        out[outUpdRate] = valid ? rp.updRate() : 0;
        out[outUpdLimiter] = valid && rp.updLimiter() ? 1 : 0;
        out[outUpdCause] = valid ? rp.updCause() : 0;
        out[outInitBusy] = rp.initBusy() ? 1 : 0;
        out[outTimersArmed] = rp.timersArmed();
        for (int s = 0; s < outStats.length; s++)
        {
            out[outStats[s]] = rp.stat(s);
        }
    }

    @Override
    public void clock()
    {
        clk.step();
    }
}
