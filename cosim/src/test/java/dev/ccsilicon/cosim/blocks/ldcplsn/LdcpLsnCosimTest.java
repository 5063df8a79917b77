package dev.ccsilicon.cosim.blocks.ldcplsn;

import dev.ccsilicon.blocks.ldcplsn.LdcpLsnConfig;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnParams;
import dev.ccsilicon.cosim.blocks.MutantTable;
import dev.ccsilicon.cosim.blocks.MutantTable.Mutant;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import dev.ccsilicon.cosim.lockstep.ReferenceCheck;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Lockstep model vs RTL of {@code ldcp_lsn}, the reference-vs-model value check, and the RTL mutants. */
class LdcpLsnCosimTest
{
    private static final String TOP = "rtl/nic/ldcp_lsn.sv";
    private static final String UPD = "rtl/nic/ldcp_lsn_update.sv";
    private static final long SEED = 2026;

    /**
     * Comparisons, constants, the arbiter's and the post stage's handshakes and the statistics
     * updates, each with the pin it must be caught on (the strings are the RTL's current text; each
     * must match exactly once).
     */
    static final Mutant[] MUTANTS = {
        MutantTable.mutant("statistics add at most one per event", TOP,
            "stat_q[s] <= stat_q[s] + StatWidth'(stat_inc[s]);", "stat_q[s] <= stat_q[s] + StatWidth'(stat_inc[s][0]);",
            "stat_acks_o"),
        MutantTable.mutant("accepted counts gaps", TOP,
            "rx_res && (tbl_out_res.status == ldcp_lsn_pkg::StatusAccepted)", "rx_res && (tbl_out_res.status == ldcp_lsn_pkg::StatusGap)",
            "stat_accepted_o"),
        MutantTable.mutant("naks count only the first slot", TOP,
            "stat_inc[3]  = 2'(d0_on && (k0 == ldcp_lsn_pkg::KindNak)) + 2'(d1_on && (k1 == ldcp_lsn_pkg::KindNak));",
            "stat_inc[3]  = 2'(d0_on && (k0 == ldcp_lsn_pkg::KindNak));", "stat_naks_o"),
        MutantTable.mutant("go_backs count every non-NONE sender result", TOP,
            "(tbl_out_res.code == ldcp_lsn_pkg::CodeGoBack)};", "(tbl_out_res.code != ldcp_lsn_pkg::CodeNone)};", "stat_go_backs_o"),
        MutantTable.mutant("RTT sample reversed", TOP,
            "now_q - ack_ts_echo_i", "ack_ts_echo_i - now_q", "snd_rtt_o"),
        MutantTable.mutant("rxr FIFO room ignored", TOP,
            "assign tbl_out_ready = to_txr ? txr_room : (to_snd ? snd_room : rxr_room);",
            "assign tbl_out_ready = to_txr ? txr_room : (to_snd ? snd_room : 1'b1);", "tx_ready_o"),
        MutantTable.mutant("tx popped while the table is not ready", TOP,
            "tx_pop             = tbl_in_ready;", "tx_pop             = 1'b1;", "txr_qp_o"),
        MutantTable.mutant("update: no L_MIN charge", UPD,
            "assign len      = (ev_i.len > lmin_i) ? ev_i.len : lmin_i;", "assign len      = ev_i.len;", "txr_lsn_o"),
        MutantTable.mutant("update: serial order without the half-range bound", UPD,
            "assign is_gap      = (gap_dist != '0) && !gap_dist[LsnW-1];", "assign is_gap      = (gap_dist != '0);",
            "stat_dropped_gap_o"),
        MutantTable.mutant("update: ACK up to nxt excluded", UPD,
            "end else if (ack_dist > win) begin", "end else if (ack_dist >= win) begin", "txr_lsn_o"),
        MutantTable.mutant("update: NAK does not rewind nxt", UPD,
            "new_ctx_o.nxt[ldcp_lsn_pkg::SpaceReq] = ev_i.a;", "new_ctx_o.nxt[ldcp_lsn_pkg::SpaceReq] = old_ctx_i.nxt[ldcp_lsn_pkg::SpaceReq];", "txr_lsn_o"),
        MutantTable.mutant("update: RTO does not rewind nxt", UPD,
            "new_ctx_o.nxt[ldcp_lsn_pkg::SpaceReq] = old_ctx_i.una[ldcp_lsn_pkg::SpaceReq];", "new_ctx_o.nxt[ldcp_lsn_pkg::SpaceReq] = old_ctx_i.nxt[ldcp_lsn_pkg::SpaceReq];",
            "txr_lsn_o"),
        MutantTable.mutant("update: CE does not flush the pending packets first", UPD,
            "if (has_pend) begin\n              result_o.d0    = flush_d;\n              result_o.d1    = ce_d;",
            "if (1'b0) begin\n              result_o.d0    = flush_d;\n              result_o.d1    = ce_d;", "rxr_ndesc_o"),
        MutantTable.mutant("update: coalescing stops one packet late", UPD,
            "if ((pend1 >= {1'b0, m_i}) || ev_i.f1) begin", "if ((pend1 > {1'b0, m_i}) || ev_i.f1) begin", "rxr_ndesc_o"),
        MutantTable.mutant("update: last of message does not flush", UPD,
            "if ((pend1 >= {1'b0, m_i}) || ev_i.f1) begin", "if (pend1 >= {1'b0, m_i}) begin", "rxr_ndesc_o"),
        MutantTable.mutant("update: a NAK for every gap packet", UPD,
            "if (!is_gap || !old_ctx_i.nak_sent[s]) begin", "if (1'b1) begin", "rxr_ndesc_o"),
        MutantTable.mutant("update: realignment keeps una[RSP]", UPD,
            "new_ctx_o.una[ldcp_lsn_pkg::SpaceRsp] = ev_i.c;", "new_ctx_o.una[ldcp_lsn_pkg::SpaceRsp] = old_ctx_i.una[ldcp_lsn_pkg::SpaceRsp];", "snd_code_o"),
        MutantTable.mutant("update: a re-issued READ ignores rcv_nxt[RSP]", UPD,
            "assign base     = ev_i.f1 ? old_ctx_i.rcv_nxt[ldcp_lsn_pkg::SpaceRsp] : old_ctx_i.rsp_issue;",
            "assign base     = old_ctx_i.rsp_issue;", "txr_rsp_lsn_o"),
    };

