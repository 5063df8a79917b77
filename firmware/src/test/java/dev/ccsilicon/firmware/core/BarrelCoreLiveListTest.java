package dev.ccsilicon.firmware.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.firmware.pcc.FirmwarePrograms;
import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.pcc.PccFirmware;

/**
 * BarrelCore's round robin over its live-hart list issues exactly what a plain scan over every
 * hart (the definition, written out here) issues, while harts start, halt and are stopped between
 * and inside advance calls.
 */
class BarrelCoreLiveListTest
{
    static final Preset P = Preset.DPA_BF3.withCores(1, 8);

    /** The scheduling rule as first written: scan all harts round robin from {@code next}. */
    static final class Reference
    {
        final Executor exec;
        final Hart[] harts;
        long now;
        int next;
        final List<String> trace = new ArrayList<>();

        Reference(final Cluster c)
        {
            exec = c.executor();
            harts = new Hart[c.harts()];
            for (int i = 0; i < harts.length; i++)
            {
                harts[i] = c.hart(i);
            }
        }

        void advanceTo(final long until, final long haltPc)
        {
            final int n = harts.length;
            while (now < until)
            {
                Hart pick = null;
                long earliest = Long.MAX_VALUE;
                for (int i = 0; i < n; i++)
                {
                    final int k = (next + i) % n;
                    final Hart h = harts[k];
                    if (h.halted)
                    {
                        continue;
                    }
                    if (h.readyAt <= now)
                    {
                        pick = h;
                        next = (k + 1) % n;
                        break;
                    }
                    earliest = Math.min(earliest, h.readyAt);
                }
                if (pick == null)
                {
                    if (earliest == Long.MAX_VALUE)
                    {
                        return;
                    }
                    now = Math.min(earliest, until);
                    continue;
                }
                final long pc = pick.pc;
                final int cost = exec.step(pick, now);
                if (!pick.halted)
                {
                    pick.readyAt = now + cost;
                    record(trace, now, pick, pc, cost, haltPc);
                    now++;
                }
            }
        }
    }

    /** Records an issue; a hart of odd id is stopped when its handler returns (as the NIC runtime does). */
    static void record(final List<String> trace, final long cycle, final Hart h, final long pc, final int cost, final long haltPc)
    {
        trace.add(cycle + ":" + h.id + ":" + pc + ":" + cost);
        if (h.pc == haltPc && (h.id & 1) == 1)
        {
            h.stop();
        }
    }

    /** Starts a CNP handler on {@code hart} ready at {@code at}. */
    static void start(final PccFirmware fw, final int hart, final long at, final int rate)
    {
        fw.startAlgo(hart, new int[PccAbi.CTX_WORDS], PccAbi.cnp(hart, 0, 0, rate, 1), PccAbi.attr(0, false), at);
    }

    static List<String> run(final boolean reference)
    {
        final PccFirmware fw = PccFirmware.load(FirmwarePrograms.resolveElf("rocc_rp", P), P);
        final long halt = fw.haltAddress();
        final Cluster c = fw.cluster();
        final BarrelCore core = c.core(0);
        final Reference ref = new Reference(c);
        final List<String> trace = reference ? ref.trace : new ArrayList<>();
        core.listener((cycle, hart, pc, cost) -> record(trace, cycle, c.hart(hart), pc, cost, halt));
        start(fw, 0, 0, 100);
        start(fw, 2, 3, 200);
        start(fw, 5, 10, 300);
        start(fw, 7, 40, 400);
        long t = 0;
        for (int round = 0; round < 200; round++)
        {
            t += 7;
            if (round == 10)
            {
                start(fw, 1, t, 500);
                start(fw, 3, t + 2, 600);
            }
            if (round == 20)
            {
                c.hart(5).stop();
            }
            if (round == 30)
            {
                start(fw, 5, t, 700);
                start(fw, 0, t + 1, 800);
            }
            if (reference)
            {
                ref.advanceTo(t, halt);
            }
            else
            {
                core.advanceTo(t);
            }
        }
        return trace;
    }

    @Test
    void issuesWhatAScanOverEveryHartIssues()
    {
        final List<String> live = run(false);
        assertTrue(live.size() > 500, "issues: " + live.size());
        assertEquals(run(true), live);
    }
}
