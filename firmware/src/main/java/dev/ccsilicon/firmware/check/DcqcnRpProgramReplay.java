package dev.ccsilicon.firmware.check;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import dev.ccsilicon.firmware.pcc.DcqcnRpProgram;
import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.trace.Trace;
import dev.ccsilicon.firmware.trace.TraceHeader;

/**
 * A dcqcn_rp trace fed to the dcqcn_rp program, compiled (ISS) and twin in lockstep, with the
 * program in timer mode (param {@code timer_mode} = 1: one TIMER extension timer per QP, armed at
 * the earlier of its increase and alpha deadlines; a TIMER event runs every expiry due at its
 * deadline, with the deadline word the program armed).
 * <p>
 * Inputs go in record order: each CNP as a CNP event and each TX report as a TX event
 * at its recorded time in ns: {@code sent_32bytes} is the report in DOCA's 32-byte units, the
 * remainder carried to the QP's next report until its byte budget restarts (a byte-counter
 * increase or a cut, where the block drops the overshoot); the program then fires exactly when the
 * block does whenever B and B / 2 are multiples of 32 bytes. Expiries follow the block's:
 * before each input of a QP, and at the end, the program gets TIMER events at its armed deadlines
 * until it has run as many increase-timer expiries for that QP as the block had (TIMER records)
 * and as many alpha expiries (ALPHA records). The pins do not say whose alpha timer expired; in a
 * NIC with more than one QP an ALPHA record is given to the QP whose next alpha expiry in the
 * program's clock is earliest. Between inputs, the order of a QP's two timers changes no value
 * (an increase does not read alpha, an alpha decay does not read the rates).
 * <p>
 * Decisions compared: each CNP, and each program event that raised the rate (an increase from
 * the byte counter or the increase timer), with the block's result code (through
 * {@link DcqcnRpCauses}), Rc and the limiter. A TIMER event that ran an increase and an alpha
 * decay at one deadline returns the alpha code; its increase code is rebuilt from the program's
 * counters (timer increases, FR/AI/HAI, removals), which the host can read. Firmware and twin must
 * moreover agree on every event (results and the whole 48-byte context, alpha included).
 * <p>
 * The program's parameters are set to the block's semantics for the check (docs/firmware.md):
 * no minimum gap between cuts (0), an unbounded catch-up (0xFFFF), and the timer periods the
 * block's wheel keeps: it fires on its tick, so a period re-armed at an expiry is the configured
 * one rounded down to the tick ({@link #H_TICK}). In timer mode the program's idle rule only
 * clears its cut-gap flag.
 */
public final class DcqcnRpProgramReplay
{
    /** Indices of the header's parameters (after the per-NIC line rate, which is {@code Nic.rateMax}). */
    public static final int H_PROFILE = 0, H_RATE_MIN = 1, H_RATE_AI = 2, H_RATE_HAI = 3, H_G16 = 4, H_F = 5, H_T_INC = 6,
        H_T_ALPHA = 7, H_BYTES = 8, H_T_DEC = 9, H_FLAGS = 10, H_TICK = 11, H_COUNT = 12;
    /** Bits of {@link #H_FLAGS}: the paper profile's switches, as the block's cfg pins. */
    public static final int FLAG_FR_PRE = 1, FLAG_ALPHA_FIRST = 2, FLAG_HAI_SCALE = 4, FLAG_HAI_HALF_TIMER = 8,
        FLAG_HAI_HALF_BYTES = 16;
    /** What the program implements: profile paper, post-increment compare, cut with the old alpha, HAI scaled, halved timer and budget. */
    public static final int PROGRAM_FLAGS = FLAG_HAI_SCALE | FLAG_HAI_HALF_TIMER | FLAG_HAI_HALF_BYTES;
    /** Decision record numbers of non-CNP inputs (a CNP's is its number among the trace's CNPs). */
    public static final int REC_TIMER = -1, REC_TX = -2;

    /** How long after an input the block may still take an expiry first: its FIFO and table pipeline, generously. */
    static final long PIPELINE_PS = 64_000;

