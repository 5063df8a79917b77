package dev.ccsilicon.net.dcqcn;

import java.util.List;
import java.util.function.IntFunction;

import dev.ccsilicon.blocks.dcqcncp.DcqcnCp;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpConfig;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpPorts;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpSettings;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNp;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpConfig;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRp;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpConfig;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.cosim.blocks.dcqcncp.DcqcnCpSpec;
import dev.ccsilicon.cosim.blocks.dcqcnnp.DcqcnNpSpec;
import dev.ccsilicon.cosim.blocks.dcqcnrp.DcqcnRpSpec;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.blocks.ClockedDut;
import dev.ccsilicon.net.blocks.Duts;
import dev.ccsilicon.net.blocks.InputFifo;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;

/**
 * The DCQCN blocks in the loop at the model or RTL level, each driven only through its pins by a
 * {@link ClockedDut} (block cycle c at c ns; idle stretches skipped; at RTL every cycle checked against a
 * shadow model, as for RoCC, docs/network.md "Levels in the loop"). The adapters are the NIC and switch
 * pipelines around the blocks:
 * <ul>
 *   <li>{@code dcqcn_cp}, one per switch egress port: the packet's ADMIT record (and at enqueue marking its
 *       MARK record) is presented at the cycle of its arrival and the block is clocked until its decision
 *       comes out (latency 2): the switch waits for the verdict, as the egress pipeline would. The block
 *       has no notion of time, so its decisions do not depend on the cycles this takes;</li>
 *   <li>{@code dcqcn_np}, one per receiving host: CE packets join the {@code ce} FIFO; each record of its
 *       {@code cnp} stream ({@code cnp_ready_i} always high) is a CNP sent at that cycle;</li>
 *   <li>{@code dcqcn_rp}, one per sending host: CNPs join the {@code cnp} FIFO, the pacer's byte reports
 *       the {@code tx} FIFO; each {@code upd} record sets the flow's pacer.</li>
 * </ul>
 */
final class DcqcnBlocks
{
    static final long CLOCK_HZ = Scenario.BLOCK_CLOCK_HZ;
    private static final long CYCLE_PS = Scenario.BLOCK_CYCLE_PS;
    /** The timer wheel's largest NumSlots. */
    private static final long MAX_SLOTS = 1 << 16;

    private DcqcnBlocks()
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

    /** Slots × tick for a wheel whose horizon must be at least {@code cycles}: S doubles first, then G. */
    static long[] wheel(final long slots0, final long g0, final long cycles)
    {
        long slots = slots0;
        long g = g0;
        while (slots * g < cycles)
        {
            if (slots < MAX_SLOTS)
            {
                slots <<= 1;
            }
            else
            {
                g <<= 1;
            }
        }
        return new long[] {slots, g};
    }

    static long wakeOf(final ClockedDut dut)
    {
        final long busy = dut.nextBusyCycle();
        return busy == Long.MAX_VALUE ? dev.ccsilicon.net.cc.CcHook.NEVER : busy * CYCLE_PS;
    }

    // ---------------------------------------------------------------- dcqcn_cp

    static final class Markers implements DcqcnParts.Markers
    {
        private final Marker[] markers;

        Markers(final Topology topo, final Level level, final IntFunction<DcqcnCpSettings> settings)
        {
            markers = new Marker[topo.portCount()];
            for (int port = 0; port < markers.length; port++)
            {
                if (!topo.isHost(topo.from(port)))
                {
                    markers[port] = new Marker(name("cp_", topo.portId(port).replace("->", "_to_")),
                        DcqcnCpPorts.configValues(settings.apply(port)), level);
                }
            }
        }

        @Override
        public int admit(final int port, final long q, final int len, final int ecn)
        {
            return markers[port].admit(q, len, ecn);
        }

        @Override
        public int mark(final int port, final long q, final int len, final int ecn)
        {
            return markers[port].mark(q, ecn);
        }

        @Override
        public long marks()
        {
            long sum = 0;
            for (final Marker m : markers)
            {
                sum += null == m ? 0 : m.dut.output(m.statMark);
            }
            return sum;
        }

