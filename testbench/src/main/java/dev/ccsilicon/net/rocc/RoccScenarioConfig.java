package dev.ccsilicon.net.rocc;

import dev.ccsilicon.blocks.roccfairrate.RoccProfile;

/**
 * RoCC's section of a scenario ({@link RoccSection}): {@code switch.rocc} and {@code nic.rocc}, bound
 * with their defaults; read with {@code scenario.section(RoccScenarioConfig.class)}.
 *
 * @param profiles   the fair-rate parameter sets by port speed: the built-in sets with
 *                   {@code switch.rocc.profiles} merged over them field by field.
 * @param recoveryPs the reaction point's recovery timer (SPEC §6.5, {@code nic.rocc.recovery}), picoseconds.
 * @param timerTick  the {@code rocc_rp} timer wheel's tick G in block cycles ({@code nic.rocc.timer_tick}), or
 *                   {@link #AUTO_TICK}: 256, coarser only when the recovery timer needs a longer horizon.
 *                   The model and RTL levels use it; the reference's timers are exact.
 */
public record RoccScenarioConfig(RoccProfiles profiles, long recoveryPs, int timerTick)
{
    public static final long DEFAULT_RECOVERY_PS = 55_000_000L;
    public static final int AUTO_TICK = 0;

    /** The config of a file with neither {@code switch.rocc} nor {@code nic.rocc}. */
    public static final RoccScenarioConfig DEFAULT =
        new RoccScenarioConfig(new RoccProfiles(RoccProfile.BUILT_IN), DEFAULT_RECOVERY_PS, AUTO_TICK);
}
