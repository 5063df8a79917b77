package dev.ccsilicon.firmware.elf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import dev.ccsilicon.firmware.core.Memory;

/**
 * A little-endian RISC-V ELF32 or ELF64 executable: its loadable segments and its symbol table.
 * Only what firmware needs: PT_LOAD segments (copied, the rest of memsz zeroed) and .symtab
 * names for the entry points.
 */
public final class ElfFile
{
    public static final int EM_RISCV = 243;
    private static final int PT_LOAD = 1;
    private static final int SHT_SYMTAB = 2;

    /** A PT_LOAD segment. */
    public record Segment(long vaddr, long memSize, byte[] data, int flags)
    {
    }

    private final String source;
    private final int elfClass;
    private final long entry;
    private final List<Segment> segments;
    private final Map<String, Long> symbols;

    private ElfFile(final String source, final int elfClass, final long entry, final List<Segment> segments,
                    final Map<String, Long> symbols)
    {
        this.source = source;
        this.elfClass = elfClass;
        this.entry = entry;
        this.segments = segments;
        this.symbols = symbols;
    }

    public static ElfFile read(final Path path)
    {
        final byte[] b;
        try
        {
            b = Files.readAllBytes(path);
        }
        catch (final IOException e)
        {
            throw new IllegalArgumentException("cannot read ELF " + path + ": " + e.getMessage(), e);
        }
        return parse(path.toString(), b);
    }

    public static ElfFile parse(final String source, final byte[] b)
    {
        if (b.length < 52 || b[0] != 0x7F || b[1] != 'E' || b[2] != 'L' || b[3] != 'F')
        {
            throw new ElfFormatException(source, "e_ident", "not an ELF file (no \\x7fELF magic)", "an ELF executable");
        }
        final int cls = b[4];
        if (cls != 1 && cls != 2)
        {
            throw new ElfFormatException(source, "EI_CLASS", String.valueOf(cls), "1 (ELF32) or 2 (ELF64)");
        }
        if (b[5] != 1)
        {
            throw new ElfFormatException(source, "EI_DATA", String.valueOf(b[5]), "1 (little-endian)");
        }
        final boolean is64 = cls == 2;
        if (is64 && b.length < 64)
        {
            throw new ElfFormatException(source, "header", b.length + " bytes", "at least 64 bytes for ELF64");
        }
        final ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        final int type = bb.getShort(16) & 0xFFFF;
        final int machine = bb.getShort(18) & 0xFFFF;
        if (machine != EM_RISCV)
        {
            throw new ElfFormatException(source, "e_machine", String.valueOf(machine), EM_RISCV + " (RISC-V)");
        }
        if (type != 2)
        {
            throw new ElfFormatException(source, "e_type", String.valueOf(type), "2 (ET_EXEC, a linked executable)");
        }
        final long entry = is64 ? bb.getLong(24) : bb.getInt(24) & 0xFFFF_FFFFL;
        final long phoff = is64 ? bb.getLong(32) : bb.getInt(28) & 0xFFFF_FFFFL;
        final long shoff = is64 ? bb.getLong(40) : bb.getInt(32) & 0xFFFF_FFFFL;
        final int phentsize = bb.getShort(is64 ? 54 : 42) & 0xFFFF;
        final int phnum = bb.getShort(is64 ? 56 : 44) & 0xFFFF;
        final int shentsize = bb.getShort(is64 ? 58 : 46) & 0xFFFF;
        final int shnum = bb.getShort(is64 ? 60 : 48) & 0xFFFF;

        final List<Segment> segs = new ArrayList<>();
        for (int i = 0; i < phnum; i++)
        {
            final long off = phoff + (long) i * phentsize;
            check(source, b, off, is64 ? 56 : 32, "program header " + i);
            final int o = (int) off;
            if (bb.getInt(o) != PT_LOAD)
            {
                continue;
            }
            final long pOff = is64 ? bb.getLong(o + 8) : bb.getInt(o + 4) & 0xFFFF_FFFFL;
            final long vaddr = is64 ? bb.getLong(o + 16) : bb.getInt(o + 8) & 0xFFFF_FFFFL;
            final long filesz = is64 ? bb.getLong(o + 32) : bb.getInt(o + 16) & 0xFFFF_FFFFL;
            final long memsz = is64 ? bb.getLong(o + 40) : bb.getInt(o + 20) & 0xFFFF_FFFFL;
            final int flags = is64 ? bb.getInt(o + 4) : bb.getInt(o + 24);
            if (filesz > memsz)
            {
                throw new ElfFormatException(source, "p_filesz of segment " + i, filesz + " > p_memsz " + memsz, "p_filesz <= p_memsz");
            }
            check(source, b, pOff, filesz, "segment " + i);
            final byte[] data = new byte[(int) filesz];
            System.arraycopy(b, (int) pOff, data, 0, (int) filesz);
            segs.add(new Segment(vaddr, memsz, data, flags));
        }
        if (segs.isEmpty())
        {
            throw new ElfFormatException(source, "program headers", "no PT_LOAD segment", "at least one loadable segment");
        }

        final Map<String, Long> syms = new LinkedHashMap<>();
        for (int i = 0; i < shnum && shoff != 0; i++)
        {
            final long off = shoff + (long) i * shentsize;
            check(source, b, off, is64 ? 64 : 40, "section header " + i);
            final int o = (int) off;
            if (bb.getInt(o + 4) != SHT_SYMTAB)
            {
                continue;
            }
            final long symOff = is64 ? bb.getLong(o + 24) : bb.getInt(o + 16) & 0xFFFF_FFFFL;
            final long symSize = is64 ? bb.getLong(o + 32) : bb.getInt(o + 20) & 0xFFFF_FFFFL;
            final int link = bb.getInt(is64 ? o + 40 : o + 24);
            final long entSize = is64 ? bb.getLong(o + 56) : bb.getInt(o + 36) & 0xFFFF_FFFFL;
            final long strHdr = shoff + (long) link * shentsize;
            check(source, b, strHdr, is64 ? 64 : 40, "string table header");
            final long strOff = is64 ? bb.getLong((int) strHdr + 24) : bb.getInt((int) strHdr + 16) & 0xFFFF_FFFFL;
            final long strSize = is64 ? bb.getLong((int) strHdr + 32) : bb.getInt((int) strHdr + 20) & 0xFFFF_FFFFL;
            check(source, b, symOff, symSize, ".symtab");
            check(source, b, strOff, strSize, ".strtab");
            if (entSize == 0)
            {
                throw new ElfFormatException(source, ".symtab sh_entsize", "0", is64 ? "24" : "16");
            }
            for (long s = symOff; s + entSize <= symOff + symSize; s += entSize)
            {
                final int so = (int) s;
                final int nameOff = bb.getInt(so);
                final long value = is64 ? bb.getLong(so + 8) : bb.getInt(so + 4) & 0xFFFF_FFFFL;
                final int shndx = bb.getShort(is64 ? so + 6 : so + 14) & 0xFFFF;
                if (nameOff == 0 || shndx == 0 || nameOff >= strSize)
                {
                    continue;
                }
                int end = (int) (strOff + nameOff);
                while (end < strOff + strSize && b[end] != 0)
                {
                    end++;
                }
                final String name = new String(b, (int) (strOff + nameOff), end - (int) (strOff + nameOff),
                    java.nio.charset.StandardCharsets.UTF_8);
                syms.putIfAbsent(name, value);
            }
        }
        return new ElfFile(source, cls, entry, List.copyOf(segs), Collections.unmodifiableMap(syms));
    }