        @Override
        public long wredDrops()
        {
            long sum = 0;
            for (final Marker m : markers)
            {
                sum += null == m ? 0 : m.dut.output(m.statWred);
            }
            return sum;
        }

        @Override
        public void close() throws Exception
        {
            for (final Marker m : markers)
            {
                if (null != m)
                {
                    m.dut.close();
                }
            }
        }
    }

    /** One egress port's {@code dcqcn_cp}. */
    private static final class Marker
    {
        final ClockedDut dut;
        final InputFifo adm;
        final InputFifo mrk;
        final int decCode;
        final int ecnOut;
        final int statMark;
        final int statWred;
        boolean haveDec;
        boolean haveEcn;
        long dec;
        long ecn;

        Marker(final String name, final long[] cfg, final Level level)
        {
            final DcqcnCpConfig config = DcqcnCpConfig.DEFAULT;
            dut = Duts.open(level, DcqcnCpSpec.spec(config), () -> new DcqcnCp(name, config));
            final List<String> pins = DcqcnCpPorts.CONFIG_PINS;
            for (int i = 0; i < pins.size(); i++)
            {
                dut.set(pins.get(i), cfg[i]);
            }
            adm = dut.input("adm");
            mrk = dut.input("mrk");
            decCode = dut.outputWord("dec_code_o");
            ecnOut = dut.outputWord("ecn_out_o");
            statMark = dut.outputWord("stat_mark_o");
            statWred = dut.outputWord("stat_drop_wred_o");
            dut.output("dec", out ->
            {
                dec = out[decCode];
                haveDec = true;
            });
            dut.output("ecn", out ->
            {
                ecn = out[ecnOut];
                haveEcn = true;
            });
        }

        int admit(final long q, final int len, final int ecnIn)
        {
            haveDec = false;
            adm.stage(0, q).stage(1, len).stage(2, ecnIn).push();
            while (!haveDec)
            {
                dut.runCycle(1);
            }
            return (int)dec;
        }

        int mark(final long q, final int ecnIn)
        {
            haveEcn = false;
            mrk.stage(0, q).stage(1, ecnIn).push();
            while (!haveEcn)
            {
                dut.runCycle(1);
            }
            return (int)ecn;
        }
    }

    // ---------------------------------------------------------------- dcqcn_np

    static final class NotificationPoints implements DcqcnParts.NotificationPoints
    {
        private final Np[] nps;

        NotificationPoints(final Scenario scenario, final int[] qps, final DcqcnParts.Events events, final Level level)
        {
            final DcqcnScenarioConfig.Nic nic = scenario.section(DcqcnScenarioConfig.class).nic();
            final long interval = DcqcnFormats.units(nic.cnpIntervalPs(), CYCLE_PS);
            nps = new Np[qps.length];
            for (int h = 0; h < qps.length; h++)
            {
                if (qps[h] > 0)
                {
                    nps[h] = new Np(h, name("np_", "h" + h), config(qps[h], DcqcnFormats.npMode(nic), interval), events,
                        level);
                }
            }
        }

        /** RTL defaults but NumQps (the next power of two, ≥ 2 per lane) and a wheel of at least 2(N + G − 1). */
        static DcqcnNpConfig config(final int qps, final int mode, final long interval)
        {
            final DcqcnNpConfig d = DcqcnNpConfig.defaults(CLOCK_HZ);
            long slots = d.numSlots();
            long g = d.slotCycles();
            while (slots * g < 2 * (interval + g - 1))
            {
                if (slots < MAX_SLOTS)
                {
                    slots <<= 1;
                }
                else
                {
                    g <<= 1;
                }
            }
            return new DcqcnNpConfig(numQps(qps, 2 * d.numLanes()), d.sramLatency(), d.outDepth(), d.ceDepth(),
                d.cnpDepth(), Math.toIntExact(slots), Math.toIntExact(g), d.numLanes(), d.statWidth(), mode, interval);
        }

        @Override
        public long onCe(final int host, final int qp, final long nowPs)
        {
            final Np np = nps[host];
            np.dut.runToTime(nowPs);
            np.ce.stage(0, qp).push();
            return wakeOf(np.dut);
        }

