package dev.ccsilicon.firmware.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntBinaryOperator;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import dev.ccsilicon.firmware.core.CostModel;
import dev.ccsilicon.firmware.core.Executor;
import dev.ccsilicon.firmware.core.Hart;
import dev.ccsilicon.firmware.core.Memory;

/**
 * Every computational opcode on RV32 and RV64 against a reference written from the spec text in
 * BigInteger arithmetic (no shared code with the executor): random operands and edge values
 * (0, ±1, MIN, MAX, 32/64-bit boundaries, shift amounts at and above XLEN, division by zero and
 * the signed-overflow case).
 */
class RvSemanticsTest
{
    /** Reference: operands as unsigned XLEN-bit integers and the XLEN; result as an unsigned XLEN-bit integer. */
    @FunctionalInterface
    interface Ref
    {
        BigInteger apply(BigInteger a, BigInteger b, int xlen);
    }

    record Case(String name, IntBinaryOperator encode, Ref ref, boolean rv64Only, boolean zbb, boolean imm)
    {
    }

    private static BigInteger mod(final int xlen)
    {
        return BigInteger.ONE.shiftLeft(xlen);
    }

    static BigInteger wrap(final BigInteger v, final int xlen)
    {
        return v.mod(mod(xlen));
    }

    static BigInteger signed(final BigInteger u, final int xlen)
    {
        return u.testBit(xlen - 1) ? u.subtract(mod(xlen)) : u;
    }

    /** A 32-bit result sign-extended to 64 (the W instructions). */
    static BigInteger w(final BigInteger u32)
    {
        return wrap(signed(wrap(u32, 32), 32), 64);
    }

    static BigInteger lo32(final BigInteger u)
    {
        return wrap(u, 32);
    }

    static int shamt(final BigInteger b, final int bits)
    {
        return b.mod(BigInteger.valueOf(bits)).intValue();
    }

    static BigInteger clz(final BigInteger u, final int bits)
    {
        int n = 0;
        for (int i = bits - 1; i >= 0 && !u.testBit(i); i--)
        {
            n++;
        }
        return BigInteger.valueOf(n);
    }

    static BigInteger ctz(final BigInteger u, final int bits)
    {
        int n = 0;
        for (int i = 0; i < bits && !u.testBit(i); i++)
        {
            n++;
        }
        return BigInteger.valueOf(n);
    }

    static BigInteger rol(final BigInteger u, final int sh, final int bits)
    {
        return wrap(u.shiftLeft(sh).or(u.shiftRight(bits - sh)), bits);
    }

    static BigInteger bytesMap(final BigInteger u, final int bits, final boolean reverse)
    {
        BigInteger r = BigInteger.ZERO;
        final int n = bits / 8;
        for (int i = 0; i < n; i++)
        {
            final BigInteger byteVal = u.shiftRight(8 * i).and(BigInteger.valueOf(0xFF));
            if (reverse)
            {
                r = r.or(byteVal.shiftLeft(8 * (n - 1 - i)));
            }
            else if (byteVal.signum() != 0)
            {
                r = r.or(BigInteger.valueOf(0xFF).shiftLeft(8 * i));
            }
        }
        return r;
    }

    static BigInteger bool(final boolean b)
    {
        return b ? BigInteger.ONE : BigInteger.ZERO;
    }

    static BigInteger div(final BigInteger sa, final BigInteger sb, final int xlen)
    {
        return sb.signum() == 0 ? wrap(BigInteger.ONE.negate(), xlen) : wrap(sa.divide(sb), xlen);
    }

    static BigInteger rem(final BigInteger sa, final BigInteger sb, final int xlen)
    {
        return sb.signum() == 0 ? wrap(sa, xlen) : wrap(sa.remainder(sb), xlen);
    }

    static BigInteger divu(final BigInteger ua, final BigInteger ub, final int xlen)
    {
        return ub.signum() == 0 ? mod(xlen).subtract(BigInteger.ONE) : ua.divide(ub);
    }