    /** The long run: -Dccsilicon.cosim.transactions=1000000. */
    private static final long TRANSACTIONS = Long.getLong("ccsilicon.cosim.transactions", 8_000);

    @Test
    void agreesBitAndCycleExactWithFullCoverage()
    {
        for (final long seed : new long[] {SEED, SEED + 2})
        {
            final CosimResult r = LockstepEngine.run(new LdcpLsnAdapter(), CosimOptions.of(TRANSACTIONS, seed));
            System.out.println(String.join("\n", r.report()));
            assertTrue(r.passed(), () -> String.join("\n", r.report()));
            assertEquals(5 * TRANSACTIONS, r.inputTransactions());
            assertEquals(5 * TRANSACTIONS, r.outputTransactions(), "one result per event");
            assertEquals(0, r.timingMin());
            assertEquals(0, r.timingMax());
        }
    }

    @Test
    void referenceAgreesWithTheModel()
    {
        final ReferenceCheck.Result r = ReferenceCheck.run(new LdcpLsnAdapter(), CosimOptions.of(4_000, SEED));
        System.out.println(r);
        assertTrue(r.passed(), r::toString);
        assertEquals(20_000, r.records());
    }

    /** Other shapes: SRAM latency 1 with the shallowest FIFOs; latency 3, deeper FIFOs, 64 QPs. */
    @Test
    void variantsAgree()
    {
        for (final LdcpLsnConfig c : new LdcpLsnConfig[] {
            new LdcpLsnConfig(8, 1, 3, 2, 2, 32, LdcpLsnParams.defaults()),
            new LdcpLsnConfig(64, 3, 5, 4, 8, 32, LdcpLsnParams.defaults())})
        {
            final CosimResult r = LockstepEngine.run(new LdcpLsnAdapter(LdcpLsnSpec.spec(c)), CosimOptions.of(3_000, 9));
            System.out.println(String.join("\n", r.report()));
            assertTrue(r.passed(), () -> String.join("\n", r.report()));
            assertEquals(0, r.timingMax());
        }
    }

    @Test
    void isRegistered()
    {
        assertTrue(CosimRegistry.names().contains(LdcpLsnSpec.NAME));
    }

    @Test
    void mutantsAreCaughtNamingThePin()
    {
        MutantTable.assertCaught(new LdcpLsnAdapter(), 3_000, SEED, MUTANTS);
    }
}
