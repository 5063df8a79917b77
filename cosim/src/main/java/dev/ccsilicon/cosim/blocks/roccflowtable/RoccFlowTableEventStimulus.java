package dev.ccsilicon.cosim.blocks.roccflowtable;

import dev.ccsilicon.blocks.roccflowtable.FlowKey;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableReference;
import dev.ccsilicon.blocks.roccflowtable.FlowTableStatus;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableConfig;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.Stimulus;

import java.util.ArrayDeque;

/**
 * Packet events of {@code rocc_flow_table} (stream 0) and the run's static configuration.
 *
 * <p>A legal event sequence needs the tag each enqueue gets, which depends only on the order of
 * events (scans never change the table), so the generator runs the untimed
 * {@link RoccFlowTableReference} alongside and keeps every port's queue of (flow, tag). Dequeues take
 * the head of a port's queue with its tag. The mix changes every {@value #PHASE} events:
 * <ul>
 *   <li>hot: one to three flows on two ports, queues fill: counts grow to saturation;</li>
 *   <li>many: hundreds of flows on every port: buckets fill, overflow, untracked dequeues;</li>
 *   <li>collide: {@code Ways + 2} flows of one bucket: a full bucket, freed ways re-used;</li>
 *   <li>drain: mostly dequeues: entries freed at 0, partitions emptied;</li>
 *   <li>mixed.</li>
 * </ul>
 * One event in 1000 is a wrongly tagged dequeue of an untracked flow (the table must ignore and
 * count it).
 */
final class RoccFlowTableEventStimulus extends Stimulus
{
    static final int PHASE = 2048;
    private static final int POOL = 1024;
    private static final int QUEUE_LIMIT = 300;
    private static final int HOT = 0;
    private static final int MANY = 1;
    private static final int COLLIDE = 2;
    private static final int DRAIN = 3;
    private static final int MIXED = 4;

    private final RoccFlowTableConfig cfg;
    private final RoccFlowTableReference ref;
    private final ArrayDeque<long[]>[] queues;
    private final int[][] byBucket;
    private final int switchId;
    private final int cnpGap;
    private final int pinSwitchId;
    private final int pinGap;
    private int mode;
    private int hotFlows;
    private int hotBase;
    private int collideBucket;

    @SuppressWarnings("unchecked")
    RoccFlowTableEventStimulus(final long seed, final BlockSpec spec)
    {
        super(seed, 0, 0.2, 8, 0.3);
        cfg = RoccFlowTableSpec.config(spec);
        switchId = config.nextInt(1 << 16);
        cnpGap = config.nextInt(4);
        pinSwitchId = spec.inputWord("cfg_switch_id_i");
        pinGap = spec.inputWord("cfg_cnp_gap_i");
        ref = new RoccFlowTableReference(cfg);
        queues = new ArrayDeque[cfg.ports()];
        for (int p = 0; p < queues.length; p++)
        {
            queues[p] = new ArrayDeque<>();
        }
        final int[] perBucket = new int[cfg.buckets()];
        for (int i = 0; i < POOL; i++)
        {
            perBucket[bucketOf(i)]++;
        }
        byBucket = new int[cfg.buckets()][];
        for (int b = 0; b < byBucket.length; b++)
        {
            byBucket[b] = new int[perBucket[b]];
            perBucket[b] = 0;
        }
        for (int i = 0; i < POOL; i++)
        {
            final int b = bucketOf(i);
            byBucket[b][perBucket[b]++] = i;
        }
    }

    @Override
    public void staticInputs(final long[] inputs)
    {
        inputs[pinSwitchId] = switchId;
        inputs[pinGap] = cnpGap;
    }

