package dev.ccsilicon.firmware.isa;

/**
 * Which instructions a core accepts: the base width and the optional extensions. An instruction
 * outside the configuration is illegal, as on a core built without it.
 *
 * @param xlen 32 or 64.
 * @param m    the M extension (multiply, divide).
 * @param zbb  the Zbb bit-manipulation extension.
 * @param fxp  ccsilicon's fixed-point unit ops on CUSTOM-0 (docs/firmware.md).
 */
public record IsaConfig(int xlen, boolean m, boolean zbb, boolean fxp)
{
    public IsaConfig
    {
        if (xlen != 32 && xlen != 64)
        {
            throw new IllegalArgumentException("xlen " + xlen + ": allowed are 32 and 64");
        }
    }

    public static final IsaConfig RV32IM = new IsaConfig(32, true, false, false);
    public static final IsaConfig RV64IM = new IsaConfig(64, true, false, false);
    public static final IsaConfig RV64IM_ZBB_FXP = new IsaConfig(64, true, true, true);
    public static final IsaConfig RV32IM_ZBB_FXP = new IsaConfig(32, true, true, true);

    public String name()
    {
        return "rv" + xlen + "i" + (m ? "m" : "") + (zbb ? "_zbb" : "") + (fxp ? "_xccsfxp" : "");
    }
}