    private static final int[] INC_COUNTERS = {DcqcnRpProgram.C_TIMER_INC, DcqcnRpProgram.C_FR, DcqcnRpProgram.C_AI,
        DcqcnRpProgram.C_HAI, DcqcnRpProgram.C_REMOVED, DcqcnRpProgram.C_BYTE_INC};

    private DcqcnRpProgramReplay()
    {
    }

    /** Why the dcqcn_rp program cannot stand in for the block that recorded {@code h}, or null. */
    public static String unsupported(final TraceHeader h)
    {
        if (h.params().size() != H_COUNT)
        {
            return "the header has " + h.params().size() + " dcqcn_rp parameters, must be " + H_COUNT;
        }
        if (h.param(H_PROFILE) != 0)
        {
            return "profile " + h.param(H_PROFILE) + " (ns3): the dcqcn_rp program implements profile paper (0)";
        }
        if (h.param(H_FLAGS) != PROGRAM_FLAGS)
        {
            return String.format(Locale.ROOT, "paper flags 0x%x: the dcqcn_rp program implements 0x%x (HAI scaled, halved timer and budget)",
                h.param(H_FLAGS), PROGRAM_FLAGS);
        }
        return null;
    }

    /** Per NIC, dcqcn_rp's parameters by id, set to the block's semantics (timer mode, no cut gap, no catch-up bound). */
    public static int[][] params(final TraceHeader h)
    {
        final int[][] p = new int[h.nics().size()][];
        for (int n = 0; n < p.length; n++)
        {
            final int[] v = DcqcnRpProgram.DEFAULTS.clone();
            v[DcqcnRpProgram.P_RATE_LINE] = (int)h.nics().get(n).rateMax();
            v[DcqcnRpProgram.P_RATE_MIN] = (int)h.param(H_RATE_MIN);
            v[DcqcnRpProgram.P_RATE_AI] = (int)h.param(H_RATE_AI);
            v[DcqcnRpProgram.P_RATE_HAI] = (int)h.param(H_RATE_HAI);
            v[DcqcnRpProgram.P_G16] = (int)h.param(H_G16);
            v[DcqcnRpProgram.P_F] = (int)h.param(H_F);
            final long tick = Math.max(1, h.param(H_TICK));
            v[DcqcnRpProgram.P_T_INC_NS] = (int)(h.param(H_T_INC) / tick * tick);
            v[DcqcnRpProgram.P_K_NS] = (int)(h.param(H_T_ALPHA) / tick * tick);
            v[DcqcnRpProgram.P_BYTES] = (int)h.param(H_BYTES);
            v[DcqcnRpProgram.P_MIN_CUT_GAP_NS] = 0;
            v[DcqcnRpProgram.P_ALPHA_INIT] = DcqcnRpProgram.ALPHA_ONE;
            v[DcqcnRpProgram.P_TIMER_MODE] = 1;
            v[DcqcnRpProgram.P_MAX_CATCHUP] = 0xFFFF;
            p[n] = v;
        }
        return p;
    }

    /** The trace's own decisions (the block's rate updates), named {@code side}. */
    public static DecisionLog recorded(final Trace t, final String side)
    {
        final DecisionLog log = new DecisionLog(side);
        final int nics = t.header().nics().size();
        final List<List<ArrayDeque<Integer>>> cnps = new java.util.ArrayList<>();
        for (int n = 0; n < nics; n++)
        {
            final List<ArrayDeque<Integer>> q = new java.util.ArrayList<>();
            for (int i = 0; i < t.header().nics().get(n).qps(); i++)
            {
                q.add(new ArrayDeque<>());
            }
            cnps.add(q);
        }
        int ordinal = 0;
        for (int i = 0; i < t.size(); i++)
        {
            if (t.kind(i) == Trace.CNP)
            {
                cnps.get(t.nic(i)).get(t.qp(i)).add(ordinal++);
            }
            else if (t.kind(i) == Trace.OUTPUT)
            {
                final int input = Trace.dcqcnInput(t.cause(i));
                final Integer cnp = input == Trace.CNP ? cnps.get(t.nic(i)).get(t.qp(i)).poll() : null;
                final int record = input == Trace.CNP ? (null == cnp ? REC_TIMER : cnp) : input == Trace.TX ? REC_TX : REC_TIMER;
                log.add(record, t.timePs(i), t.nic(i), t.qp(i), t.cause(i), t.rate(i), t.limiter(i), 0, 0);
            }
        }
        return log;
    }

