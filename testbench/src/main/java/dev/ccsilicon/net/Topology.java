package dev.ccsilicon.net;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.ccsilicon.hdl.SeededRandom;
import dev.ccsilicon.scenario.Flow;
import dev.ccsilicon.scenario.Link;
import dev.ccsilicon.scenario.Scenario;

/**
 * Nodes, directed ports and routes of a scenario, as int indices. Link {@code i} gives port
 * {@code 2i} (a to b) and {@code 2i+1} (b to a), so the reverse of port {@code p} is {@code p ^ 1}.
 * Routes are shortest paths by hop count; where a node has several equal-cost next hops a flow
 * picks one by a hash of the seed, the flow id and the node id (per-flow ECMP), fixed for the run.
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
    private final int[] dataRoute;
    private final int[] cnpRoute;
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

        final int[][] dist = new int[hostCount][];
        for (int d = 0; d < hostCount; d++)
        {
            dist[d] = distancesTo(d);
        }

        final List<Flow> flows = scenario.flows();
        flowSrc = new int[flows.size()];
        flowDst = new int[flows.size()];
        dataRoute = new int[flows.size() * nodeCount];
        cnpRoute = new int[flows.size() * nodeCount];
        for (int f = 0; f < flows.size(); f++)
        {
            final Flow flow = flows.get(f);
            flowSrc[f] = index.get(flow.src());
            flowDst[f] = index.get(flow.dst());
            fillRoute(dataRoute, f, flowDst[f], dist[flowDst[f]], scenario.seed(), flow.id());
            fillRoute(cnpRoute, f, flowSrc[f], dist[flowSrc[f]], scenario.seed(), flow.id() + "/cnp");
        }
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

    private void fillRoute(
        final int[] route, final int flow, final int dst, final int[] dist, final long seed, final String flowId)
    {
        final int base = flow * nodeCount;
        for (int n = 0; n < nodeCount; n++)
        {
            route[base + n] = -1;
            if (n == dst || dist[n] == Integer.MAX_VALUE)
            {
                continue;
            }
            int candidates = 0;
            for (final int p : outPorts[n])
            {
                if (isNextHop(portTo[p], dst, dist, dist[n]))
                {
                    candidates++;
                }
            }
            if (0 == candidates)
            {
                continue;
            }
            final int pick = 1 == candidates ? 0 :
                (int)Long.remainderUnsigned(SeededRandom.mix(seed, "ecmp/" + flowId + "@" + nodeIds[n]), candidates);
            int seen = 0;
            for (final int p : outPorts[n])
            {
                if (isNextHop(portTo[p], dst, dist, dist[n]))
                {
                    if (seen++ == pick)
                    {
                        route[base + n] = p;
                        break;
                    }
                }
            }
        }
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
        return dataRoute[flow * nodeCount + node];
    }

    /** Egress port at {@code node} for CNPs of {@code flow} (towards its source), or -1 at the source. */
    public int cnpPort(final int flow, final int node)
    {
        return cnpRoute[flow * nodeCount + node];
    }
}
