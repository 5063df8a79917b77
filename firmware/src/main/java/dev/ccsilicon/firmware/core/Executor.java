package dev.ccsilicon.firmware.core;

import static dev.ccsilicon.firmware.isa.Op.*;

import dev.ccsilicon.firmware.isa.Decoder;
import dev.ccsilicon.firmware.isa.FxpOps;
import dev.ccsilicon.firmware.isa.IsaConfig;
import dev.ccsilicon.firmware.isa.Op;

/**
 * Executes RV32IM / RV64IM (+ Zbb, + the fixed-point ops when configured) over a {@link Memory},
 * one instruction per {@link #step}, returning the cycles it keeps its hart busy. Instructions are
 * decoded once into a cache over code memory (a store into code memory invalidates its slot), so
 * the hot path is a table lookup and a switch, with no allocation.
 *
 * <p>On RV32 registers hold values sign-extended from 32 bits, so comparisons and address
 * arithmetic on the 64-bit slots give the 32-bit answers; every result is re-sign-extended.
 */
public final class Executor
{
    private static final long M32 = 0xFFFF_FFFFL;

    private final Memory mem;
    private final IsaConfig isa;
    private final boolean rv32;
    private final int[] base;
    private final int branchTaken;
    private final byte[] lat;
    private final int[] code;
    private final long[] imm;
    private final long codeLimit;

    public Executor(final Memory mem, final IsaConfig isa, final CostModel cost)
    {
        this.mem = mem;
        this.isa = isa;
        this.rv32 = isa.xlen() == 32;
        this.base = cost.baseTable();
        this.branchTaken = cost.branchTaken();
        this.lat = mem.blockLatency;
        this.codeLimit = MemoryMap.IMEM_BASE + MemoryMap.IMEM_SIZE;
        this.code = new int[(int) (codeLimit >>> 2)];
        this.imm = new long[code.length];
    }

    public IsaConfig isa()
    {
        return isa;
    }

    public Memory memory()
    {
        return mem;
    }

    /** Forgets every decoded instruction (after code memory was rewritten from outside). */
    public void invalidate()
    {
        java.util.Arrays.fill(code, 0);
    }

    private int decodeSlot(final Hart h, final int slot)
    {
        final int w = mem.read32((long) slot << 2);
        final int p = Decoder.decode(w, isa);
        if (Decoder.op(p) == ILLEGAL)
        {
            throw new IssTrap("illegal instruction for " + isa.name(), h.id, (long) slot << 2, w);
        }
        imm[slot] = Decoder.immediate(w, Decoder.op(p));
        code[slot] = p;
        return p;
    }

    private IssTrap trap(final String what, final Hart h, final long pc)
    {
        final int w = pc >= 0 && pc + 4 <= codeLimit ? mem.read32(pc & ~3L) : 0;
        return new IssTrap(what, h.id, pc, w);
    }

    private long ea(final long a)
    {
        return rv32 ? a & M32 : a;
    }

    private long fix(final long v)
    {
        return rv32 ? (long) (int) v : v;
    }

    private long addr(final Hart h, final long pc, final long a, final int n)
    {
        if ((a & (n - 1)) != 0)
        {
            throw trap(String.format("misaligned %d-byte access to 0x%x", n, a), h, pc);
        }
        if (!mem.contains(a, n))
        {
            throw trap(String.format("access to 0x%x outside memory [0, 0x%x)", a, mem.size()), h, pc);
        }
        return a;
    }

