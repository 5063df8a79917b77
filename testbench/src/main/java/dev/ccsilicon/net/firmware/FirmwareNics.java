package dev.ccsilicon.net.firmware;

import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.nic.DispatchConfig;
import dev.ccsilicon.firmware.nic.EventQueueConfig;
import dev.ccsilicon.firmware.nic.FirmwareNicConfig;
import dev.ccsilicon.firmware.nic.WredProfile;
import dev.ccsilicon.firmware.pcc.FirmwarePrograms;
import dev.ccsilicon.firmware.pcc.PccFirmware;
import dev.ccsilicon.scenario.NicFirmware;

/**
 * Builds the firmware NICs of {@code nic.cc: firmware} from a scenario's {@code nic.firmware}: the
 * preset with the cores, threads and clock the file gave, the runtime's configuration with the queue
 * and dispatch values it gave (the runtime's defaults for the rest), and the program loaded on a
 * fresh cluster. One place, so every algorithm's firmware glue builds its NICs alike.
 */
public final class FirmwareNics
{
    private FirmwareNics()
    {
    }

    /** The preset named by {@code nic.firmware.preset} with the file's cores, threads and clock over it. */
    public static Preset preset(final NicFirmware fw)
    {
        Preset p = Preset.named(fw.preset());
        if (null != fw.cores() || null != fw.threads())
        {
            p = p.withCores(null == fw.cores() ? p.cores() : fw.cores(), null == fw.threads() ? p.threadsPerCore() : fw.threads());
        }
        if (null != fw.clockHz())
        {
            p = new Preset(p.name(), p.isa(), fw.clockHz(), p.cores(), p.threadsPerCore(), p.threadsEnabled(), p.cost());
        }
        return p;
    }

    /** The program of {@code nic.firmware.program}, or {@code ownProgram} (the algorithm's) when it names none. */
    public static String program(final NicFirmware fw, final String ownProgram)
    {
        return null == fw.program() ? ownProgram : fw.program();
    }

    /**
     * The runtime configuration: its defaults with what {@code nic.firmware} gave over them. WRED, when
     * given, applies to every event type; the event queue's seed is the scenario's, so WRED's draws
     * are repeatable.
     */
    public static FirmwareNicConfig config(final NicFirmware fw, final long seed)
    {
        return config(fw, seed, true);
    }

    /** As {@link #config(NicFirmware, long)}, the TIMER extension {@code timerEventsDefault} unless the file says. */
    public static FirmwareNicConfig config(final NicFirmware fw, final long seed, final boolean timerEventsDefault)
    {
        final FirmwareNicConfig d = FirmwareNicConfig.defaults();
        EventQueueConfig q = d.queue().withSeed(seed);
        if (null != fw.queueDepth())
        {
            q = q.withDepth(fw.queueDepth());
        }
        if (null != fw.overload())
        {
            q = q.withOverloadThreshold(fw.overload());
        }
        if (Boolean.FALSE.equals(fw.coalesce()))
        {
            for (int type = 0; type < EventQueueConfig.TYPES; type++)
            {
                q = q.withClass(type, EventQueueConfig.NEVER);
            }
        }
        if (null != fw.wredMin())
        {
            final WredProfile wred = new WredProfile(fw.wredMin(), fw.wredMax(), null == fw.wredPMax() ? 1 : fw.wredPMax());
            for (int type = 0; type < EventQueueConfig.TYPES; type++)
            {
                q = q.withWred(type, wred);
            }
        }
        final DispatchConfig dd = d.dispatch();
        final DispatchConfig dispatch = new DispatchConfig(or(fw.dispatchCycles(), dd.dispatchCycles()),
            or(fw.contextHit(), dd.contextHitCycles()), or(fw.contextMiss(), dd.contextMissCycles()), dd.writeBackCycles(),
            or(fw.applyLatency(), dd.applyLatencyCycles()), or(fw.contextCache(), dd.contextCacheFlows()), dd.policy());
        return new FirmwareNicConfig(q, dispatch, d.algoSlot(), fw.timerEvents(timerEventsDefault));
    }

    private static int or(final Integer given, final int fallback)
    {
        return null == given ? fallback : given;
    }

    /** The program loaded on a fresh cluster of the preset; the NIC built on it runs its init. */
    public static PccFirmware load(final NicFirmware fw, final String ownProgram)
    {
        final Preset preset = preset(fw);
        return PccFirmware.load(FirmwarePrograms.resolveElf(program(fw, ownProgram), preset), preset);
    }
}
