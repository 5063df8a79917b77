package dev.ccsilicon.net.ldcp;

import dev.ccsilicon.blocks.ldcplsn.LdcpLsn;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnConfig;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnParams;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnUpdate;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawa;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaConfig;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaParams;
import dev.ccsilicon.cosim.blocks.ldcplsn.LdcpLsnSpec;
import dev.ccsilicon.cosim.blocks.ldcppawa.LdcpPawaSpec;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.blocks.ClockedDut;
import dev.ccsilicon.net.blocks.Duts;
import dev.ccsilicon.net.blocks.InputFifo;
import dev.ccsilicon.net.cc.CcHook;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;

/**
 * The LDCP NIC blocks in the loop at the model or RTL level, each driven only through its pins by a
 * {@link ClockedDut} (block cycle c at c ns; idle stretches skipped; at RTL every cycle checked against a
 * shadow model), as DCQCN's blocks are (docs/network.md "Levels in the loop"). The adapters are the NIC
 * pipelines around the blocks:
 * <ul>
 *   <li>{@code ldcp_pawa}, one per sending host: START, TX-start, ACK and LOSS records join their input
 *       streams at the cycle of the event, and the adapter clocks the block until that event's update
 *       record comes out (latency 4): the TX path waits for the packet's ECN field as the NIC's header
 *       builder would. Each record sets the QP's send permission as the TX scheduler sees it (window,
 *       timer mode, tick_ok); a TICK record (a timer expiry, at the block's own cycle) is reported to
 *       the glue. The block's wheel fires a tick up to G − 1 cycles before its deadline, the one way the
 *       model level differs from the reference's exact timers;</li>
 *   <li>{@code ldcp_lsn}, one per host with flows (both roles): TX, ACK/NAK, RTO and RX records, each
 *       clocked until its result (txr, snd or rxr record) comes out. The sender's una and nxt are not on
 *       the block's pins; the adapter follows them from the results (nxt = a TX's LSN + its charge, a
 *       go-back's LSN; una = an advancing ACK's LSN, a go-back's).</li>
 * </ul>
 * Waiting for a result runs the block's clock a few cycles ahead of the network's; a later event at an
 * earlier network time then enters at the block's current cycle. Both levels do this identically.
 */
final class LdcpBlocks
{
    private static final long CYCLE_PS = Scenario.BLOCK_CYCLE_PS;
    /** A result not out after this many cycles is a bug (the pipelines take a handful). */
    private static final int LIMIT = 10_000;

    private LdcpBlocks()
    {
    }

    static String name(final String prefix, final String id)
    {
        return prefix + id.replaceAll("[^A-Za-z0-9_]", "_");
    }

    /** The next power of two that holds {@code qps} QPs, at least {@code min}. */
    static int numQps(final int qps, final int min)
    {
        return Math.max(min, Integer.highestOneBit(Math.max(1, qps - 1)) << 1);
    }

    static long wakeOf(final ClockedDut dut)
    {
        final long busy = dut.nextBusyCycle();
        return busy == Long.MAX_VALUE ? CcHook.NEVER : busy * CYCLE_PS;
    }

    // ---------------------------------------------------------------- ldcp_pawa

    static final class Windows implements LdcpParts.Windows
    {
        private final Pawa[] pawa;

        Windows(final Scenario scenario, final Topology topo, final int[] qps, final LdcpParts.Events events, final Level level)
        {
            pawa = new Pawa[qps.length];
            for (int h = 0; h < qps.length; h++)
            {
                if (qps[h] > 0)
                {
                    final LdcpPawaParams params = LdcpFormats.pawaParams(scenario, topo, h);
                    final LdcpPawaConfig d = LdcpPawaConfig.DEFAULT;
                    final LdcpPawaConfig config = new LdcpPawaConfig(numQps(qps[h], 2 * d.numLanes()), d.sramLatency(),
                        d.outDepth(), d.metaDepth(), d.numSlots(), d.slotCycles(), d.numLanes(), d.deadlineWidth(),
                        d.statWidth(), params);
                    pawa[h] = new Pawa(h, name("pawa_", topo.nodeId(h)), config, events, level);
                }
            }
        }