    @Override
    public void data(final long index, final long[] words)
    {
        if (index % PHASE == 0)
        {
            newPhase();
        }
        final int port = pickPort();
        final ArrayDeque<long[]> q = queues[port];
        if (random.nextInt(1000) == 0)
        {
            final int flow = pickFlow();
            if (ref.countOf(port, hi(flow), lo(flow)) == 0)
            {
                ref.apply(true, true, port, hi(flow), lo(flow));
                fill(words, true, true, port, flow);
                return;
            }
        }
        final int enqPercent = switch (mode)
        {
            case HOT -> 65;
            case MANY -> 58;
            case COLLIDE -> 55;
            case DRAIN -> 12;
            default -> 50;
        };
        final boolean deq = !q.isEmpty() && (q.size() >= QUEUE_LIMIT || random.nextInt(100) >= enqPercent);
        if (deq)
        {
            final long[] pkt = q.poll();
            final int flow = (int)pkt[0];
            final boolean tracked = pkt[1] != 0;
            ref.apply(true, tracked, port, hi(flow), lo(flow));
            fill(words, true, tracked, port, flow);
        }
        else
        {
            final int flow = pickFlow();
            final int status = ref.apply(false, false, port, hi(flow), lo(flow));
            q.add(new long[] {flow, FlowTableStatus.tracked(status) ? 1 : 0});
            fill(words, false, false, port, flow);
        }
    }

    private void newPhase()
    {
        mode = random.nextInt(5);
        hotFlows = 1 + random.nextInt(3);
        hotBase = random.nextInt(POOL - 4);
        collideBucket = random.nextInt(cfg.buckets());
        while (byBucket[collideBucket].length < cfg.ways() + 2)
        {
            collideBucket = (collideBucket + 1) % cfg.buckets();
        }
    }

    private int pickPort()
    {
        return mode == HOT ? random.nextInt(Math.min(2, cfg.ports())) : random.nextInt(cfg.ports());
    }

    private int pickFlow()
    {
        return switch (mode)
        {
            case HOT -> hotBase + random.nextInt(hotFlows);
            case COLLIDE -> byBucket[collideBucket][random.nextInt(cfg.ways() + 2)];
            case MIXED -> random.nextInt(4) == 0 ? hotBase : random.nextInt(POOL);
            default -> random.nextInt(POOL);
        };
    }

    private void fill(final long[] words, final boolean deq, final boolean tracked, final int port, final int flow)
    {
        words[0] = deq ? 1 : 0;
        words[1] = tracked ? 1 : 0;
        words[2] = port;
        words[3] = srcIp(flow) & 0xFFFF_FFFFL;
        words[4] = dstIp(flow) & 0xFFFF_FFFFL;
        words[5] = proto(flow);
        words[6] = srcPort(flow);
        words[7] = dstPort(flow);
    }

    private int bucketOf(final int flow)
    {
        return FlowKey.bucket(hi(flow), lo(flow), cfg.bucketsLog2());
    }

    // A pool of 5-tuples with every field exercised: addresses spread over all 32 bits, TCP and UDP,
    // ephemeral source ports and a few destination ports.
    private static int srcIp(final int flow)
    {
        return flow * 0x9E3779B1 ^ 0x0A000000;
    }

    private static int dstIp(final int flow)
    {
        return Integer.reverse(flow * 0x85EBCA6B) ^ 0xC0A80000;
    }

    private static int proto(final int flow)
    {
        return (flow & 7) == 0 ? 6 : (flow & 63) == 1 ? 255 : 17;
    }

    private static int srcPort(final int flow)
    {
        return 0xC000 | flow * 37 & 0x3FFF | ((flow & 15) == 3 ? 0xFFFF : 0);
    }

    private static int dstPort(final int flow)
    {
        return (flow & 3) == 0 ? 4791 : (flow & 3) == 1 ? 0 : 0x8000 | flow;
    }

    private static long hi(final int flow)
    {
        return FlowKey.hi(srcIp(flow), dstIp(flow));
    }

    private static long lo(final int flow)
    {
        return FlowKey.lo(dstIp(flow), proto(flow), srcPort(flow), dstPort(flow));
    }
}