    /**
     * What the program replay gives: each side's decisions, and where firmware and twin first parted
     * (null if never) on any event, the program-only ones included.
     *
     * @param firmware   the compiled program's decisions.
     * @param twin       the twin's.
     * @param events     program events run (until the first firmware/twin difference), by kind: CNP, TX, TIMER.
     * @param timerRecords increase-timer expiries the program ran.
     * @param alphaExpiries alpha-timer expiries the program ran.
     * @param cycles     ISS cycles per program event kind (CNP, TX, TIMER), in event order.
     * @param difference the first firmware/twin difference, for the user, or null.
     */
    public record Result(DecisionLog firmware, DecisionLog twin, int[] events, int timerRecords, int alphaExpiries, long[][] cycles,
                         String difference)
    {
    }

    /** Runs the trace through {@code iss} and {@code twin} in lockstep. */
    public static Result run(final Trace t, final PccEngine iss, final String issSide, final PccEngine twin)
    {
        return new Run(t, iss, issSide, twin).run();
    }

    private static final class Run
    {
        final Trace t;
        final PccEngine[] eng;
        final DecisionLog[] logs;
        final int[][][][] ctx;
        final int[][][] armed;
        final int[][] results = new int[2][PccAbi.RESULT_WORDS];
        final int[][] before = new int[2][INC_COUNTERS.length];
        final int[] events = new int[3];
        final long[][] cycles;
        final int[] fill = new int[3];
        final int[][] blockInc;
        final int[][] blockAlpha;
        final int[][] progInc;
        final int[][] progAlpha;
        final int[] qps;
        final int alphaPeriod;
        /** Bytes reported to a QP's current byte budget that did not fill a 32-byte unit yet. */
        final int[][] carry;
        int timerRecords;
        int sn;
        String difference;
        /** The trace record being fed (a CNP or TX), or -1 for a TIMER event; and where the block decided it. */
        int current = -1;
        int[] decidedAt;

        Run(final Trace t, final PccEngine iss, final String issSide, final PccEngine twin)
        {
            this.t = t;
            eng = new PccEngine[] {iss, twin};
            logs = new DecisionLog[] {new DecisionLog(issSide), new DecisionLog("twin")};
            final TraceHeader h = t.header();
            ctx = new int[2][h.nics().size()][][];
            armed = new int[2][h.nics().size()][];
            for (int e = 0; e < 2; e++)
            {
                for (int n = 0; n < h.nics().size(); n++)
                {
                    ctx[e][n] = new int[h.nics().get(n).qps()][PccAbi.CTX_WORDS];
                    armed[e][n] = new int[h.nics().get(n).qps()];
                }
            }
            final int inputs = t.count(Trace.CNP) + t.count(Trace.TX) + t.count(Trace.TIMER) + t.count(Trace.ALPHA);
            cycles = new long[3][inputs + 16];
            alphaPeriod = h.nics().isEmpty() ? 0 : params(h)[0][DcqcnRpProgram.P_K_NS];
            qps = new int[h.nics().size()];
            carry = new int[qps.length][];
            blockInc = new int[qps.length][];
            blockAlpha = new int[qps.length][];
            progInc = new int[qps.length][];
            progAlpha = new int[qps.length][];
            for (int n = 0; n < qps.length; n++)
            {
                qps[n] = h.nics().get(n).qps();
                blockInc[n] = new int[qps[n]];
                blockAlpha[n] = new int[qps[n]];
                progInc[n] = new int[qps[n]];
                progAlpha[n] = new int[qps[n]];
                carry[n] = new int[qps[n]];
            }
        }