    static BigInteger remu(final BigInteger ua, final BigInteger ub)
    {
        return ub.signum() == 0 ? ua : ua.mod(ub);
    }

    private static Case r(final String name, final int f7, final int f3, final Ref ref)
    {
        return new Case(name, (rs1, rs2) -> Enc.r(f7, rs2, rs1, f3, 3, Enc.OP), ref, false, false, false);
    }

    private static Case r32(final String name, final int f7, final int f3, final Ref ref)
    {
        return new Case(name, (rs1, rs2) -> Enc.r(f7, rs2, rs1, f3, 3, Enc.OP_32), ref, true, false, false);
    }

    private static Case zb(final Case c)
    {
        return new Case(c.name, c.encode, c.ref, c.rv64Only, true, c.imm);
    }

    /** Unary Zbb ops: encoded as OP-IMM(-32) f3=1 or 5 with a fixed imm12 (rs2 operand unused). */
    private static Case unary(final String name, final int opc, final int f3, final int imm12, final boolean rv64Only, final Ref ref)
    {
        return new Case(name, (rs1, rs2) -> Enc.i(imm12, rs1, f3, 3, opc), ref, rv64Only, true, false);
    }

    static List<Case> cases()
    {
        final List<Case> c = new ArrayList<>();
        c.add(r("add", 0, 0, (a, b, x) -> wrap(a.add(b), x)));
        c.add(r("sub", 0x20, 0, (a, b, x) -> wrap(a.subtract(b), x)));
        c.add(r("sll", 0, 1, (a, b, x) -> wrap(a.shiftLeft(shamt(b, x)), x)));
        c.add(r("slt", 0, 2, (a, b, x) -> bool(signed(a, x).compareTo(signed(b, x)) < 0)));
        c.add(r("sltu", 0, 3, (a, b, x) -> bool(a.compareTo(b) < 0)));
        c.add(r("xor", 0, 4, (a, b, x) -> a.xor(b)));
        c.add(r("srl", 0, 5, (a, b, x) -> a.shiftRight(shamt(b, x))));
        c.add(r("sra", 0x20, 5, (a, b, x) -> wrap(signed(a, x).shiftRight(shamt(b, x)), x)));
        c.add(r("or", 0, 6, (a, b, x) -> a.or(b)));
        c.add(r("and", 0, 7, (a, b, x) -> a.and(b)));
        c.add(r("mul", 1, 0, (a, b, x) -> wrap(a.multiply(b), x)));
        c.add(r("mulh", 1, 1, (a, b, x) -> wrap(signed(a, x).multiply(signed(b, x)).shiftRight(x), x)));
        c.add(r("mulhsu", 1, 2, (a, b, x) -> wrap(signed(a, x).multiply(b).shiftRight(x), x)));
        c.add(r("mulhu", 1, 3, (a, b, x) -> a.multiply(b).shiftRight(x)));
        c.add(r("div", 1, 4, (a, b, x) -> div(signed(a, x), signed(b, x), x)));
        c.add(r("divu", 1, 5, (a, b, x) -> divu(a, b, x)));
        c.add(r("rem", 1, 6, (a, b, x) -> rem(signed(a, x), signed(b, x), x)));
        c.add(r("remu", 1, 7, (a, b, x) -> remu(a, b)));
        c.add(r32("addw", 0, 0, (a, b, x) -> w(a.add(b))));
        c.add(r32("subw", 0x20, 0, (a, b, x) -> w(a.subtract(b))));
        c.add(r32("sllw", 0, 1, (a, b, x) -> w(lo32(a).shiftLeft(shamt(b, 32)))));
        c.add(r32("srlw", 0, 5, (a, b, x) -> w(lo32(a).shiftRight(shamt(b, 32)))));
        c.add(r32("sraw", 0x20, 5, (a, b, x) -> w(signed(lo32(a), 32).shiftRight(shamt(b, 32)))));
        c.add(r32("mulw", 1, 0, (a, b, x) -> w(lo32(a).multiply(lo32(b)))));
        c.add(r32("divw", 1, 4, (a, b, x) -> w(div(signed(lo32(a), 32), signed(lo32(b), 32), 32))));
        c.add(r32("divuw", 1, 5, (a, b, x) -> w(divu(lo32(a), lo32(b), 32))));
        c.add(r32("remw", 1, 6, (a, b, x) -> w(rem(signed(lo32(a), 32), signed(lo32(b), 32), 32))));
        c.add(r32("remuw", 1, 7, (a, b, x) -> w(remu(lo32(a), lo32(b)))));
        c.add(zb(r("andn", 0x20, 7, (a, b, x) -> a.andNot(b))));
        c.add(zb(r("orn", 0x20, 6, (a, b, x) -> wrap(a.or(mod(x).subtract(BigInteger.ONE).xor(b)), x))));
        c.add(zb(r("xnor", 0x20, 4, (a, b, x) -> mod(x).subtract(BigInteger.ONE).xor(a.xor(b)))));
        c.add(zb(r("min", 5, 4, (a, b, x) -> signed(a, x).compareTo(signed(b, x)) <= 0 ? a : b)));
        c.add(zb(r("minu", 5, 5, (a, b, x) -> a.min(b))));
        c.add(zb(r("max", 5, 6, (a, b, x) -> signed(a, x).compareTo(signed(b, x)) >= 0 ? a : b)));
        c.add(zb(r("maxu", 5, 7, (a, b, x) -> a.max(b))));
        c.add(zb(r("rol", 0x30, 1, (a, b, x) -> rol(a, shamt(b, x), x))));
        c.add(zb(r("ror", 0x30, 5, (a, b, x) -> rol(a, (x - shamt(b, x)) % x, x))));
        c.add(zb(r32("rolw", 0x30, 1, (a, b, x) -> w(rol(lo32(a), shamt(b, 32), 32)))));
        c.add(zb(r32("rorw", 0x30, 5, (a, b, x) -> w(rol(lo32(a), (32 - shamt(b, 32)) % 32, 32)))));
        c.add(unary("clz", Enc.OP_IMM, 1, 0x600, false, (a, b, x) -> clz(a, x)));
        c.add(unary("ctz", Enc.OP_IMM, 1, 0x601, false, (a, b, x) -> ctz(a, x)));
        c.add(unary("cpop", Enc.OP_IMM, 1, 0x602, false, (a, b, x) -> BigInteger.valueOf(a.bitCount())));
        c.add(unary("sext.b", Enc.OP_IMM, 1, 0x604, false, (a, b, x) -> wrap(signed(a.and(BigInteger.valueOf(0xFF)), 8), x)));
        c.add(unary("sext.h", Enc.OP_IMM, 1, 0x605, false, (a, b, x) -> wrap(signed(a.and(BigInteger.valueOf(0xFFFF)), 16), x)));
        c.add(unary("orc.b", Enc.OP_IMM, 5, 0x287, false, (a, b, x) -> bytesMap(a, x, false)));
        c.add(unary("clzw", Enc.OP_IMM_32, 1, 0x600, true, (a, b, x) -> clz(lo32(a), 32)));
        c.add(unary("ctzw", Enc.OP_IMM_32, 1, 0x601, true, (a, b, x) -> ctz(lo32(a), 32)));
        c.add(unary("cpopw", Enc.OP_IMM_32, 1, 0x602, true, (a, b, x) -> BigInteger.valueOf(lo32(a).bitCount())));
        return c;
    }

