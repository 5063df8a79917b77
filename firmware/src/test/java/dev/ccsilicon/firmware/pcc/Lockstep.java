package dev.ccsilicon.firmware.pcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.pcc.ProgramBuild.Target;

/**
 * A Java twin and compiled programs on the ISS run side by side on the same events: every results
 * word and every context word must agree after every event, and the counters at the end. The
 * engines' costs are collected per (event type, path) for the tables the tests print.
 */
final class Lockstep
{
    /** Names the path an event took, from the event and the twin's results (the row of the cost table). */
    interface PathName
    {
        String of(int[] event, int[] results);
    }

    /** An event of a stimulus, at an absolute time (ns, not wrapped); the event's timestamp is its low 32 bits. */
    record Ev(long time, int flow, int[] event)
    {
    }

    static final long NONE = Long.MAX_VALUE;

    final String what;
    final PccProgram twin;
    final PccSlots slots = new PccSlots();
    final List<PccFirmware> iss = new ArrayList<>();
    final List<String> issNames = new ArrayList<>();
    final int flows;
    final int mask;
    final int[][] twinCtx;
    final List<int[][]> issCtx = new ArrayList<>();
    final int[] twinResults = new int[PccAbi.RESULT_WORDS];
    final int[] issResults = new int[PccAbi.RESULT_WORDS];
    /** per path: count, then (instructions, cycles) per ISS engine. */
    final TreeMap<String, long[]> cost = new TreeMap<>();
    PathName path = (e, r) -> "event " + PccAbi.type(e);
    int events;
    /** The TIMER service's armed deadline per flow (absolute ns), kept across {@link #run} calls. */
    final long[] deadline;
    int sn;

    /** The twin against the committed ELFs: RV64 on dpa-bf3 and RV32 on generic. */
    static Lockstep committed(final PccProgram twin, final String source, final int flows, final int... overrides)
    {
        return new Lockstep(twin, List.of(FirmwareDir.elf(source, Target.RV64), FirmwareDir.elf(source, Target.RV32)),
            List.of(Preset.DPA_BF3, Preset.GENERIC), flows, overrides);
    }

    /** The twin alone (behaviour tests that need no ISS). */
    static Lockstep twinOnly(final PccProgram twin, final int flows, final int... overrides)
    {
        return new Lockstep(twin, List.of(), List.of(), flows, overrides);
    }

    /**
     * @param overrides parameter (id, value) pairs applied to every port's slot 0 after init.
     */
    Lockstep(final PccProgram twin, final List<Path> elfs, final List<Preset> presets, final int flows, final int... overrides)
    {
        this.what = twin.name();
        this.twin = twin;
        this.flows = flows;
        mask = twin.init(slots);
        twinCtx = new int[flows][PccAbi.CTX_WORDS];
        deadline = new long[flows];
        Arrays.fill(deadline, NONE);
        for (int i = 0; i < elfs.size(); i++)
        {
            final PccFirmware fw = PccFirmware.load(elfs.get(i), presets.get(i));
            assertEquals(mask, fw.init(), what + ": the compiled init's disable mask is the twin's");
            for (int port = 0; port < PccAbi.PORTS; port++)
            {
                for (int id = 0; id < PccAbi.PARAMS_PER_ALGO; id++)
                {
                    assertEquals(slots.params(port, 0)[id], fw.param(port, 0, id), what + ": default of param " + id + " on port " + port);
                }
            }
            iss.add(fw);
            issNames.add(presets.get(i).isa().name() + " on " + presets.get(i).name());
            issCtx.add(new int[flows][PccAbi.CTX_WORDS]);
        }
        for (int i = 0; i + 1 < overrides.length; i += 2)
        {
            param(overrides[i], overrides[i + 1]);
        }
    }

    void param(final int id, final int value)
    {
        slots.setParam(0, id, value);
        for (final PccFirmware fw : iss)
        {
            fw.setParam(0, id, value);
        }
    }

