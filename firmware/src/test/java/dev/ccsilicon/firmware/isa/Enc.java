package dev.ccsilicon.firmware.isa;

/**
 * Instruction encoder for tests, written from the RISC-V unprivileged spec's base formats
 * (R/I/S/B/U/J) and opcode tables, independently of {@link Decoder}.
 */
public final class Enc
{
    public static final int OP = 0x33, OP_IMM = 0x13, OP_32 = 0x3B, OP_IMM_32 = 0x1B, LOAD = 0x03, STORE = 0x23, BRANCH = 0x63,
        JAL = 0x6F, JALR = 0x67, LUI = 0x37, AUIPC = 0x17, SYSTEM = 0x73, CUSTOM0 = 0x0B;

    private Enc()
    {
    }

    public static int r(final int f7, final int rs2, final int rs1, final int f3, final int rd, final int opc)
    {
        return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc;
    }

    public static int i(final int imm, final int rs1, final int f3, final int rd, final int opc)
    {
        return (imm & 0xFFF) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc;
    }

    public static int s(final int imm, final int rs2, final int rs1, final int f3)
    {
        return (imm >> 5 & 0x7F) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (imm & 31) << 7 | STORE;
    }

    public static int b(final int imm, final int rs2, final int rs1, final int f3)
    {
        return (imm >> 12 & 1) << 31 | (imm >> 5 & 0x3F) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (imm >> 1 & 0xF) << 8
            | (imm >> 11 & 1) << 7 | BRANCH;
    }

    public static int u(final int imm20, final int rd, final int opc)
    {
        return imm20 << 12 | rd << 7 | opc;
    }

    public static int j(final int imm, final int rd)
    {
        return (imm >> 20 & 1) << 31 | (imm >> 1 & 0x3FF) << 21 | (imm >> 11 & 1) << 20 | (imm >> 12 & 0xFF) << 12 | rd << 7 | JAL;
    }

    public static int addi(final int rd, final int rs1, final int imm)
    {
        return i(imm, rs1, 0, rd, OP_IMM);
    }

    public static int csrr(final int rd, final int csr)
    {
        return i(csr, 0, 2, rd, SYSTEM);
    }

    public static final int EBREAK = 0x00100073;
    public static final int ECALL = 0x00000073;
}
