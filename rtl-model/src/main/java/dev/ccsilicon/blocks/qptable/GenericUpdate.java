package dev.ccsilicon.blocks.qptable;

/**
 * The table's generic update, for its own tests and co-simulation (RTL:
 * {@code rtl/nic/qp_table_update_generic.sv}): field-wise opcodes on a layout of up to four fields of
 * at most 32 bits, chosen so that every same-QP hazard changes a visible value.
 * <p>
 * Operand: {@code {sel[1:0], value[31:0]}}, {@code sel} picks the field. Opcodes, result in brackets:
 * <ul>
 *   <li>0 READ: no change [old field];</li>
 *   <li>1 WRITE: field = value truncated to the field's width [old field];</li>
 *   <li>2 ADD_SAT: field = min(field + value, 2^w - 1) [1 if it saturated];</li>
 *   <li>3 MIN: field = min(field, value) [1 if value replaced the field];</li>
 *   <li>4 CLEAR: whole context = 0 [old field];</li>
 *   <li>5..7 reserved, and a {@code sel} naming no field: no change [0].</li>
 * </ul>
 */
public final class GenericUpdate implements ContextUpdate
{
    public static final int OP_READ = 0;
    public static final int OP_WRITE = 1;
    public static final int OP_ADD_SAT = 2;
    public static final int OP_MIN = 3;
    public static final int OP_CLEAR = 4;

    public static final int OPCODE_WIDTH = 3;
    public static final int VALUE_WIDTH = 32;
    public static final int SEL_WIDTH = 2;
    public static final int OPERAND_WIDTH = SEL_WIDTH + VALUE_WIDTH;
    public static final int RESULT_WIDTH = 32;

    /** The RTL's default test layout: f0..f3 of 24, 32, 16 and 20 bits; f2 straddles bit 64; 92 bits. */
    public static final ContextLayout TEST_LAYOUT = layout(24, 32, 16, 20);

    private static final long VALUE_MASK = (1L << VALUE_WIDTH) - 1;

    private final ContextLayout layout;

    public GenericUpdate()
    {
        this(TEST_LAYOUT);
    }

    public GenericUpdate(final ContextLayout layout)
    {
        if (layout.fieldCount() > 1 << SEL_WIDTH)
        {
            throw new IllegalArgumentException("generic update: at most 4 fields, layout " + layout.name() +
                " has " + layout.fieldCount());
        }
        for (int i = 0; i < layout.fieldCount(); i++)
        {
            if (layout.width(i) > VALUE_WIDTH)
            {
                throw new IllegalArgumentException("generic update: field " + layout.field(i).name() + " wider than 32 bits");
            }
        }
        this.layout = layout;
    }

    /** The layout {@code qp_table_update_generic} builds from its F0Width..F3Width parameters. */
    public static ContextLayout layout(final int f0, final int f1, final int f2, final int f3)
    {
        return ContextLayout.builder("generic")
            .field("f0", f0)
            .field("f1", f1)
            .field("f2", f2)
            .field("f3", f3)
            .build();
    }

    /** Operand of an event on field {@code sel} with {@code value}. */
    public static long operand(final int sel, final long value)
    {
        return ((long)sel << VALUE_WIDTH) | (value & VALUE_MASK);
    }

    @Override
    public ContextLayout layout()
    {
        return layout;
    }

    @Override
    public int opcodeWidth()
    {
        return OPCODE_WIDTH;
    }

    @Override
    public int operandWidth()
    {
        return OPERAND_WIDTH;
    }

    @Override
    public int resultWidth()
    {
        return RESULT_WIDTH;
    }

    @Override
    public long apply(final long[] oldCtx, final int opcode, final long operand, final long[] newCtx)
    {
        final int words = layout.words();
        for (int w = 0; w < words; w++)
        {
            newCtx[w] = oldCtx[w];
        }
        final int sel = (int)(operand >>> VALUE_WIDTH) & ((1 << SEL_WIDTH) - 1);
        if (sel >= layout.fieldCount())
        {
            return 0;
        }
        final long value = operand & VALUE_MASK;
        final long old = layout.get(oldCtx, sel);
        final long max = layout.max(sel);
        switch (opcode)
        {
            case OP_READ:
                return old;
            case OP_WRITE:
                layout.set(newCtx, sel, value);
                return old;
            case OP_ADD_SAT:
            {
                final long sum = old + value;
                final boolean saturated = sum > max;
                layout.set(newCtx, sel, saturated ? max : sum);
                return saturated ? 1 : 0;
            }
            case OP_MIN:
            {
                final boolean replaced = value < old;
                if (replaced)
                {
                    layout.set(newCtx, sel, value);
                }
                return replaced ? 1 : 0;
            }
            case OP_CLEAR:
                java.util.Arrays.fill(newCtx, 0, words, 0);
                return old;
            default:
                return 0;
        }
    }
}
