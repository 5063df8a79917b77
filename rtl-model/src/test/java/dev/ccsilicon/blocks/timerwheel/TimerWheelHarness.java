package dev.ccsilicon.blocks.timerwheel;

import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.Stream;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Testbench around one {@link TimerWheel}: queues commands and pushes them when the block is ready,
 * pops responses and expiries (unless backpressured) and records them with the cycle they were
 * taken in. Pushes and pops happen between steps, i.e. as part of the next cycle.
 */
final class TimerWheelHarness
{
    record Expiry(long cycle, int lane, int qp, long deadline, long late)
    {
    }

    record Response(long cycle, int qp, int code, boolean past)
    {
    }

    final TimerWheel wheel;
    final ClockDomain clk;
    final List<Expiry> expiries = new ArrayList<>();
    final List<Response> responses = new ArrayList<>();
    private final ArrayDeque<Long> pending = new ArrayDeque<>();
    boolean expReady = true;
    boolean rspReady = true;

    TimerWheelHarness(final TimerWheelConfig config)
    {
        wheel = new TimerWheel("timer_wheel", config);
        clk = ClockDomain.ofFrequencyHz("clk_i", 1e9).add(wheel).idleSkip(false);
        clk.reset();
    }

    /** Step until the post-reset memory clear is done. */
    TimerWheelHarness initialised()
    {
        while (wheel.initialising())
        {
            clk.step();
        }
        return this;
    }

    void arm(final int qp, final long deadline)
    {
        pending.add(wheel.arm(qp, deadline));
    }

    void cancel(final int qp)
    {
        pending.add(wheel.cancel(qp));
    }

    void step(final int cycles)
    {
        for (int i = 0; i < cycles; i++)
        {
            final Stream cmd = wheel.cmd();
            if (!pending.isEmpty() && cmd.canPush())
            {
                cmd.push(pending.poll());
            }
            final long cycle = clk.cycle();
            if (rspReady && wheel.rsp().canPop())
            {
                final long r = wheel.rsp().pop();
                responses.add(new Response(cycle, wheel.rspQp(r), wheel.rspCode(r), wheel.rspPast(r)));
            }
            if (expReady)
            {
                for (int lane = 0; lane < wheel.config().numLanes(); lane++)
                {
                    final Stream exp = wheel.exp(lane);
                    if (exp.canPop())
                    {
                        final long e = exp.pop();
                        expiries.add(new Expiry(cycle, lane, wheel.expQp(e), wheel.expDeadline(e), wheel.expLate(e)));
                    }
                }
            }
            clk.step();
        }
    }

    /** Step until {@code cycle()} reaches {@code cycle}. */
    void stepTo(final long cycle)
    {
        step((int)(cycle - clk.cycle()));
    }

    boolean idle()
    {
        return pending.isEmpty() && !wheel.cmd().canPop();
    }
}
