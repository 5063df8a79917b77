package dev.ccsilicon.cosim.lockstep;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every registered block's co-simulation observables pinned to what they were at commit 3d2b67a,
 * before the block platform rework (kernel pins and ComponentDut instead of per-block wrappers,
 * rtl/prim and packages in the RTL, the status hash): output transactions, RTL cycles and every
 * coverage bin that existed then, with its hit count. Bins added since (status value classes) may
 * only be added. A block registered later has no line in the golden file and fails here until one is
 * recorded.
 */
class CosimGoldenAllTest
{
    private static final String GOLDEN = "/golden/cosim-3d2b67a.txt";

    static List<String> blocks()
    {
        return CosimRegistry.names();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("blocks")
    void observablesAreThoseOfBeforeTheRework(final String block) throws IOException
    {
        final List<String> golden = golden();
        final String run = golden.stream().filter(l -> l.startsWith("run " + block + ", ")).findFirst()
            .orElseThrow(() -> new AssertionError(block + " has no line in " + GOLDEN));
        final String[] f = run.substring("run ".length()).split(", ");
        final CosimResult r = LockstepEngine.run(CosimRegistry.find(block).orElseThrow(), CosimOptions.of(20_000, 3));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(Long.parseLong(f[1]), r.outputTransactions(), "output transactions");
        assertEquals(Long.parseLong(f[2]), r.rtlCycles(), "RTL cycles");
        final List<String> old = new ArrayList<>();
        for (final String l : golden)
        {
            if (l.startsWith("cov " + block + " "))
            {
                old.add(l.substring(("cov " + block + " ").length()));
            }
        }
        assertTrue(!old.isEmpty(), "coverage lines recorded for " + block);
        for (final String line : old)
        {
            assertTrue(r.coverageLines().contains(line), () -> block + ": " + line + " not in " + r.coverageLines());
        }
    }

    private static List<String> golden() throws IOException
    {
        try (InputStream in = CosimGoldenAllTest.class.getResourceAsStream(GOLDEN))
        {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.startsWith("#")).toList();
        }
    }
}
