package dev.ccsilicon.scenario;

/**
 * Parameters of the RoCC fair-rate block (SPEC §6.1) for ports of one speed.
 *
 * @param periodPs  the update period T, picoseconds.
 * @param qRefBytes the reference queue Qref.
 * @param qMidBytes Qmid: the queue growth in one period that triggers multiplicative decrease.
 * @param qMaxBytes Qmax: the queue that resets the fair rate to Fmin.
 * @param fMinBps   the lowest fair rate.
 * @param fMaxBps   the highest fair rate.
 * @param alpha     the PI controller's proportional gain on Qcur - Qref (quantised by the block).
 * @param beta      the PI controller's gain on Qcur - Qold (quantised by the block).
 */
public record RoccProfile(
    long periodPs, long qRefBytes, long qMidBytes, long qMaxBytes, long fMinBps, long fMaxBps, double alpha, double beta)
{
}