        @Override
        public void start(final int host, final int qp, final long nowPs)
        {
            pawa[host].event(pawa[host].start.stage(0, qp), nowPs);
        }

        @Override
        public int onTx(final int host, final int qp, final boolean lastOfMessage, final long nowPs)
        {
            final Pawa p = pawa[host];
            p.event(p.tx.stage(0, qp).stage(1, lastOfMessage ? 1 : 0), nowPs);
            return p.ecn;
        }

        @Override
        public void onAck(final int host, final int qp, final int n, final boolean ece, final long rtt, final long nowPs)
        {
            final Pawa p = pawa[host];
            final long sample = Math.max(1, Math.min(LdcpPawaMath.RTT_MAX, rtt));
            p.event(p.ack.stage(0, qp).stage(1, n).stage(2, ece ? 1 : 0).stage(3, rtt >= 0 ? 1 : 0)
                .stage(4, rtt >= 0 ? sample : 0), nowPs);
        }

        @Override
        public void onLoss(final int host, final int qp, final long nowPs)
        {
            pawa[host].event(pawa[host].loss.stage(0, qp), nowPs);
        }

        @Override
        public long nextWake(final int host)
        {
            return null == pawa[host] ? NEVER : wakeOf(pawa[host].dut);
        }

        @Override
        public int wakeSlots()
        {
            return pawa.length;
        }

        @Override
        public long wake(final int host, final long nowPs)
        {
            if (null == pawa[host])
            {
                return NEVER;
            }
            pawa[host].dut.runToTime(nowPs);
            return wakeOf(pawa[host].dut);
        }

        /** cw as the window shows it: X ≈ window·2^24/MTU (the block has no cw pin). */
        @Override
        public long cw(final int host, final int qp)
        {
            final Pawa p = pawa[host];
            return (p.window[qp] << LdcpPawaMath.FRAC) / p.mtu;
        }

        @Override
        public long windowBytes(final int host, final int qp)
        {
            return pawa[host].window[qp];
        }

        @Override
        public boolean timerMode(final int host, final int qp)
        {
            return pawa[host].timerMode[qp];
        }

        @Override
        public boolean tickOk(final int host, final int qp)
        {
            return pawa[host].tickOk[qp];
        }

        @Override
        public boolean fastStart(final int host, final int qp)
        {
            return pawa[host].fastStart[qp];
        }

        /** srtt is not on the block's pins: -1. */
        @Override
        public long srtt(final int host, final int qp)
        {
            return -1;
        }

        @Override
        public long[] stats()
        {
            final long[] s = new long[6];
            for (final Pawa p : pawa)
            {
                if (null != p)
                {
                    for (int i = 0; i < s.length; i++)
                    {
                        s[i] += p.dut.output(p.stat[i]);
                    }
                }
            }
            return s;
        }

        @Override
        public void close() throws Exception
        {
            for (final Pawa p : pawa)
            {
                if (null != p)
                {
                    p.dut.close();
                }
            }
        }
    }

    /** One sending host's {@code ldcp_pawa}; the TX scheduler's view of each QP is what its last record said. */
    private static final class Pawa
    {
        final ClockedDut dut;
        final InputFifo start;
        final InputFifo tx;
        final InputFifo ack;
        final InputFifo loss;
        final int[] stat = new int[6];
        final long mtu;
        final long[] window;
        final boolean[] timerMode;
        final boolean[] tickOk;
        final boolean[] fastStart;
        int pending;
        int ecn;

