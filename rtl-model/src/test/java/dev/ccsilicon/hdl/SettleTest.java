package dev.ccsilicon.hdl;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SettleTest
{
    static final List<PortSpec> LEAF = List.of(PortSpec.in("d_i", 8), PortSpec.out("q_o", 8));

    /** A register whose input pin a parent drives; q_o is the register. */
    static final class Leaf extends Component
    {
        final Reg q;
        final List<String> log;

        Leaf(final Component parent, final String name, final List<String> log)
        {
            super(parent, name);
            this.log = log;
            declarePins(PinLayout.of(LEAF));
            q = new Reg(this, "q", 8);
        }

        @Override
        protected void settle()
        {
            log.add(name());
            out("q_o").set(q.get());
        }

        @Override
        protected void evaluate()
        {
            q.set(in("d_i").get());
        }
    }

    /** Glue: routes its input to the child selected by sel_i, the other child gets zero. */
    static final class Mux extends Component
    {
        final Leaf a;
        final Leaf b;
        final List<String> log = new ArrayList<>();
        int settles;

        Mux()
        {
            super("mux");
            declarePins(PinLayout.of(List.of(PortSpec.in("sel_i", 1), PortSpec.in("d_i", 8))));
            a = new Leaf(this, "a", log);
            b = new Leaf(this, "b", log);
        }

        @Override
        protected void settle()
        {
            settles++;
            log.add(name());
            final boolean toB = in("sel_i").high();
            a.in("d_i").set(toB ? 0 : in("d_i").get());
            b.in("d_i").set(toB ? in("d_i").get() : 0);
        }

        @Override
        protected void evaluate()
        {
        }

        @Override
        public long nextBusyCycle(final long now)
        {
            return Long.MAX_VALUE;
        }
    }

    @Test
    void parentSettlesBeforeChildrenAndChildrenSeeTheGlueInTheSameCycle()
    {
        final Mux m = new Mux();
        final ClockDomain clk = ClockDomain.ofPeriodPs("clk", 1000).add(m).shuffleEvaluationOrder(3);
        clk.reset();
        m.in("d_i").set(42);
        m.in("sel_i").set(1);
        clk.step();
        assertEquals(List.of("mux", "a", "b"), m.log);
        assertEquals(0, m.a.q.get());
        assertEquals(42, m.b.q.get());
        m.in("sel_i").set(0);
        clk.step();
        assertEquals(42, m.a.q.get());
        clk.settle();
        assertEquals(42, m.a.out("q_o").get(), "outputs show the committed state after a settle");
    }

    @Test
    void settleRunsOncePerCycleUnlessAnInputChanges()
    {
        final Mux m = new Mux();
        final ClockDomain clk = ClockDomain.ofPeriodPs("clk", 1000).add(m);
        clk.reset();
        clk.settle();
        clk.settle();
        clk.step();
        assertEquals(1, m.settles, "step reuses the explicit settle");
        clk.settle();
        m.in("d_i").set(9);
        clk.step();
        assertEquals(3, m.settles, "a changed input pin settles again");
        assertEquals(9, m.a.q.get());
    }

    @Test
    void idleSkipSeesPinsDrivenBySettle()
    {
        final Mux m = new Mux();
        final ClockDomain clk = ClockDomain.ofPeriodPs("clk", 1000).add(m);
        clk.reset();
        m.in("d_i").set(5);
        clk.run(10);
        // Leaves report busy (the default), so nothing was skipped and both registers followed the glue.
        assertEquals(10, clk.evaluatedCycles());
        assertEquals(5, m.a.q.get());
    }
}