        @Override
        public int wakeSlots()
        {
            return nps.length;
        }

        @Override
        public long wake(final int host, final long nowPs)
        {
            final Np np = nps[host];
            if (null == np)
            {
                return NEVER;
            }
            np.dut.runToTime(nowPs);
            return wakeOf(np.dut);
        }

        private long stat(final String pin)
        {
            long sum = 0;
            for (final Np np : nps)
            {
                sum += null == np ? 0 : np.dut.output(np.dut.outputWord(pin));
            }
            return sum;
        }

        @Override
        public long ceSeen()
        {
            return stat("stat_ce_seen_o");
        }

        @Override
        public long suppressed()
        {
            return stat("stat_suppressed_o");
        }

        @Override
        public void close() throws Exception
        {
            for (final Np np : nps)
            {
                if (null != np)
                {
                    np.dut.close();
                }
            }
        }
    }

    /** One receiving host's {@code dcqcn_np}. */
    private static final class Np
    {
        final ClockedDut dut;
        final InputFifo ce;

        Np(final int host, final String name, final DcqcnNpConfig config, final DcqcnParts.Events events,
            final Level level)
        {
            dut = Duts.open(level, DcqcnNpSpec.spec(config), () -> new DcqcnNp(null, name, config));
            dut.set("cfg_mode_i", config.mode()).set("cfg_interval_i", config.intervalCycles());
            ce = dut.input("ce");
            final int qpWord = dut.outputWord("cnp_qp_o");
            dut.output("cnp", out -> events.cnp(host, (int)out[qpWord], dut.cycle() * CYCLE_PS));
        }
    }

    // ---------------------------------------------------------------- dcqcn_rp

    static final class ReactionPoints implements DcqcnParts.ReactionPoints
    {
        private final Rp[] rps;

        ReactionPoints(final Scenario scenario, final Topology topo, final int[] qps, final DcqcnParts.Events events,
            final Level level)
        {
            final DcqcnScenarioConfig.Nic nic = scenario.section(DcqcnScenarioConfig.class).nic();
            rps = new Rp[qps.length];
            for (int h = 0; h < qps.length; h++)
            {
                if (qps[h] > 0)
                {
                    final DcqcnRpParams params = DcqcnFormats.rpParams(nic, topo.rateBps(topo.hostPort(h)), CYCLE_PS);
                    rps[h] = new Rp(h, name("rp_", topo.nodeId(h)), config(qps[h], params), events, level);
                }
            }
        }

        /** RTL defaults but NumQps and a wheel whose horizon is at least twice the longest timer. */
        static DcqcnRpConfig config(final int qps, final DcqcnRpParams params)
        {
            final DcqcnRpConfig d = DcqcnRpConfig.defaults(CLOCK_HZ);
            final long longest = Math.max(params.rateTimer(), Math.max(params.alphaTimer(), params.decreaseTimer()));
            final long[] sg = wheel(d.numSlots(), d.slotCycles(), 2 * longest + 1);
            return new DcqcnRpConfig(numQps(qps, 2 * d.numLanes()), d.sramLatency(), d.outDepth(), d.metaDepth(),
                Math.toIntExact(sg[0]), Math.toIntExact(sg[1]), d.numLanes(), d.deadlineWidth(), d.statWidth(), params);
        }

        /**
         * Reports every block's inputs and {@code upd} records at its pins to {@code recorder} (a
         * cross-check trace); call before the run starts.
         */
        void record(final DcqcnRpRecorder recorder)
        {
            for (final Rp rp : rps)
            {
                if (null != rp)
                {
                    rp.recorder = recorder;
                    rp.dut.pins(new DcqcnRpTap(rp.dut, rp.host, rp.statWidth, recorder));
                }
            }
        }

        @Override
        public long onCnp(final int host, final int qp, final long nowPs)
        {
            final Rp rp = rps[host];
            rp.dut.runToTime(nowPs);
            rp.cnp.stage(0, qp).push();
            if (null != rp.recorder)
            {
                rp.recorder.cnp(nowPs, host, qp);
            }
            return wakeOf(rp.dut);
        }