        Pawa(final int host, final String name, final LdcpPawaConfig config, final LdcpParts.Events events, final Level level)
        {
            dut = Duts.open(level, LdcpPawaSpec.spec(config), () -> new LdcpPawa(null, name, config));
            final LdcpPawaParams p = config.params();
            dut.set("cfg_alpha_i", p.alpha()).set("cfg_beta_i", p.beta()).set("cfg_gamma_shift_i", p.gammaShift())
                .set("cfg_eta_shift_i", p.etaShift()).set("cfg_iw_i", p.iw()).set("cfg_cw_max_i", p.cwMax())
                .set("cfg_mtu_i", p.mtu()).set("cfg_rtt_mode_i", p.baseRtt() ? 1 : 0).set("cfg_rtt_base_i", p.rttBase())
                .set("cfg_fast_start_i", p.fastStart() ? 1 : 0);
            start = dut.input("start");
            tx = dut.input("tx");
            ack = dut.input("ack");
            loss = dut.input("loss");
            final String[] names = {"stat_ai_o", "stat_md_o", "stat_sub1_enter_o", "stat_sub1_leave_o", "stat_fs_loss_o",
                "stat_fs_done_o"};
            for (int i = 0; i < names.length; i++)
            {
                stat[i] = dut.outputWord(names[i]);
            }
            mtu = p.mtu();
            final int n = config.numQps();
            window = new long[n];
            timerMode = new boolean[n];
            tickOk = new boolean[n];
            fastStart = new boolean[n];
            java.util.Arrays.fill(window, ((long)p.iw() << LdcpPawaMath.FRAC) * p.mtu() >> LdcpPawaMath.FRAC);
            java.util.Arrays.fill(fastStart, p.fastStart());
            final int qpWord = dut.outputWord("upd_qp_o");
            final int causeWord = dut.outputWord("upd_cause_o");
            final int ecnWord = dut.outputWord("upd_ecn_o");
            final int windowWord = dut.outputWord("upd_window_o");
            final int modeWord = dut.outputWord("upd_timer_mode_o");
            final int tickWord = dut.outputWord("upd_tick_ok_o");
            final boolean fs = p.fastStart();
            dut.output("upd", out ->
            {
                final int qp = (int)out[qpWord];
                final int cause = (int)out[causeWord];
                window[qp] = out[windowWord];
                timerMode[qp] = out[modeWord] != 0;
                tickOk[qp] = out[tickWord] != 0;
                switch (cause)
                {
                    case LdcpPawaMath.CAUSE_START -> fastStart[qp] = fs;
                    case LdcpPawaMath.CAUSE_FS_DONE, LdcpPawaMath.CAUSE_FS_LOSS -> fastStart[qp] = false;
                    case LdcpPawaMath.CAUSE_TX -> ecn = (int)out[ecnWord];
                    default ->
                    {
                    }
                }
                if (LdcpPawaMath.CAUSE_TICK == cause)
                {
                    events.tick(host, qp);
                }
                else
                {
                    pending--;
                }
            });
        }

        /** Presents the staged record at {@code nowPs} and clocks the block until its update record is out. */
        void event(final InputFifo fifo, final long nowPs)
        {
            dut.runToTime(nowPs);
            pending++;
            fifo.push();
            for (int i = 0; pending > 0; i++)
            {
                if (i > LIMIT)
                {
                    throw new IllegalStateException("ldcp_pawa gave no update record in " + LIMIT + " cycles");
                }
                dut.runCycle(1);
            }
        }
    }

    // ---------------------------------------------------------------- ldcp_lsn

    static final class Sequencers implements LdcpParts.Sequencers
    {
        private final Lsn[] lsn;

        Sequencers(final Scenario scenario, final Topology topo, final int[] qps, final Level level)
        {
            lsn = new Lsn[qps.length];
            for (int h = 0; h < qps.length; h++)
            {
                if (qps[h] > 0)
                {
                    final LdcpLsnConfig d = LdcpLsnConfig.defaults();
                    final LdcpLsnConfig config = new LdcpLsnConfig(numQps(qps[h], 2), d.sramLatency(), d.outDepth(),
                        d.inDepth(), d.resDepth(), d.statWidth(), LdcpFormats.lsnParams(scenario));
                    lsn[h] = new Lsn(name("lsn_", topo.nodeId(h)), config, level);
                }
            }
        }

