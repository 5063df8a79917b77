package dev.ccsilicon.firmware.nic;

/** How the dispatcher picks a hart for an eligible event. */
public enum DispatchPolicy
{
    /** The lowest-numbered free hart among the enabled ones (DOCA's pool; deterministic). */
    ANY,
    /** Only hart {@code flow mod harts} (flow tag unsigned): pinned, shows imbalance. */
    FLOW_HASH
}
