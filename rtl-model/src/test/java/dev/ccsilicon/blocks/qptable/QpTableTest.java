package dev.ccsilicon.blocks.qptable;

import dev.ccsilicon.blocks.roccrp.RoccRpContext;
import dev.ccsilicon.blocks.qptable.QpTableHarness.Event;
import dev.ccsilicon.hdl.Direction;
import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.ResourceReport;
import org.junit.jupiter.api.Test;

import static dev.ccsilicon.blocks.qptable.GenericUpdate.OP_READ;
import static dev.ccsilicon.blocks.qptable.GenericUpdate.OP_WRITE;
import static dev.ccsilicon.blocks.qptable.GenericUpdate.operand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tests of the kernel model's internals (idle skip, resource report) and of its configuration.
 * The pin-level behaviour of {@code qp_table} is tested on every level by the suite in
 * {@code cosim/src/test/java/dev/ccsilicon/cosim/blocks/qptable/QpTableSuite.java}.
 */
class QpTableTest
{
    private static QpTableConfig config(final int numQps, final int latency, final int outDepth)
    {
        return new QpTableConfig(numQps, latency, outDepth, 32, new GenericUpdate());
    }

    @Test
    void idleSkipLeavesTheSameState()
    {
        final QpTableHarness b = new QpTableHarness(config(16, 2, 4));
        b.finishInit();
        b.offer(new Event(2, OP_WRITE, operand(0, 77)));
        b.drain();
        b.table.setInputs(false, 0, 0, 0);
        b.clk.run(1_000_000);
        assertTrue(b.clk.skippedCycles() > 900_000, "idle table is skipped in bulk");
        b.offer(new Event(2, OP_READ, operand(0, 0)));
        b.drain();
        assertEquals(2, b.results);
    }

    @Test
    void resourceReportBitsPerQpEqualTheLayout()
    {
        for (final ContextLayout layout : new ContextLayout[] {GenericUpdate.TEST_LAYOUT, RoccRpContext.LAYOUT})
        {
            for (final int n : new int[] {1024, 65536})
            {
                final QpTableConfig cfg = new QpTableConfig(n, 2, 4, 32, new GenericUpdate(layout));
                final QpTable t = new QpTable(null, "qp_table", cfg);
                final ResourceReport r = ResourceReport.of(t);
                assertEquals((long)n * layout.bits(), r.totalSramBits(), layout.name());
                assertEquals(layout.bits(), r.totalSramBits() / n);
                assertEquals(layout.bits(), t.bitsPerQp());
                // Flops: pipeline stages, history, FIFO, control, counters (docs/blocks/qp_table.md).
                final int qpw = cfg.qpWidth();
                final long expectFlops = 2L * (1 + qpw + 3 + 34) + 2L * (1 + qpw + layout.bits()) +
                    4L * cfg.fifoEntryBits() + (1 + qpw) + 3 + 2 * 2 + 3 + 2 * 32;
                assertEquals(expectFlops, r.totalFlops(), layout.name() + " N=" + n);
            }
        }
    }

    @Test
    void rejectsBadShapes()
    {
        assertThrows(IllegalArgumentException.class, () -> config(1000, 2, 4));
        assertThrows(IllegalArgumentException.class, () -> config(16, 0, 4));
        assertThrows(IllegalArgumentException.class, () -> config(16, 2, 1));
    }

    @Test
    void portListMatchesTheRtlWidths()
    {
        final QpTableConfig c = QpTableConfig.generic(1024);
        final StringBuilder sb = new StringBuilder();
        for (final PortSpec p : c.ports())
        {
            sb.append(p.name()).append(p.direction() == Direction.OUT ? ":o:" : ":i:").append(p.width()).append(' ');
        }
        assertEquals("clk_i:i:1 rst_ni:i:1 in_valid_i:i:1 in_ready_o:o:1 in_qp_i:i:10 in_op_i:i:3 in_operand_i:i:34 " +
            "out_valid_o:o:1 out_ready_i:i:1 out_qp_o:o:10 out_op_o:o:3 out_fwd_o:o:2 out_old_ctx_o:o:92 " +
            "out_new_ctx_o:o:92 out_result_o:o:32 init_busy_o:o:1 stat_fwd_o:o:32 stat_stall_o:o:32 ", sb.toString());
    }
}
