package dev.ccsilicon.hdl.vcd;

import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.Counter;
import dev.ccsilicon.hdl.Lfsr;
import dev.ccsilicon.hdl.Probe;
import dev.ccsilicon.hdl.Reg;
import dev.ccsilicon.hdl.Signal;
import dev.ccsilicon.hdl.Stream;
import dev.ccsilicon.hdl.Wire;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VcdWriterTest
{
    static final class Gen extends Component
    {
        final Lfsr lfsr;
        final Stream out;
        final Wire pushed;

        Gen(final Component parent)
        {
            super(parent, "gen");
            lfsr = new Lfsr(this, "lfsr_q", 64, 0xD800000000000000L, 0xFEEDL);
            out = new Stream(this, "data", 24);
            pushed = new Wire(this, "push_o", 1);
        }

        @Override
        protected void evaluate()
        {
            lfsr.step();
            final boolean push = out.canPush() && (lfsr.get() & 3) != 0;
            pushed.set(push ? 1 : 0);
            if (push)
            {
                out.push(lfsr.get());
            }
        }
    }

    static final class Acc extends Component
    {
        final Gen gen;
        final Reg sum;
        final Counter count;

        Acc(final Component parent, final Gen gen)
        {
            super(parent, "acc");
            this.gen = gen;
            sum = new Reg(this, "sum_q", 40);
            count = new Counter(this, "count_q", 3);
            new Probe(this, "sum_top", 8, () -> sum.get() >>> 32);
        }

        @Override
        protected void evaluate()
        {
            if (gen.out.canPop() && (count.get() & 1) == 0)
            {
                sum.set(sum.get() + gen.out.pop());
            }
            count.increment();
        }
    }

    static final class Top extends Component
    {
        Top()
        {
            super("top");
            new Acc(this, new Gen(this));
            new Reg(this, "flag", 1, 1);
        }

        @Override
        protected void evaluate()
        {
        }
    }

    private static Map<String, Long> sample(final ClockDomain d)
    {
        final Map<String, Long> m = new LinkedHashMap<>();
        for (final Component c : d.components())
        {
            for (final Signal s : c.signals())
            {
                m.put(c.path() + "." + s.name(), s.value());
            }
        }
        return m;
    }

    @Test
    void dumpParsesBackToTheSameHierarchyAndValuesEveryCycle()
    {
        final ClockDomain d = ClockDomain.ofFrequencyHz("clk", 250e6).add(new Top());
        d.reset();
        final StringWriter text = new StringWriter();
        final List<Map<String, Long>> expected = new ArrayList<>();
        final VcdWriter vcd = new VcdWriter(text, d);
        try
        {
            expected.add(sample(d));
            for (int i = 0; i < 200; i++)
            {
                d.step();
                expected.add(sample(d));
            }
        }
        finally
        {
            vcd.close();
        }
        final VcdReader r = VcdReader.parse(new StringReader(text.toString()));
        assertEquals("1ps", r.timescale());
        assertEquals(List.of("top", "top.gen", "top.acc"), r.scopes());
        assertEquals(expected.get(0).keySet(), r.vars().keySet());
        assertEquals(64, r.vars().get("top.gen.lfsr_q").width());
        assertEquals("reg", r.vars().get("top.acc.sum_q").type());
        assertEquals("wire", r.vars().get("top.gen.push_o").type());
        assertEquals(24, r.vars().get("top.gen.data_data").width());
        for (int c = 0; c < expected.size(); c++)
        {
            for (final Map.Entry<String, Long> e : expected.get(c).entrySet())
            {
                assertEquals(e.getValue(), r.valueAt(e.getKey(), c * 4000L), e.getKey() + " at cycle " + c);
            }
        }
        // Only changes are dumped: the constant flag appears once, the 3-bit counter at every cycle.
        assertEquals(1, r.changes("top.flag").size());
        assertEquals(201, r.changes("top.acc.count_q").size());
        assertTrue(r.changes("top.gen.lfsr_q").values().stream().anyMatch(v -> v < 0), "64-bit values round-trip");
    }

    @Test
    void identifiersAreUniqueAndPrintable()
    {
        final java.util.Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i < 20_000; i++)
        {
            final String id = VcdWriter.identifier(i);
            assertTrue(seen.add(id), id);
            for (final char ch : id.toCharArray())
            {
                assertTrue(ch >= '!' && ch <= '~');
            }
        }
    }
}
