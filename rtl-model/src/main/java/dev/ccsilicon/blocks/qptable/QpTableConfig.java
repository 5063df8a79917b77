package dev.ccsilicon.blocks.qptable;

import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.RtlParameter;

import java.util.List;

/**
 * Shape of a QP table: the RTL parameters of {@code qp_table_core} plus the update function (which
 * fixes the context, opcode, operand and result widths).
 *
 * @param numQps      QPs = SRAM entries; a power of two >= 2 ({@code NumQps}).
 * @param sramLatency SRAM read latency in cycles, >= 1; also the hazard window ({@code SramLatency}).
 * @param outDepth    output FIFO entries, >= 2; one event per cycle needs
 *                    {@code outDepth >= sramLatency + 2} ({@code OutDepth}).
 * @param statWidth   width of the saturating statistics counters, 1..63 ({@code StatWidth}).
 * @param update      the per-algorithm update function.
 */
public record QpTableConfig(
    @RtlParameter int numQps,
    @RtlParameter int sramLatency,
    @RtlParameter int outDepth,
    @RtlParameter int statWidth,
    ContextUpdate update)
{
    public static final int DEFAULT_SRAM_LATENCY = 2;
    public static final int DEFAULT_OUT_DEPTH = 4;
    public static final int DEFAULT_STAT_WIDTH = 32;

    public QpTableConfig
    {
        if (numQps < 2 || Integer.bitCount(numQps) != 1)
        {
            throw new IllegalArgumentException("numQps must be a power of two >= 2, got " + numQps);
        }
        if (sramLatency < 1)
        {
            throw new IllegalArgumentException("sramLatency must be >= 1, got " + sramLatency);
        }
        if (outDepth < 2)
        {
            throw new IllegalArgumentException("outDepth must be >= 2, got " + outDepth);
        }
        if (statWidth < 1 || statWidth > 63)
        {
            throw new IllegalArgumentException("statWidth must be 1..63, got " + statWidth);
        }
        if (update.opcodeWidth() < 1 || update.opcodeWidth() > 32 ||
            update.operandWidth() < 1 || update.operandWidth() > 64 ||
            update.resultWidth() < 1 || update.resultWidth() > 64)
        {
            throw new IllegalArgumentException("update widths out of range: opcode 1..32, operand and result 1..64");
        }
    }

    /** The co-simulation default: the generic test update with the RTL's default parameters. */
    public static QpTableConfig generic(final int numQps)
    {
        return new QpTableConfig(numQps, DEFAULT_SRAM_LATENCY, DEFAULT_OUT_DEPTH, DEFAULT_STAT_WIDTH, new GenericUpdate());
    }

    public ContextLayout layout()
    {
        return update.layout();
    }

    /** Width of a QP id: log2(numQps). */
    public int qpWidth()
    {
        return Integer.numberOfTrailingZeros(numQps);
    }

    /** Width of {@code out_fwd_o}: enough for 0..sramLatency. */
    public int fwdWidth()
    {
        return 32 - Integer.numberOfLeadingZeros(sramLatency);
    }

    /** Bits per QP (the SRAM entry width). */
    public int ctxBits()
    {
        return update.layout().bits();
    }

    /** Bits of one output FIFO entry: qp, opcode, forward distance, old and new context, result. */
    public int fifoEntryBits()
    {
        return qpWidth() + update.opcodeWidth() + fwdWidth() + 2 * ctxBits() + update.resultWidth();
    }

    /**
     * The block's pins in RTL declaration order (same for {@code qp_table} and {@code qp_table_core} minus its
     * upd_* ports): the one declaration the co-simulation builds its {@code BlockSpec} from.
     */
    public List<PortSpec> ports()
    {
        return List.of(
            PortSpec.in("clk_i", 1),
            PortSpec.in("rst_ni", 1),
            PortSpec.in("in_valid_i", 1),
            PortSpec.out("in_ready_o", 1),
            PortSpec.in("in_qp_i", qpWidth()),
            PortSpec.in("in_op_i", update.opcodeWidth()),
            PortSpec.in("in_operand_i", update.operandWidth()),
            PortSpec.out("out_valid_o", 1),
            PortSpec.in("out_ready_i", 1),
            PortSpec.out("out_qp_o", qpWidth()),
            PortSpec.out("out_op_o", update.opcodeWidth()),
            PortSpec.out("out_fwd_o", fwdWidth()),
            PortSpec.out("out_old_ctx_o", ctxBits()),
            PortSpec.out("out_new_ctx_o", ctxBits()),
            PortSpec.out("out_result_o", update.resultWidth()),
            PortSpec.out("init_busy_o", 1),
            PortSpec.out("stat_fwd_o", statWidth),
            PortSpec.out("stat_stall_o", statWidth));
    }
}
