package dev.ccsilicon.cosim.blocks.roccflowtable;

import dev.ccsilicon.blocks.roccflowtable.FlowTableStatus;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTable;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableConfig;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.Coverage;
import dev.ccsilicon.cosim.lockstep.CycleObserver;
import dev.ccsilicon.cosim.lockstep.Stimulus;
import dev.ccsilicon.hdl.ComponentDut;
import dev.ccsilicon.hdl.ModelDut;

/**
 * Co-simulation adapter of {@code rocc_flow_table}: the model is cycle-exact (tolerance 0); the
 * compared streams are the event responses (status, tag, bucket = the hash, way, count), the CNP
 * descriptors and the scan reports (rows, CNPs, cycles, coalesced updates).
 */
public final class RoccFlowTableAdapter implements BlockAdapter
{
    static final String[] BINS = {
        "enq_hit", "enq_insert", "enq_overflow", "enq_saturated", "deq_dec", "deq_freed", "deq_untracked", "deq_miss",
        "bucket_filled", "scan_with_cnps", "scan_empty", "scan_slowed", "update_coalesced", "update_during_cnps",
        "cnp_backpressure", "rsp_backpressure", "scan_report_backpressure", "event_stalled", "stat_saturated",
        "inputs_idle", "init_sweep",
    };
    private static final int BUCKET_FILLED = 8;
    private static final int SCAN_WITH_CNPS = 9;
    private static final int SCAN_EMPTY = 10;
    private static final int SCAN_SLOWED = 11;
    private static final int UPDATE_COALESCED = 12;
    private static final int UPDATE_DURING_CNPS = 13;
    private static final int CNP_BACKPRESSURE = 14;
    private static final int RSP_BACKPRESSURE = 15;
    private static final int SCAN_REPORT_BACKPRESSURE = 16;
    private static final int EVENT_STALLED = 17;
    private static final int STAT_SATURATED = 18;
    private static final int INPUTS_IDLE = 19;
    private static final int INIT_SWEEP = 20;

    private final RoccFlowTableConfig config;

    /** The registered configuration, {@link RoccFlowTableSpec#CONFIG}. */
    public RoccFlowTableAdapter()
    {
        this(RoccFlowTableSpec.CONFIG);
    }

    /** A variant: RTL parameters, model and stimulus all from {@code config}. */
    public RoccFlowTableAdapter(final RoccFlowTableConfig config)
    {
        this.config = config;
    }

    @Override
    public BlockSpec spec()
    {
        return RoccFlowTableSpec.spec(config);
    }

    @Override
    public ModelDut newModel(final BlockSpec spec)
    {
        return new ComponentDut(spec.layout(), new RoccFlowTable(null, RoccFlowTableSpec.config(spec)));
    }

    @Override
    public Stimulus newStimulus(final long seed, final int inStream)
    {
        return inStream == 0 ? new RoccFlowTableEventStimulus(seed, spec()) : new RoccFlowTableUpdateStimulus(seed, spec());
    }

    @Override
    public Coverage newCoverage()
    {
        return new Coverage(BINS);
    }

    @Override
    public CycleObserver coverageObserver(final BlockSpec spec, final Coverage c)
    {
        final RoccFlowTableConfig cfg = RoccFlowTableSpec.config(spec);
        final int evValid = spec.inputWord("ev_valid_i");
        final int evReady = spec.outputWord("ev_ready_o");
        final int updValid = spec.inputWord("upd_valid_i");
        final int updReady = spec.outputWord("upd_ready_o");
        final int rspValid = spec.outputWord("rsp_valid_o");
        final int rspReady = spec.inputWord("rsp_ready_i");
        final int rspStatus = spec.outputWord("rsp_status_o");
        final int rspWay = spec.outputWord("rsp_way_o");
        final int cnpValid = spec.outputWord("cnp_valid_o");
        final int cnpReady = spec.inputWord("cnp_ready_i");
        final int scanValid = spec.outputWord("scan_valid_o");
        final int scanReady = spec.inputWord("scan_ready_i");
        final int scanCnps = spec.outputWord("scan_cnps_o");
        final int scanCycles = spec.outputWord("scan_cycles_o");
        final int scanCoalesced = spec.outputWord("scan_coalesced_o");
        final int statOverflow = spec.outputWord("stat_overflow_o");
        final int initDone = spec.outputWord("init_done_o");
        final long statMax = (1L << cfg.statWidth()) - 1;
        return new CycleObserver()
        {
            private long lastCoalesced;

            @Override
            public void onCycle(final long cycle, final long[] in, final long[] out)
            {
                if (out[initDone] == 0)
                {
                    c.hit(INIT_SWEEP);
                    return;
                }
                if (out[rspValid] != 0)
                {
                    if (in[rspReady] == 0)
                    {
                        c.hit(RSP_BACKPRESSURE);
                    }
                    else
                    {
                        final int status = (int)out[rspStatus];
                        c.hit(status);
                        if (status == FlowTableStatus.ENQ_INSERT && out[rspWay] == cfg.ways() - 1)
                        {
                            c.hit(BUCKET_FILLED);
                        }
                    }
                }
                if (out[scanValid] != 0)
                {
                    if (in[scanReady] == 0)
                    {
                        c.hit(SCAN_REPORT_BACKPRESSURE);
                    }
                    else
                    {
                        c.hit(out[scanCnps] != 0 ? SCAN_WITH_CNPS : SCAN_EMPTY);
                        if (out[scanCycles] > cfg.buckets() + 4L)
                        {
                            c.hit(SCAN_SLOWED);
                        }
                        if (out[scanCoalesced] != lastCoalesced)
                        {
                            c.hit(UPDATE_COALESCED);
                            lastCoalesced = out[scanCoalesced];
                        }
                    }
                }
                if (out[cnpValid] != 0 && in[cnpReady] == 0)
                {
                    c.hit(CNP_BACKPRESSURE);
                }
                if (in[updValid] != 0 && out[updReady] != 0 && out[cnpValid] != 0)
                {
                    c.hit(UPDATE_DURING_CNPS);
                }
                if (in[evValid] != 0 && out[evReady] == 0)
                {
                    c.hit(EVENT_STALLED);
                }
                if (in[evValid] == 0 && in[updValid] == 0)
                {
                    c.hit(INPUTS_IDLE);
                }
                if (out[statOverflow] == statMax)
                {
                    c.hit(STAT_SATURATED);
                }
            }
        };
    }
}
