package dev.ccsilicon.hdl;

import java.util.Arrays;

/**
 * A synchronous SRAM macro: {@code depth} entries of {@code width} bits (any width; entries wider
 * than 64 bits are stored as several {@code long} words, word 0 holding bits 63..0), costing
 * {@code depth * width} SRAM bits and no flops (the output pipeline belongs to the macro). Its RTL
 * twin is {@code rtl/prim/prim_ram_1r1w.sv} (1 read + 1 write dedicated ports, parameters
 * {@code Latency} and {@code WriteFirst} = {@link ReadDuringWrite#NEW_DATA}), the one RAM of every
 * block, with the same cost: {@code Depth * Width} SRAM bits, no flops.
 *
 * <h2>Timing</h2>
 * A read issued with {@link #read(int)} in cycle {@code t} delivers its data on the same port in
 * cycle {@code t + latency} ({@code latency >= 1}): {@link #readValid(int)} is true and
 * {@link #readData(int)} holds the entry during exactly that cycle. Writes issued in cycle {@code t}
 * are visible to reads issued from cycle {@code t + 1}. A read and a write of the same address in the
 * same cycle return the old entry ({@link ReadDuringWrite#OLD_DATA}) or the written one
 * ({@link ReadDuringWrite#NEW_DATA}).
 *
 * <h2>Ports and conflicts</h2>
 * Either dedicated ports ({@code readPorts} reads and {@code writePorts} writes per cycle) or
 * {@code sharedPorts} ports that each do one read or one write per cycle. The k-th accepted read of a
 * cycle uses read port k. An access beyond the ports is <em>rejected</em>: {@code read}/{@code write}
 * return false, nothing happens, and {@link #conflictCount()} is incremented. The caller decides
 * whether to retry (a stall) or drop; the count shows how often a design's port budget was too small.
 */
public final class Sram extends AbstractMemory implements Tracked
{
    /** What a read returns when the same address is written in the same cycle. */
    public enum ReadDuringWrite
    {
        OLD_DATA, NEW_DATA
    }

    private final int words;
    private final long topMask;
    private final int readPorts;
    private final int writePorts;
    private final int sharedPorts;
    private final int latency;
    private final ReadDuringWrite readDuringWrite;

    private final long[] data;
    private final int maxReads;
    private final int maxWrites;
    private final int[] readAddr;
    private int reads;
    private final int[] writeAddr;
    private final long[] writeData;
    private int writes;

    // Output pipeline: latency slots of maxReads ports; slot `phase` is the one visible this cycle.
    private final long[] pipeData;
    private final boolean[] pipeValid;
    private int phase;
    private int inFlight;
    // Dirty-list commit (latency 1 only; deeper pipelines rotate their phase every cycle and commit
    // every cycle): queued on an accepted read or write, and again while a read is visible.
    private ClockDomain domain;
    private boolean dirty;

    private long readCount;
    private long writeCount;
    private long readConflicts;
    private long writeConflicts;

    private Sram(final Builder b)
    {
        if (b.depth < 1 || b.width < 1 || b.latency < 1)
        {
            throw new IllegalArgumentException("SRAM depth, width and latency must be >= 1");
        }
        if (b.sharedPorts > 0 ? (b.readPorts | b.writePorts) != 0 : b.readPorts < 1 || b.writePorts < 1)
        {
            throw new IllegalArgumentException("SRAM needs either sharedPorts >= 1 or readPorts and writePorts >= 1");
        }
        super(b.owner, b.name, Kind.SRAM, b.depth, b.width);
        this.words = (b.width + 63) >>> 6;
        final int topBits = b.width - 64 * (words - 1);
        this.topMask = topBits == 64 ? -1L : (1L << topBits) - 1;
        this.readPorts = b.readPorts;
        this.writePorts = b.writePorts;
        this.sharedPorts = b.sharedPorts;
        this.latency = b.latency;
        this.readDuringWrite = b.readDuringWrite;
        this.data = new long[Math.multiplyExact(depth, words)];
        this.maxReads = sharedPorts > 0 ? sharedPorts : readPorts;
        this.maxWrites = sharedPorts > 0 ? sharedPorts : writePorts;
        this.readAddr = new int[maxReads];
        this.writeAddr = new int[maxWrites];
        this.writeData = new long[maxWrites * words];
        this.pipeData = new long[latency * maxReads * words];
        this.pipeValid = new boolean[latency * maxReads];
        owner.addState(this);
    }

