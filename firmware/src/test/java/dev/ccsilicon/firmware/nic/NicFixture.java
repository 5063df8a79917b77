package dev.ccsilicon.firmware.nic;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.pcc.FirmwareDir;
import dev.ccsilicon.firmware.pcc.FirmwarePrograms;
import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.pcc.PccFirmware;
import dev.ccsilicon.firmware.pcc.ProgramBuild;

/** Programs and a completion recorder for the NIC runtime tests. */
final class NicFixture
{
    /** A completion copied out of the reused instance. */
    record Rec(int flow, int type, int hart, int coalesced, long arrival, long dispatch, long start, long end, long apply,
               long instructions, long cycles, boolean hit, int attr, int[] event, int[] results)
    {
        int result(final int w)
        {
            return results[w];
        }

        static Rec of(final Completion c)
        {
            final int[] e = new int[PccAbi.EVENT_WORDS];
            for (int i = 0; i < e.length; i++)
            {
                e[i] = c.event(i);
            }
            final int[] r = new int[PccAbi.RESULT_WORDS];
            for (int i = 0; i < r.length; i++)
            {
                r[i] = c.result(i);
            }
            return new Rec(c.flow(), c.type(), c.hart(), c.numCoalesced(), c.arrivalCycle(), c.dispatchCycle(), c.startCycle(),
                c.endCycle(), c.applyCycle(), c.instructions(), c.handlerCycles(), c.contextHit(), c.attr(), e, r);
        }
    }

    private static Path echo;

    private NicFixture()
    {
    }

    static Path rocc(final Preset p)
    {
        return FirmwarePrograms.resolveElf("rocc_rp", p);
    }

    /** The test program echo.c, compiled once per JVM for RV64. */
    static synchronized Path echo()
    {
        if (echo == null)
        {
            FirmwareDir.requireClang();
            try
            {
                final Path src = Path.of(NicFixture.class.getResource("echo.c").toURI());
                final Path dir = java.nio.file.Files.createTempDirectory("nic-echo");
                dir.toFile().deleteOnExit();
                final Path out = dir.resolve("echo.rv64.elf");
                ProgramBuild.compile(FirmwareDir.get(), src, ProgramBuild.Target.RV64, out);
                out.toFile().deleteOnExit();
                echo = out;
            }
            catch (final URISyntaxException | java.io.IOException e)
            {
                throw new IllegalStateException(e);
            }
        }
        return echo;
    }

    static FirmwareNic nic(final Path elf, final Preset p, final FirmwareNicConfig cfg, final List<Rec> out)
    {
        final FirmwareNic nic = new FirmwareNic(PccFirmware.load(elf, p), cfg);
        nic.listener(c -> out.add(Rec.of(c)));
        return nic;
    }

    static FirmwareNic nic(final Path elf, final Preset p, final List<Rec> out)
    {
        return nic(elf, p, FirmwareNicConfig.defaults(), out);
    }

    /** An echo event: a CNP (or another type by its attr) whose handler spins {@code spin} iterations. */
    static int[] spin(final int[] event, final int spin)
    {
        event[11] = spin;
        return event;
    }

    static List<Rec> list()
    {
        return new ArrayList<>();
    }
}