    private static void check(final String source, final byte[] b, final long off, final long len, final String what)
    {
        if (off < 0 || len < 0 || off + len > b.length)
        {
            throw new ElfFormatException(source, what, "bytes [" + off + ", +" + len + ")", "inside the file's " + b.length + " bytes");
        }
    }

    public String source()
    {
        return source;
    }

    /** 32 or 64. */
    public int xlen()
    {
        return elfClass == 2 ? 64 : 32;
    }

    public long entry()
    {
        return entry;
    }

    public List<Segment> segments()
    {
        return segments;
    }

    public Map<String, Long> symbols()
    {
        return symbols;
    }

    public OptionalLong symbol(final String name)
    {
        final Long v = symbols.get(name);
        return v == null ? OptionalLong.empty() : OptionalLong.of(v);
    }

    /** The address of {@code name}, or an exception naming the file and the symbol. */
    public long requireSymbol(final String name)
    {
        final Long v = symbols.get(name);
        if (v == null)
        {
            throw new IllegalArgumentException(source + ": symbol '" + name + "' not in .symtab (is it defined, and not static?)");
        }
        return v;
    }

    /** Copies every segment into {@code mem} and zeroes the rest of each segment's memsz. */
    public void loadInto(final Memory mem)
    {
        for (final Segment s : segments)
        {
            if (!mem.contains(s.vaddr(), (int) Math.min(Integer.MAX_VALUE, s.memSize())))
            {
                throw new IllegalArgumentException(source + ": segment at 0x" + Long.toHexString(s.vaddr()) + " (+" + s.memSize()
                    + " bytes) lies outside emulated memory [0, 0x" + Long.toHexString(mem.size()) + ")");
            }
            mem.load(s.vaddr(), s.data(), 0, s.data().length);
            mem.zero(s.vaddr() + s.data().length, s.memSize() - s.data().length);
        }
    }
}
