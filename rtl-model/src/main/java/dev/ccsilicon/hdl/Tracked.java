package dev.ccsilicon.hdl;

/**
 * A state element that tells its clock domain when it has something to commit (a write, a push or
 * pop, a read in flight), so {@link ClockDomain#step()} commits only the elements written in the
 * cycle instead of every element. The contract: an element that is not queued would commit as a
 * no-op. Elements that do not implement this interface are committed every cycle.
 */
interface Tracked
{
    /**
     * Bind the element to {@code domain} when the domain is built and mark it dirty (the domain
     * queues it, so whatever was written before commits at the first step). Returns false when the element
     * must commit every cycle anyway (then the domain never queues it).
     */
    boolean attach(ClockDomain domain);
}
