package dev.ccsilicon.firmware.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.ccsilicon.firmware.core.CostModel;
import dev.ccsilicon.firmware.core.Executor;
import dev.ccsilicon.firmware.core.Hart;
import dev.ccsilicon.firmware.core.IssTrap;
import dev.ccsilicon.firmware.core.Memory;
import dev.ccsilicon.firmware.core.MemoryMap;

/** Branches, jumps, upper immediates, loads and stores, CSRs, the fixed-point ops, and every trap. */
class RvControlMemoryTest
{
    private Memory mem;
    private Executor ex;
    private Hart h;

    private void setUp(final IsaConfig isa)
    {
        mem = new Memory(1, CostModel.defaults(isa.xlen()));
        ex = new Executor(mem, isa, CostModel.defaults(isa.xlen()));
        h = new Hart(0);
    }

    private void exec(final long pc, final int word)
    {
        mem.write32(pc, word);
        ex.invalidate();
        h.start(pc, 0);
        ex.step(h, 0);
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void branchesTakeExactlyWhenTheSpecComparisonHolds(final int xlen)
    {
        setUp(new IsaConfig(xlen, true, false, false));
        final SplittableRandom rnd = new SplittableRandom(5);
        final long[] vals = RvSemanticsTest.operands(rnd, 40);
        final String[] names = {"beq", "bne", "?", "?", "blt", "bge", "bltu", "bgeu"};
        for (final int f3 : new int[] {0, 1, 4, 5, 6, 7})
        {
            for (final long a0 : vals)
            {
                final long b0 = vals[rnd.nextInt(vals.length)];
                final long a = xlen == 32 ? (int) a0 : a0;
                final long b = xlen == 32 ? (int) b0 : b0;
                final BigInteger ua = RvSemanticsTest.wrap(BigInteger.valueOf(a), xlen);
                final BigInteger ub = RvSemanticsTest.wrap(BigInteger.valueOf(b), xlen);
                final BigInteger sa = RvSemanticsTest.signed(ua, xlen);
                final BigInteger sb = RvSemanticsTest.signed(ub, xlen);
                final boolean taken = switch (f3)
                {
                    case 0 -> ua.equals(ub);
                    case 1 -> !ua.equals(ub);
                    case 4 -> sa.compareTo(sb) < 0;
                    case 5 -> sa.compareTo(sb) >= 0;
                    case 6 -> ua.compareTo(ub) < 0;
                    default -> ua.compareTo(ub) >= 0;
                };
                h.setReg(1, a);
                h.setReg(2, b);
                final int off = (rnd.nextInt(-100, 100)) * 4;
                exec(0x1000, Enc.b(off, 2, 1, f3));
                assertEquals(taken ? 0x1000 + off : 0x1004, h.pc(), names[f3] + " a=" + a + " b=" + b);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void jumpsLinkAndUpperImmediatesSignExtend(final int xlen)
    {
        setUp(new IsaConfig(xlen, true, false, false));
        exec(0x2000, Enc.j(-0x800, 5));
        assertEquals(0x1800, h.pc());
        assertEquals(0x2004, h.reg(5));
        h.setReg(6, 0x3001);
        exec(0x2000, Enc.i(-1, 6, 0, 7, Enc.JALR));
        assertEquals(0x3000, h.pc(), "jalr clears bit 0 of rs1 + imm");
        assertEquals(0x2004, h.reg(7));
        exec(0x40, Enc.u(0x80000, 8, Enc.LUI));
        assertEquals(0xFFFF_FFFF_8000_0000L, h.reg(8), "lui sign-extends bit 31 on both widths");
        exec(0x40, Enc.u(0x12345, 9, Enc.AUIPC));
        assertEquals(0x12345040L, h.reg(9));
        exec(0x40, Enc.u(0, 0, Enc.LUI) | 0xFFFFF000);
        assertEquals(0, h.reg(0), "x0 stays zero");
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void loadsExtendAsTheSpecSaysAndStoresWriteLittleEndian(final int xlen)
    {
        setUp(new IsaConfig(xlen, true, false, false));
        final long base = MemoryMap.SHARED_BASE + 0x100;
        h.setReg(1, base);
        h.setReg(2, 0x8182_8384_F5F6_F7F8L);
        exec(0, xlen == 64 ? Enc.s(0, 2, 1, 3) : Enc.s(0, 2, 1, 2));
        if (xlen == 32)
        {
            h.setReg(2, 0x8182_8384L);
            exec(0, Enc.s(4, 2, 1, 2));
        }
        assertEquals((byte) 0xF8, (byte) mem.read8(base));
        final long[][] expect = {
            {0, 0, 0xFFFF_FFFF_FFFF_FFF8L}, // lb
            {1, 0, 0xFFFF_FFFF_FFFF_F7F8L}, // lh
            {2, 0, 0xFFFF_FFFF_F5F6_F7F8L}, // lw
            {4, 0, 0xF8}, // lbu
            {5, 0, 0xF7F8}, // lhu
            {4, 7, 0x81}, // lbu of the top byte
            {0, 4, 0xFFFF_FFFF_FFFF_FF84L}, // lb at +4
        };
        for (final long[] e : expect)
        {
            exec(0, Enc.i((int) e[1], 1, (int) e[0], 3, Enc.LOAD));
            final long want = xlen == 32 ? (int) e[2] : e[2];
            assertEquals(want, h.reg(3), "load f3=" + e[0] + " +" + e[1]);
        }
        if (xlen == 64)
        {
            exec(0, Enc.i(0, 1, 3, 3, Enc.LOAD));
            assertEquals(0x8182_8384_F5F6_F7F8L, h.reg(3), "ld");
            exec(0, Enc.i(4, 1, 6, 3, Enc.LOAD));
            assertEquals(0x8182_8384L, h.reg(3), "lwu zero-extends");
        }
        h.setReg(2, 0xABCD);
        exec(0, Enc.s(-2, 2, 1, 1));
        assertEquals(0xABCD, mem.read16(base - 2) & 0xFFFF, "sh with a negative offset");
        h.setReg(2, 0x1234_5677);
        exec(0, Enc.s(-3, 2, 1, 0));
        assertEquals(0x77, mem.read8(base - 3) & 0xFF, "sb stores the low byte only");
        assertEquals(0xAB, mem.read8(base - 1) & 0xFF, "sb leaves its neighbours");
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void fenceIsAOneCycleNoOpAndEbreakHaltsWithoutRetiring(final int xlen)
    {
        setUp(new IsaConfig(xlen, true, false, false));
        h.setReg(5, 42);
        mem.write32(0x40, 0x0FF0000F);
        mem.write32(0x44, Enc.EBREAK);
        ex.invalidate();
        h.start(0x40, 0);
        assertEquals(1, ex.step(h, 0), "fence costs the system class");
        assertEquals(0x44, h.pc());
        assertEquals(0, ex.step(h, 1), "ebreak costs nothing");
        assertTrue(h.halted());
        assertEquals(0x44, h.pc(), "the halt leaves pc at the ebreak");
        assertEquals(1, h.instret());
        assertEquals(42, h.reg(5));
    }

    @Test
    void csrsReadCycleInstretAndHartIdAndTheirHighHalvesOnRv32()
    {
        setUp(IsaConfig.RV32IM);
        final Hart h7 = new Hart(7);
        mem.write32(0, Enc.csrr(3, 0xC00));
        mem.write32(4, Enc.csrr(4, 0xC02));
        mem.write32(8, Enc.csrr(5, 0xF14));
        mem.write32(12, Enc.csrr(6, 0xC80));
        mem.write32(16, Enc.csrr(7, 0xC82));
        h7.start(0, 0);
        ex.step(h7, 0x1_2345_6789L);
        ex.step(h7, 0);
        ex.step(h7, 0);
        ex.step(h7, 0x5_0000_0000L);
        ex.step(h7, 0);
        assertEquals(0x2345_6789L, h7.reg(3), "cycle: low 32 bits");
        assertEquals(1, h7.reg(4), "instret counts the instructions retired before");
        assertEquals(7, h7.reg(5));
        assertEquals(5, h7.reg(6), "cycleh");
        assertEquals(0, h7.reg(7), "instreth");
        setUp(IsaConfig.RV64IM);
        mem.write32(0, Enc.csrr(3, 0xC80));
        h.start(0, 0);
        final IssTrap t = assertThrows(IssTrap.class, () -> ex.step(h, 0));
        assertTrue(t.getMessage().contains("unsupported CSR 0xc80"), t.getMessage());
    }

    @Test
    void fixedPointOpsMatchTheirExactDefinitions()
    {
        setUp(IsaConfig.RV64IM_ZBB_FXP);
        final SplittableRandom rnd = new SplittableRandom(11);
        final int[] xs = {0, 1, 2, 3, 0x8000, 0xFFFF, 0x10000, 0x10001, 0x20000, 0x18000, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF,
            rnd.nextInt(), rnd.nextInt(), rnd.nextInt(), rnd.nextInt(0x10000, 0x40000), rnd.nextInt(1, 0x10000)};
        for (final int x : xs)
        {
            final long ux = x & 0xFFFF_FFFFL;
            h.setReg(1, x);
            exec(0, Enc.r(0, 0, 1, 0, 3, Enc.CUSTOM0));
            final long recip = ux <= 1 ? 0xFFFF_FFFFL : (1L << 32) / ux;
            assertEquals((int) recip, h.reg(3), "recip 0x" + Long.toHexString(ux));
            exec(0, Enc.r(1, 0, 1, 0, 3, Enc.CUSTOM0));
            // floor(65536 log2(x)) = bitLength(x^65536) - 1, exactly.
            final int log2 = ux == 0 ? Integer.MIN_VALUE
                : BigInteger.valueOf(ux).pow(65536).bitLength() - 1 - 16 * 65536;
            assertEquals(log2, h.reg(3), "log2 0x" + Long.toHexString(ux));
        }
        final int[] ps = {0, 1, -1, 0x10000, -0x10000, 0x8000, 0xF_FFFF, 0x10_0000, -0x10_0000, -0x10_0001, 0x7FFF_FFFF,
            Integer.MIN_VALUE, rnd.nextInt(-0x100000, 0x100000), rnd.nextInt(-0x100000, 0x100000), rnd.nextInt(0xE0000, 0x100000)};
        for (final int x : ps)
        {
            h.setReg(1, x);
            exec(0, Enc.r(2, 0, 1, 0, 3, Enc.CUSTOM0));
            final long got = h.reg(3) & 0xFFFF_FFFFL;
            final long s = x + (16L << 16);
            if (s >= 32L << 16)
            {
                assertEquals(0xFFFF_FFFFL, got, "pow2 saturates: 0x" + Integer.toHexString(x));
                continue;
            }
            if (s < 0)
            {
                assertEquals(0, got, "pow2 underflows to 0: 0x" + Integer.toHexString(x));
                continue;
            }
            // floor(2^(s/65536)) = n  <=>  n^65536 <= 2^s < (n+1)^65536.
            assertTrue(got == 0 || BigInteger.valueOf(got).pow(65536).compareTo(BigInteger.ONE.shiftLeft((int) s)) <= 0,
                "pow2 0x" + Integer.toHexString(x) + " = " + got + " too large");
            assertTrue(BigInteger.valueOf(got + 1).pow(65536).compareTo(BigInteger.ONE.shiftLeft((int) s)) > 0,
                "pow2 0x" + Integer.toHexString(x) + " = " + got + " too small");
        }
    }

    @Test
    void illegalAndUnsupportedInstructionsTrapNamingPcAndWord()
    {
        setUp(IsaConfig.RV32IM);
        final int[] illegal = {0, 0xFFFF_FFFF, Enc.r(0, 2, 1, 0, 3, Enc.OP_32), Enc.i(0, 1, 3, 3, Enc.LOAD),
            Enc.r(0x20, 2, 1, 7, 3, Enc.OP), Enc.r(0, 0, 1, 0, 3, Enc.CUSTOM0), Enc.i(0x20, 1, 1, 3, Enc.OP_IMM)};
        for (final int w : illegal)
        {
            mem.write32(0x80, w);
            ex.invalidate();
            h.start(0x80, 0);
            final IssTrap t = assertThrows(IssTrap.class, () -> ex.step(h, 0));
            assertEquals(0x80, t.pc());
            assertEquals(w, t.word());
            assertTrue(t.getMessage().contains("illegal instruction for rv32im at pc 0x80")
                && t.getMessage().contains(String.format("0x%08x", w)), t.getMessage());
        }
        final IsaConfig noM = new IsaConfig(64, false, false, false);
        setUp(noM);
        mem.write32(0, Enc.r(1, 2, 1, 0, 3, Enc.OP));
        h.start(0, 0);
        assertThrows(IssTrap.class, () -> ex.step(h, 0), "mul without M");
    }

    @Test
    void misalignedAccessesJumpsAndFetchesTrap()
    {
        setUp(IsaConfig.RV64IM);
        h.setReg(1, MemoryMap.SHARED_BASE + 2);
        mem.write32(0x10, Enc.i(0, 1, 2, 3, Enc.LOAD));
        h.start(0x10, 0);
        IssTrap t = assertThrows(IssTrap.class, () -> ex.step(h, 0));
        assertTrue(t.getMessage().startsWith("misaligned 4-byte access to 0x10002 at pc 0x10"), t.getMessage());
        mem.write32(0x14, Enc.b(6, 0, 0, 0));
        h.start(0x14, 0);
        t = assertThrows(IssTrap.class, () -> ex.step(h, 0));
        assertTrue(t.getMessage().contains("misaligned jump target 0x1a"), t.getMessage());
        h.start(0x12, 0);
        t = assertThrows(IssTrap.class, () -> ex.step(h, 0));
        assertTrue(t.getMessage().contains("instruction fetch from 0x12"), t.getMessage());
        h.start(MemoryMap.SHARED_BASE, 0);
        assertThrows(IssTrap.class, () -> ex.step(h, 0), "data memory is not executable");
        h.setReg(1, 0x7FFF_FFF0L);
        mem.write32(0x18, Enc.i(0, 1, 3, 3, Enc.LOAD));
        h.start(0x18, 0);
        t = assertThrows(IssTrap.class, () -> ex.step(h, 0));
        assertTrue(t.getMessage().contains("outside memory"), t.getMessage());
        mem.write32(0x1C, Enc.ECALL);
        h.start(0x1C, 0);
        assertThrows(IssTrap.class, () -> ex.step(h, 0));
        mem.write32(0x20, Enc.i(0xC00, 1, 1, 0, Enc.SYSTEM));
        h.start(0x20, 0);
        t = assertThrows(IssTrap.class, () -> ex.step(h, 0));
        assertTrue(t.getMessage().contains("write to read-only CSR 0xc00"), t.getMessage());
    }

    @Test
    void aStoreIntoCodeInvalidatesTheDecodedInstruction()
    {
        setUp(IsaConfig.RV64IM);
        mem.write32(0x100, Enc.addi(3, 0, 1));
        h.start(0x100, 0);
        ex.step(h, 0);
        assertEquals(1, h.reg(3));
        h.setReg(1, 0x100);
        h.setReg(2, Enc.addi(3, 0, 2) & 0xFFFF_FFFFL);
        mem.write32(0x200, Enc.s(0, 2, 1, 2));
        h.start(0x200, 0);
        ex.step(h, 0);
        h.start(0x100, 0);
        ex.step(h, 0);
        assertEquals(2, h.reg(3), "the rewritten instruction runs, not the cached one");
    }
}