    /** rev8 and zext.h have XLEN-dependent encodings. */
    static List<Case> xlenCases(final int xlen)
    {
        final List<Case> c = new ArrayList<>();
        c.add(unary("rev8", Enc.OP_IMM, 5, xlen == 64 ? 0x6B8 : 0x698, false, (a, b, x) -> bytesMap(a, x, true)));
        final int zextOpc = xlen == 64 ? Enc.OP_32 : Enc.OP;
        c.add(new Case("zext.h", (rs1, rs2) -> Enc.r(0x04, 0, rs1, 4, 3, zextOpc), (a, b, x) -> a.and(BigInteger.valueOf(0xFFFF)),
            false, true, false));
        return c;
    }

    /** Immediate forms: the reference gets the sign-extended immediate as b. */
    static List<Case> immCases(final int xlen)
    {
        final List<Case> c = new ArrayList<>();
        c.add(imm("addi", 0, Enc.OP_IMM, -1, (a, b, x) -> wrap(a.add(b), x), false));
        c.add(imm("slti", 2, Enc.OP_IMM, -1, (a, b, x) -> bool(signed(a, x).compareTo(signed(b, x)) < 0), false));
        c.add(imm("sltiu", 3, Enc.OP_IMM, -1, (a, b, x) -> bool(a.compareTo(b) < 0), false));
        c.add(imm("xori", 4, Enc.OP_IMM, -1, (a, b, x) -> a.xor(b), false));
        c.add(imm("ori", 6, Enc.OP_IMM, -1, (a, b, x) -> a.or(b), false));
        c.add(imm("andi", 7, Enc.OP_IMM, -1, (a, b, x) -> a.and(b), false));
        final int sh = xlen - 1;
        c.add(imm("slli", 1, Enc.OP_IMM, sh, (a, b, x) -> wrap(a.shiftLeft(b.intValue()), x), false));
        c.add(imm("srli", 5, Enc.OP_IMM, sh, (a, b, x) -> a.shiftRight(b.intValue()), false));
        c.add(imm("srai", 5 | 0x400 << 3, Enc.OP_IMM, sh, (a, b, x) -> wrap(signed(a, x).shiftRight(b.intValue()), x), false));
        c.add(zb(imm("rori", 5 | 0x600 << 3, Enc.OP_IMM, sh, (a, b, x) -> rol(a, (x - b.intValue()) % x, x), false)));
        if (xlen == 64)
        {
            c.add(imm("addiw", 0, Enc.OP_IMM_32, -1, (a, b, x) -> w(a.add(b)), true));
            c.add(imm("slliw", 1, Enc.OP_IMM_32, 31, (a, b, x) -> w(lo32(a).shiftLeft(b.intValue())), true));
            c.add(imm("srliw", 5, Enc.OP_IMM_32, 31, (a, b, x) -> w(lo32(a).shiftRight(b.intValue())), true));
            c.add(imm("sraiw", 5 | 0x400 << 3, Enc.OP_IMM_32, 31, (a, b, x) -> w(signed(lo32(a), 32).shiftRight(b.intValue())), true));
            c.add(zb(imm("roriw", 5 | 0x600 << 3, Enc.OP_IMM_32, 31, (a, b, x) -> w(rol(lo32(a), (32 - b.intValue()) % 32, 32)), true)));
        }
        return c;
    }

