package dev.ccsilicon.cosim.blocks.roccflowtable;

import java.util.List;
import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.blocks.roccflowtable.FlowTableStatus;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTable;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableConfig;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockDeclaration;
import dev.ccsilicon.cosim.lockstep.Coverage;
import dev.ccsilicon.cosim.lockstep.CycleObserver;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;
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
    /**
     * Coverage bins, in report order. The first eight are the response statuses in
     * {@link FlowTableStatus} order. The status bins after {@code INIT_SWEEP} cover each value class
     * of the statistics outputs: each counter incremented, and the overflow counter saturated
     * ({@code stat_saturated}, its old name), which every run reaches. The other three saturate in
     * some runs only ({@code stat_count_sat_o}, {@code stat_coalesced_o}: not in 20,000 events of
     * seed 3) or none ({@code stat_deq_miss_o}: dequeues of untracked flows are rare), so they have
     * no saturation bin; their saturation is the same RTL as the overflow counter's, whose
     * saturation-drop mutant is caught.
     */
    enum Bin
    {
        ENQ_HIT,
        ENQ_INSERT,
        ENQ_OVERFLOW,
        ENQ_SATURATED,
        DEQ_DEC,
        DEQ_FREED,
        DEQ_UNTRACKED,
        DEQ_MISS,
        BUCKET_FILLED,
        SCAN_WITH_CNPS,
        SCAN_EMPTY,
        SCAN_SLOWED,
        UPDATE_COALESCED,
        UPDATE_DURING_CNPS,
        CNP_BACKPRESSURE,
        RSP_BACKPRESSURE,
        SCAN_REPORT_BACKPRESSURE,
        EVENT_STALLED,
        STAT_SATURATED,        // stat_overflow_o at its maximum
        INPUTS_IDLE,
        INIT_SWEEP,            // init_done_o low
        STAT_OVERFLOW_COUNTED, // stat_overflow_o incremented
        STAT_COUNT_SAT_COUNTED,
        STAT_DEQ_MISS_COUNTED,
        STAT_COALESCED_COUNTED
    }

    /** Response status code to its bin. */
    private static final Bin[] STATUS_BINS = {
        Bin.ENQ_HIT, Bin.ENQ_INSERT, Bin.ENQ_OVERFLOW, Bin.ENQ_SATURATED, Bin.DEQ_DEC, Bin.DEQ_FREED, Bin.DEQ_UNTRACKED,
        Bin.DEQ_MISS};

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
    public List<BlockVariant> variants()
    {
        return List.of(BlockVariant.of("odd", "3 ports, 2-way, strict scan priority, saturating scan cycles",
            () -> new RoccFlowTableAdapter(new RoccFlowTableConfig(3, 2, 1, 3, 24, 2, 6, 6, 0))));
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
    public BlockDeclaration<?> declaration()
    {
        return BlockDeclaration.of(RoccFlowTablePorts.TOP, RoccFlowTableConfig.defaults(), RoccFlowTablePorts::ports,
                c -> new RoccFlowTable(null, c))
            .figure("table SRAM bits per entry (`RoccFlowTableConfig.entryWidth()`)", RoccFlowTableConfig::entryWidth)
            .figure("table SRAM bits (`RoccFlowTableConfig.sramBits()`)", RoccFlowTableConfig::sramBits);
    }

    @Override
    public ReferenceDut newReference(final BlockSpec spec)
    {
        return new RoccFlowTableReferenceDut(spec);
    }

    @Override
    public Stimulus newStimulus(final long seed, final int inStream)
    {
        return inStream == 0 ? new RoccFlowTableEventStimulus(seed, spec()) : new RoccFlowTableUpdateStimulus(seed, spec());
    }

    @Override
    public Coverage newCoverage()
    {
        return new Coverage(java.util.List.of(Bin.values()));
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
        final int statCountSat = spec.outputWord("stat_count_sat_o");
        final int statDeqMiss = spec.outputWord("stat_deq_miss_o");
        final int statCoalesced = spec.outputWord("stat_coalesced_o");
        final long statMax = (1L << cfg.statWidth()) - 1;
        return new CycleObserver()
        {
            private long lastCoalesced;
            private long lastOverflow;
            private long lastCountSat;
            private long lastDeqMiss;
            private long lastStatCoalesced;

            @Override
            public void onCycle(final long cycle, final long[] in, final long[] out)
            {
                if (out[initDone] == 0)
                {
                    c.hit(Bin.INIT_SWEEP);
                    return;
                }
                if (out[rspValid] != 0)
                {
                    if (in[rspReady] == 0)
                    {
                        c.hit(Bin.RSP_BACKPRESSURE);
                    }
                    else
                    {
                        final int status = (int)out[rspStatus];
                        c.hit(STATUS_BINS[status]);
                        if (status == FlowTableStatus.ENQ_INSERT && out[rspWay] == cfg.ways() - 1)
                        {
                            c.hit(Bin.BUCKET_FILLED);
                        }
                    }
                }
                if (out[scanValid] != 0)
                {
                    if (in[scanReady] == 0)
                    {
                        c.hit(Bin.SCAN_REPORT_BACKPRESSURE);
                    }
                    else
                    {
                        c.hit(out[scanCnps] != 0 ? Bin.SCAN_WITH_CNPS : Bin.SCAN_EMPTY);
                        if (out[scanCycles] > cfg.buckets() + 4L)
                        {
                            c.hit(Bin.SCAN_SLOWED);
                        }
                        if (out[scanCoalesced] != lastCoalesced)
                        {
                            c.hit(Bin.UPDATE_COALESCED);
                            lastCoalesced = out[scanCoalesced];
                        }
                    }
                }
                if (out[cnpValid] != 0 && in[cnpReady] == 0)
                {
                    c.hit(Bin.CNP_BACKPRESSURE);
                }
                if (in[updValid] != 0 && out[updReady] != 0 && out[cnpValid] != 0)
                {
                    c.hit(Bin.UPDATE_DURING_CNPS);
                }
                if (in[evValid] != 0 && out[evReady] == 0)
                {
                    c.hit(Bin.EVENT_STALLED);
                }
                if (in[evValid] == 0 && in[updValid] == 0)
                {
                    c.hit(Bin.INPUTS_IDLE);
                }
                statusBins(out);
            }

            /** The statistics outputs' value classes: each counter incremented, each at its maximum. */
            private void statusBins(final long[] out)
            {
                if (out[statOverflow] == statMax)
                {
                    c.hit(Bin.STAT_SATURATED);
                }
                if (out[statOverflow] != lastOverflow)
                {
                    c.hit(Bin.STAT_OVERFLOW_COUNTED);
                    lastOverflow = out[statOverflow];
                }
                if (out[statCountSat] != lastCountSat)
                {
                    c.hit(Bin.STAT_COUNT_SAT_COUNTED);
                    lastCountSat = out[statCountSat];
                }
                if (out[statDeqMiss] != lastDeqMiss)
                {
                    c.hit(Bin.STAT_DEQ_MISS_COUNTED);
                    lastDeqMiss = out[statDeqMiss];
                }
                if (out[statCoalesced] != lastStatCoalesced)
                {
                    c.hit(Bin.STAT_COALESCED_COUNTED);
                    lastStatCoalesced = out[statCoalesced];
                }
            }
        };
    }
}