        Result run()
        {
            decidedAt = decisionIndex();
            final boolean[] counted = new boolean[t.size()];
            int cnpOrdinal = 0;
            for (int i = 0; i < t.size() && null == difference; i++)
            {
                final int k = t.kind(i);
                final int n = t.nic(i);
                if (k == Trace.TIMER || k == Trace.ALPHA)
                {
                    if (!counted[i])
                    {
                        count(i);
                    }
                    continue;
                }
                if (k != Trace.CNP && k != Trace.TX)
                {
                    continue;
                }
                final int q = t.qp(i);
                // The block decided this input at decidedAt[i]: the expiries it showed before then were processed first.
                for (int j = i + 1; j < decidedAt[i]; j++)
                {
                    if (!counted[j] && t.nic(j) == n && (t.kind(j) == Trace.ALPHA || t.kind(j) == Trace.TIMER && t.qp(j) == q))
                    {
                        count(j);
                        counted[j] = true;
                    }
                }
                // A TX needs the QP's increases (T enters its branch), a cut also its alpha decays.
                sync(n, q, k == Trace.CNP);
                current = i;
                final int ns = (int)(t.timePs(i) / 1000);
                if (k == Trace.CNP)
                {
                    step(n, q, 0, PccAbi.cnp(q, sn, ns, 0, 0), null, cnpOrdinal++, t.timePs(i), true);
                }
                else
                {
                    final long sum = carry[n][q] + t.bytes(i);
                    carry[n][q] = (int)(sum & 31);
                    step(n, q, 1, PccAbi.tx(q, sn, ns, (int)Math.min(sum >>> 5, 0xFFFF), 1, 0), null, REC_TX, t.timePs(i), false);
                }
                if ((results[0][PccAbi.R_CAUSE] & (DcqcnRpProgram.RES_INCREASE | DcqcnRpProgram.RES_BYTES_BIT))
                    == (DcqcnRpProgram.RES_INCREASE | DcqcnRpProgram.RES_BYTES_BIT) || k == Trace.CNP)
                {
                    // The budget restarted: the block dropped the overshoot, and so does the remainder.
                    carry[n][q] = 0;
                }
                current = -1;
            }
            for (int n = 0; n < qps.length && null == difference; n++)
            {
                for (int q = 0; q < qps[n] && null == difference; q++)
                {
                    sync(n, q, true);
                }
            }
            final long[][] c = new long[3][];
            for (int k = 0; k < 3; k++)
            {
                c[k] = Arrays.copyOf(cycles[k], fill[k]);
            }
            int alphas = 0;
            for (final int[] a : progAlpha)
            {
                for (final int v : a)
                {
                    alphas += v;
                }
            }
            return new Result(logs[0], logs[1], events, timerRecords, alphas, c, difference);
        }

        /** An expiry record: one more the program must have run before the QP's next input. */
        private void count(final int i)
        {
            final int n = t.nic(i);
            if (t.kind(i) == Trace.TIMER)
            {
                blockInc[n][t.qp(i)]++;
            }
            else
            {
                blockAlpha[n][alphaOwner(n, (int)(t.timePs(i) / 1000))]++;
            }
        }

