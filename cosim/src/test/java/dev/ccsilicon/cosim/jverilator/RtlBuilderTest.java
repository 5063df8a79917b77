package dev.ccsilicon.cosim.jverilator;

import dev.ccsilicon.cosim.blocks.streamfifo.StreamFifoSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RtlBuilderTest
{
    /** Child-JVM entry: builds the stream_fifo variant of the given depth into the given cache. */
    public static void main(final String[] args)
    {
        final RtlLibrary lib = RtlBuilder.build(StreamFifoSpec.spec(8, Integer.parseInt(args[1])), false, Path.of(args[0]));
        System.out.println(lib.library());
    }

    @Test
    void hitCompilesNothingAndParametersChangeTheKey(@TempDir final Path cache)
    {
        final BlockSpec spec = StreamFifoSpec.spec(8, 3);
        final RtlLibrary first = RtlBuilder.build(spec, false, cache);
        assertTrue(first.compiled());
        assertTrue(Files.isRegularFile(first.library()));
        assertTrue(first.library().getFileName().toString().equals("libjv_stream_fifo_" + first.key().substring(0, 12) + ".so"));

        final int before = RtlBuilder.compilations();
        final RtlLibrary second = RtlBuilder.build(spec, false, cache);
        assertFalse(second.compiled());
        assertEquals(before, RtlBuilder.compilations());
        assertEquals(first.library(), second.library());

        final RtlLibrary other = RtlBuilder.build(StreamFifoSpec.spec(8, 5), false, cache);
        assertNotEquals(first.key(), other.key());
        assertNotEquals(first.library(), other.library());
    }

    @Test
    void concurrentBuildersOfOneKeyInTwoJvmsBothSucceed(@TempDir final Path cache) throws Exception
    {
        final ProcessBuilder pb = new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--enable-native-access=ALL-UNNAMED",
            "-cp", System.getProperty("java.class.path"), RtlBuilderTest.class.getName(), cache.toString(), "4")
            .redirectErrorStream(true);
        final Process child = pb.start();
        final CompletableFuture<String> childOut = CompletableFuture.supplyAsync(() ->
        {
            try
            {
                return new String(child.getInputStream().readAllBytes()).trim();
            }
            catch (final IOException e)
            {
                throw new RuntimeException(e);
            }
        });
        final CompletableFuture<RtlLibrary> thread = CompletableFuture.supplyAsync(
            () -> RtlBuilder.build(StreamFifoSpec.spec(8, 4), false, cache));
        final RtlLibrary here = RtlBuilder.build(StreamFifoSpec.spec(8, 4), false, cache);
        assertTrue(child.waitFor(10, TimeUnit.MINUTES));
        assertEquals(0, child.exitValue(), childOut.get());
        assertEquals(here.library().toString(), childOut.get().lines().reduce((a, b) -> b).orElse(""));
        assertEquals(here.library(), thread.get().library());
        // Exactly one of the three compiled; the published entry is complete and loads.
        try (NativeRtl rtl = NativeRtl.open(here))
        {
            rtl.reset(1);
            assertEquals(0, rtl.cycle());
        }
        try (var entries = Files.list(cache))
        {
            assertTrue(entries.noneMatch(p -> p.getFileName().toString().contains(".tmp-")));
        }
    }

    @Test
    void wrongWidthOrMissingPortIsABuildErrorNamingThePort()
    {
        final BlockSpec wide = BlockSpec.builder("stream_fifo", "stream_fifo")
            .sourcesFromHierarchy().parameter("Width", 8).parameter("Depth", 4)
            .in("clk_i", 1).in("rst_ni", 1).in("in_valid_i", 1).out("in_ready_o", 1).in("in_data_i", 9)
            .out("out_valid_o", 1).in("out_ready_i", 1).out("out_data_o", 8).out("count_o", 3).build();
        final RtlBuildException e = assertThrows(RtlBuildException.class, () -> RtlBuilder.build(wide, false));
        assertTrue(e.getMessage().contains("'in_data_i'") && e.getMessage().contains("9 bits"), e.getMessage());

        final BlockSpec missing = BlockSpec.builder("stream_fifo", "stream_fifo")
            .sourcesFromHierarchy().parameter("Width", 8).parameter("Depth", 4)
            .in("clk_i", 1).in("rst_ni", 1).in("in_valid_i", 1).out("in_ready_o", 1).in("in_data_i", 8)
            .out("out_valid_o", 1).in("out_ready_i", 1).out("out_data_o", 8).out("count_o", 3).out("level_o", 3).build();
        final RtlBuildException m = assertThrows(RtlBuildException.class, () -> RtlBuilder.build(missing, false));
        assertTrue(m.getMessage().contains("'level_o'") && m.getMessage().contains("missing"), m.getMessage());
    }
}
