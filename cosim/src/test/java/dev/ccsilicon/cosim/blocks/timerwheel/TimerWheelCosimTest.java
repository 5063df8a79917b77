package dev.ccsilicon.cosim.blocks.timerwheel;

import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.cosim.cli.CosimCommand;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimerWheelCosimTest
{
    /** The long run: -Dccsilicon.cosim.transactions=1000000. */
    private static final long TRANSACTIONS = Long.getLong("ccsilicon.cosim.transactions", CosimOptions.DEFAULT_TRANSACTIONS);

    @Test
    void modelAndRtlAgreeBitAndCycleExactWithFullCoverage()
    {
        final CosimResult r = LockstepEngine.run(new TimerWheelAdapter(), CosimOptions.of(TRANSACTIONS, 11));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(TRANSACTIONS, r.inputTransactions());
        assertEquals(0, r.timingMin());
        assertEquals(0, r.timingMax());
        assertTrue(r.outputTransactions() > TRANSACTIONS, "responses plus expiries");
    }

    @Test
    void variantsAgree()
    {
        // Other widths and shapes: one lane (no lane bits), and four lanes with longer lists and
        // ticks of 4 cycles. Bins such as a full wheel need not be reachable here; values must agree.
        for (final TimerWheelConfig cfg : new TimerWheelConfig[] {
            new TimerWheelConfig(16, 16, 8, 1, 9, 5, 12),
            new TimerWheelConfig(256, 128, 4, 4, 11, 7, 16)})
        {
            final CosimResult r = LockstepEngine.run(new TimerWheelAdapter(cfg), CosimOptions.of(50_000, 5));
            System.out.println(String.join("\n", r.report()));
            assertEquals(0, r.mismatches(), () -> String.join("\n", r.report()));
            assertEquals(50_000, r.inputTransactions());
            assertEquals(0, r.timingMin());
            assertEquals(0, r.timingMax());
        }
    }

    @Test
    void listedByTheCosimCommand()
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int rc = CosimCommand.execute(new String[] {"--list"}, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        final String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("timer_wheel") && l.contains("exp_late_o:out:12")), text);
    }

    @Test
    void mutantHorizonOffByOneIsCaught()
    {
        // Accept one tick beyond the horizon: a timer lands in the slot being drained, S ticks early.
        final TimerWheelAdapter adapter = new TimerWheelAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), "rtl/nic/timer_wheel_bank.sv",
            "assign cmd_future   = (cmd_diff < TickWidth'(NumSlots));",
            "assign cmd_future   = (cmd_diff <= TickWidth'(NumSlots));");
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(20_000, 11));
        System.out.println(String.join("\n", r.report()));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0);
    }

    @Test
    void mutantPopChainCreditIsCaught()
    {
        // Chain pops with the expiry FIFO one entry fuller: a push into a full FIFO is lost.
        final TimerWheelAdapter adapter = new TimerWheelAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), "rtl/nic/timer_wheel_bank.sv",
            "(exp_count <= ExpCntW'(ExpDepth - 2))", "(exp_count <= ExpCntW'(ExpDepth - 1))");
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(20_000, 11));
        System.out.println(String.join("\n", r.report()));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0);
    }
}
