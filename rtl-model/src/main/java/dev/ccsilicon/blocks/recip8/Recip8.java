package dev.ccsilicon.blocks.recip8;

/**
 * The shared reciprocal ROM {@code recip8} (next-blocks §0): 256 entries of 16 bits,
 * {@code RECIP[i] = round(2^24 / (256 + i + 0.5))}, indexed by the 8 bits after the leading one of
 * an unsigned x &gt; 0. With p = floor(log2 x), x ≈ 2^p·(256 + idx + ½)/256, hence
 * 1/x ≈ RECIP[idx]·2^(−16−p) within 0.2 % (half an index step, 0.195 %, plus the entry's rounding).
 *
 * <p>This class is the one source of the table: {@code rtl/common/recip8_rom.sv} is generated from
 * {@link #svFile()} and a test checks the file against it, so Java and RTL agree bit for bit.
 */
public final class Recip8
{
    /** Entries. */
    public static final int SIZE = 256;
    /** Bits per entry. */
    public static final int WIDTH = 16;

    private static final int[] TABLE = new int[SIZE];

    static
    {
        for (int i = 0; i < SIZE; i++)
        {
            // 2^24 / (256 + i + 1/2) = 2^25 / d with d = 513 + 2i odd, so no tie: round = floor((2·2^25 + d) / 2d).
            final long d = 513L + 2L * i;
            TABLE[i] = (int)(((1L << 26) + d) / (2L * d));
        }
    }

    private Recip8()
    {
    }

    /** RECIP[i], 32 800 .. 65 408. */
    public static int recip(final int i)
    {
        return TABLE[i];
    }

    /** floor(log2 x) for x &gt; 0 (a leading-zero count); x must be positive. */
    public static int p(final long x)
    {
        return 63 - Long.numberOfLeadingZeros(x);
    }

    /** The ROM index of x &gt; 0: the 8 bits after the leading one (zeros shifted in when p &lt; 8). */
    public static int idx(final long x)
    {
        final int p = p(x);
        return (int)((p >= 8 ? x >>> (p - 8) : x << (8 - p)) & 0xFF);
    }

    /** RECIP[idx(x)]. */
    public static int lookup(final long x)
    {
        return TABLE[idx(x)];
    }

    /** The whole text of {@code rtl/common/recip8_rom.sv}, generated from the table (Recip8RomFileTest checks the file). */
    public static String svFile()
    {
        final StringBuilder sb = new StringBuilder(SIZE * 40 + 1024);
        sb.append("// Copyright ccsilicon contributors.\n")
            .append("//\n")
            .append("// GENERATED from dev.ccsilicon.blocks.recip8.Recip8.svFile(): do not edit (Recip8RomFileTest checks it).\n")
            .append("// The shared reciprocal ROM of next-blocks section 0: RECIP[i] = round(2^24 / (256 + i + 0.5)),\n")
            .append("// 256 x 16 bits, purely combinational; recip8 indexes it with the 8 bits after x's leading one.\n")
            .append("module recip8_rom (\n")
            .append("  input  logic [7:0]  idx_i,\n")
            .append("  output logic [15:0] data_o\n")
            .append(");\n")
            .append("  always_comb begin : rom\n")
            .append("    unique case (idx_i)\n");
        for (int i = 0; i < SIZE; i++)
        {
            sb.append("      8'd").append(i).append(": data_o = 16'd").append(TABLE[i]).append(";\n");
        }
        sb.append("      default: data_o = 16'd").append(TABLE[SIZE - 1]).append(";\n")
            .append("    endcase\n")
            .append("  end\n")
            .append("endmodule\n");
        return sb.toString();
    }
}
