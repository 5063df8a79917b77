package dev.ccsilicon.blocks.roccflowtable;

import dev.ccsilicon.hdl.Fifo;
import dev.ccsilicon.hdl.RtlParameter;

/**
 * Parameters of block {@code rocc_flow_table}; each field is the RTL parameter of the same name in
 * UpperCamelCase ({@code ports} = {@code NumPorts}, {@code bucketsLog2} = {@code BucketsLog2}, ...).
 * The derived widths and bit counts are the ones {@code docs/blocks/rocc_flow_table.md} tabulates.
 *
 * @param ports           egress ports (NumPorts), 2..65536; each owns a partition of the table.
 * @param bucketsLog2     log2 of the buckets per port (BucketsLog2), 1..16.
 * @param ways            entries per bucket (Ways), 1..8: one SRAM row holds a whole bucket.
 * @param countWidth      packets-in-queue counter per entry (CountWidth), 1..32.
 * @param fWidth          fair rate F in Delta^F units (FWidth), 1..24 (the CNP carries 24 bits).
 * @param gapWidth        width of the CNP spacing configuration (GapWidth), 1..16.
 * @param cycleWidth      saturating scan-cycle counter of the scan report (CycleWidth), 1..32.
 * @param statWidth       saturating statistics counters (StatWidth), 1..32.
 * @param scanStarveLimit read-port cycles the scan may lose to events in a row before it takes one
 *                        (ScanStarveLimit), 0..255; 0 gives the scan strict priority.
 */
public record RoccFlowTableConfig(
    @RtlParameter("NumPorts") int ports,
    @RtlParameter int bucketsLog2,
    @RtlParameter int ways,
    @RtlParameter int countWidth,
    @RtlParameter int fWidth,
    @RtlParameter int gapWidth,
    @RtlParameter int cycleWidth,
    @RtlParameter int statWidth,
    @RtlParameter int scanStarveLimit)
{
    /** Bits of the flow key: the 5-tuple src ip 32, dst ip 32, protocol 8, src port 16, dst port 16. */
    public static final int KEY_WIDTH = 104;
    /** Entries of the event-response FIFO: 3 sustains one event per cycle with a registered credit. */
    public static final int RSP_DEPTH = 3;
    /** Entries of the scan's row FIFO. */
    public static final int ROWQ_DEPTH = 2;
    /** Entries of every input/output skid FIFO other than the response FIFO. */
    public static final int SKID_DEPTH = 2;
    /** Width of the switch id (CNP congestion point). */
    public static final int SWITCH_ID_WIDTH = 16;
    /** Width of rsp_status_o. */
    public static final int STATUS_WIDTH = 3;

    public RoccFlowTableConfig
    {
        check(ports, 2, 65536, "ports");
        check(bucketsLog2, 1, 16, "bucketsLog2");
        check(ways, 1, 8, "ways");
        check(countWidth, 1, 32, "countWidth");
        check(fWidth, 1, 24, "fWidth");
        check(gapWidth, 1, 16, "gapWidth");
        check(cycleWidth, 1, 32, "cycleWidth");
        check(statWidth, 1, 32, "statWidth");
        check(scanStarveLimit, 0, 255, "scanStarveLimit");
        if ((long)ports << bucketsLog2 > 1 << 24)
        {
            throw new IllegalArgumentException("ports << bucketsLog2 must be <= 2^24 rows");
        }
    }

    /** The documented defaults: 64 ports x 64 buckets x 4 ways, 16-bit counts and F. */
    public static RoccFlowTableConfig defaults()
    {
        return new RoccFlowTableConfig(64, 6, 4, 16, 16, 8, 24, 16, 3);
    }

    public RoccFlowTableConfig withPorts(final int value)
    {
        return new RoccFlowTableConfig(value, bucketsLog2, ways, countWidth, fWidth, gapWidth, cycleWidth, statWidth,
            scanStarveLimit);
    }

    public RoccFlowTableConfig withTable(final int newBucketsLog2, final int newWays)
    {
        return new RoccFlowTableConfig(ports, newBucketsLog2, newWays, countWidth, fWidth, gapWidth, cycleWidth,
            statWidth, scanStarveLimit);
    }

    public RoccFlowTableConfig withCountWidth(final int value)
    {
        return new RoccFlowTableConfig(ports, bucketsLog2, ways, value, fWidth, gapWidth, cycleWidth, statWidth,
            scanStarveLimit);
    }

    public RoccFlowTableConfig withScanStarveLimit(final int value)
    {
        return new RoccFlowTableConfig(ports, bucketsLog2, ways, countWidth, fWidth, gapWidth, cycleWidth, statWidth,
            value);
    }

    public RoccFlowTableConfig withStatWidth(final int value)
    {
        return new RoccFlowTableConfig(ports, bucketsLog2, ways, countWidth, fWidth, gapWidth, cycleWidth, value,
            scanStarveLimit);
    }

    public int portWidth()
    {
        return Math.max(1, Fifo.ceilLog2(ports));
    }

    public int buckets()
    {
        return 1 << bucketsLog2;
    }

    public int bucketWidth()
    {
        return bucketsLog2;
    }

    public int wayWidth()
    {
        return Math.max(1, Fifo.ceilLog2(ways));
    }

    /** SRAM rows: one per (port, bucket); address = port << bucketsLog2 | bucket. */
    public int rows()
    {
        return ports << bucketsLog2;
    }

    public int addrWidth()
    {
        return Math.max(1, Fifo.ceilLog2(rows()));
    }

    /** Bits of one entry: count (LSBs) then the 104-bit key. A count of 0 marks a free entry. */
    public int entryWidth()
    {
        return countWidth + KEY_WIDTH;
    }

    /** Bits of one SRAM row: the bucket's ways, way 0 in the LSBs. */
    public int rowWidth()
    {
        return ways * entryWidth();
    }

    public long sramBits()
    {
        return (long)rows() * rowWidth();
    }

    /** Width of scan_rows_o: 0..buckets. */
    public int rowCountWidth()
    {
        return bucketsLog2 + 1;
    }

    /** Width of scan_cnps_o: 0..buckets * ways. */
    public int cnpCountWidth()
    {
        return Fifo.bitsToHold((long)buckets() * ways);
    }

    public int starveWidth()
    {
        return Fifo.bitsToHold(scanStarveLimit);
    }

    /** Largest count an entry holds; an enqueue beyond it is not tracked. */
    public long maxCount()
    {
        return countWidth == 64 ? -1L : (1L << countWidth) - 1;
    }

    /** Tracked flows the table can hold per port. */
    public int entriesPerPort()
    {
        return buckets() * ways;
    }

    private static void check(final int value, final int min, final int max, final String name)
    {
        if (value < min || value > max)
        {
            throw new IllegalArgumentException(name + " must be in " + min + ".." + max + ": " + value);
        }
    }
}
