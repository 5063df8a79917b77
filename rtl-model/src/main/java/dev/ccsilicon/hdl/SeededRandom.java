package dev.ccsilicon.hdl;

import java.util.SplittableRandom;

/**
 * The only source of randomness in a model. A stream is identified by a run seed and a hierarchical
 * name, so what a component draws does not depend on how many other streams exist, in which order
 * they were created, or on which thread they run: same seed, same bits.
 */
public final class SeededRandom
{
    private final long seed;
    private final String name;
    private final SplittableRandom random;

    public SeededRandom(final long seed, final String name)
    {
        this.seed = seed;
        this.name = name;
        this.random = new SplittableRandom(mix(seed, name));
    }

    /** The seed of the stream named {@code name} under run seed {@code seed}; stable across releases. */
    public static long mix(final long seed, final String name)
    {
        // FNV-1a over UTF-16 code units is fully specified here, unlike String.hashCode's 32 bits,
        // so distinct names practically never share a stream.
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < name.length(); i++)
        {
            h ^= name.charAt(i);
            h *= 0x100000001b3L;
        }
        return splitMix64(splitMix64(seed) ^ h);
    }

    /** A child stream, e.g. per flow: {@code random.child("flow3")} is the stream named {@code name + ".flow3"}. */
    public SeededRandom child(final String childName)
    {
        return new SeededRandom(seed, name + "." + childName);
    }

    public long seed()
    {
        return seed;
    }

    public String name()
    {
        return name;
    }

    public long nextLong()
    {
        return random.nextLong();
    }

    /** Uniform in [0, bound). */
    public long nextLong(final long bound)
    {
        return random.nextLong(bound);
    }

    /** Uniform in [0, bound). */
    public int nextInt(final int bound)
    {
        return random.nextInt(bound);
    }

    /** Uniform in [0, 1). */
    public double nextDouble()
    {
        return random.nextDouble();
    }

    public boolean nextBoolean()
    {
        return random.nextBoolean();
    }

    /** Uniform value of {@code width} bits. */
    public long nextBits(final int width)
    {
        return width >= 64 ? random.nextLong() : random.nextLong() >>> (64 - width);
    }

    private static long splitMix64(final long x)
    {
        long z = x + 0x9e3779b97f4a7c15L;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