    public static Builder builder(final Component owner, final String name)
    {
        return new Builder(owner, name);
    }

    /**
     * Issue a read of {@code addr} this cycle. Returns false (and counts a conflict) if no read port is
     * free; the data of an accepted read appears {@link #latency()} cycles later.
     */
    public boolean read(final int addr)
    {
        checkAddr(addr);
        if (sharedPorts > 0 ? reads + writes >= sharedPorts : reads >= readPorts)
        {
            readConflicts++;
            return false;
        }
        readAddr[reads++] = addr;
        readCount++;
        markDirty();
        return true;
    }

    /** Issue a write of a value of width <= 64 this cycle; false (and a conflict) if no write port is free. */
    public boolean write(final int addr, final long value)
    {
        if (words != 1)
        {
            throw new IllegalStateException(name + " is " + width + " bits wide: use writeWords");
        }
        if (!claimWrite(addr))
        {
            return false;
        }
        writeData[writes - 1] = value & topMask;
        return true;
    }

    /** Issue a write of {@code words()} words (word 0 = bits 63..0) this cycle. */
    public boolean writeWords(final int addr, final long[] value)
    {
        if (!claimWrite(addr))
        {
            return false;
        }
        final int base = (writes - 1) * words;
        System.arraycopy(value, 0, writeData, base, words);
        writeData[base + words - 1] &= topMask;
        return true;
    }

    /** Whether read port {@code port} delivers data this cycle. */
    public boolean readValid(final int port)
    {
        return pipeValid[phase * maxReads + port];
    }

    /** Word 0 of the data delivered on {@code port} this cycle (stale if not {@link #readValid(int)}). */
    public long readData(final int port)
    {
        return pipeData[(phase * maxReads + port) * words];
    }

    /** Word {@code word} of the data delivered on {@code port} this cycle. */
    public long readWord(final int port, final int word)
    {
        return pipeData[(phase * maxReads + port) * words + word];
    }

    /** Back door, between cycles: the committed contents of word {@code word} of {@code addr}. */
    public long entryWord(final int addr, final int word)
    {
        return data[addr * words + word];
    }

    /** Back door, between cycles: set word {@code word} of {@code addr}. */
    public void load(final int addr, final int word, final long value)
    {
        data[addr * words + word] = word == words - 1 ? value & topMask : value;
    }

    /** Back door, between cycles: zero every entry. */
    public void clear()
    {
        Arrays.fill(data, 0);
    }

    public int latency()
    {
        return latency;
    }

    public int words()
    {
        return words;
    }

    public ReadDuringWrite readDuringWrite()
    {
        return readDuringWrite;
    }

    public int readPorts()
    {
        return readPorts;
    }

    public int writePorts()
    {
        return writePorts;
    }

    public int sharedPorts()
    {
        return sharedPorts;
    }

    /** Accesses rejected for lack of a port, reads and writes, since reset. */
    public long conflictCount()
    {
        return readConflicts + writeConflicts;
    }

    public long readConflicts()
    {
        return readConflicts;
    }

    public long writeConflicts()
    {
        return writeConflicts;
    }

    /** Accepted reads since reset. */
    public long readCount()
    {
        return readCount;
    }

    /** Accepted writes since reset. */
    public long writeCount()
    {
        return writeCount;
    }

    @Override
    public boolean attach(final ClockDomain d)
    {
        if (latency != 1)
        {
            return false;
        }
        domain = d;
        dirty = true;
        return true;
    }

    private void markDirty()
    {
        if (!dirty)
        {
            dirty = true;
            final ClockDomain d = domain;
            if (d != null)
            {
                d.dirtyElement(this);
            }
        }
    }

