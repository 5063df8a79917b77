package dev.ccsilicon.net.fwcheck;

import java.nio.file.Path;
import java.util.List;

import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.pcc.PccProgram;
import dev.ccsilicon.firmware.trace.Trace;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;

/**
 * What {@code ccsilicon firmware check PROGRAM --against BLOCK} needs of one hardware block: record
 * a trace at its pins in a closed-loop run, and replay a trace into the block, the compiled program
 * and the program's twin, comparing their decisions. One implementation per block
 * ({@link BlockCheckers}): {@code rocc_rp}, {@code dcqcn_rp}.
 */
public interface BlockChecker
{
    /** The outcome of a check: whether every side agreed, events compared, and the report (summary or first difference). */
    record Outcome(boolean pass, int events, String report)
    {
    }

    /** The block's name, as {@code --against} takes it. */
    String block();

    /** The shipped programs that implement this block's algorithm (a PROGRAM given as an ELF path is checked too). */
    List<String> programs();

    /** The twin a program given as an ELF path is compared with: the block's own program's. */
    PccProgram defaultTwin();

    /** Why {@code scenario} cannot give this block's trace (e.g. another algorithm), or null. */
    String checkScenario(Scenario scenario);

    /** Runs {@code scenario} with the block at {@code level} (model or rtl) in the loop and returns its trace. */
    Trace record(Scenario scenario, Level level) throws Exception;

    /**
     * Replays {@code trace} into the block at {@code level}, the ELF on {@code preset}'s ISS and
     * {@code twin}, and compares.
     *
     * @throws IllegalArgumentException when the trace is not this block's (one line naming what).
     */
    Outcome check(Trace trace, Path elf, Preset preset, PccProgram twin, Level level) throws Exception;
}
