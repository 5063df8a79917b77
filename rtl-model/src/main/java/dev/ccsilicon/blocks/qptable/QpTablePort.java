package dev.ccsilicon.blocks.qptable;

/**
 * One pin of {@code qp_table} / {@code qp_table_core} as the RTL names it. {@link QpTableConfig#ports}
 * lists them in the RTL's declaration order; the co-simulation builds its pin declaration from that
 * list, so the model, the docs and the harness share one declaration.
 *
 * @param name   the RTL port name.
 * @param output true for an output of the block.
 * @param width  bits (contexts may exceed 64 and travel as several 64-bit words).
 */
public record QpTablePort(String name, boolean output, int width)
{
    public static QpTablePort in(final String name, final int width)
    {
        return new QpTablePort(name, false, width);
    }

    public static QpTablePort out(final String name, final int width)
    {
        return new QpTablePort(name, true, width);
    }
}