        /**
         * For each input record, the index of the OUTPUT that decided it (a CNP's cut; a TX's
         * byte-counter increase when it fired), else the input's own index.
         */
        private int[] decisionIndex()
        {
            final int[] at = new int[t.size()];
            final int[][] lastTx = new int[qps.length][];
            final List<List<ArrayDeque<Integer>>> cnps = new java.util.ArrayList<>();
            for (int n = 0; n < qps.length; n++)
            {
                lastTx[n] = new int[qps[n]];
                Arrays.fill(lastTx[n], -1);
                final List<ArrayDeque<Integer>> l = new java.util.ArrayList<>();
                for (int q = 0; q < qps[n]; q++)
                {
                    l.add(new ArrayDeque<>());
                }
                cnps.add(l);
            }
            for (int i = 0; i < t.size(); i++)
            {
                at[i] = i;
                final int k = t.kind(i);
                if (k == Trace.CNP)
                {
                    cnps.get(t.nic(i)).get(t.qp(i)).add(i);
                }
                else if (k == Trace.TX)
                {
                    lastTx[t.nic(i)][t.qp(i)] = i;
                }
                else if (k == Trace.OUTPUT)
                {
                    final int input = Trace.dcqcnInput(t.cause(i));
                    if (input == Trace.CNP)
                    {
                        final Integer c = cnps.get(t.nic(i)).get(t.qp(i)).poll();
                        if (null != c)
                        {
                            at[c] = i;
                        }
                    }
                    else if (input == Trace.TX && lastTx[t.nic(i)][t.qp(i)] >= 0)
                    {
                        at[lastTx[t.nic(i)][t.qp(i)]] = i;
                        lastTx[t.nic(i)][t.qp(i)] = -1;
                    }
                }
            }
            // A TX the block did not fire on leaves no OUTPUT; an increase expiry of its QP that the block
            // shows within its pipeline's latency after it may have been taken first (and may have
            // removed the limiter, so the report found the QP unlimited): count it first.
            for (int i = 0; i < t.size(); i++)
            {
                if (t.kind(i) != Trace.TX || at[i] != i)
                {
                    continue;
                }
                // Records are in time order per NIC; the NICs' blocks run in turns.
                for (int j = i + 1; j < t.size(); j++)
                {
                    if (t.nic(j) != t.nic(i))
                    {
                        continue;
                    }
                    if (t.timePs(j) - t.timePs(i) > PIPELINE_PS)
                    {
                        break;
                    }
                    if (t.qp(j) != t.qp(i) || t.kind(j) == Trace.OUTPUT || t.kind(j) == Trace.ALPHA)
                    {
                        continue;
                    }
                    if (t.kind(j) != Trace.TIMER)
                    {
                        break;
                    }
                    at[i] = j + 1;
                }
            }
            return at;
        }

        /** The QP of NIC {@code n} whose next alpha expiry not yet given to it is earliest in the program's clock. */
        private int alphaOwner(final int n, final int ns)
        {
            if (qps[n] == 1)
            {
                return 0;
            }
            int best = 0;
            long bestKey = Long.MAX_VALUE;
            for (int q = 0; q < qps[n]; q++)
            {
                final int[] s = ctx[0][n][q];
                if ((s[DcqcnRpProgram.CTX_FLAGS] & DcqcnRpProgram.F_ALPHA_RUN) == 0)
                {
                    continue;
                }
                final long key = (s[DcqcnRpProgram.CTX_ALPHA_DEADLINE] - ns) + (long)(blockAlpha[n][q] - progAlpha[n][q]) * alphaPeriod;
                if (key < bestKey)
                {
                    bestKey = key;
                    best = q;
                }
            }
            return best;
        }

        /**
         * TIMER events at the program's armed deadlines until it has run the QP's increase expiries
         * the block had, and with {@code alpha} its alpha expiries too.
         */
        private void sync(final int n, final int q, final boolean alpha)
        {
            for (int guard = 0; guard < 1 << 20 && null == difference; guard++)
            {
                if (progInc[n][q] >= blockInc[n][q] && (!alpha || progAlpha[n][q] >= blockAlpha[n][q]))
                {
                    return;
                }
                final int[] s = ctx[0][n][q];
                if ((s[DcqcnRpProgram.CTX_FLAGS] & DcqcnRpProgram.F_ARMED) == 0)
                {
                    return;
                }
                final int d = s[DcqcnRpProgram.CTX_ARMED];
                final int incs = progInc[n][q];
                step(n, q, 2, PccAbi.timer(q, sn, d, armed[0][n][q]), PccAbi.timer(q, sn, d, armed[1][n][q]), REC_TIMER,
                    (d & 0xFFFF_FFFFL) * 1000, false);
                timerRecords += progInc[n][q] - incs;
            }
        }

