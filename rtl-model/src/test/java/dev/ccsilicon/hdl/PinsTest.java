package dev.ccsilicon.hdl;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PinsTest
{
    static final List<PortSpec> PORTS = List.of(
        PortSpec.in("clk_i", 1), PortSpec.in("rst_ni", 1),
        PortSpec.in("a_i", 5), PortSpec.in("wide_i", 70), PortSpec.out("y_o", 3), PortSpec.out("wide_o", 70));

    /** Drives y = a + 1 and copies the wide input to the wide output, all in settle. */
    static final class Block extends Component
    {
        Block(final Component parent, final String name)
        {
            super(parent, name);
            declarePins(PinLayout.of(PORTS));
        }

        @Override
        protected void settle()
        {
            out("y_o").set(in("a_i").get() + 1);
            out("wide_o").setWord(0, in("wide_i").word(0));
            out("wide_o").setWord(1, in("wide_i").word(1));
        }

        @Override
        protected void evaluate()
        {
        }
    }

    @Test
    void pinsAreMadeFromTheDeclarationWithoutClockAndReset()
    {
        final Block b = new Block(null, "b");
        assertEquals(List.of("a_i", "wide_i"), b.inPins().stream().map(InPin::name).toList());
        assertEquals(List.of("y_o", "wide_o"), b.outPins().stream().map(OutPin::name).toList());
        assertEquals(2, b.in("wide_i").words());
        assertThrows(IllegalArgumentException.class, () -> b.in("clk_i"));
        assertThrows(IllegalArgumentException.class, () -> b.out("a_i"));
        // Narrow pins are traced signals, wide ones are not.
        assertTrue(b.signals().contains(b.in("a_i")));
        assertFalse(b.signals().contains(b.in("wide_i")));
    }

    @Test
    void valuesAreCanonical()
    {
        final Block b = new Block(null, "b");
        b.in("a_i").set(0xFF);
        assertEquals(0x1F, b.in("a_i").get());
        b.in("wide_i").setWord(1, -1L);
        assertEquals(0x3F, b.in("wide_i").word(1));
        final ClockDomain clk = ClockDomain.ofPeriodPs("clk", 1000).add(b);
        clk.reset();
        b.in("a_i").set(7);
        clk.settle();
        assertEquals(0, b.out("y_o").get(), "7 + 1 truncated to 3 bits");
        b.in("a_i").set(5);
        clk.settle();
        assertEquals(6, b.out("y_o").get(), "a changed input settles again");
        assertEquals(0x3F, b.out("wide_o").word(1));
    }

    @Test
    void layoutNumbersDrivenInputsAndOutputsInDeclarationOrder()
    {
        final PinLayout l = PinLayout.of(PORTS);
        assertEquals(List.of("a_i", "wide_i"), l.inputs().stream().map(PortSpec::name).toList());
        assertEquals(0, l.inputWord("a_i"));
        assertEquals(1, l.inputWord("wide_i"));
        assertEquals(3, l.inputWords());
        assertEquals(1, l.outputWord("wide_o"));
        assertEquals(3, l.outputWords());
        assertThrows(IllegalArgumentException.class, () -> l.inputWord("rst_ni"));
        assertThrows(IllegalArgumentException.class,
            () -> PinLayout.of(List.of(PortSpec.in("x", 1), PortSpec.out("x", 1))));
    }

    @Test
    void componentDutCopiesPinVectors()
    {
        final ComponentDut dut = new ComponentDut(PinLayout.of(PORTS), new Block(null, "b"));
        dut.reset();
        final long[] in = {2, 0xAAAA, 0x21};
        final long[] out = new long[3];
        dut.evaluate(in, out);
        assertEquals(3, out[0]);
        assertEquals(0xAAAA, out[1]);
        assertEquals(0x21, out[2]);
        dut.clock();
        assertEquals(1, dut.domain().cycle());
    }

    /** Drives its output only when observed, as the blocks do. */
    static final class Lazy extends Component
    {
        Lazy(final Component parent)
        {
            super(parent, "lazy");
            declarePins(PinLayout.of(List.of(PortSpec.in("a_i", 8), PortSpec.out("y_o", 8))));
        }

        @Override
        protected void settle()
        {
            if (outputsObserved())
            {
                out("y_o").set(in("a_i").get());
            }
        }

        @Override
        protected void evaluate()
        {
        }
    }

    @Test
    void outputsAreObservedThroughComponentDutConnectOrListeners()
    {
        final Container top = new Container("top");
        final Lazy lazy = new Lazy(top);
        final ClockDomain clk = ClockDomain.ofPeriodPs("clk", 1000).add(top);
        clk.reset();
        lazy.in("a_i").set(9);
        clk.settle();
        assertEquals(0, lazy.out("y_o").get(), "nobody reads y_o: not driven");
        clk.addListener((d, n) -> { });
        lazy.in("a_i").set(10);
        clk.settle();
        assertEquals(10, lazy.out("y_o").get(), "a listener observes every pin");
        final Lazy alone = new Lazy(null);
        final ComponentDut dut = new ComponentDut(PinLayout.of(List.of(PortSpec.in("a_i", 8), PortSpec.out("y_o", 8))),
            alone);
        dut.reset();
        final long[] out = new long[1];
        dut.evaluate(new long[] {0x1FF}, out);
        assertEquals(0xFF, out[0], "a ComponentDut observes its component; inputs are masked to their width");
    }

    @Test
    void aLayoutDrivingPartOfTheComponentsPinsIsCopiedPinByPin()
    {
        final Block b = new Block(null, "b");
        final ComponentDut dut = new ComponentDut(PinLayout.of(List.of(PortSpec.in("a_i", 5), PortSpec.out("y_o", 3))), b);
        dut.reset();
        final long[] out = new long[1];
        dut.evaluate(new long[] {4}, out);
        assertEquals(5, out[0]);
        assertEquals(4, b.in("a_i").get());
    }

    @Test
    void aComponentDutRejectsANestedComponentAndAWrongWidth()
    {
        final Container top = new Container("top");
        final Block nested = new Block(top, "b");
        assertThrows(IllegalArgumentException.class, () -> new ComponentDut(PinLayout.of(PORTS), nested));
        final List<PortSpec> other = List.of(PortSpec.in("a_i", 6), PortSpec.out("y_o", 3));
        assertThrows(IllegalArgumentException.class, () -> new ComponentDut(PinLayout.of(other), new Block(null, "c")));
    }
}