    @Override
    public void commit()
    {
        dirty = false;
        if (readDuringWrite == ReadDuringWrite.NEW_DATA)
        {
            applyWrites();
            captureReads();
        }
        else
        {
            captureReads();
            applyWrites();
        }
        reads = 0;
        writes = 0;
        phase = phase + 1 == latency ? 0 : phase + 1;
        if (inFlight > 0)
        {
            // The captured read is visible next cycle only: commit again to retire it.
            markDirty();
        }
    }

    @Override
    public boolean quiescent()
    {
        return inFlight == 0;
    }

    /**
     * Clears the read pipeline, pending accesses and statistics but keeps the contents, as reset does
     * to an SRAM macro; contents start zeroed at construction and {@link #clear()} zeroes them again.
     */
    @Override
    public void reset()
    {
        Arrays.fill(pipeData, 0);
        Arrays.fill(pipeValid, false);
        reads = 0;
        writes = 0;
        phase = 0;
        inFlight = 0;
        readCount = 0;
        writeCount = 0;
        readConflicts = 0;
        writeConflicts = 0;
    }






    @Override
    public long flopBits()
    {
        return 0;
    }

    @Override
    public long sramBits()
    {
        return (long)depth * width;
    }

    private boolean claimWrite(final int addr)
    {
        checkAddr(addr);
        if (sharedPorts > 0 ? reads + writes >= sharedPorts : writes >= writePorts)
        {
            writeConflicts++;
            return false;
        }
        writeAddr[writes++] = addr;
        writeCount++;
        markDirty();
        return true;
    }

    private void applyWrites()
    {
        for (int i = 0; i < writes; i++)
        {
            if (words == 1)
            {
                data[writeAddr[i]] = writeData[i];
            }
            else
            {
                System.arraycopy(writeData, i * words, data, writeAddr[i] * words, words);
            }
        }
    }

    private void captureReads()
    {
        final int slot = phase * maxReads;
        for (int p = 0; p < maxReads; p++)
        {
            final boolean valid = p < reads;
            if (pipeValid[slot + p])
            {
                inFlight--;
            }
            pipeValid[slot + p] = valid;
            if (valid)
            {
                inFlight++;
                if (words == 1)
                {
                    pipeData[slot + p] = data[readAddr[p]];
                }
                else
                {
                    System.arraycopy(data, readAddr[p] * words, pipeData, (slot + p) * words, words);
                }
            }
        }
    }

    private void checkAddr(final int addr)
    {
        if (addr < 0 || addr >= depth)
        {
            throw new IndexOutOfBoundsException("address " + addr + " outside " + name + "[" + depth + "]");
        }
    }

    /** Shape of an SRAM; defaults: 1 read + 1 write port, latency 1, OLD_DATA. */
    public static final class Builder
    {
        private final Component owner;
        private final String name;
        private int depth;
        private int width;
        private int readPorts = 1;
        private int writePorts = 1;
        private int sharedPorts;
        private int latency = 1;
        private ReadDuringWrite readDuringWrite = ReadDuringWrite.OLD_DATA;

        private Builder(final Component owner, final String name)
        {
            this.owner = owner;
            this.name = name;
        }

        public Builder depth(final int depth)
        {
            this.depth = depth;
            return this;
        }

        public Builder width(final int width)
        {
            this.width = width;
            return this;
        }

        /** Dedicated read ports (and clears shared ports). */
        public Builder readPorts(final int readPorts)
        {
            this.readPorts = readPorts;
            this.sharedPorts = 0;
            return this;
        }

        /** Dedicated write ports (and clears shared ports). */
        public Builder writePorts(final int writePorts)
        {
            this.writePorts = writePorts;
            this.sharedPorts = 0;
            return this;
        }

        /** Read/write ports, e.g. 1 for a single-port (1RW) macro; replaces dedicated ports. */
        public Builder sharedPorts(final int sharedPorts)
        {
            this.sharedPorts = sharedPorts;
            this.readPorts = 0;
            this.writePorts = 0;
            return this;
        }

        public Builder latency(final int latency)
        {
            this.latency = latency;
            return this;
        }

        public Builder readDuringWrite(final ReadDuringWrite readDuringWrite)
        {
            this.readDuringWrite = readDuringWrite;
            return this;
        }

        public Sram build()
        {
            return new Sram(this);
        }
    }
}
