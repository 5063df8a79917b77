package dev.ccsilicon.firmware.nic;

import dev.ccsilicon.firmware.pcc.PccAbi;

/**
 * A NIC runtime: its event queue, its dispatcher, the algorithm slot every event's attr carries,
 * and whether the TIMER extension runs (off = DOCA's event set: timer requests are ignored and
 * counted, TIMER events are dropped as disabled).
 */
public record FirmwareNicConfig(EventQueueConfig queue, DispatchConfig dispatch, int algoSlot, boolean timerEvents)
{
    public FirmwareNicConfig
    {
        if (queue == null)
        {
            throw new IllegalArgumentException("firmware nic queue config null");
        }
        if (dispatch == null)
        {
            throw new IllegalArgumentException("firmware nic dispatch config null");
        }
        if (algoSlot < 0 || algoSlot >= PccAbi.SLOTS)
        {
            throw new IllegalArgumentException("firmware nic algoSlot " + algoSlot + ": allowed 0.." + (PccAbi.SLOTS - 1));
        }
    }

    /** Default queue and dispatcher, slot 0, TIMER extension on (the shipped rocc_rp needs it). */
    public static FirmwareNicConfig defaults()
    {
        return new FirmwareNicConfig(EventQueueConfig.defaults(), DispatchConfig.defaults(), 0, true);
    }

    public FirmwareNicConfig withQueue(final EventQueueConfig q)
    {
        return new FirmwareNicConfig(q, dispatch, algoSlot, timerEvents);
    }

    public FirmwareNicConfig withDispatch(final DispatchConfig d)
    {
        return new FirmwareNicConfig(queue, d, algoSlot, timerEvents);
    }

    public FirmwareNicConfig withTimerEvents(final boolean on)
    {
        return new FirmwareNicConfig(queue, dispatch, algoSlot, on);
    }
}
