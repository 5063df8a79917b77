package dev.ccsilicon.net.dcqcn;

import java.util.function.IntFunction;

import dev.ccsilicon.blocks.dcqcncp.DcqcnCpSettings;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcHook;
import dev.ccsilicon.scenario.Level;

/**
 * The three DCQCN blocks as the loop sees them, each at a level: the references ({@link DcqcnReferences})
 * or the blocks behind their pins ({@link DcqcnBlocks}). QPs are per host: a sending host's q-th flow is
 * its reaction point's QP q, a receiving host's q-th incoming flow its notification point's QP q.
 */
public final class DcqcnParts
{
    private DcqcnParts()
    {
    }

    /**
     * {@code dcqcn_cp} on every switch egress port at {@code level}, port p configured with
     * {@code settings.apply(p)}: the markers DCQCN uses, and LDCP with its own two policies.
     */
    public static Markers markers(final Topology topo, final Level level, final IntFunction<DcqcnCpSettings> settings)
    {
        return level == Level.REFERENCE ? new DcqcnReferences.Markers(topo, settings) :
            new DcqcnBlocks.Markers(topo, level, settings);
    }

    /** What the parts tell the glue ({@link DcqcnCc}). */
    interface Events
    {
        /** The reaction point of {@code host} changed QP {@code qp}'s rate or limiter. */
        void rateChanged(int host, int qp, long nowPs);

        /** The notification point of {@code host} sends a CNP for its QP {@code qp}. */
        void cnp(int host, int qp, long nowPs);
    }

    /** {@code dcqcn_cp} on every switch egress port. */
    public interface Markers extends AutoCloseable
    {
        /** The ADMIT hook: {@code DcqcnCpReference.ACCEPT} or a drop code. */
        int admit(int port, long q, int len, int ecn);

        /** The MARK hook: the packet's ECN field after the hook. */
        int mark(int port, long q, int len, int ecn);

        long marks();

        long wredDrops();

        @Override
        default void close() throws Exception
        {
        }
    }

    /** {@code dcqcn_np} in every receiving host; wake slot h is host h's. */
    interface NotificationPoints extends CcHook, AutoCloseable
    {
        /** A CE-marked data packet for {@code host}'s QP {@code qp}; returns the host's next wake. */
        long onCe(int host, int qp, long nowPs);

        long ceSeen();

        long suppressed();

        @Override
        default void close() throws Exception
        {
        }
    }

    /** {@code dcqcn_rp} in every sending host; wake slot h is host h's. */
    interface ReactionPoints extends CcHook, AutoCloseable
    {
        /** A CNP (or a CE echo) for {@code host}'s QP {@code qp}; returns the host's next wake. */
        long onCnp(int host, int qp, long nowPs);

        /** The pacer's report of {@code bytes} sent by {@code host}'s QP {@code qp}; returns the host's next wake. */
        long onTx(int host, int qp, long bytes, long nowPs);

        /**
         * Whether the pacer tells this reaction point of every data packet ({@link #onSent}) rather
         * than of {@link DcqcnFormats#TX_CHUNK_BYTES} chunks while limited ({@link #onTx}): firmware NICs.
         */
        default boolean perPacketTx()
        {
            return false;
        }

        /** {@code host}'s QP {@code qp} starts a data packet of {@code wireBytes}; returns the host's next wake. */
        default long onSent(final int host, final int qp, final int wireBytes, final boolean lastOfMessage, final long nowPs)
        {
            return NEVER;
        }

        boolean limited(int host, int qp);

        /** Rc in Δ_R units (meaningful while limited). */
        long rc(int host, int qp);

        /** Rt in Δ_R units, or -1 where the level does not show it. */
        long rt(int host, int qp);

        /** α as UQ1.15, or -1 where the level does not show it. */
        int alpha(int host, int qp);

        @Override
        default void close() throws Exception
        {
        }
    }
}
