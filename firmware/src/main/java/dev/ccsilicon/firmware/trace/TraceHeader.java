package dev.ccsilicon.firmware.trace;

import java.util.List;

/**
 * What a trace was recorded from: the block, the scenario and its seed, and the block's configuration
 * (the recovery timer and wheel tick shared by every NIC; per NIC its R_max and QP count).
 *
 * @param block      the hardware block whose inputs and outputs were recorded ({@code rocc_rp}).
 * @param scenario   the scenario's name (free text; empty for a synthetic trace).
 * @param seed       the scenario's seed.
 * @param endPs      when the recording ended (a replay runs the block's timers up to here).
 * @param recoveryNs the recovery timer, ns (= block cycles at 1 GHz).
 * @param timerTick  the timer wheel's tick in block cycles, or 0 for the block's automatic choice.
 * @param nics       the NICs, numbered by their index in this list.
 * @param params     the block's further parameters, u32 each, in the block's own order (version 2; empty
 *                   for rocc_rp, whose trace stays version 1; dcqcn_rp: {@code DcqcnRpTraceRecorder}).
 */
public record TraceHeader(String block, String scenario, long seed, long endPs, long recoveryNs, int timerTick, List<Nic> nics,
                          List<Long> params)
{
    /** A header without further parameters (rocc_rp, version 1). */
    public TraceHeader(final String block, final String scenario, final long seed, final long endPs, final long recoveryNs,
                       final int timerTick, final List<Nic> nics)
    {
        this(block, scenario, seed, endPs, recoveryNs, timerTick, nics, List.of());
    }

    /**
     * One NIC's block.
     *
     * @param name    the host it sits in.
     * @param rateMax R_max in the block's rate unit (Δ^F = 10 Mb/s for rocc_rp).
     * @param qps     QPs (flows) it serves, 0 .. qps - 1.
     */
    public record Nic(String name, long rateMax, int qps)
    {
        public Nic
        {
            if (rateMax < 0 || rateMax > 0xFFFF_FFFFL)
            {
                throw new IllegalArgumentException("rateMax must be 0..2^32-1, got " + rateMax);
            }
            if (qps < 0)
            {
                throw new IllegalArgumentException("qps must be >= 0, got " + qps);
            }
        }
    }

    /** Parameter {@code i} of {@link #params}. */
    public long param(final int i)
    {
        return params.get(i);
    }

    public TraceHeader
    {
        nics = List.copyOf(nics);
        params = List.copyOf(params);
        if (params.size() > 65535)
        {
            throw new IllegalArgumentException("params must be at most 65535 values, got " + params.size());
        }
        for (int i = 0; i < params.size(); i++)
        {
            if (params.get(i) < 0 || params.get(i) > 0xFFFF_FFFFL)
            {
                throw new IllegalArgumentException("params[" + i + "] must be 0..2^32-1, got " + params.get(i));
            }
        }
        if (block.isEmpty() || block.length() > 255 || scenario.length() > 65535)
        {
            throw new IllegalArgumentException("block name must be 1..255 bytes and scenario name at most 65535, got '"
                + block + "'");
        }
        if (recoveryNs < 0 || recoveryNs > 0xFFFF_FFFFL)
        {
            throw new IllegalArgumentException("recoveryNs must be 0..2^32-1, got " + recoveryNs);
        }
        if (nics.size() > 65535)
        {
            throw new IllegalArgumentException("nics must be at most 65535, got " + nics.size());
        }
    }
}
