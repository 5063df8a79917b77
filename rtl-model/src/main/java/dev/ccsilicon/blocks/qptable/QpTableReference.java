package dev.ccsilicon.blocks.qptable;

/**
 * Reference level (SPEC §4.1) of {@code qp_table}: the per-QP context table as a plain array, each
 * event a read-modify-write through the configuration's {@link ContextUpdate} (the same function the
 * model's write-back stage and the RTL's update module compute), applied strictly in event order.
 *
 * <p>Formats: the context is the update's {@link ContextLayout}, {@code layout().words()} 64-bit
 * words per QP, all zero after reset (the block's init sweep); opcode, operand and result have the
 * update's widths. The model's pipeline forwards or stalls so that back-to-back events on one QP see
 * each other's writes: its (old context, new context, result) per event therefore equal this
 * sequential reference's bit for bit.
 *
 * <p>Untimed. Event: {@link #onEvent}; the old and new contexts of the last event are in
 * {@link #oldContext()} and {@link #newContext()} (arrays owned by the reference, overwritten by the
 * next event). No allocation per event.
 */
public final class QpTableReference
{
    private final ContextUpdate update;
    private final int words;
    private final long[] table;
    private final long[] oldCtx;
    private final long[] newCtx;

    public QpTableReference(final QpTableConfig config)
    {
        update = config.update();
        words = update.layout().words();
        table = new long[config.numQps() * words];
        oldCtx = new long[words];
        newCtx = new long[words];
    }

    /**
     * One event on {@code qp}: read its context, apply the update, write the new context back.
     *
     * @return the update's result, {@code resultWidth} bits.
     */
    public long onEvent(final int qp, final int opcode, final long operand)
    {
        // Loops, not System.arraycopy: a context is a few words, too few for the stub's overhead.
        final int at = qp * words;
        final long[] t = table;
        final long[] o = oldCtx;
        final long[] n = newCtx;
        for (int w = 0; w < o.length; w++)
        {
            o[w] = t[at + w];
        }
        final long result = update.apply(o, opcode, operand, n);
        for (int w = 0; w < n.length; w++)
        {
            t[at + w] = n[w];
        }
        return result;
    }

    /** The context of the last event's QP before it, {@code words} words, least significant first. */
    public long[] oldContext()
    {
        return oldCtx;
    }

    /** The context of the last event's QP after it. */
    public long[] newContext()
    {
        return newCtx;
    }

    /** Word {@code word} of {@code qp}'s current context. */
    public long context(final int qp, final int word)
    {
        return table[qp * words + word];
    }

    public int contextWords()
    {
        return words;
    }
}
