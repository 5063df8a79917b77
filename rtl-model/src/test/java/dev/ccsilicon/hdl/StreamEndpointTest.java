package dev.ccsilicon.hdl;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class StreamEndpointTest
{
    static final List<PortSpec> PORTS = List.of(
        PortSpec.in("in_valid_i", 1), PortSpec.out("in_ready_o", 1), PortSpec.in("in_a_i", 4), PortSpec.in("in_b_i", 8),
        PortSpec.out("out_valid_o", 1), PortSpec.in("out_ready_i", 1), PortSpec.out("out_a_o", 4),
        PortSpec.out("out_b_o", 8));
    static final StreamSpec IN = StreamSpec.in("in", "in_valid_i", "in_ready_o", "in_a_i", "in_b_i");
    static final StreamSpec OUT = StreamSpec.out("out", "out_valid_o", "out_ready_i", "out_a_o", "out_b_o");

    /** Moves payloads from its input queue to its output queue, swapping the two fields. */
    static final class Swap extends Component
    {
        final Stream inQ;
        final RecordFifo outQ;

        Swap()
        {
            super("swap");
            declarePins(PinLayout.of(PORTS));
            inQ = new Stream(this, "in_q", 12);
            outQ = new RecordFifo(this, "out_q", 2, 4, 8);
            new StreamIn(this, IN, inQ);
            new StreamOut(this, OUT, outQ);
        }

        @Override
        protected void evaluate()
        {
            if (inQ.canPop() && outQ.canPush())
            {
                final long p = inQ.pop();
                outQ.stage(0, p >>> 4 & 0xF);
                outQ.stage(1, (p & 0xF) << 4 | p >>> 8 & 0xF);
                outQ.push();
            }
        }
    }

    @Test
    void handshakesAreAppliedAtTheEdgeAndDataIsZeroWhileNotValid()
    {
        final ComponentDut dut = new ComponentDut(PinLayout.of(PORTS), new Swap());
        final PinLayout l = PinLayout.of(PORTS);
        dut.reset();
        final long[] in = new long[l.inputWords()];
        final long[] out = new long[l.outputWords()];
        in[l.inputWord("in_valid_i")] = 1;
        in[l.inputWord("in_a_i")] = 0x3;
        in[l.inputWord("in_b_i")] = 0x5A;
        dut.evaluate(in, out);
        assertEquals(1, out[l.outputWord("in_ready_o")]);
        assertEquals(0, out[l.outputWord("out_valid_o")]);
        assertEquals(0, out[l.outputWord("out_b_o")]);
        dut.clock();
        in[l.inputWord("in_valid_i")] = 0;
        dut.evaluate(in, out);
        assertEquals(0, out[l.outputWord("out_valid_o")], "pushed at the edge, visible a cycle later in the queue");
        dut.clock();
        dut.evaluate(in, out);
        assertEquals(1, out[l.outputWord("out_valid_o")]);
        assertEquals(0xA, out[l.outputWord("out_a_o")]);
        assertEquals(0x35, out[l.outputWord("out_b_o")]);
        dut.clock();
        dut.evaluate(in, out);
        assertEquals(1, out[l.outputWord("out_valid_o")], "not ready: held");
        in[l.inputWord("out_ready_i")] = 1;
        dut.evaluate(in, out);
        dut.clock();
        dut.evaluate(in, out);
        assertEquals(0, out[l.outputWord("out_valid_o")], "popped at the edge");
    }

    @Test
    void aFullQueueRefusesTheHandshake()
    {
        final Swap s = new Swap();
        final ComponentDut dut = new ComponentDut(PinLayout.of(PORTS), s);
        final PinLayout l = PinLayout.of(PORTS);
        dut.reset();
        final long[] in = new long[l.inputWords()];
        final long[] out = new long[l.outputWords()];
        in[l.inputWord("in_valid_i")] = 1;
        long accepted = 0;
        for (int c = 0; c < 20; c++)
        {
            dut.evaluate(in, out);
            accepted += out[l.outputWord("in_ready_o")];
            dut.clock();
        }
        // Output FIFO 2 deep, stream 2 deep, never drained: 4 payloads fit, the rest wait.
        assertEquals(4, accepted);
        assertEquals(2, s.inQ.occupancy());
        assertEquals(2, s.outQ.occupancy());
    }
}
