package dev.ccsilicon.blocks.roccrp;

import java.util.ArrayList;
import java.util.List;

/** Records a {@link RoccRpReference}'s updates in the bench's {@link RoccRpHarness.Update} form, for comparison. */
final class RoccRpUpdates implements RoccRpReference.UpdateHandler
{
    final List<RoccRpHarness.Update> updates = new ArrayList<>();

    @Override
    public void onUpdate(final long time, final int qp, final long rate, final boolean limiter, final int cause)
    {
        updates.add(new RoccRpHarness.Update(time, qp, rate, limiter, cause));
    }

    List<RoccRpHarness.Update> updatesOf(final int qp)
    {
        final List<RoccRpHarness.Update> out = new ArrayList<>();
        for (final RoccRpHarness.Update u : updates)
        {
            if (u.qp() == qp)
            {
                out.add(u);
            }
        }
        return out;
    }
}