        @Override
        public long onTx(final int host, final int qp, final long bytes, final long nowPs)
        {
            final Rp rp = rps[host];
            rp.dut.runToTime(nowPs);
            rp.tx.stage(0, qp).stage(1, bytes).push();
            if (null != rp.recorder)
            {
                rp.recorder.tx(nowPs, host, qp, bytes);
            }
            return wakeOf(rp.dut);
        }

        @Override
        public boolean limited(final int host, final int qp)
        {
            return null != rps[host] && rps[host].limited[qp];
        }

        @Override
        public long rc(final int host, final int qp)
        {
            return rps[host].rc[qp];
        }

        @Override
        public long rt(final int host, final int qp)
        {
            return -1;
        }

        @Override
        public int alpha(final int host, final int qp)
        {
            return -1;
        }

        @Override
        public int wakeSlots()
        {
            return rps.length;
        }

        @Override
        public long wake(final int host, final long nowPs)
        {
            final Rp rp = rps[host];
            if (null == rp)
            {
                return NEVER;
            }
            rp.dut.runToTime(nowPs);
            return wakeOf(rp.dut);
        }

        @Override
        public void close() throws Exception
        {
            for (final Rp rp : rps)
            {
                if (null != rp)
                {
                    rp.dut.close();
                }
            }
        }
    }

    /** One sending host's {@code dcqcn_rp}; the pacer's view of each QP is what its last update said. */
    static final class Rp
    {
        final ClockedDut dut;
        final InputFifo cnp;
        final InputFifo tx;
        final boolean[] limited;
        final long[] rc;
        // Null unless a cross-check trace is being recorded.
        DcqcnRpRecorder recorder;
        final int host;
        final int statWidth;

        Rp(final int host, final String name, final DcqcnRpConfig config, final DcqcnParts.Events events,
            final Level level)
        {
            dut = open(name, config, level);
            this.host = host;
            statWidth = config.statWidth();
            cnp = dut.input("cnp");
            tx = dut.input("tx");
            limited = new boolean[config.numQps()];
            rc = new long[config.numQps()];
            final int qpWord = dut.outputWord("upd_qp_o");
            final int rcWord = dut.outputWord("upd_rc_o");
            final int limiterWord = dut.outputWord("upd_limiter_o");
            final int causeWord = dut.outputWord("upd_cause_o");
            dut.output("upd", out ->
            {
                final int qp = (int)out[qpWord];
                limited[qp] = out[limiterWord] != 0;
                rc[qp] = out[rcWord];
                if (null != recorder)
                {
                    recorder.update(dut.cycle() * CYCLE_PS, host, qp, rc[qp], limited[qp], (int)out[causeWord]);
                }
                events.rateChanged(host, qp, dut.cycle() * CYCLE_PS);
            });
        }

        /** The block at {@code level} with its cfg pins set from {@code config}'s parameters (also the cross-check's replay). */
        static ClockedDut open(final String name, final DcqcnRpConfig config, final Level level)
        {
            final ClockedDut dut = Duts.open(level, DcqcnRpSpec.spec(config), () -> new DcqcnRp(null, name, config));
            final DcqcnRpParams p = config.params();
            dut.set("cfg_profile_i", p.profile()).set("cfg_fr_pre_i", p.frComparePre() ? 1 : 0)
                .set("cfg_alpha_first_i", p.alphaBeforeCut() ? 1 : 0).set("cfg_hai_scale_i", p.haiScaleI() ? 1 : 0)
                .set("cfg_hai_half_timer_i", p.haiHalveTimer() ? 1 : 0).set("cfg_hai_half_bytes_i", p.haiHalveBytes() ? 1 : 0)
                .set("cfg_rate_line_i", p.rateLine()).set("cfg_rate_min_i", p.rateMin()).set("cfg_rate_ai_i", p.rateAi())
                .set("cfg_rate_hai_i", p.rateHai()).set("cfg_g16_i", p.g16()).set("cfg_f_i", p.fastRecovery())
                .set("cfg_bytes_i", p.byteCounter()).set("cfg_t_inc_i", p.rateTimer()).set("cfg_t_alpha_i", p.alphaTimer())
                .set("cfg_t_dec_i", p.decreaseTimer());
            return dut;
        }
    }
}
