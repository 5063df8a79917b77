package dev.ccsilicon.cosim.budget;

/**
 * A published figure printed beside the budget (../shared/specs/hw-feasibility-anchors.md).
 *
 * @param design    the design.
 * @param figure    the figure as published.
 * @param bitsPerFlow per-flow state in bits, or -1 when the figure is not per flow.
 * @param source    where it comes from and how sure it is ([src], [doc], [UNCONFIRMED]).
 */
public record Anchor(String design, String figure, long bitsPerFlow, String source)
{
}