        @Override
        public long onTx(final int host, final int qp, final int len, final long nowPs)
        {
            final Lsn l = lsn[host];
            l.run(l.tx.stage(0, qp).stage(1, LdcpLsnReference.REQ).stage(2, len).stage(3, 0).stage(4, 0).stage(5, 0), nowPs);
            l.nxt[qp] = (l.txLsn + l.params.charge(len)) & LdcpCc.MASK;
            return l.txLsn;
        }

        @Override
        public long lastTs(final int host)
        {
            return lsn[host].txTs;
        }

        @Override
        public long nextLsn(final int host, final int qp)
        {
            return lsn[host].nxt[qp];
        }

        @Override
        public long inFlight(final int host, final int qp)
        {
            return (lsn[host].nxt[qp] - lsn[host].una[qp]) & LdcpCc.MASK;
        }

        @Override
        public int onAck(final int host, final int qp, final long ackLsn, final int n, final boolean ece, final long tsEcho,
            final long nowPs)
        {
            final Lsn l = lsn[host];
            l.run(l.ack.stage(0, qp).stage(1, LdcpLsnReference.REQ).stage(2, ackLsn).stage(3, n).stage(4, ece ? 1 : 0)
                .stage(5, tsEcho).stage(6, 0), nowPs);
            if (LdcpLsnReference.ADVANCE == l.code)
            {
                l.una[qp] = l.sndLsn;
            }
            return l.code;
        }

        @Override
        public int ackN(final int host)
        {
            return lsn[host].sndN;
        }

        @Override
        public boolean ackEce(final int host)
        {
            return lsn[host].sndEce;
        }

        @Override
        public long ackRtt(final int host)
        {
            return lsn[host].sndRtt;
        }

        @Override
        public long onNak(final int host, final int qp, final long expectedLsn, final long nowPs)
        {
            final Lsn l = lsn[host];
            l.run(l.ack.stage(0, qp).stage(1, LdcpLsnReference.REQ).stage(2, expectedLsn).stage(3, 0).stage(4, 0)
                .stage(5, 0).stage(6, 1), nowPs);
            return goBack(l, qp);
        }

        @Override
        public long onRto(final int host, final int qp, final long nowPs)
        {
            final Lsn l = lsn[host];
            l.run(l.rto.stage(0, qp), nowPs);
            return goBack(l, qp);
        }

        private static long goBack(final Lsn l, final int qp)
        {
            if (LdcpLsnReference.GO_BACK != l.code)
            {
                return -1;
            }
            l.una[qp] = l.sndLsn;
            l.nxt[qp] = l.sndLsn;
            return l.sndLsn;
        }

        @Override
        public int onData(final int host, final int qp, final long lsnValue, final int len, final boolean ce, final long ts,
            final boolean lastOfMessage, final long nowPs)
        {
            final Lsn l = lsn[host];
            l.run(l.rx.stage(0, qp).stage(1, LdcpLsnReference.REQ).stage(2, lsnValue).stage(3, len).stage(4, ce ? 1 : 0)
                .stage(5, ts).stage(6, lastOfMessage ? 1 : 0).stage(7, 0).stage(8, 0), nowPs);
            return l.ndesc;
        }

        @Override
        public boolean accepted(final int host)
        {
            return LdcpLsnUpdate.STATUS_ACCEPTED == lsn[host].status;
        }

        @Override
        public int onFlush(final int host, final int qp, final long nowPs)
        {
            final Lsn l = lsn[host];
            l.run(l.flush.stage(0, qp).stage(1, LdcpLsnReference.REQ), nowPs);
            return l.ndesc;
        }

        @Override
        public int descKind(final int host, final int k)
        {
            return (int)lsn[host].desc[k][0];
        }

        @Override
        public long descAckLsn(final int host, final int k)
        {
            return lsn[host].desc[k][2];
        }

        @Override
        public int descN(final int host, final int k)
        {
            return (int)lsn[host].desc[k][3];
        }

        @Override
        public boolean descEce(final int host, final int k)
        {
            return lsn[host].desc[k][4] != 0;
        }

        @Override
        public long descTsEcho(final int host, final int k)
        {
            return lsn[host].desc[k][5];
        }

