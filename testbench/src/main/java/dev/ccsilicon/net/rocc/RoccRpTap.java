package dev.ccsilicon.net.rocc;

import dev.ccsilicon.blocks.roccrp.RoccRpUpdate;
import dev.ccsilicon.net.blocks.ClockedDut;

/**
 * A NIC block's decisions as its pins show them, for a {@link RoccRpRecorder}: accepts, doubles and
 * removes come out on the {@code upd} stream; a reject only counts {@code stat_reject_o} up, so it
 * is matched to the oldest CNP the block took and has not decided (the table decides in order), and
 * it reports the QP's rate and limiter as the block's last update of that QP left them.
 */
final class RoccRpTap implements ClockedDut.Pins
{
    private final ClockedDut dut;
    private final int host;
    private final RoccRpRecorder recorder;
    private final int rejectWord;
    private final int updQp;
    private final int updRate;
    private final int updLimiter;
    private final int updCause;
    private final long[] rate;
    private final boolean[] limiter;
    private int[] pending = new int[64];
    private int head;
    private int tail;
    private long rejects;

    RoccRpTap(final ClockedDut dut, final int host, final int qps, final RoccRpRecorder recorder)
    {
        this.dut = dut;
        this.host = host;
        this.recorder = recorder;
        rejectWord = dut.outputWord("stat_reject_o");
        updQp = dut.outputWord("upd_qp_o");
        updRate = dut.outputWord("upd_rate_o");
        updLimiter = dut.outputWord("upd_limiter_o");
        updCause = dut.outputWord("upd_cause_o");
        rate = new long[qps];
        limiter = new boolean[qps];
    }

    /** A CNP joins the block's input FIFO at {@code timePs}. */
    void offered(final long timePs, final int qp, final long f, final int cp)
    {
        recorder.cnp(timePs, host, qp, f, cp);
        if (tail - head == pending.length)
        {
            final int[] p = new int[pending.length * 2];
            for (int i = head; i < tail; i++)
            {
                p[i - head] = pending[i & (pending.length - 1)];
            }
            tail -= head;
            head = 0;
            pending = p;
        }
        pending[tail++ & (pending.length - 1)] = qp;
    }

    private int decideCnp(final int qp)
    {
        if (head == tail)
        {
            throw new IllegalStateException("rocc_rp of host " + host + ": a CNP decision with no CNP in the block");
        }
        final int p = pending[head++ & (pending.length - 1)];
        if (qp >= 0 && p != qp)
        {
            throw new IllegalStateException("rocc_rp of host " + host + ": decision for QP " + qp + ", oldest CNP is for QP " + p);
        }
        return p;
    }

    private long nowPs()
    {
        return dut.cycle() * ClockedDut.CYCLE_PS;
    }

    @Override
    public boolean sample(final long[] outputs)
    {
        final long r = outputs[rejectWord];
        while (rejects < r)
        {
            rejects++;
            final int qp = decideCnp(-1);
            recorder.decision(nowPs(), host, qp, rate[qp], limiter[qp], RoccRpUpdate.RES_REJECT);
        }
        return false;
    }

    /** An update handshake on {@code upd}. */
    void update(final long[] out)
    {
        final int qp = (int)out[updQp];
        final int cause = (int)out[updCause];
        if (RoccRpUpdate.isAccept(cause))
        {
            decideCnp(qp);
        }
        rate[qp] = out[updRate];
        limiter[qp] = out[updLimiter] != 0;
        recorder.decision(nowPs(), host, qp, rate[qp], limiter[qp], cause);
    }
}
