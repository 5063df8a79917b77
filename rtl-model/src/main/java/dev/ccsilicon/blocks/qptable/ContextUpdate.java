package dev.ccsilicon.blocks.qptable;

/**
 * The update function of a {@link QpTable}: what one event does to one QP's context. It is the
 * Java side of the combinational SV module wired to {@code qp_table_core}'s {@code upd_*} ports and
 * must compute bit for bit what that module computes.
 * <p>
 * An algorithm plugs in by implementing this interface over its own {@link ContextLayout} (and, in
 * RTL, by instantiating {@code qp_table_core} with its own update module of the same widths). The
 * table calls {@link #apply} once per event in its write-back stage, with arrays it owns: an
 * implementation must be a pure function of its arguments, must not keep references to them and
 * should not allocate.
 */
public interface ContextUpdate
{
    /** Layout of the context this update reads and writes; its bits are the table's bits per QP. */
    ContextLayout layout();

    /** Width of the event opcode ({@code in_op_i}), 1..32. */
    int opcodeWidth();

    /** Width of the event operand ({@code in_operand_i}), 1..64. */
    int operandWidth();

    /** Width of the per-algorithm result ({@code out_result_o}), 1..64. */
    int resultWidth();

    /**
     * Compute the new context and the result of one event.
     *
     * @param oldCtx  the QP's context before the event, {@code layout().words()} words; read only.
     * @param opcode  the event's opcode, {@link #opcodeWidth()} bits.
     * @param operand the event's operand, {@link #operandWidth()} bits.
     * @param newCtx  receives the context after the event (every word must be written).
     * @return the result, {@link #resultWidth()} bits.
     */
    long apply(long[] oldCtx, int opcode, long operand, long[] newCtx);
}
