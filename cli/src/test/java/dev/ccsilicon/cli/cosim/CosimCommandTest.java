package dev.ccsilicon.cli.cosim;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CosimCommandTest
{
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(final String... args)
    {
        return CosimCommand.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void listsEveryBlockWithTopAndPorts()
    {
        assertEquals(0, run("--list"));
        final String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("fxp_accumulator") && text.contains("in_data_i:in:16"), text);
        assertTrue(text.contains("stream_fifo") && text.contains("out_data_o:out:72"), text);
        // Side from the RTL top's folder, levels from what the adapter brings.
        for (final String[] expected : new String[][] {
            {"fxp_accumulator", "common"}, {"stream_fifo", "common"}, {"qp_table", "nic"}, {"timer_wheel", "nic"},
            {"rocc_rp", "nic"}, {"rocc_fair_rate", "switch"}, {"rocc_flow_table", "switch"}})
        {
            assertTrue(text.lines().anyMatch(l -> l.startsWith(expected[0] + " ") && l.contains(" side=" + expected[1] + " ")
                && l.contains(" levels=reference,model,rtl ")), expected[0] + " in\n" + text);
        }
        assertTrue(text.lines().anyMatch(l -> l.startsWith("timer_wheel") && l.contains("exp_late_o:out:12")), text);
    }

    @Test
    void unknownBlockIsBadInputListingTheKnownOnes()
    {
        assertEquals(2, run("no_such_block"));
        final String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("unknown block 'no_such_block'") && text.contains("fxp_accumulator"), text);
        assertFalse(text.contains("Exception"), text);
    }

    @Test
    void badOptionsAreBadInput()
    {
        assertEquals(2, run("--transactions", "abc", "stream_fifo"));
        assertEquals(2, run("--transactions", "0", "stream_fifo"));
        assertEquals(2, run());
    }

    @Test
    void runsAllBlocksAndWritesJUnit(@TempDir final Path dir)
    {
        assertEquals(0, run("--all", "--transactions", "20000", "--seed", "3", "--junit", dir.toString()));
        final String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("fxp_accumulator: PASS") && text.contains("stream_fifo: PASS"), text);
        assertTrue(text.contains("reference vs model: 40,000 values compared, 0 mismatches"), text);
        assertTrue(Files.isRegularFile(dir.resolve("TEST-cosim.fxp_accumulator.xml")));
        assertTrue(Files.isRegularFile(dir.resolve("TEST-cosim.stream_fifo.xml")));
    }
}
