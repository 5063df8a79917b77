package dev.ccsilicon.hdl.fixed;

/**
 * How fraction bits are dropped when a fixed-point value loses precision. Each mode is one cheap
 * SV expression; the examples drop one fraction bit ({@code n = 1}), i.e. divide by 2.
 */
public enum Rounding
{
    /**
     * Round toward minus infinity: the plain arithmetic shift. SV: {@code v >>> n} on a signed
     * value, {@code v >> n} on an unsigned one. Examples: 2.5 -> 2, -2.5 -> -3, -0.5 -> -1.
     */
    FLOOR,

    /**
     * Round toward zero (drop the fraction of the magnitude). SV for a signed value:
     * {@code (v >>> n) + (v[W-1] && |v[n-1:0])}, i.e. floor plus one when negative and inexact;
     * for unsigned values it equals {@link #FLOOR}. Examples: 2.5 -> 2, -2.5 -> -2, -0.5 -> 0.
     */
    TRUNCATE,

    /**
     * Round to nearest, ties toward plus infinity: add one half then floor. SV:
     * {@code (v >>> n) + v[n-1]} (the carry of the added half, without widening {@code v}).
     * Examples: 2.5 -> 3, -2.5 -> -2, -0.5 -> 0, -0.75 -> -1.
     */
    HALF_UP
}
