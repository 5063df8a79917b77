package dev.ccsilicon.scenario;

/** PLACEHOLDER until the scenario keys land (branch scen). */
public record Transport(int ackEvery, Recovery recovery, long rtoPs)
{
    public enum Recovery { NONE, GO_BACK_N }

    public static final Transport NONE = new Transport(0, Recovery.NONE, 1_000_000_000L);
}
