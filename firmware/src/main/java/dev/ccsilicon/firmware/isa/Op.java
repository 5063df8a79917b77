package dev.ccsilicon.firmware.isa;

/**
 * Decoded operations: small dense ints so the executor's switch is a table jump, and the cost
 * class of each, which the cost model turns into cycles. 0 means "not decoded yet" in the cache.
 */
public final class Op
{
    public static final int UNDECODED = 0;
    public static final int LUI = 1, AUIPC = 2, JAL = 3, JALR = 4;
    public static final int BEQ = 5, BNE = 6, BLT = 7, BGE = 8, BLTU = 9, BGEU = 10;
    public static final int LB = 11, LH = 12, LW = 13, LD = 14, LBU = 15, LHU = 16, LWU = 17;
    public static final int SB = 18, SH = 19, SW = 20, SD = 21;
    public static final int ADDI = 22, SLTI = 23, SLTIU = 24, XORI = 25, ORI = 26, ANDI = 27, SLLI = 28, SRLI = 29, SRAI = 30;
    public static final int ADD = 31, SUB = 32, SLL = 33, SLT = 34, SLTU = 35, XOR = 36, SRL = 37, SRA = 38, OR = 39, AND = 40;
    public static final int ADDIW = 41, SLLIW = 42, SRLIW = 43, SRAIW = 44, ADDW = 45, SUBW = 46, SLLW = 47, SRLW = 48, SRAW = 49;
    public static final int MUL = 50, MULH = 51, MULHSU = 52, MULHU = 53, DIV = 54, DIVU = 55, REM = 56, REMU = 57;
    public static final int MULW = 58, DIVW = 59, DIVUW = 60, REMW = 61, REMUW = 62;
    public static final int FENCE = 63, ECALL = 64, EBREAK = 65;
    public static final int CSRRW = 66, CSRRS = 67, CSRRC = 68, CSRRWI = 69, CSRRSI = 70, CSRRCI = 71;
    public static final int ANDN = 72, ORN = 73, XNOR = 74, CLZ = 75, CTZ = 76, CPOP = 77, CLZW = 78, CTZW = 79, CPOPW = 80;
    public static final int MAX = 81, MAXU = 82, MIN = 83, MINU = 84, SEXTB = 85, SEXTH = 86, ZEXTH = 87;
    public static final int ROL = 88, ROR = 89, RORI = 90, ROLW = 91, RORW = 92, RORIW = 93, REV8 = 94, ORCB = 95;
    public static final int FXP_RECIP = 96, FXP_LOG2 = 97, FXP_POW2 = 98;
    public static final int COUNT = 99;
    /** Decoded, and not an instruction of the configured ISA. */
    public static final int ILLEGAL = 127;

    /** Cost classes (indices into {@code CostModel}'s table). */
    public static final int C_ALU = 0, C_LOAD = 1, C_STORE = 2, C_MUL = 3, C_DIV = 4, C_BRANCH = 5, C_JUMP = 6,
        C_FXP = 7, C_CSR = 8, C_SYSTEM = 9;
    public static final int CLASSES = 10;
    public static final String[] CLASS_NAMES = {"alu", "load", "store", "mul", "div", "branch", "jump", "fxp", "csr", "system"};

    private static final byte[] CLASS = new byte[COUNT];
    private static final String[] NAME = new String[COUNT];

    static
    {
        final String[] names = {"?", "lui", "auipc", "jal", "jalr", "beq", "bne", "blt", "bge", "bltu", "bgeu",
            "lb", "lh", "lw", "ld", "lbu", "lhu", "lwu", "sb", "sh", "sw", "sd",
            "addi", "slti", "sltiu", "xori", "ori", "andi", "slli", "srli", "srai",
            "add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and",
            "addiw", "slliw", "srliw", "sraiw", "addw", "subw", "sllw", "srlw", "sraw",
            "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu", "mulw", "divw", "divuw", "remw", "remuw",
            "fence", "ecall", "ebreak", "csrrw", "csrrs", "csrrc", "csrrwi", "csrrsi", "csrrci",
            "andn", "orn", "xnor", "clz", "ctz", "cpop", "clzw", "ctzw", "cpopw", "max", "maxu", "min", "minu",
            "sext.b", "sext.h", "zext.h", "rol", "ror", "rori", "rolw", "rorw", "roriw", "rev8", "orc.b",
            "fxp.recip", "fxp.log2", "fxp.pow2"};
        System.arraycopy(names, 0, NAME, 0, COUNT);
        for (int op = 1; op < COUNT; op++)
        {
            final int c;
            if (op == JAL || op == JALR)
            {
                c = C_JUMP;
            }
            else if (op >= BEQ && op <= BGEU)
            {
                c = C_BRANCH;
            }
            else if (op >= LB && op <= LWU)
            {
                c = C_LOAD;
            }
            else if (op >= SB && op <= SD)
            {
                c = C_STORE;
            }
            else if (op == MUL || op == MULH || op == MULHSU || op == MULHU || op == MULW)
            {
                c = C_MUL;
            }
            else if (op >= DIV && op <= REMU || op >= DIVW && op <= REMUW)
            {
                c = C_DIV;
            }
            else if (op >= CSRRW && op <= CSRRCI)
            {
                c = C_CSR;
            }
            else if (op >= FENCE && op <= EBREAK)
            {
                c = C_SYSTEM;
            }
            else if (op >= FXP_RECIP)
            {
                c = C_FXP;
            }
            else
            {
                c = C_ALU;
            }
            CLASS[op] = (byte) c;
        }
    }

    private Op()
    {
    }

    public static int costClass(final int op)
    {
        return CLASS[op];
    }

    public static String name(final int op)
    {
        return op > 0 && op < COUNT ? NAME[op] : "?";
    }
}