        /**
         * One event into both engines. {@code decides}: the event is a recorded CNP or block expiry, so
         * its outcome is a decision whatever it is; otherwise only a rate increase is.
         */
        private void step(final int n, final int q, final int kind, final int[] ev, final int[] evTwin, final int record, final long timePs,
                          final boolean decides)
        {
            final int incs0 = eng[0].counter(DcqcnRpProgram.C_TIMER_INC);
            final int alphas0 = eng[0].counter(DcqcnRpProgram.C_ALPHA_DECAY);
            sn++;
            events[kind]++;
            for (int e = 0; e < 2; e++)
            {
                for (int c = 0; c < INC_COUNTERS.length; c++)
                {
                    before[e][c] = eng[e].counter(INC_COUNTERS[c]);
                }
                eng[e].algo(n, q, ctx[e][n][q], e == 1 && null != evTwin ? evTwin : ev, results[e]);
                final int req = results[e][PccAbi.R_TIMER_REQ];
                if (req == PccAbi.TIMER_ARM)
                {
                    armed[e][n][q] = results[e][PccAbi.R_TIMER_DEADLINE];
                }
                else if (req == PccAbi.TIMER_CANCEL)
                {
                    armed[e][n][q] = 0;
                }
                final int code = decision(e, results[e][PccAbi.R_CAUSE] & 0xFF);
                if (decides || DcqcnRpProgram.RES_INCREASE == (code & DcqcnRpProgram.RES_INCREASE))
                {
                    logs[e].add(record, timePs, n, q, DcqcnRpCauses.blockOf(code), results[e][PccAbi.R_NATIVE_RATE] & 0xFFFF_FFFFL,
                        (results[e][PccAbi.R_CAUSE] & PccAbi.CAUSE_LIMITER) != 0,
                        DecisionLog.packExtra(results[e][PccAbi.R_RATE], req, req == PccAbi.TIMER_ARM ? results[e][PccAbi.R_TIMER_DEADLINE] : 0),
                        eng[e].lastCycles());
                }
            }
            progInc[n][q] += eng[0].counter(DcqcnRpProgram.C_TIMER_INC) - incs0;
            progAlpha[n][q] += eng[0].counter(DcqcnRpProgram.C_ALPHA_DECAY) - alphas0;
            if (fill[kind] < cycles[kind].length)
            {
                cycles[kind][fill[kind]++] = eng[0].lastCycles();
            }
            if (!sameResults(results[0], results[1]) || !Arrays.equals(ctx[0][n][q], ctx[1][n][q]))
            {
                difference = describe(n, q, kind, ev, timePs);
            }
        }

        /** The result words the program sets on every event (the deadline only with an arm). */
        private static boolean sameResults(final int[] a, final int[] b)
        {
            return a[PccAbi.R_RATE] == b[PccAbi.R_RATE] && a[PccAbi.R_NATIVE_RATE] == b[PccAbi.R_NATIVE_RATE]
                && a[PccAbi.R_CAUSE] == b[PccAbi.R_CAUSE] && a[PccAbi.R_PROBE_REQ] == b[PccAbi.R_PROBE_REQ]
                && a[PccAbi.R_TIMER_REQ] == b[PccAbi.R_TIMER_REQ]
                && (a[PccAbi.R_TIMER_REQ] != PccAbi.TIMER_ARM || a[PccAbi.R_TIMER_DEADLINE] == b[PccAbi.R_TIMER_DEADLINE]);
        }