    /**
     * Executes the instruction at the hart's PC at core cycle {@code now} (what the cycle CSR reads).
     *
     * @return the cycles it keeps the hart busy, 0 if the hart halted (EBREAK, not retired).
     */
    public int step(final Hart h, final long now)
    {
        final long pc = h.pc;
        if ((pc & 3) != 0 || pc < 0 || pc >= codeLimit)
        {
            throw trap(String.format("instruction fetch from 0x%x (code is 4-byte aligned in [0, 0x%x))", pc, codeLimit), h, pc);
        }
        final int slot = (int) (pc >>> 2);
        int p = code[slot];
        if (p == 0)
        {
            p = decodeSlot(h, slot);
        }
        final long[] x = h.x;
        final int op = p & 0x7F;
        final int rd = p >>> 8 & 31;
        final long a = x[p >>> 13 & 31];
        final long b = x[p >>> 18 & 31];
        final long im = imm[slot];
        long next = pc + 4;
        int cost = base[op];
        switch (op)
        {
            case LUI -> x[rd] = im;
            case AUIPC -> x[rd] = fix(pc + im);
            case JAL ->
            {
                next = ea(pc + im);
                x[rd] = pc + 4;
            }
            case JALR ->
            {
                next = ea(a + im) & ~1L;
                x[rd] = pc + 4;
            }
            case BEQ ->
            {
                if (a == b)
                {
                    next = ea(pc + im);
                    cost += branchTaken;
                }
            }
            case BNE ->
            {
                if (a != b)
                {
                    next = ea(pc + im);
                    cost += branchTaken;
                }
            }
            case BLT ->
            {
                if (a < b)
                {
                    next = ea(pc + im);
                    cost += branchTaken;
                }
            }
            case BGE ->
            {
                if (a >= b)
                {
                    next = ea(pc + im);
                    cost += branchTaken;
                }
            }
            case BLTU ->
            {
                if (Long.compareUnsigned(a, b) < 0)
                {
                    next = ea(pc + im);
                    cost += branchTaken;
                }
            }
            case BGEU ->
            {
                if (Long.compareUnsigned(a, b) >= 0)
                {
                    next = ea(pc + im);
                    cost += branchTaken;
                }
            }
            case LB ->
            {
                final long ad = addr(h, pc, ea(a + im), 1);
                cost += lat[(int) (ad >>> 6)];
                x[rd] = mem.read8(ad);
            }
            case LH ->
            {
                final long ad = addr(h, pc, ea(a + im), 2);
                cost += lat[(int) (ad >>> 6)];
                x[rd] = mem.read16(ad);
            }
            case LW ->
            {
                final long ad = addr(h, pc, ea(a + im), 4);
                cost += lat[(int) (ad >>> 6)];
                x[rd] = mem.read32(ad);
            }
            case LD ->
            {
                final long ad = addr(h, pc, a + im, 8);
                cost += lat[(int) (ad >>> 6)];
                x[rd] = mem.read64(ad);
            }
            case LBU ->
            {
                final long ad = addr(h, pc, ea(a + im), 1);
                cost += lat[(int) (ad >>> 6)];
                x[rd] = mem.read8(ad) & 0xFF;
            }
            case LHU ->
            {
                final long ad = addr(h, pc, ea(a + im), 2);
                cost += lat[(int) (ad >>> 6)];
                x[rd] = mem.read16(ad) & 0xFFFF;
            }
            case LWU ->
            {
                final long ad = addr(h, pc, a + im, 4);
                cost += lat[(int) (ad >>> 6)];
                x[rd] = mem.read32(ad) & M32;
            }
            case SB ->
            {
                final long ad = addr(h, pc, ea(a + im), 1);
                cost += lat[(int) (ad >>> 6)];
                mem.write8(ad, (int) b);
                if (ad < codeLimit)
                {
                    code[(int) (ad >>> 2)] = 0;
                }
            }
            case SH ->
            {
                final long ad = addr(h, pc, ea(a + im), 2);
                cost += lat[(int) (ad >>> 6)];
                mem.write16(ad, (int) b);
                if (ad < codeLimit)
                {
                    code[(int) (ad >>> 2)] = 0;
                }
            }
            case SW ->
            {
                final long ad = addr(h, pc, ea(a + im), 4);
                cost += lat[(int) (ad >>> 6)];
                mem.write32(ad, (int) b);
                if (ad < codeLimit)
                {
                    code[(int) (ad >>> 2)] = 0;
                }
            }
            case SD ->
            {
                final long ad = addr(h, pc, a + im, 8);
                cost += lat[(int) (ad >>> 6)];
                mem.write64(ad, b);
                if (ad < codeLimit)
                {
                    code[(int) (ad >>> 2)] = 0;
                    code[(int) (ad >>> 2) + 1] = 0;
                }
            }
            case ADDI -> x[rd] = fix(a + im);
            case SLTI -> x[rd] = a < im ? 1 : 0;
            case SLTIU -> x[rd] = Long.compareUnsigned(a, fix(im)) < 0 ? 1 : 0;
            case XORI -> x[rd] = a ^ im;
            case ORI -> x[rd] = a | im;
            case ANDI -> x[rd] = a & im;
            case SLLI -> x[rd] = fix(a << im);
            case SRLI -> x[rd] = rv32 ? (long) (int) ((a & M32) >>> im) : a >>> im;
            case SRAI -> x[rd] = a >> im;
            case ADD -> x[rd] = fix(a + b);
            case SUB -> x[rd] = fix(a - b);
            case SLL -> x[rd] = rv32 ? (long) ((int) a << (b & 31)) : a << b;
            case SLT -> x[rd] = a < b ? 1 : 0;
            case SLTU -> x[rd] = Long.compareUnsigned(a, b) < 0 ? 1 : 0;
            case XOR -> x[rd] = a ^ b;
            case SRL -> x[rd] = rv32 ? (long) (int) ((a & M32) >>> (b & 31)) : a >>> b;
            case SRA -> x[rd] = rv32 ? (long) ((int) a >> (b & 31)) : a >> b;
            case OR -> x[rd] = a | b;
            case AND -> x[rd] = a & b;
            case ADDIW -> x[rd] = (int) (a + im);
            case SLLIW -> x[rd] = (int) a << im;
            case SRLIW -> x[rd] = (int) a >>> im;
            case SRAIW -> x[rd] = (int) a >> im;
            case ADDW -> x[rd] = (int) a + (int) b;
            case SUBW -> x[rd] = (int) a - (int) b;
            case SLLW -> x[rd] = (int) a << (b & 31);
            case SRLW -> x[rd] = (int) a >>> (b & 31);
            case SRAW -> x[rd] = (int) a >> (b & 31);
            case MUL -> x[rd] = fix(a * b);
            case MULH -> x[rd] = rv32 ? (a * b) >> 32 : Math.multiplyHigh(a, b);
            case MULHSU -> x[rd] = rv32 ? (a * (b & M32)) >> 32 : Math.multiplyHigh(a, b) + (b < 0 ? a : 0);
            case MULHU -> x[rd] = rv32 ? (long) (int) (((a & M32) * (b & M32)) >>> 32) : Math.unsignedMultiplyHigh(a, b);
            case DIV -> x[rd] = b == 0 ? -1 : fix(a == Long.MIN_VALUE && b == -1 ? a : a / b);
            case DIVU -> x[rd] = b == 0 ? -1 : rv32 ? (long) (int) ((a & M32) / (b & M32)) : Long.divideUnsigned(a, b);
            case REM -> x[rd] = b == 0 ? a : b == -1 ? 0 : a % b;
            case REMU -> x[rd] = b == 0 ? a : rv32 ? (long) (int) ((a & M32) % (b & M32)) : Long.remainderUnsigned(a, b);
            case MULW -> x[rd] = (int) a * (int) b;
            case DIVW -> x[rd] = (int) b == 0 ? -1 : (int) a / (int) b;
            case DIVUW -> x[rd] = (int) b == 0 ? -1 : Integer.divideUnsigned((int) a, (int) b);
            case REMW -> x[rd] = (int) b == 0 ? (int) a : (int) a % (int) b;
            case REMUW -> x[rd] = (int) b == 0 ? (int) a : Integer.remainderUnsigned((int) a, (int) b);
            case FENCE ->
            {
            }
            case ECALL -> throw trap("ecall (no environment: firmware returns from its entry point)", h, pc);
            case EBREAK ->
            {
                h.halted = true;
                h.haltedChanged();
                return 0;
            }
            case CSRRW, CSRRS, CSRRC, CSRRWI, CSRRSI, CSRRCI ->
            {
                // Only reads exist (counters, hart id): csrr is CSRRS/CSRRC with x0 or a zero immediate.
                final boolean writes = op == CSRRW || op == CSRRWI || (p >>> 13 & 31) != 0;
                if (writes)
                {
                    throw trap(String.format("write to read-only CSR 0x%03x", im), h, pc);
                }
                x[rd] = csr(h, pc, (int) im, now);
            }
            case ANDN -> x[rd] = a & ~b;
            case ORN -> x[rd] = a | ~b;
            case XNOR -> x[rd] = ~(a ^ b);
            case CLZ -> x[rd] = rv32 ? Integer.numberOfLeadingZeros((int) a) : Long.numberOfLeadingZeros(a);
            case CTZ -> x[rd] = rv32 ? Integer.numberOfTrailingZeros((int) a) : Long.numberOfTrailingZeros(a);
            case CPOP -> x[rd] = rv32 ? Integer.bitCount((int) a) : Long.bitCount(a);
            case CLZW -> x[rd] = Integer.numberOfLeadingZeros((int) a);
            case CTZW -> x[rd] = Integer.numberOfTrailingZeros((int) a);
            case CPOPW -> x[rd] = Integer.bitCount((int) a);
            case MAX -> x[rd] = Math.max(a, b);
            case MAXU -> x[rd] = Long.compareUnsigned(a, b) >= 0 ? a : b;
            case MIN -> x[rd] = Math.min(a, b);
            case MINU -> x[rd] = Long.compareUnsigned(a, b) <= 0 ? a : b;
            case SEXTB -> x[rd] = (byte) a;
            case SEXTH -> x[rd] = (short) a;
            case ZEXTH -> x[rd] = a & 0xFFFF;
            case ROL -> x[rd] = rv32 ? Integer.rotateLeft((int) a, (int) b) : Long.rotateLeft(a, (int) b);
            case ROR -> x[rd] = rv32 ? Integer.rotateRight((int) a, (int) b) : Long.rotateRight(a, (int) b);
            case RORI -> x[rd] = rv32 ? Integer.rotateRight((int) a, (int) im) : Long.rotateRight(a, (int) im);
            case ROLW -> x[rd] = Integer.rotateLeft((int) a, (int) b);
            case RORW -> x[rd] = Integer.rotateRight((int) a, (int) b);
            case RORIW -> x[rd] = Integer.rotateRight((int) a, (int) im);
            case REV8 -> x[rd] = rv32 ? Integer.reverseBytes((int) a) : Long.reverseBytes(a);
            case ORCB -> x[rd] = fix(orcb(a));
            case FXP_RECIP -> x[rd] = FxpOps.recip((int) a);
            case FXP_LOG2 -> x[rd] = FxpOps.log2((int) a);
            case FXP_POW2 -> x[rd] = FxpOps.pow2((int) a);
            default -> throw trap("undecodable operation " + Op.name(op), h, pc);
        }
        x[0] = 0;
        if ((next & 3) != 0)
        {
            throw trap(String.format("misaligned jump target 0x%x", next), h, pc);
        }
        h.pc = next;
        h.instret++;
        h.busyCycles += cost;
        h.mix[Op.costClass(op)]++;
        return cost;
    }