    /**
     * An immediate op; {@code f3} carries the funct bits of imm[11:5] above bit 3 (the shift
     * forms); {@code shiftMask} >= 0 marks a shift (the immediate is a shift amount in 0..mask).
     */
    private static Case imm(final String name, final int f3hi, final int opc, final int shiftMask, final Ref ref, final boolean rv64Only)
    {
        final int f3 = f3hi & 7;
        final int hi = f3hi >>> 3;
        return new Case(name + (shiftMask >= 0 ? "#shift" + shiftMask : ""), (rs1, immv) -> Enc.i(hi | immv, rs1, f3, 3, opc),
            ref, rv64Only, false, true);
    }

    static long[] operands(final SplittableRandom rnd, final int n)
    {
        final long[] edge = {0, 1, -1, 2, -2, 31, 32, 33, 63, 64, 65, Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1,
            Long.MAX_VALUE - 1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x80000000L, 0xFFFFFFFFL, 0x100000000L, 0x7FFFFFFFFFFFFFFFL,
            0xFF, 0x80, 0x8000, 0xFFFF, 0x0102030405060708L};
        final long[] v = new long[edge.length + n];
        System.arraycopy(edge, 0, v, 0, edge.length);
        for (int i = edge.length; i < v.length; i++)
        {
            v[i] = switch (rnd.nextInt(4))
            {
                case 0 -> rnd.nextLong();
                case 1 -> rnd.nextInt();
                case 2 -> rnd.nextInt(-300, 300);
                default -> rnd.nextLong() >>> rnd.nextInt(64);
            };
        }
        return v;
    }