    /** One event on every engine; asserts they agree; returns the twin's results (reused array). */
    int[] step(final int flow, final int[] event)
    {
        Arrays.fill(twinResults, 0);
        twin.algo(slots, twinCtx[flow], event, PccAbi.attr(0, false), twinResults);
        final long[] c = cost.computeIfAbsent(path.of(event, twinResults), k -> new long[1 + 2 * iss.size()]);
        c[0]++;
        for (int i = 0; i < iss.size(); i++)
        {
            final PccFirmware fw = iss.get(i);
            final int[] ctx = issCtx.get(i)[flow];
            fw.algo(flow % Math.min(4, fw.cluster().harts()), ctx, event, PccAbi.attr(0, false), issResults);
            c[1 + 2 * i] += fw.lastInstructions();
            c[2 + 2 * i] += fw.lastCycles();
            for (int w = 0; w < PccAbi.RESULT_WORDS; w++)
            {
                if (issResults[w] != twinResults[w])
                {
                    fail(what + " " + issNames.get(i) + ": event " + events + " (flow " + flow + ", type " + PccAbi.type(event) + ") results word " + w
                        + ": ISS 0x" + Integer.toHexString(issResults[w]) + ", twin 0x" + Integer.toHexString(twinResults[w]));
                }
            }
            for (int w = 0; w < PccAbi.CTX_WORDS; w++)
            {
                if (ctx[w] != twinCtx[flow][w])
                {
                    fail(what + " " + issNames.get(i) + ": event " + events + " (flow " + flow + ", type " + PccAbi.type(event) + ") context word " + w
                        + ": ISS 0x" + Integer.toHexString(ctx[w]) + ", twin 0x" + Integer.toHexString(twinCtx[flow][w]));
                }
            }
        }
        events++;
        return twinResults;
    }

    /** Every counter the program declares, ISS against twin. */
    void assertCounters(final int counters)
    {
        for (int i = 0; i < iss.size(); i++)
        {
            for (int c = 0; c < counters; c++)
            {
                assertEquals(slots.counters(0, 0)[c], iss.get(i).counter(0, 0, c), what + " " + issNames.get(i) + ": counter " + c);
            }
        }
    }

    int counter(final int id)
    {
        return slots.counters(0, 0)[id];
    }

    /**
     * Runs a stimulus; with {@code timers} the TIMER service of a firmware NIC runs too: one
     * one-shot timer per flow from the results' requests, fired (in deadline, flow order) before
     * any event at or after its deadline. Returns the number of TIMER events fired.
     */
    int run(final List<Ev> stimulus, final boolean timers)
    {
        int fired = 0;
        for (final Ev ev : stimulus)
        {
            while (timers)
            {
                int f = -1;
                for (int q = 0; q < flows; q++)
                {
                    if (deadline[q] != NONE && deadline[q] <= ev.time && (f < 0 || deadline[q] < deadline[f]))
                    {
                        f = q;
                    }
                }
                if (f < 0)
                {
                    break;
                }
                final long d = deadline[f];
                deadline[f] = NONE;
                serviceTimer(f, d, step(f, PccAbi.timer(f, sn++, (int) d, (int) d)));
                fired++;
            }
            serviceTimer(ev.flow, ev.time, step(ev.flow, ev.event));
            sn++;
        }
        return fired;
    }

    private void serviceTimer(final int flow, final long now, final int[] results)
    {
        if (results[PccAbi.R_TIMER_REQ] == PccAbi.TIMER_ARM)
        {
            deadline[flow] = now + (results[PccAbi.R_TIMER_DEADLINE] - (int) now);
        }
        else if (results[PccAbi.R_TIMER_REQ] == PccAbi.TIMER_CANCEL)
        {
            deadline[flow] = NONE;
        }
    }

    /** Prints the cost table: path, events, then mean instructions and cycles per ISS engine. */
    void report()
    {
        final StringBuilder head = new StringBuilder(String.format("%s: path%28s", what, "events"));
        for (final String n : issNames)
        {
            head.append(String.format(" | %-28s", n + " instr / cycles"));
        }
        System.out.println(head);
        for (final Map.Entry<String, long[]> e : cost.entrySet())
        {
            final long[] c = e.getValue();
            final StringBuilder row = new StringBuilder(String.format("  %-30s %6d", e.getKey(), c[0]));
            for (int i = 0; i < iss.size(); i++)
            {
                row.append(String.format(" | %9.1f / %-16.1f", (double) c[1 + 2 * i] / c[0], (double) c[2 + 2 * i] / c[0]));
            }
            System.out.println(row);
        }
    }

    /** A timestamp base a few ms before the 32-bit ns wrap, so every stimulus crosses it. */
    static long wrapBase()
    {
        return 0xFFFF_FFFFL - 3_000_000L;
    }
}