        @Override
        public long[] stats()
        {
            final long[] s = new long[5];
            for (final Lsn l : lsn)
            {
                if (null != l)
                {
                    for (int i = 0; i < s.length; i++)
                    {
                        s[i] += l.dut.output(l.stat[i]);
                    }
                }
            }
            return s;
        }

        @Override
        public void close() throws Exception
        {
            for (final Lsn l : lsn)
            {
                if (null != l)
                {
                    l.dut.close();
                }
            }
        }
    }

    /** One host's {@code ldcp_lsn}, both roles. */
    private static final class Lsn
    {
        final ClockedDut dut;
        final LdcpLsnParams params;
        final InputFifo tx;
        final InputFifo ack;
        final InputFifo rto;
        final InputFifo rx;
        final InputFifo flush;
        final int[] stat = new int[5];
        final long[] una;
        final long[] nxt;
        final long[][] desc = new long[2][6];
        boolean done;
        long txLsn;
        long txTs;
        int code;
        long sndLsn;
        int sndN;
        boolean sndEce;
        long sndRtt;
        int ndesc;
        int status;

        Lsn(final String name, final LdcpLsnConfig config, final Level level)
        {
            dut = Duts.open(level, LdcpLsnSpec.spec(config), () -> new LdcpLsn(null, name, config));
            params = config.params();
            dut.set("cfg_m_i", params.m()).set("cfg_lmin_i", params.lMin());
            tx = dut.input("tx");
            ack = dut.input("ack");
            rto = dut.input("rto");
            rx = dut.input("rx");
            flush = dut.input("flush");
            una = new long[config.numQps()];
            nxt = new long[config.numQps()];
            final String[] names = {"stat_acks_o", "stat_ece_acks_o", "stat_naks_o", "stat_dup_acks_o", "stat_go_backs_o"};
            for (int i = 0; i < names.length; i++)
            {
                stat[i] = dut.outputWord(names[i]);
            }
            final int txrLsn = dut.outputWord("txr_lsn_o");
            final int txrTs = dut.outputWord("txr_ts_o");
            dut.output("txr", out ->
            {
                txLsn = out[txrLsn];
                txTs = out[txrTs];
                done = true;
            });
            final int sCode = dut.outputWord("snd_code_o");
            final int sLsn = dut.outputWord("snd_lsn_o");
            final int sN = dut.outputWord("snd_n_o");
            final int sEce = dut.outputWord("snd_ece_o");
            final int sRtt = dut.outputWord("snd_rtt_o");
            dut.output("snd", out ->
            {
                code = (int)out[sCode];
                sndLsn = out[sLsn];
                sndN = (int)out[sN];
                sndEce = out[sEce] != 0;
                sndRtt = out[sRtt];
                done = true;
            });
            final int nd = dut.outputWord("rxr_ndesc_o");
            final int st = dut.outputWord("rxr_status_o");
            final int[][] d = new int[2][6];
            final String[] fields = {"kind", "space", "lsn", "n", "ece", "ts"};
            for (int k = 0; k < 2; k++)
            {
                for (int f = 0; f < fields.length; f++)
                {
                    d[k][f] = dut.outputWord("rxr_d" + k + "_" + fields[f] + "_o");
                }
            }
            dut.output("rxr", out ->
            {
                ndesc = (int)out[nd];
                status = (int)out[st];
                for (int k = 0; k < 2; k++)
                {
                    for (int f = 0; f < 6; f++)
                    {
                        desc[k][f] = out[d[k][f]];
                    }
                }
                done = true;
            });
        }

        /** Presents the staged record at {@code nowPs} and clocks the block until its result is out. */
        void run(final InputFifo fifo, final long nowPs)
        {
            dut.runToTime(nowPs);
            done = false;
            fifo.push();
            for (int i = 0; !done; i++)
            {
                if (i > LIMIT)
                {
                    throw new IllegalStateException("ldcp_lsn gave no result in " + LIMIT + " cycles");
                }
                dut.runCycle(1);
            }
        }
    }
}
