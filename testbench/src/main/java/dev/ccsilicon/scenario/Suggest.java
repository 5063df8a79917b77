package dev.ccsilicon.scenario;

import java.util.Collection;

/** The closest known name to a misspelt one, by edit distance, for "did you mean" hints. */
final class Suggest
{
    private Suggest()
    {
    }

    /** The closest candidate, or null when none is close enough to be a plausible typo. */
    static String closest(final String name, final Collection<String> candidates)
    {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (final String candidate : candidates)
        {
            final int distance = distance(name.toLowerCase(), candidate.toLowerCase());
            if (distance < bestDistance)
            {
                best = candidate;
                bestDistance = distance;
            }
        }
        // Beyond about a third of the word, the "suggestion" is a different word, not a typo.
        final int limit = Math.max(1, Math.max(name.length(), null == best ? 0 : best.length()) / 3);
        return bestDistance <= limit ? best : null;
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
    static int distance(final String a, final String b)
    {
        final int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++)
        {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++)
        {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++)
        {
            for (int j = 1; j <= b.length(); j++)
            {
                final int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int value = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1))
                {
                    value = Math.min(value, d[i - 2][j - 2] + 1);
                }
                d[i][j] = value;
            }
        }
        return d[a.length()][b.length()];
    }
}
