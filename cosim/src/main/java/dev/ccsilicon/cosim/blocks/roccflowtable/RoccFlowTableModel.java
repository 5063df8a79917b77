package dev.ccsilicon.cosim.blocks.roccflowtable;

import dev.ccsilicon.blocks.roccflowtable.RoccFlowTable;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableConfig;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.RecordFifo;

/**
 * The kernel model {@link RoccFlowTable} at the RTL's pins. Outputs are the committed state of its
 * channels; an input handshake pushes into the model's input FIFO and an output handshake pops,
 * both before the clock step, which the kernel counts as part of that cycle exactly as the RTL's
 * FIFOs register them at the edge.
 */
public final class RoccFlowTableModel implements ModelDut
{
    private final RoccFlowTable block;
    private final ClockDomain clock;
    private final int pinSwitchId;
    private final int pinGap;
    private final Channel ev;
    private final Channel upd;
    private final Channel rsp;
    private final Channel cnp;
    private final Channel scan;
    private final int pinStatOverflow;
    private final int pinStatCountSat;
    private final int pinStatDeqMiss;
    private final int pinStatCoalesced;
    private final int pinInitDone;

    public RoccFlowTableModel(final BlockSpec spec)
    {
        final RoccFlowTableConfig cfg = RoccFlowTableSpec.config(spec);
        block = new RoccFlowTable(null, cfg);
        clock = ClockDomain.ofFrequencyHz("clk_i", 1e9).add(block).idleSkip(false);
        pinSwitchId = spec.inputWord("cfg_switch_id_i");
        pinGap = spec.inputWord("cfg_cnp_gap_i");
        ev = new Channel(spec, block.ev(), true, "ev_valid_i", "ev_ready_o", RoccFlowTablePorts.evFields());
        upd = new Channel(spec, block.upd(), true, "upd_valid_i", "upd_ready_o", RoccFlowTablePorts.updFields());
        rsp = new Channel(spec, block.rsp(), false, "rsp_valid_o", "rsp_ready_i", RoccFlowTablePorts.rspFields());
        cnp = new Channel(spec, block.cnp(), false, "cnp_valid_o", "cnp_ready_i", RoccFlowTablePorts.cnpFields());
        scan = new Channel(spec, block.scan(), false, "scan_valid_o", "scan_ready_i", RoccFlowTablePorts.scanFields());
        pinStatOverflow = spec.outputWord("stat_overflow_o");
        pinStatCountSat = spec.outputWord("stat_count_sat_o");
        pinStatDeqMiss = spec.outputWord("stat_deq_miss_o");
        pinStatCoalesced = spec.outputWord("stat_coalesced_o");
        pinInitDone = spec.outputWord("init_done_o");
    }

    public RoccFlowTable block()
    {
        return block;
    }

    @Override
    public void reset()
    {
        clock.reset();
    }

    @Override
    public void evaluate(final long[] in, final long[] out)
    {
        block.configure((int)in[pinSwitchId], (int)in[pinGap]);
        ev.input(in, out);
        upd.input(in, out);
        rsp.output(in, out);
        cnp.output(in, out);
        scan.output(in, out);
        out[pinStatOverflow] = block.statOverflow();
        out[pinStatCountSat] = block.statCountSat();
        out[pinStatDeqMiss] = block.statDeqMiss();
        out[pinStatCoalesced] = block.statCoalesced();
        out[pinInitDone] = block.initDone() ? 1 : 0;
    }

    @Override
    public void clock()
    {
        clock.step();
    }

    /** One stream's pins and the model FIFO behind them. */
    private static final class Channel
    {
        private final RecordFifo fifo;
        private final int valid;
        private final int ready;
        private final int[] data;

        Channel(final BlockSpec spec, final RecordFifo fifo, final boolean input, final String valid, final String ready,
            final String[] fields)
        {
            this.fifo = fifo;
            this.valid = input ? spec.inputWord(valid) : spec.outputWord(valid);
            this.ready = input ? spec.outputWord(ready) : spec.inputWord(ready);
            data = new int[fields.length];
            for (int i = 0; i < fields.length; i++)
            {
                data[i] = input ? spec.inputWord(fields[i]) : spec.outputWord(fields[i]);
            }
        }

        void input(final long[] in, final long[] out)
        {
            final boolean canPush = fifo.canPush();
            out[ready] = canPush ? 1 : 0;
            if (canPush && in[valid] != 0)
            {
                for (int i = 0; i < data.length; i++)
                {
                    fifo.stage(i, in[data[i]]);
                }
                fifo.push();
            }
        }

        void output(final long[] in, final long[] out)
        {
            final boolean canPop = fifo.canPop();
            out[valid] = canPop ? 1 : 0;
            for (int i = 0; i < data.length; i++)
            {
                out[data[i]] = canPop ? fifo.peek(i) : 0;
            }
            if (canPop && in[ready] != 0)
            {
                fifo.pop();
            }
        }
    }
}
