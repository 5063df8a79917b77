package dev.ccsilicon.firmware.isa;

import static dev.ccsilicon.firmware.isa.Op.*;

/**
 * RISC-V instruction decoding (32-bit encodings only: programs are built without C). The result
 * is packed into one int, {@code op | rd << 8 | rs1 << 13 | rs2 << 18}, with the immediate from
 * {@link #immediate}; both go to the executor's decoded-instruction cache.
 */
public final class Decoder
{
    private Decoder()
    {
    }

    public static int op(final int packed)
    {
        return packed & 0x7F;
    }

    public static int rd(final int packed)
    {
        return packed >>> 8 & 31;
    }

    public static int rs1(final int packed)
    {
        return packed >>> 13 & 31;
    }

    public static int rs2(final int packed)
    {
        return packed >>> 18 & 31;
    }

    /** Decodes {@code w} for {@code isa}; op {@link Op#ILLEGAL} if it is not one of its instructions. */
    public static int decode(final int w, final IsaConfig isa)
    {
        final int op = opOf(w, isa);
        return op | (w >>> 7 & 31) << 8 | (w >>> 15 & 31) << 13 | (w >>> 20 & 31) << 18;
    }

    /** The immediate of {@code w} as {@code op} uses it (shift amount, CSR number, offset), sign-extended. */
    public static long immediate(final int w, final int op)
    {
        switch (op)
        {
            case LUI:
            case AUIPC:
                return w & 0xFFFFF000;
            case JAL:
                return (long) ((w >> 31) << 20 | (w >>> 12 & 0xFF) << 12 | (w >>> 20 & 1) << 11 | (w >>> 21 & 0x3FF) << 1);
            case BEQ: case BNE: case BLT: case BGE: case BLTU: case BGEU:
                return (long) ((w >> 31) << 12 | (w >>> 7 & 1) << 11 | (w >>> 25 & 0x3F) << 5 | (w >>> 8 & 0xF) << 1);
            case SB: case SH: case SW: case SD:
                return (long) ((w >> 25) << 5 | (w >>> 7 & 31));
            case SLLI: case SRLI: case SRAI: case RORI:
                return w >>> 20 & 63;
            case SLLIW: case SRLIW: case SRAIW: case RORIW:
                return w >>> 20 & 31;
            case CSRRW: case CSRRS: case CSRRC: case CSRRWI: case CSRRSI: case CSRRCI:
                return w >>> 20 & 0xFFF;
            default:
                return w >> 20;
        }
    }

    private static int opOf(final int w, final IsaConfig isa)
    {
        final boolean rv64 = isa.xlen() == 64;
        final int f3 = w >>> 12 & 7;
        final int f7 = w >>> 25;
        final int rs2 = w >>> 20 & 31;
        switch (w & 0x7F)
        {
            case 0x37:
                return LUI;
            case 0x17:
                return AUIPC;
            case 0x6F:
                return JAL;
            case 0x67:
                return f3 == 0 ? JALR : ILLEGAL;
            case 0x63:
                return switch (f3)
                {
                    case 0 -> BEQ;
                    case 1 -> BNE;
                    case 4 -> BLT;
                    case 5 -> BGE;
                    case 6 -> BLTU;
                    case 7 -> BGEU;
                    default -> ILLEGAL;
                };
            case 0x03:
                return switch (f3)
                {
                    case 0 -> LB;
                    case 1 -> LH;
                    case 2 -> LW;
                    case 3 -> rv64 ? LD : ILLEGAL;
                    case 4 -> LBU;
                    case 5 -> LHU;
                    case 6 -> rv64 ? LWU : ILLEGAL;
                    default -> ILLEGAL;
                };
            case 0x23:
                return switch (f3)
                {
                    case 0 -> SB;
                    case 1 -> SH;
                    case 2 -> SW;
                    case 3 -> rv64 ? SD : ILLEGAL;
                    default -> ILLEGAL;
                };
            case 0x13:
                return opImm(w, f3, rv64, isa.zbb());
            case 0x33:
                return opReg(f3, f7, rs2, rv64, isa);
            case 0x1B:
                if (!rv64)
                {
                    return ILLEGAL;
                }
                switch (f3)
                {
                    case 0:
                        return ADDIW;
                    case 1:
                        if (f7 == 0)
                        {
                            return SLLIW;
                        }
                        if (f7 == 0x30 && isa.zbb())
                        {
                            return rs2 == 0 ? CLZW : rs2 == 1 ? CTZW : rs2 == 2 ? CPOPW : ILLEGAL;
                        }
                        return ILLEGAL;
                    case 5:
                        return f7 == 0 ? SRLIW : f7 == 0x20 ? SRAIW : f7 == 0x30 && isa.zbb() ? RORIW : ILLEGAL;
                    default:
                        return ILLEGAL;
                }
            case 0x3B:
                if (!rv64)
                {
                    return ILLEGAL;
                }
                if (f7 == 0)
                {
                    return f3 == 0 ? ADDW : f3 == 1 ? SLLW : f3 == 5 ? SRLW : ILLEGAL;
                }
                if (f7 == 0x20)
                {
                    return f3 == 0 ? SUBW : f3 == 5 ? SRAW : ILLEGAL;
                }
                if (f7 == 1 && isa.m())
                {
                    return switch (f3)
                    {
                        case 0 -> MULW;
                        case 4 -> DIVW;
                        case 5 -> DIVUW;
                        case 6 -> REMW;
                        case 7 -> REMUW;
                        default -> ILLEGAL;
                    };
                }
                if (isa.zbb() && f7 == 0x30)
                {
                    return f3 == 1 ? ROLW : f3 == 5 ? RORW : ILLEGAL;
                }
                if (isa.zbb() && f7 == 0x04 && f3 == 4 && rs2 == 0)
                {
                    return ZEXTH;
                }
                return ILLEGAL;
            case 0x0F:
                return f3 == 0 || f3 == 1 ? FENCE : ILLEGAL;
            case 0x73:
                if (f3 == 0)
                {
                    if ((w & 0xF8F80) != 0)
                    {
                        return ILLEGAL;
                    }
                    final int imm = w >>> 20;
                    return imm == 0 ? ECALL : imm == 1 ? EBREAK : ILLEGAL;
                }
                return switch (f3)
                {
                    case 1 -> CSRRW;
                    case 2 -> CSRRS;
                    case 3 -> CSRRC;
                    case 5 -> CSRRWI;
                    case 6 -> CSRRSI;
                    case 7 -> CSRRCI;
                    default -> ILLEGAL;
                };
            case 0x0B:
                if (!isa.fxp() || f3 != 0 || rs2 != 0)
                {
                    return ILLEGAL;
                }
                return f7 == 0 ? FXP_RECIP : f7 == 1 ? FXP_LOG2 : f7 == 2 ? FXP_POW2 : ILLEGAL;
            default:
                return ILLEGAL;
        }
    }