        /**
         * The program's decision code for the event: its cause, or, when a TIMER event ran an increase
         * before an alpha decay at the same deadline, the increase's code from the counters it bumped.
         */
        private int decision(final int e, final int code)
        {
            if ((code & DcqcnRpProgram.RES_INCREASE) != 0)
            {
                return code;
            }
            final int timerIncs = eng[e].counter(DcqcnRpProgram.C_TIMER_INC) - before[e][0];
            if (timerIncs != 1)
            {
                return code;
            }
            final int br = eng[e].counter(DcqcnRpProgram.C_HAI) != before[e][3] ? DcqcnRpProgram.BR_HAI
                : eng[e].counter(DcqcnRpProgram.C_AI) != before[e][2] ? DcqcnRpProgram.BR_AI : DcqcnRpProgram.BR_FR;
            final boolean removed = eng[e].counter(DcqcnRpProgram.C_REMOVED) != before[e][4];
            return DcqcnRpProgram.RES_INCREASE | (removed ? DcqcnRpProgram.RES_REMOVE_BIT : 0) | br;
        }

        private String describe(final int n, final int q, final int kind, final int[] ev, final long timePs)
        {
            final StringBuilder b = new StringBuilder();
            final int total = events[0] + events[1] + events[2];
            b.append(String.format(Locale.ROOT, "FIRST DIFFERENCE at program event %d (firmware and twin part)%n", total - 1));
            b.append(String.format(Locale.ROOT, "  event: %s at %s (timestamp %d ns%s), NIC %d (%s), QP %d%n",
                kind == 0 ? "CNP" : kind == 1 ? "TX of " + (ev[PccAbi.W_TX_COUNTERS] & 0xFFFF) * 32L + " bytes" : "TIMER",
                CrossCheck.ms(timePs), ev[PccAbi.W_TIMESTAMP] & 0xFFFF_FFFFL,
                kind == 2 ? ", deadline " + (ev[PccAbi.W_TIMER_DEADLINE] & 0xFFFF_FFFFL) : "", n, t.header().nics().get(n).name(), q));
            if (current >= 0 && decidedAt[current] != current)
            {
                final int j = decidedAt[current];
                b.append(String.format(Locale.ROOT, "  %-18s: %s (%d), Rc %d, limiter %s%n", "trace (block)", DcqcnRpCauses.name(t.cause(j)),
                    t.cause(j), t.rate(j), t.limiter(j) ? "on" : "off"));
            }
            else if (current >= 0)
            {
                b.append(String.format(Locale.ROOT, "  %-18s: no rate update%n", "trace (block)"));
            }
            else
            {
                b.append(String.format(Locale.ROOT, "  %-18s: increase-timer expiries %d, alpha expiries %d of this QP so far%n", "trace (block)",
                    blockInc[n][q], blockAlpha[n][q]));
            }
            for (int e = 0; e < 2; e++)
            {
                b.append(String.format(Locale.ROOT, "  %-18s: cause %s (0x%x), rate %d, fxp20 %d, timer %s; context %s%n", logs[e].side(),
                    DcqcnRpCauses.name(DcqcnRpCauses.blockOf(results[e][PccAbi.R_CAUSE] & 0xFF)), results[e][PccAbi.R_CAUSE],
                    results[e][PccAbi.R_NATIVE_RATE] & 0xFFFF_FFFFL, results[e][PccAbi.R_RATE],
                    timer(results[e]), Arrays.toString(ctx[e][n][q])));
            }
            final String[] words = {"rc", "rt", "alpha", "t", "bc", "bc_rem", "inc_deadline", "alpha_deadline", "last_cut", "flags",
                "armed", "last_ts"};
            for (int w = 0; w < PccAbi.CTX_WORDS; w++)
            {
                if (ctx[0][n][q][w] != ctx[1][n][q][w])
                {
                    b.append(String.format(Locale.ROOT, "  context word %d (%s): %d vs %d%n", w, words[w], ctx[0][n][q][w], ctx[1][n][q][w]));
                }
            }
            return b.toString();
        }

        private static String timer(final int[] r)
        {
            final int req = r[PccAbi.R_TIMER_REQ];
            return req == PccAbi.TIMER_ARM ? "arm " + (r[PccAbi.R_TIMER_DEADLINE] & 0xFFFF_FFFFL) + " ns"
                : req == PccAbi.TIMER_CANCEL ? "cancel" : "none";
        }
    }
}
