package dev.ccsilicon.net;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.ccsilicon.hdl.SeededRandom;
import org.agrona.collections.IntArrayList;
import dev.ccsilicon.scenario.Flow;
import dev.ccsilicon.scenario.Link;
import dev.ccsilicon.scenario.Scenario;

/**
 * Nodes, directed ports and routes of a scenario, as int indices. Link {@code i} gives port
 * {@code 2i} (a to b) and {@code 2i+1} (b to a), so the reverse of port {@code p} is {@code p ^ 1}.
 * Routes are shortest paths by hop count; where a node has several equal-cost next hops a flow
 * picks one by a hash of the seed, the flow id and the node id (per-flow ECMP), fixed for the run.
 * Each flow keeps only the hops it uses (its path and the way back from it), so memory grows with
 * flows × path length, not flows × nodes.
 */
public final class Topology
{
    private final int hostCount;
    private final String[] nodeIds;
    private final int[] portFrom;
    private final int[] portTo;
    private final long[] portRateBps;
    private final long[] portDelayPs;
    private final int[] hostPort;
    private final long seed;
    private final String[] flowIds;
    /** Per host, hop counts to it from every node, computed when first needed. */
    private final int[][] dist;
    /**
     * Per flow f, the routes it uses, as (node, egress port) pairs in {@code routeNode}/{@code routePort}:
     * [routeStart[f], dataEnd[f]) its data path from the source, then up to routeStart[f + 1] the
     * way back to the source from each node on it. A few entries per flow, read by a short scan.
     */
    private final int[] routeStart;
    private final int[] dataEnd;
    private final int[] routeNode;
    private final int[] routePort;
    private final int nodeCount;
    private final int[] flowSrc;
    private final int[] flowDst;
    /** Per node, the ports leaving it and the ports entering it, in port order. */
    private final int[][] outPorts;
    private final int[][] inPorts;

    public Topology(final Scenario scenario)
    {
        final List<String> hosts = scenario.hosts();
        final List<String> switches = scenario.switches();
        hostCount = hosts.size();
        nodeCount = hostCount + switches.size();
        nodeIds = new String[nodeCount];
        final Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < nodeCount; i++)
        {
            nodeIds[i] = i < hostCount ? hosts.get(i) : switches.get(i - hostCount);
            index.put(nodeIds[i], i);
        }

        final List<Link> links = scenario.links();
        final int ports = links.size() * 2;
        portFrom = new int[ports];
        portTo = new int[ports];
        portRateBps = new long[ports];
        portDelayPs = new long[ports];
        hostPort = new int[hostCount];
        Arrays.fill(hostPort, -1);
        for (int i = 0; i < links.size(); i++)
        {
            final Link link = links.get(i);
            final int a = index.get(link.a());
            final int b = index.get(link.b());
            setPort(2 * i, a, b, link);
            setPort(2 * i + 1, b, a, link);
        }

        outPorts = new int[nodeCount][];
        inPorts = new int[nodeCount][];
        final int[] outN = new int[nodeCount];
        final int[] inN = new int[nodeCount];
        for (int p = 0; p < ports; p++)
        {
            outN[portFrom[p]]++;
            inN[portTo[p]]++;
        }
        for (int n = 0; n < nodeCount; n++)
        {
            outPorts[n] = new int[outN[n]];
            inPorts[n] = new int[inN[n]];
            outN[n] = 0;
            inN[n] = 0;
        }
        // In port order, so that ECMP's candidate order is the port order.
        for (int p = 0; p < ports; p++)
        {
            outPorts[portFrom[p]][outN[portFrom[p]]++] = p;
            inPorts[portTo[p]][inN[portTo[p]]++] = p;
        }

