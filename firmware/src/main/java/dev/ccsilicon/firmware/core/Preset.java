package dev.ccsilicon.firmware.core;

import java.util.List;

import dev.ccsilicon.firmware.isa.IsaConfig;

/**
 * A named NIC core configuration (docs/firmware.md "Presets"); every number is a parameter and
 * the sources of each are in the docs. {@code threadsEnabled} is how many harts run PCC (DOCA's
 * default affinity uses 49 of the BF3 DPA's 256).
 */
public record Preset(String name, IsaConfig isa, double clockHz, int cores, int threadsPerCore, int threadsEnabled,
                     CostModel cost)
{
    public Preset
    {
        if (cores < 1 || threadsPerCore < 1 || cores * threadsPerCore > 4096)
        {
            throw new IllegalArgumentException("preset " + name + ": cores " + cores + " x threads " + threadsPerCore
                + " must be 1..4096 harts");
        }
        if (threadsEnabled < 1 || threadsEnabled > cores * threadsPerCore)
        {
            throw new IllegalArgumentException("preset " + name + ": threadsEnabled " + threadsEnabled + " must be 1.."
                + cores * threadsPerCore);
        }
        if (!(clockHz > 0))
        {
            throw new IllegalArgumentException("preset " + name + ": clockHz " + clockHz + " must be positive");
        }
    }

    /** BlueField-3 DPA-like: RV64IM + Zbb + fixed-point ops, 16 x 16 harts at 1.8 GHz, 49 enabled. */
    public static final Preset DPA_BF3 = new Preset("dpa-bf3", IsaConfig.RV64IM_ZBB_FXP, 1.8e9, 16, 16, 49,
        CostModel.defaults(64));
    /** SwCC-like: 32-bit, one TX and one RX core of one thread at 250 MHz. */
    public static final Preset SWCC = new Preset("swcc", IsaConfig.RV32IM, 250e6, 2, 1, 2, CostModel.defaults(32));
    /** A teaching default: RV32IM, 4 x 4 harts at 1 GHz. */
    public static final Preset GENERIC = new Preset("generic", IsaConfig.RV32IM, 1e9, 4, 4, 16, CostModel.defaults(32));

    public static final List<Preset> ALL = List.of(DPA_BF3, SWCC, GENERIC);

    public static Preset named(final String name)
    {
        for (final Preset p : ALL)
        {
            if (p.name.equals(name))
            {
                return p;
            }
        }
        throw new IllegalArgumentException("preset '" + name + "': allowed are dpa-bf3, swcc, generic");
    }

    public Preset withCores(final int c, final int t)
    {
        return new Preset(name, isa, clockHz, c, t, Math.min(threadsEnabled, c * t), cost);
    }

    public Preset withCost(final CostModel c)
    {
        return new Preset(name, isa, clockHz, cores, threadsPerCore, threadsEnabled, c);
    }
}