    @TestFactory
    Stream<DynamicTest> everyOpcodeMatchesTheSpecReference()
    {
        final List<DynamicTest> tests = new ArrayList<>();
        for (final int xlen : new int[] {32, 64})
        {
            final IsaConfig isa = new IsaConfig(xlen, true, true, false);
            final List<Case> all = new ArrayList<>(cases());
            all.addAll(xlenCases(xlen));
            all.addAll(immCases(xlen));
            for (final Case c : all)
            {
                if (c.rv64Only && xlen == 32)
                {
                    continue;
                }
                tests.add(DynamicTest.dynamicTest("rv" + xlen + " " + c.name, () -> check(isa, c)));
            }
        }
        return tests.stream();
    }

    private static void check(final IsaConfig isa, final Case c)
    {
        final int xlen = isa.xlen();
        final Memory mem = new Memory(1, CostModel.defaults(xlen));
        final Executor ex = new Executor(mem, isa, CostModel.defaults(xlen));
        final Hart h = new Hart(0);
        final SplittableRandom rnd = new SplittableRandom(c.name.hashCode() * 31L + xlen);
        final long[] as = operands(rnd, 60);
        int checked = 0;
        for (final long a0 : as)
        {
            final long[] bs = c.imm ? immediates(rnd, c.name) : operands(rnd, 8);
            for (final long b0 : bs)
            {
                final long a = xlen == 32 ? (int) a0 : a0;
                final long b = xlen == 32 ? (int) b0 : b0;
                final int word;
                final BigInteger ub;
                if (c.imm)
                {
                    final int shiftMask = c.name.contains("#shift") ? Integer.parseInt(c.name.substring(c.name.indexOf("#shift") + 6)) : -1;
                    final int immv = shiftMask >= 0 ? (int) (b0 & shiftMask) : (int) (b0 << 52 >> 52);
                    word = c.encode.applyAsInt(1, immv);
                    ub = wrap(BigInteger.valueOf(immv), xlen);
                }
                else
                {
                    word = c.encode.applyAsInt(1, 2);
                    ub = wrap(BigInteger.valueOf(b), xlen);
                }
                mem.write32(0, word);
                ex.invalidate();
                h.setReg(1, a);
                h.setReg(2, b);
                h.start(0, 0);
                ex.step(h, 0);
                final BigInteger ua = wrap(BigInteger.valueOf(a), xlen);
                final BigInteger want = c.ref.apply(ua, ub, xlen);
                final long got = h.reg(3);
                final String msg = String.format("%s rv%d a=0x%x b=0x%x", c.name, xlen, a, b);
                assertEquals(want, wrap(BigInteger.valueOf(got), xlen), msg);
                if (xlen == 32)
                {
                    assertEquals((int) got, got, msg + ": RV32 registers hold sign-extended values");
                }
                assertEquals(4, h.pc(), msg);
                checked++;
            }
        }
        assertTrue(checked > 100, "cases checked");
    }

    private static long[] immediates(final SplittableRandom rnd, final String name)
    {
        final long[] edge = {0, 1, -1, 2047, -2048, 31, 32, 63, 0x7FF, 0x800};
        final long[] v = new long[edge.length + 6];
        System.arraycopy(edge, 0, v, 0, edge.length);
        for (int i = edge.length; i < v.length; i++)
        {
            v[i] = rnd.nextInt(-2048, 2048);
        }
        return v;
    }
}
