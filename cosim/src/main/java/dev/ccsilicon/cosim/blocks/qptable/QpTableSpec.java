package dev.ccsilicon.cosim.blocks.qptable;

import dev.ccsilicon.blocks.qptable.GenericUpdate;
import dev.ccsilicon.blocks.qptable.QpTableConfig;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.StreamSpec;

/**
 * Pins of {@code rtl/nic/qp_table.sv}, built from the model's own declaration
 * ({@link QpTableConfig#ports()}), so the model, the harness and the RTL check share one list.
 * The statistics ride along with every result record, so the scoreboard compares the counters
 * bit-exactly at every output transaction, not just at the end.
 */
public final class QpTableSpec
{
    public static final String NAME = "qp_table";
    public static final int NUM_QPS = 1024;
    public static final int SRAM_LATENCY = QpTableConfig.DEFAULT_SRAM_LATENCY;
    public static final int OUT_DEPTH = QpTableConfig.DEFAULT_OUT_DEPTH;

    private QpTableSpec()
    {
    }

    public static BlockSpec spec()
    {
        return spec(NUM_QPS, SRAM_LATENCY, OUT_DEPTH);
    }

    public static BlockSpec spec(final int numQps, final int sramLatency, final int outDepth)
    {
        return spec(numQps, sramLatency, outDepth, QpTableConfig.DEFAULT_STAT_WIDTH);
    }

    /** A variant with narrower statistics counters (their saturation is a directed test). */
    public static BlockSpec spec(final int numQps, final int sramLatency, final int outDepth, final int statWidth)
    {
        return spec(new QpTableConfig(numQps, sramLatency, outDepth, statWidth, new GenericUpdate()));
    }

    public static BlockSpec spec(final QpTableConfig config)
    {
        return BlockSpec.builder(NAME, "qp_table")
            .sourcesFromHierarchy()
            .parameters(config)
            .ports(config.ports())
            .stream(StreamSpec.in("in", "in_valid_i", "in_ready_o", "in_qp_i", "in_op_i", "in_operand_i"))
            .stream(StreamSpec.out("out", "out_valid_o", "out_ready_i", "out_qp_o", "out_op_o", "out_fwd_o",
                "out_old_ctx_o", "out_new_ctx_o", "out_result_o", "stat_fwd_o", "stat_stall_o"))
            .build();
    }

    /** The model configuration of a spec (its parameters, defaults where absent). */
    public static QpTableConfig config(final BlockSpec spec)
    {
        return spec.config(new QpTableConfig(NUM_QPS, SRAM_LATENCY, OUT_DEPTH, QpTableConfig.DEFAULT_STAT_WIDTH,
            new GenericUpdate()));
    }
}
