package dev.ccsilicon.cosim.jverilator;

import dev.ccsilicon.cosim.blocks.fxpaccumulator.FxpAccumulatorSpec;
import dev.ccsilicon.cosim.blocks.qptable.QpTableSpec;
import dev.ccsilicon.cosim.blocks.roccfairrate.RoccFairRateCosimSpec;
import dev.ccsilicon.cosim.blocks.roccflowtable.RoccFlowTableSpec;
import dev.ccsilicon.cosim.blocks.roccrp.RoccRpSpec;
import dev.ccsilicon.cosim.blocks.streamfifo.StreamFifoSpec;
import dev.ccsilicon.cosim.blocks.timerwheel.TimerWheelSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RtlSourcesTest
{
    @Test
    void followsInstancesAndPackagesInDependencyOrder(@TempDir final Path root) throws IOException
    {
        write(root, "rtl/a/top.sv", """
            module top (input logic clk_i);
              // ghost u_ghost (  <- a comment, not an instance
              sub #(.W(p_pkg::W)) u_sub (.clk_i);
              leaf u_leaf (.clk_i);
              leaf u_leaf2 [2] (.clk_i);
            endmodule
            """);
        write(root, "rtl/b/sub.sv", "module sub #(parameter int W = 1) (input logic clk_i);\n  q_pkg::t_e x;\nendmodule\n");
        write(root, "rtl/b/leaf.sv", "module leaf (input logic clk_i);\nendmodule\n");
        write(root, "rtl/b/ghost.sv", "module ghost (input logic clk_i);\nendmodule\n");
        write(root, "rtl/c/p_pkg.sv", "package p_pkg;\n  localparam int W = q_pkg::V;\nendpackage\n");
        write(root, "rtl/c/q_pkg.sv", "package q_pkg;\n  localparam int V = 2;\nendpackage\n");
        assertEquals(List.of("rtl/c/q_pkg.sv", "rtl/c/p_pkg.sv", "rtl/b/leaf.sv", "rtl/b/sub.sv", "rtl/a/top.sv"),
            RtlSources.forTop(root, "top"));
    }

    @Test
    void anUnknownTopOrTwoFilesOfOneNameAreErrors(@TempDir final Path root) throws IOException
    {
        write(root, "rtl/a/x.sv", "module x;\nendmodule\n");
        assertThrows(IllegalArgumentException.class, () -> RtlSources.forTop(root, "y"));
        write(root, "rtl/b/x.sv", "module x;\nendmodule\n");
        assertThrows(IllegalStateException.class, () -> RtlSources.forTop(root, "x"));
    }

    @Test
    void roccRpHierarchy()
    {
        assertEquals(List.of(
            "rtl/nic/rocc_rp_pkg.sv",
            "rtl/nic/timer_wheel_pkg.sv",
            "rtl/prim/prim_fifo_sync.sv",
            "rtl/prim/prim_ram_1r1w.sv",
            "rtl/nic/qp_table_core.sv",
            "rtl/nic/rocc_rp_update.sv",
            "rtl/nic/timer_wheel_bank.sv",
            "rtl/nic/timer_wheel.sv",
            "rtl/nic/rocc_rp.sv"), RtlSources.forTop("rocc_rp"));
    }

    /** Every block spec takes its sources from its top's hierarchy: top last, shared primitives in. */
    @Test
    void everyBlockSpecListsItsHierarchy()
    {
        for (final BlockSpec spec : List.of(FxpAccumulatorSpec.spec(), StreamFifoSpec.spec(), QpTableSpec.spec(),
            TimerWheelSpec.spec(), RoccRpSpec.spec(), RoccFlowTableSpec.spec(), RoccFairRateCosimSpec.spec()))
        {
            final List<String> sources = spec.sources();
            assertEquals(RtlSources.forTop(spec.top()), sources, spec.name());
            assertTrue(sources.get(sources.size() - 1).endsWith("/" + spec.top() + ".sv"), spec.name());
        }
        assertTrue(StreamFifoSpec.spec().sources().contains("rtl/prim/prim_fifo_sync.sv"));
        assertTrue(RoccFlowTableSpec.spec().sources().contains("rtl/prim/prim_ram_1r1w.sv"));
    }

    private static void write(final Path root, final String rel, final String text) throws IOException
    {
        final Path p = root.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }
}