        seed = scenario.seed();
        dist = new int[hostCount][];
        final List<Flow> flows = scenario.flows();
        final int n = flows.size();
        flowSrc = new int[n];
        flowDst = new int[n];
        flowIds = new String[n];
        routeStart = new int[n + 1];
        dataEnd = new int[n];
        final IntArrayList nodes = new IntArrayList();
        final IntArrayList hops = new IntArrayList();
        for (int f = 0; f < n; f++)
        {
            final Flow flow = flows.get(f);
            flowSrc[f] = index.get(flow.src());
            flowDst[f] = index.get(flow.dst());
            flowIds[f] = flow.id();
            routeStart[f] = nodes.size();
            // The data path, then the way back to the source from every node on it (where control
            // packets start); other nodes are computed on demand.
            for (int at = flowSrc[f], p = nextHop(f, at, false); p >= 0; at = portTo[p], p = nextHop(f, at, false))
            {
                nodes.addInt(at);
                hops.addInt(p);
            }
            dataEnd[f] = nodes.size();
            for (int i = routeStart[f]; i <= dataEnd[f]; i++)
            {
                int at = i < dataEnd[f] ? nodes.getInt(i) : flowDst[f];
                while (at != flowSrc[f] && !knownBack(nodes, f, at))
                {
                    final int p = nextHop(f, at, true);
                    if (p < 0)
                    {
                        break;
                    }
                    nodes.addInt(at);
                    hops.addInt(p);
                    at = portTo[p];
                }
            }
        }
        routeStart[n] = nodes.size();
        routeNode = nodes.toIntArray();
        routePort = hops.toIntArray();
    }

    private boolean knownBack(final IntArrayList nodes, final int f, final int node)
    {
        for (int i = dataEnd[f]; i < nodes.size(); i++)
        {
            if (nodes.getInt(i) == node)
            {
                return true;
            }
        }
        return false;
    }

    /** Hop counts to host {@code d}, computed once per host that is asked for. */
    private int[] dist(final int d)
    {
        int[] result = dist[d];
        if (null == result)
        {
            result = distancesTo(d);
            dist[d] = result;
        }
        return result;
    }

    /**
     * The egress port at {@code node} for {@code flow} towards its destination (or, {@code back},
     * its source), or -1 at the end or where there is no route: among the equal-cost next hops (in
     * port order) the flow picks one by a hash of the seed, the flow id and the node (per-flow ECMP),
     * the control direction with its own hash ({@code "<flow id>/cnp"}).
     */
    private int nextHop(final int flow, final int node, final boolean back)
    {
        final int target = back ? flowSrc[flow] : flowDst[flow];
        final int[] d = dist(target);
        if (node == target || d[node] == Integer.MAX_VALUE)
        {
            return -1;
        }
        int candidates = 0;
        for (final int p : outPorts[node])
        {
            if (isNextHop(portTo[p], target, d, d[node]))
            {
                candidates++;
            }
        }
        if (0 == candidates)
        {
            return -1;
        }
        final String key = back ? flowIds[flow] + "/cnp" : flowIds[flow];
        final int pick = 1 == candidates ? 0 :
            (int)Long.remainderUnsigned(SeededRandom.mix(seed, "ecmp/" + key + "@" + nodeIds[node]), candidates);
        int seen = 0;
        for (final int p : outPorts[node])
        {
            if (isNextHop(portTo[p], target, d, d[node]) && seen++ == pick)
            {
                return p;
            }
        }
        return -1;
    }

    private void setPort(final int port, final int from, final int to, final Link link)
    {
        portFrom[port] = from;
        portTo[port] = to;
        portRateBps[port] = link.rateBps();
        portDelayPs[port] = link.delayPs();
        if (from < hostCount)
        {
            hostPort[from] = port;
        }
    }

    /** Hop counts to host {@code d}; other hosts are never transit nodes. */
    private int[] distancesTo(final int d)
    {
        final int[] dist = new int[nodeCount];
        Arrays.fill(dist, Integer.MAX_VALUE);
        dist[d] = 0;
        final ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(d);
        while (!queue.isEmpty())
        {
            final int n = queue.poll();
            if (n < hostCount && n != d)
            {
                continue;
            }
            for (final int p : inPorts[n])
            {
                // Port p leads from portFrom[p] into n: portFrom[p] is one hop further from d.
                if (dist[portFrom[p]] == Integer.MAX_VALUE)
                {
                    dist[portFrom[p]] = dist[n] + 1;
                    queue.add(portFrom[p]);
                }
            }
        }
        return dist;
    }

    private boolean isNextHop(final int next, final int dst, final int[] dist, final int here)
    {
        return dist[next] == here - 1 && (next >= hostCount || next == dst);
    }

    public int nodeCount()
    {
        return nodeCount;
    }

    public int hostCount()
    {
        return hostCount;
    }

    public boolean isHost(final int node)
    {
        return node < hostCount;
    }

    public String nodeId(final int node)
    {
        return nodeIds[node];
    }

    public int portCount()
    {
        return portFrom.length;
    }

    public int from(final int port)
    {
        return portFrom[port];
    }

    public int to(final int port)
    {
        return portTo[port];
    }

    public long rateBps(final int port)
    {
        return portRateBps[port];
    }

    public long delayPs(final int port)
    {
        return portDelayPs[port];
    }

    /** "S0->B0". */
    public String portId(final int port)
    {
        return nodeIds[portFrom[port]] + "->" + nodeIds[portTo[port]];
    }

    /** The NIC port of {@code host}. */
    public int hostPort(final int host)
    {
        return hostPort[host];
    }

    public int flowSrc(final int flow)
    {
        return flowSrc[flow];
    }

    public int flowDst(final int flow)
    {
        return flowDst[flow];
    }

    /** Egress port at {@code node} for data of {@code flow}, or -1 at the destination. */
    public int dataPort(final int flow, final int node)
    {
        for (int i = routeStart[flow]; i < dataEnd[flow]; i++)
        {
            if (routeNode[i] == node)
            {
                return routePort[i];
            }
        }
        return nextHop(flow, node, false);
    }

    /** Egress port at {@code node} for control packets of {@code flow} towards its source (CNPs), or -1 at the source. */
    public int cnpPort(final int flow, final int node)
    {
        for (int i = dataEnd[flow]; i < routeStart[flow + 1]; i++)
        {
            if (routeNode[i] == node)
            {
                return routePort[i];
            }
        }
        return nextHop(flow, node, true);
    }
}
