package dev.ccsilicon.cosim.jverilator;

import dev.ccsilicon.blocks.dcqcncp.DcqcnCpBoundary;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpCodes;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpReference;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpUpdate;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpContext;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpMath;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaContext;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaParams;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaUpdate;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnParams;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnPorts;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnUpdate;
import dev.ccsilicon.blocks.qptable.ContextLayout;
import dev.ccsilicon.blocks.roccrp.RoccRpContext;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm;
import dev.ccsilicon.blocks.roccflowtable.FlowTableStatus;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableConfig;
import dev.ccsilicon.blocks.roccrp.RoccRpUpdate;
import dev.ccsilicon.blocks.timerwheel.TimerWheel;
import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.cosim.blocks.roccfairrate.RoccFairRateCosimSpec;
import dev.ccsilicon.hdl.RtlParameters;
import dev.ccsilicon.hdl.fixed.Rounding;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The RTL packages ({@code rtl/**}/{@code <block>_pkg.sv}, SPEC §9) state the same codes, widths and
 * layouts as the Java declarations they mirror: every enum item and localparam is compared with its
 * Java constant, every Java code of a group has its enum item, and struct layouts are compared field
 * by field (name, LSB, width). A value that drifts on either side fails here, not as a cosim
 * mismatch (or not at all, for a code no stimulus reaches).
 */
class RtlPackagesTest
{
    @Test
    void timerWheelPackageIsTheJavaDeclaration()
    {
        assertEquals(List.of(), timerWheelDrift(SvPackage.load("timer_wheel_pkg")));
    }

    @Test
    void roccRpPackageIsTheJavaDeclaration()
    {
        assertEquals(List.of(), roccRpDrift(SvPackage.load("rocc_rp_pkg")));
    }

    @Test
    void dcqcnRpPackageIsTheJavaDeclaration()
    {
        final SvPackage p = SvPackage.load("dcqcn_rp_pkg");
        final List<String> drift = new ArrayList<>();
        drift.addAll(compareCodes(p, "op_e", "Op", DcqcnRpUpdate.class, "OP_"));
        drift.addAll(compareCodes(p, "res_e", "Res", DcqcnRpUpdate.class, "RES_"));
        drift.addAll(compareCodes(p, "profile_e", "Profile", DcqcnRpParams.class, "PROFILE_"));
        check(drift, "op_e width", p.constant("OpWidth"), p.enumWidth("op_e"));
        check(drift, "res_e width", p.constant("ResultWidth"), p.enumWidth("res_e"));
        check(drift, "ResultWidth", DcqcnRpUpdate.RESULT_WIDTH, p.constant("ResultWidth"));
        check(drift, "OperandWidth", DcqcnRpUpdate.OPERAND_WIDTH, p.constant("OperandWidth"));
        check(drift, "BytesWidth", DcqcnRpUpdate.TX_BYTES_WIDTH, p.constant("BytesWidth"));
        check(drift, "RateWidth", DcqcnRpContext.RATE_WIDTH, p.constant("RateWidth"));
        check(drift, "AlphaWidth", DcqcnRpContext.ALPHA_WIDTH, p.constant("AlphaWidth"));
        check(drift, "CntWidth", DcqcnRpContext.CNT_WIDTH, p.constant("CntWidth"));
        check(drift, "RemWidth", DcqcnRpContext.REM_WIDTH, p.constant("RemWidth"));
        check(drift, "GenWidth", DcqcnRpContext.GEN_WIDTH, p.constant("GenWidth"));
        check(drift, "GWidth", DcqcnRpParams.G_WIDTH, p.constant("GWidth"));
        check(drift, "FWidth", DcqcnRpParams.F_WIDTH, p.constant("FWidth"));
        check(drift, "CtxWidth", DcqcnRpContext.LAYOUT.bits(), p.constant("CtxWidth"));
        check(drift, "INCREASE_CODE", DcqcnRpUpdate.INCREASE_CODE, 1L << p.constant("ResIncBit"));
        check(drift, "BYTES_BIT", DcqcnRpUpdate.BYTES_BIT, 1L << p.constant("ResBytesBit"));
        check(drift, "REMOVE_BIT", DcqcnRpUpdate.REMOVE_BIT, 1L << p.constant("ResRemoveBit"));
        check(drift, "BranchFr", DcqcnRpMath.FR, p.constant("BranchFr"));
        check(drift, "BranchAi", DcqcnRpMath.AI, p.constant("BranchAi"));
        check(drift, "BranchHai", DcqcnRpMath.HAI, p.constant("BranchHai"));
        check(drift, "KindInc", DcqcnRpUpdate.KIND_INC, p.constant("KindInc"));
        check(drift, "KindAlpha", DcqcnRpUpdate.KIND_ALPHA, p.constant("KindAlpha"));
        check(drift, "AlphaOne", DcqcnRpMath.ALPHA_ONE, p.constant("AlphaOne"));
        final List<String> java = new ArrayList<>();
        for (final ContextLayout.Field f : DcqcnRpContext.LAYOUT.fields())
        {
            java.add(f.name() + " [" + f.lsb() + " +: " + f.width() + "]");
        }
        final List<String> rtl = new ArrayList<>();
        for (final SvPackage.Field f : p.structFields("ctx_t"))
        {
            rtl.add(f.name() + " [" + f.lsb() + " +: " + f.width() + "]");
        }
        check(drift, "ctx_t", java, rtl);
        assertEquals(List.of(), drift);
    }

    @Test
    void ldcpPawaPackageIsTheJavaDeclaration()
    {
        final SvPackage p = SvPackage.load("ldcp_pawa_pkg");
        final List<String> drift = new ArrayList<>();
        drift.addAll(compareCodes(p, "op_e", "Op", LdcpPawaUpdate.class, "OP_"));
        // cause_e holds the record causes (LdcpPawaMath.CAUSE_*) and the internal results (LdcpPawaUpdate.RES_*).
        final Map<String, Long> causes = new LinkedHashMap<>();
        final int[] codes = {LdcpPawaMath.CAUSE_START, LdcpPawaMath.CAUSE_TX, LdcpPawaMath.CAUSE_FS_ACK, LdcpPawaMath.CAUSE_FS_DONE,
            LdcpPawaMath.CAUSE_FS_LOSS, LdcpPawaMath.CAUSE_LOSS, LdcpPawaMath.CAUSE_AI, LdcpPawaMath.CAUSE_MD,
            LdcpPawaMath.CAUSE_SUB_AI, LdcpPawaMath.CAUSE_SUB_MD, LdcpPawaMath.CAUSE_TICK, LdcpPawaUpdate.RES_PROBE,
            LdcpPawaUpdate.RES_STALE_WHEEL, LdcpPawaUpdate.RES_STALE_GEN, LdcpPawaUpdate.RES_IGNORED};
        final String[] names = {"CauseStart", "CauseTx", "CauseFsAck", "CauseFsDone", "CauseFsLoss", "CauseLoss", "CauseAi",
            "CauseMd", "CauseSubAi", "CauseSubMd", "CauseTick", "ResProbe", "ResStaleWheel", "ResStaleGen", "ResIgnored"};
        for (int i = 0; i < codes.length; i++)
        {
            causes.put(names[i], (long)codes[i]);
        }
        check(drift, "cause_e", causes, p.enumItems("cause_e"));
        check(drift, "CAUSES", LdcpPawaMath.CAUSES, (long)LdcpPawaMath.CAUSE_TICK + 1);
        check(drift, "op_e width", p.constant("OpWidth"), p.enumWidth("op_e"));
        check(drift, "cause_e width", p.constant("CauseWidth"), p.enumWidth("cause_e"));
        check(drift, "CauseWidth", LdcpPawaMath.CAUSE_WIDTH, p.constant("CauseWidth"));
        check(drift, "ResultWidth", LdcpPawaUpdate.RESULT_WIDTH, p.constant("ResultWidth"));
        check(drift, "OperandWidth", LdcpPawaUpdate.OPERAND_WIDTH, p.constant("OperandWidth"));
        check(drift, "ECT_BIT", LdcpPawaUpdate.ECT_BIT, 1L << p.constant("ResEctBit"));
        check(drift, "ENTER_BIT", LdcpPawaUpdate.ENTER_BIT, 1L << p.constant("ResEnterBit"));
        check(drift, "LEAVE_BIT", LdcpPawaUpdate.LEAVE_BIT, 1L << p.constant("ResLeaveBit"));
        check(drift, "NWidth", LdcpPawaUpdate.N_WIDTH, p.constant("NWidth"));
        check(drift, "XWidth", LdcpPawaContext.X_WIDTH, p.constant("XWidth"));
        check(drift, "Frac", LdcpPawaMath.FRAC, p.constant("Frac"));
        check(drift, "RttWidth", LdcpPawaContext.RTT_WIDTH, p.constant("RttWidth"));
        check(drift, "CntWidth", LdcpPawaContext.CNT_WIDTH, p.constant("CntWidth"));
        check(drift, "GenWidth", LdcpPawaContext.GEN_WIDTH, p.constant("GenWidth"));
        check(drift, "AlphaWidth", LdcpPawaParams.ALPHA_WIDTH, p.constant("AlphaWidth"));
        check(drift, "BetaWidth", LdcpPawaParams.BETA_WIDTH, p.constant("BetaWidth"));
        check(drift, "ShiftWidth", LdcpPawaParams.SHIFT_WIDTH, p.constant("ShiftWidth"));
        check(drift, "IwWidth", LdcpPawaParams.IW_WIDTH, p.constant("IwWidth"));
        check(drift, "MtuWidth", LdcpPawaParams.MTU_WIDTH, p.constant("MtuWidth"));
        check(drift, "WindowWidth", LdcpPawaMath.WINDOW_WIDTH, p.constant("WindowWidth"));
        check(drift, "TickWidth", LdcpPawaMath.TICK_WIDTH, p.constant("TickWidth"));
        check(drift, "EcnNotEct", LdcpPawaMath.ECN_NOT_ECT, p.constant("EcnNotEct"));
        check(drift, "EcnEct0", LdcpPawaMath.ECN_ECT0, p.constant("EcnEct0"));
        check(drift, "CtxWidth", LdcpPawaContext.LAYOUT.bits(), p.constant("CtxWidth"));
        final List<String> java = new ArrayList<>();
        for (final ContextLayout.Field f : LdcpPawaContext.LAYOUT.fields())
        {
            java.add(f.name() + " [" + f.lsb() + " +: " + f.width() + "]");
        }
        final List<String> rtl = new ArrayList<>();
        for (final SvPackage.Field f : p.structFields("ctx_t"))
        {
            rtl.add(f.name() + " [" + f.lsb() + " +: " + f.width() + "]");
        }
        check(drift, "ctx_t", java, rtl);
        assertEquals(List.of(), drift);
    }

    @Test
    void dcqcnNpPackageIsTheJavaDeclaration()
    {
        final SvPackage p = SvPackage.load("dcqcn_np_pkg");
        final List<String> drift = new ArrayList<>();
        drift.addAll(compareCodes(p, "mode_e", "Mode", DcqcnNpReference.class, "MODE_"));
        drift.addAll(compareCodes(p, "op_e", "Op", DcqcnNpUpdate.class, "OP_"));
        drift.addAll(compareCodes(p, "res_e", "Res", DcqcnNpUpdate.class, "RES_"));
        check(drift, "mode_e width", p.constant("ModeWidth"), p.enumWidth("mode_e"));
        check(drift, "op_e width", p.constant("OpWidth"), p.enumWidth("op_e"));
        check(drift, "res_e width", p.constant("ResultWidth"), p.enumWidth("res_e"));
        check(drift, "ModeWidth", DcqcnNpUpdate.MODE_WIDTH, p.constant("ModeWidth"));
        check(drift, "TimeWidth", DcqcnNpUpdate.TIME_WIDTH, p.constant("TimeWidth"));
        check(drift, "CauseWidth", DcqcnNpUpdate.CAUSE_WIDTH, p.constant("CauseWidth"));
        check(drift, "OperandWidth", DcqcnNpUpdate.TIME_WIDTH, p.constant("OperandWidth"));
        final List<String> java = new ArrayList<>();
        for (final ContextLayout.Field f : DcqcnNpUpdate.LAYOUT.fields())
        {
            java.add(f.name() + " [" + f.lsb() + " +: " + f.width() + "]");
        }
        final List<String> rtl = new ArrayList<>();
        for (final SvPackage.Field f : p.structFields("ctx_t"))
        {
            rtl.add(f.name() + " [" + f.lsb() + " +: " + f.width() + "]");
        }
        check(drift, "ctx_t", java, rtl);
        check(drift, "CtxWidth", DcqcnNpUpdate.LAYOUT.bits(), p.constant("CtxWidth"));
        check(drift, "ctx_t width", DcqcnNpUpdate.LAYOUT.bits(), p.structWidth("ctx_t"));
        assertEquals(List.of(), drift);
    }

    @Test
    void ldcpLsnPackageIsTheJavaDeclaration()
    {
        final SvPackage p = SvPackage.load("ldcp_lsn_pkg");
        final List<String> drift = new ArrayList<>();
        final Map<String, Long> codes = p.enumItems("code_e");
        check(drift, "CodeNone", (long)LdcpLsnReference.NONE, codes.get("CodeNone"));
        check(drift, "CodeAdvance", (long)LdcpLsnReference.ADVANCE, codes.get("CodeAdvance"));
        check(drift, "CodeDuplicate", (long)LdcpLsnReference.DUPLICATE, codes.get("CodeDuplicate"));
        check(drift, "CodeGoBack", (long)LdcpLsnReference.GO_BACK, codes.get("CodeGoBack"));
        check(drift, "CodeIgnored", (long)LdcpLsnReference.IGNORED, codes.get("CodeIgnored"));
        check(drift, "code_e size", 5, codes.size());
        final Map<String, Long> kinds = p.enumItems("kind_e");
        check(drift, "KindAck", (long)LdcpLsnReference.KIND_ACK, kinds.get("KindAck"));
        check(drift, "KindNak", (long)LdcpLsnReference.KIND_NAK, kinds.get("KindNak"));
        check(drift, "KindDupAck", (long)LdcpLsnReference.KIND_DUP_ACK, kinds.get("KindDupAck"));
        check(drift, "KindRspSeqErr", (long)LdcpLsnReference.KIND_RSP_SEQ_ERR, kinds.get("KindRspSeqErr"));
        check(drift, "kind_e size", 4, kinds.size());
        drift.addAll(compareCodes(p, "op_e", "Op", LdcpLsnUpdate.class, "OP_"));
        drift.addAll(compareCodes(p, "status_e", "Status", LdcpLsnUpdate.class, "STATUS_"));
        check(drift, "CodeWidth", LdcpLsnReference.CODE_WIDTH, p.constant("CodeWidth"));
        check(drift, "KindWidth", LdcpLsnReference.KIND_WIDTH, p.constant("KindWidth"));
        check(drift, "code_e width", p.constant("CodeWidth"), p.enumWidth("code_e"));
        check(drift, "kind_e width", p.constant("KindWidth"), p.enumWidth("kind_e"));
        check(drift, "OpWidth", LdcpLsnUpdate.OPCODE_WIDTH, p.constant("OpWidth"));
        check(drift, "op_e width", p.constant("OpWidth"), p.enumWidth("op_e"));
        check(drift, "StatusWidth", LdcpLsnPorts.STATUS_WIDTH, p.constant("StatusWidth"));
        check(drift, "status_e width", p.constant("StatusWidth"), p.enumWidth("status_e"));
        check(drift, "LsnWidth", LdcpLsnPorts.LSN_WIDTH, p.constant("LsnWidth"));
        check(drift, "LenWidth", LdcpLsnParams.LEN_WIDTH, p.constant("LenWidth"));
        check(drift, "MWidth", LdcpLsnParams.M_WIDTH, p.constant("MWidth"));
        check(drift, "PendWidth", LdcpLsnPorts.PEND_WIDTH, p.constant("PendWidth"));
        check(drift, "NWidth", LdcpLsnPorts.N_WIDTH, p.constant("NWidth"));
        check(drift, "SpaceReq", LdcpLsnReference.REQ, p.constant("SpaceReq"));
        check(drift, "SpaceRsp", LdcpLsnReference.RSP, p.constant("SpaceRsp"));
        // Each {REQ, RSP} pair of the Java layout is one packed [1:0] array of the RTL struct.
        final List<String> java = new ArrayList<>();
        final List<ContextLayout.Field> fs = LdcpLsnUpdate.LAYOUT.fields();
        for (int i = 0; i < fs.size(); i++)
        {
            final ContextLayout.Field f = fs.get(i);
            if (f.name().endsWith("_req"))
            {
                java.add(f.name().substring(0, f.name().length() - 4) + " [" + f.lsb() + " +: " + 2 * f.width() + "]");
                i++;
            }
            else
            {
                java.add(f.name() + " [" + f.lsb() + " +: " + f.width() + "]");
            }
        }
        final List<String> rtl = new ArrayList<>();
        for (final SvPackage.Field f : p.structFields("ctx_t"))
        {
            rtl.add(f.name() + " [" + f.lsb() + " +: " + f.width() + "]");
        }
        check(drift, "ctx_t", java, rtl);
        check(drift, "CtxWidth", LdcpLsnUpdate.LAYOUT.bits(), p.constant("CtxWidth"));
        check(drift, "ctx_t width", LdcpLsnUpdate.LAYOUT.bits(), p.structWidth("ctx_t"));
        check(drift, "desc_t width", p.constant("DescWidth"), p.structWidth("desc_t"));
        check(drift, "ev_t width", p.constant("EvWidth"), p.structWidth("ev_t"));
        check(drift, "res_t width", p.constant("ResWidth"), p.structWidth("res_t"));
        assertEquals(List.of(), drift);
    }

    @Test
    void roccFlowTablePackageIsTheJavaDeclaration()
    {
        final SvPackage p = SvPackage.load("rocc_flow_table_pkg");
        final List<String> drift = new ArrayList<>();
        drift.addAll(compareCodes(p, "status_e", "", FlowTableStatus.class, ""));
        check(drift, "KeyWidth", RoccFlowTableConfig.KEY_WIDTH, p.constant("KeyWidth"));
        check(drift, "status_e width", p.constant("StatusWidth"), p.enumWidth("status_e"));
        assertEquals(List.of(), drift);
    }

    @Test
    void roccFairRatePackageIsTheJavaDeclaration()
    {
        final SvPackage p = SvPackage.load("rocc_fair_rate_pkg");
        final List<String> drift = new ArrayList<>();
        drift.addAll(compareCodes(p, "branch_e", "Branch", RoccFairRateAlgorithm.class, "BRANCH_"));
        check(drift, "branch_e width", p.constant("BranchWidth"), p.enumWidth("branch_e"));
        check(drift, "CLAMP_MAX", RoccFairRateAlgorithm.CLAMP_MAX, 1L << p.constant("ClampMaxBit"));
        check(drift, "CLAMP_MIN", RoccFairRateAlgorithm.CLAMP_MIN, 1L << p.constant("ClampMinBit"));
        check(drift, "ClampWidth", 2, p.constant("ClampWidth"));
        check(drift, "RoundFloor", roundMode(Rounding.FLOOR), p.constant("RoundFloor"));
        check(drift, "RoundTrunc", roundMode(Rounding.TRUNCATE), p.constant("RoundTrunc"));
        check(drift, "RoundHalfUp", roundMode(Rounding.HALF_UP), p.constant("RoundHalfUp"));
        assertEquals(List.of(), drift);
    }

    @Test
    void dcqcnCpPackageIsTheJavaDeclaration()
    {
        final SvPackage p = SvPackage.load("dcqcn_cp_pkg");
        final List<String> drift = new ArrayList<>();
        drift.addAll(compareCodes(p, "dec_e", "Dec", DcqcnCpCodes.class, "DEC_"));
        drift.addAll(compareCodes(p, "region_e", "Region", DcqcnCpCodes.class, "REGION_"));
        drift.addAll(compareCodes(p, "boundary_e", "Boundary", DcqcnCpBoundary.class, ""));
        check(drift, "dec_e width", DcqcnCpFormats.DEC_WIDTH, p.enumWidth("dec_e"));
        check(drift, "region_e width", DcqcnCpFormats.REGION_WIDTH, p.enumWidth("region_e"));
        check(drift, "boundary_e width", DcqcnCpFormats.BOUNDARY_WIDTH, p.enumWidth("boundary_e"));
        check(drift, "DecWidth", DcqcnCpFormats.DEC_WIDTH, p.constant("DecWidth"));
        check(drift, "RegionWidth", DcqcnCpFormats.REGION_WIDTH, p.constant("RegionWidth"));
        check(drift, "QWidth", DcqcnCpFormats.Q_WIDTH, p.constant("QWidth"));
        check(drift, "LenWidth", DcqcnCpFormats.LEN_WIDTH, p.constant("LenWidth"));
        check(drift, "SlopeWidth", DcqcnCpFormats.SLOPE_WIDTH, p.constant("SlopeWidth"));
        check(drift, "SlopeFrac", DcqcnCpFormats.SLOPE_FRAC, p.constant("SlopeFrac"));
        check(drift, "ProbWidth", DcqcnCpFormats.PROB_WIDTH, p.constant("ProbWidth"));
        check(drift, "AvgFrac", DcqcnCpFormats.AVG_FRAC, p.constant("AvgFrac"));
        check(drift, "ShiftWidth", DcqcnCpFormats.SHIFT_WIDTH, p.constant("ShiftWidth"));
        check(drift, "EcnWidth", DcqcnCpFormats.ECN_WIDTH, p.constant("EcnWidth"));
        check(drift, "LfsrWidth", DcqcnCpFormats.LFSR_WIDTH, p.constant("LfsrWidth"));
        check(drift, "LfsrSteps", DcqcnCpFormats.LFSR_STEPS, p.constant("LfsrSteps"));
        check(drift, "LfsrTaps", DcqcnCpFormats.LFSR_TAPS, p.constant("LfsrTaps"));
        check(drift, "EcnNotEct", DcqcnCpFormats.ECN_NOT_ECT, p.constant("EcnNotEct"));
        check(drift, "EcnCe", DcqcnCpFormats.ECN_CE, p.constant("EcnCe"));
        assertEquals(List.of(), drift);
    }

    /** The RoundMode value the RTL is built with for {@code rounding}: the config record's own mapping. */
    private static long roundMode(final Rounding rounding)
    {
        return Long.parseLong(String.valueOf(RtlParameters.of(RoccFairRateCosimSpec.parameters(8, 0, rounding)).get("RoundMode")));
    }

    /** The check is sensitive: a package with one code or one field width changed is reported. */
    @Test
    void aDriftedValueIsReported() throws Exception
    {
        final String wheel = Files.readString(RepoRoot.find().resolve("rtl/nic/timer_wheel_pkg.sv"));
        final String wheelDrifted = wheel.replace("RspRejected      = 3'd4", "RspRejected      = 3'd5");
        assertFalse(wheel.equals(wheelDrifted), "the mutation applies");
        assertEquals(List.of("RspRejected: Java 4, RTL 5"), timerWheelDrift(SvPackage.parse("timer_wheel_pkg", wheelDrifted)));

        final String rp = Files.readString(RepoRoot.find().resolve("rtl/nic/rocc_rp_pkg.sv"));
        final String rpDrifted = rp.replace("localparam int unsigned TimerGenWidth = 4;", "localparam int unsigned TimerGenWidth = 5;");
        assertFalse(rp.equals(rpDrifted), "the mutation applies");
        assertFalse(roccRpDrift(SvPackage.parse("rocc_rp_pkg", rpDrifted)).isEmpty());

        final String rpNoCode = rp.replace("    ResStaleGen     = 4'd11,  // confirm: a CNP was accepted since the probe\n", "");
        assertFalse(rp.equals(rpNoCode), "the mutation applies");
        assertEquals(List.of("ResStaleGen: Java 11, RTL missing"), roccRpDrift(SvPackage.parse("rocc_rp_pkg", rpNoCode)));
    }

    private static List<String> timerWheelDrift(final SvPackage p)
    {
        final List<String> drift = new ArrayList<>(compareCodes(p, "rsp_code_e", "Rsp", TimerWheel.class, "RSP_"));
        check(drift, "rsp_code_e width", p.constant("RspCodeWidth"), p.enumWidth("rsp_code_e"));
        check(drift, "HistBuckets", TimerWheelConfig.HIST_BUCKETS, p.constant("HistBuckets"));
        return drift;
    }

    private static List<String> roccRpDrift(final SvPackage p)
    {
        final List<String> drift = new ArrayList<>();
        drift.addAll(compareCodes(p, "op_e", "Op", RoccRpUpdate.class, "OP_"));
        drift.addAll(compareCodes(p, "res_e", "Res", RoccRpUpdate.class, "RES_"));
        check(drift, "op_e width", p.constant("OpWidth"), p.enumWidth("op_e"));
        check(drift, "res_e width", p.constant("ResultWidth"), p.enumWidth("res_e"));
        check(drift, "RateWidth", RoccRpContext.RATE_WIDTH, p.constant("RateWidth"));
        check(drift, "CpWidth", RoccRpContext.CP_WIDTH, p.constant("CpWidth"));
        check(drift, "TimerGenWidth", RoccRpContext.TIMER_GEN_WIDTH, p.constant("TimerGenWidth"));

        // ctx_t is RoccRpContext.LAYOUT, field by field.
        final List<String> java = new ArrayList<>();
        for (final ContextLayout.Field f : RoccRpContext.LAYOUT.fields())
        {
            java.add(f.name() + " [" + f.lsb() + " +: " + f.width() + "]");
        }
        final List<String> rtl = new ArrayList<>();
        for (final SvPackage.Field f : p.structFields("ctx_t"))
        {
            rtl.add(f.name() + " [" + f.lsb() + " +: " + f.width() + "]");
        }
        check(drift, "ctx_t", java, rtl);
        check(drift, "CtxWidth", RoccRpContext.LAYOUT.bits(), p.constant("CtxWidth"));
        check(drift, "ctx_t width", RoccRpContext.LAYOUT.bits(), p.structWidth("ctx_t"));

        // Operands: the bits RoccRpUpdate's encoders set are the struct fields'.
        check(drift, "OperandWidth", RoccRpUpdate.OPERAND_WIDTH, p.constant("OperandWidth"));
        check(drift, "cnp_operand_t width", RoccRpUpdate.OPERAND_WIDTH, p.structWidth("cnp_operand_t"));
        check(drift, "confirm_operand_t width", RoccRpUpdate.OPERAND_WIDTH, p.structWidth("confirm_operand_t"));
        final Map<String, SvPackage.Field> cnp = byName(p.structFields("cnp_operand_t"));
        final Map<String, SvPackage.Field> conf = byName(p.structFields("confirm_operand_t"));
        check(drift, "cnp_operand_t.rate", RoccRpUpdate.cnpOperand(RoccRpUpdate.RATE_MASK, 0), mask(cnp.get("rate")));
        check(drift, "cnp_operand_t.cp", RoccRpUpdate.cnpOperand(0, 0xFFFF_FFFFL), mask(cnp.get("cp")));
        check(drift, "confirm_operand_t.ok", RoccRpUpdate.confirmOperand(true, 0), mask(conf.get("ok")));
        check(drift, "confirm_operand_t.gen", RoccRpUpdate.confirmOperand(false, -1), mask(conf.get("gen")));
        return drift;
    }

    /**
     * Every {@code public static final int} of {@code javaClass} named {@code javaPrefix...} against
     * the items of enum {@code type}: {@code RES_ACCEPT_SAME_CP} is {@code ResAcceptSameCp}.
     */
    private static List<String> compareCodes(
        final SvPackage p, final String type, final String svPrefix, final Class<?> javaClass, final String javaPrefix)
    {
        final Map<String, Long> java = new LinkedHashMap<>();
        for (final Field f : javaClass.getFields())
        {
            final int m = f.getModifiers();
            if (Modifier.isStatic(m) && Modifier.isFinal(m) && f.getType() == int.class && f.getName().startsWith(javaPrefix))
            {
                try
                {
                    java.put(svPrefix + camel(f.getName().substring(javaPrefix.length())), (long)f.getInt(null));
                }
                catch (final IllegalAccessException e)
                {
                    throw new AssertionError(e);
                }
            }
        }
        final Map<String, Long> rtl = p.enumItems(type);
        final List<String> drift = new ArrayList<>();
        if (java.isEmpty())
        {
            drift.add(javaClass.getSimpleName() + " has no " + javaPrefix + "* constants");
        }
        for (final Map.Entry<String, Long> e : java.entrySet())
        {
            final Long v = rtl.get(e.getKey());
            if (!e.getValue().equals(v))
            {
                drift.add(e.getKey() + ": Java " + e.getValue() + ", RTL " + (v == null ? "missing" : v));
            }
        }
        for (final String item : rtl.keySet())
        {
            if (!java.containsKey(item))
            {
                drift.add(item + ": RTL " + rtl.get(item) + ", Java missing");
            }
        }
        return drift;
    }

    private static String camel(final String upperSnake)
    {
        final StringBuilder sb = new StringBuilder();
        for (final String w : upperSnake.split("_"))
        {
            if (!w.isEmpty())
            {
                sb.append(w.charAt(0)).append(w.substring(1).toLowerCase());
            }
        }
        return sb.toString();
    }

    private static Map<String, SvPackage.Field> byName(final List<SvPackage.Field> fields)
    {
        final Map<String, SvPackage.Field> m = new LinkedHashMap<>();
        fields.forEach(f -> m.put(f.name(), f));
        return m;
    }

    private static long mask(final SvPackage.Field f)
    {
        return f == null ? -1 : ((1L << f.width()) - 1) << f.lsb();
    }

    private static void check(final List<String> drift, final String what, final Object java, final Object rtl)
    {
        final Object j = java instanceof Integer i ? Long.valueOf(i) : java;
        final Object r = rtl instanceof Integer i ? Long.valueOf(i) : rtl;
        if (!j.equals(r))
        {
            drift.add(what + ": Java " + j + ", RTL " + r);
        }
    }
}
