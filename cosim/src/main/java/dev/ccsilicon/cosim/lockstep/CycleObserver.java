package dev.ccsilicon.cosim.lockstep;

/** Sees the model's pins once per cycle, after evaluate and before the clock edge (coverage, waveforms). */
@FunctionalInterface
public interface CycleObserver
{
    void onCycle(long cycle, long[] inputs, long[] outputs);
}
