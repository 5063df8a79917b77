package dev.ccsilicon.firmware.nic;

/** How the dispatcher picks a hart for an eligible event. */
public enum DispatchPolicy
{
    /** The lowest-numbered free hart among the enabled ones: events pile onto the first core's harts. */
    ANY,
    /**
     * A free hart of the core with the fewest harts in service (ties: the lower core), so a barrel
     * core's issue slots are shared by as few handlers as the load allows (the default).
     */
    SPREAD,
    /** Only hart {@code flow mod harts} (flow tag unsigned): pinned, shows imbalance. */
    FLOW_HASH
}
