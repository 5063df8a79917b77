package dev.ccsilicon.hdl;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ContainerTest
{
    /** A counter with an enable pin and its value on an output pin. */
    static final class Counter8 extends Component
    {
        final Reg count;

        Counter8(final Component parent, final String name)
        {
            super(parent, name);
            declarePins(PinLayout.of(List.of(PortSpec.in("en_i", 1), PortSpec.out("count_o", 8))));
            count = new Reg(this, "count_q", 8);
        }

        @Override
        protected void settle()
        {
            out("count_o").set(count.get());
        }

        @Override
        protected void evaluate()
        {
            if (in("en_i").high())
            {
                count.set(count.get() + 1);
            }
        }
    }

    /** Passes count bit 0 on as an enable, one cycle late through its own register. */
    static final class Divider extends Component
    {
        final Reg bit;

        Divider(final Component parent, final String name)
        {
            super(parent, name);
            declarePins(PinLayout.of(List.of(PortSpec.in("count_i", 8), PortSpec.out("en_o", 1))));
            bit = new Reg(this, "bit_q", 1);
        }

        @Override
        protected void settle()
        {
            out("en_o").set(bit.get());
        }

        @Override
        protected void evaluate()
        {
            bit.set(in("count_i").get() & 1);
        }
    }

    @Test
    void connectedPinsCarryValuesBetweenBlocks()
    {
        final Container top = new Container("top");
        final Counter8 fast = new Counter8(top, "fast");
        final Divider div = new Divider(top, "div");
        final Counter8 slow = new Counter8(top, "slow");
        top.connect(fast.out("count_o"), div.in("count_i"));
        top.connect(div.out("en_o"), slow.in("en_i"));
        fast.in("en_i").set(true);
        final ClockDomain clk = ClockDomain.ofPeriodPs("clk", 1000).add(top);
        clk.reset();
        clk.run(100);
        assertEquals(100, fast.count.get());
        // bit_q follows count bit 0 one cycle late; slow counts the cycles in which it was high.
        assertEquals(49, slow.count.get());
        assertTrue(slow.in("en_i").connected());
        assertThrows(IllegalStateException.class, () -> slow.in("en_i").set(1));
    }

    @Test
    void connectChecksWidthAndOwnership()
    {
        final Container top = new Container("top");
        final Counter8 a = new Counter8(top, "a");
        final Divider d = new Divider(top, "d");
        assertThrows(IllegalArgumentException.class, () -> top.connect(a.out("count_o"), a.in("en_i")));
        final Counter8 outside = new Counter8(null, "outside");
        assertThrows(IllegalArgumentException.class, () -> top.connect(outside.out("count_o"), d.in("count_i")));
        top.connect(a.out("count_o"), d.in("count_i"));
        assertThrows(IllegalArgumentException.class, () -> top.connect(a.out("count_o"), d.in("count_i")));
    }

    @Test
    void aContainerNeverKeepsTheDomainBusy()
    {
        final Container top = new Container("top");
        final ClockDomain clk = ClockDomain.ofPeriodPs("clk", 1000).add(top);
        clk.reset();
        clk.run(1000);
        assertEquals(1000, clk.skippedCycles());
    }
}
