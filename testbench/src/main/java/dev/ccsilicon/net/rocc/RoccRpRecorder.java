package dev.ccsilicon.net.rocc;

/**
 * Receives what a NIC's {@code rocc_rp} takes in and decides, for a cross-check trace
 * ({@code ccsilicon firmware check}): every CNP it receives and every decision it makes, the
 * rejects and the timer-driven doubles and removes included, in the order it makes them.
 */
public interface RoccRpRecorder
{
    /** A CNP reaches the NIC's block at {@code timePs}: its QP, F (Δ^F units) and congestion point id. */
    void cnp(long timePs, int host, int qp, long rate, int cp);

    /**
     * The block decided: for a CNP (accept codes or reject: the NIC's oldest undecided CNP) or a
     * timer expiry (double, clamp, remove); the QP's rate and limiter after it.
     */
    void decision(long timePs, int host, int qp, long rate, boolean limiter, int cause);
}