    private static int opImm(final int w, final int f3, final boolean rv64, final boolean zbb)
    {
        final int imm12 = w >>> 20;
        // RV64 shifts take 6 bits of shift amount, leaving a 6-bit funct; RV32 a 7-bit funct.
        final int hi = rv64 ? imm12 >>> 6 : imm12 >>> 5;
        switch (f3)
        {
            case 0:
                return ADDI;
            case 2:
                return SLTI;
            case 3:
                return SLTIU;
            case 4:
                return XORI;
            case 6:
                return ORI;
            case 7:
                return ANDI;
            case 1:
                if (hi == 0)
                {
                    return SLLI;
                }
                if (zbb)
                {
                    return switch (imm12)
                    {
                        case 0x600 -> CLZ;
                        case 0x601 -> CTZ;
                        case 0x602 -> CPOP;
                        case 0x604 -> SEXTB;
                        case 0x605 -> SEXTH;
                        default -> ILLEGAL;
                    };
                }
                return ILLEGAL;
            case 5:
                if (hi == 0)
                {
                    return SRLI;
                }
                if (hi == (rv64 ? 0x10 : 0x20))
                {
                    return SRAI;
                }
                if (zbb)
                {
                    if (hi == (rv64 ? 0x18 : 0x30))
                    {
                        return RORI;
                    }
                    if (imm12 == 0x287)
                    {
                        return ORCB;
                    }
                    if (imm12 == (rv64 ? 0x6B8 : 0x698))
                    {
                        return REV8;
                    }
                }
                return ILLEGAL;
            default:
                return ILLEGAL;
        }
    }

    private static int opReg(final int f3, final int f7, final int rs2, final boolean rv64, final IsaConfig isa)
    {
        switch (f7)
        {
            case 0x00:
                return switch (f3)
                {
                    case 0 -> ADD;
                    case 1 -> SLL;
                    case 2 -> SLT;
                    case 3 -> SLTU;
                    case 4 -> XOR;
                    case 5 -> SRL;
                    case 6 -> OR;
                    default -> AND;
                };
            case 0x20:
                if (f3 == 0)
                {
                    return SUB;
                }
                if (f3 == 5)
                {
                    return SRA;
                }
                if (isa.zbb())
                {
                    return f3 == 7 ? ANDN : f3 == 6 ? ORN : f3 == 4 ? XNOR : ILLEGAL;
                }
                return ILLEGAL;
            case 0x01:
                if (!isa.m())
                {
                    return ILLEGAL;
                }
                return switch (f3)
                {
                    case 0 -> MUL;
                    case 1 -> MULH;
                    case 2 -> MULHSU;
                    case 3 -> MULHU;
                    case 4 -> DIV;
                    case 5 -> DIVU;
                    case 6 -> REM;
                    default -> REMU;
                };
            case 0x05:
                if (!isa.zbb())
                {
                    return ILLEGAL;
                }
                return f3 == 4 ? MIN : f3 == 5 ? MINU : f3 == 6 ? MAX : f3 == 7 ? MAXU : ILLEGAL;
            case 0x30:
                if (!isa.zbb())
                {
                    return ILLEGAL;
                }
                return f3 == 1 ? ROL : f3 == 5 ? ROR : ILLEGAL;
            case 0x04:
                return isa.zbb() && !rv64 && f3 == 4 && rs2 == 0 ? ZEXTH : ILLEGAL;
            default:
                return ILLEGAL;
        }
    }
}
