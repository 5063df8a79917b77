package dev.ccsilicon.blocks.roccrp;

import java.util.ArrayList;
import java.util.List;

/** Records a {@link RoccRpReference}'s updates in the bench's {@link RoccRpBench.Update} form, for comparison. */
final class RoccRpUpdates implements RoccRpReference.UpdateHandler
{
    final List<RoccRpBench.Update> updates = new ArrayList<>();

    @Override
    public void onUpdate(final long time, final int qp, final long rate, final boolean limiter, final int cause)
    {
        updates.add(new RoccRpBench.Update(time, qp, rate, limiter, cause));
    }

    List<RoccRpBench.Update> updatesOf(final int qp)
    {
        final List<RoccRpBench.Update> out = new ArrayList<>();
        for (final RoccRpBench.Update u : updates)
        {
            if (u.qp() == qp)
            {
                out.add(u);
            }
        }
        return out;
    }
}
