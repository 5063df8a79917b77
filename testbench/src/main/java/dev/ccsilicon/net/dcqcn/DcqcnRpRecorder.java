package dev.ccsilicon.net.dcqcn;

/**
 * Receives what a sending NIC's {@code dcqcn_rp} takes in and puts out at its pins, for a
 * cross-check trace ({@code ccsilicon firmware check ... --against dcqcn_rp}): every CNP and TX
 * report as it joins the block's input FIFO, every rate update on {@code upd_*}, and every step of
 * {@code stat_alpha_decay_o} (an alpha-timer expiry, which updates no rate).
 */
public interface DcqcnRpRecorder
{
    /** A CNP for {@code qp} joins the block's {@code cnp} FIFO at {@code timePs}. */
    void cnp(long timePs, int host, int qp);

    /** A TX report of {@code bytes} for {@code qp} joins the block's {@code tx} FIFO at {@code timePs}. */
    void tx(long timePs, int host, int qp, long bytes);

    /**
     * An alpha-timer expiry at {@code timePs}: a step of {@code stat_alpha_decay_o} (the pins do not
     * say whose), {@code decays} its value after the step.
     */
    void alpha(long timePs, int host, long decays);

    /** The block's {@code upd} record at {@code timePs}: Rc (Δ_R units), the limiter, the result code. */
    void update(long timePs, int host, int qp, long rc, boolean limiter, int cause);
}