    private static long orcb(final long v)
    {
        long r = 0;
        for (int i = 0; i < 64; i += 8)
        {
            if ((v >>> i & 0xFF) != 0)
            {
                r |= 0xFFL << i;
            }
        }
        return r;
    }

    private long csr(final Hart h, final long pc, final int csr, final long now)
    {
        switch (csr)
        {
            case 0xC00, 0xC01, 0xB00:
                return fix(now);
            case 0xC02, 0xB02:
                return fix(h.instret);
            case 0xF14:
                return h.id;
            case 0xC80, 0xC81, 0xB80:
                if (rv32)
                {
                    return (long) (int) (now >>> 32);
                }
                break;
            case 0xC82, 0xB82:
                if (rv32)
                {
                    return (long) (int) (h.instret >>> 32);
                }
                break;
            default:
                break;
        }
        throw trap(String.format("unsupported CSR 0x%03x (readable: cycle, time, instret%s, mcycle, minstret, mhartid)", csr,
            rv32 ? " and their high halves" : ""), h, pc);
    }

    /**
     * Runs one hart alone until it halts, its local clock being its own cost sum.
     *
     * @return instructions retired by this call.
     * @throws IllegalStateException if it retires {@code maxInstructions} without halting.
     */
    public long runAlone(final Hart h, final long maxInstructions)
    {
        final long start = h.instret;
        final long limit = start + maxInstructions;
        long now = h.readyAt;
        while (!h.halted)
        {
            if (h.instret >= limit)
            {
                throw new IllegalStateException("hart " + h.id + " did not halt within " + maxInstructions + " instructions (pc 0x"
                    + Long.toHexString(h.pc) + ")");
            }
            now += step(h, now);
        }
        h.readyAt = now;
        return h.instret - start;
    }
}
