package dev.ccsilicon.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code ccsilicon}: the top command, which only lists its subcommands. */
@Command(
    name = "ccsilicon",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Congestion control in hardware: block models, reference RTL, co-simulation and a closed-loop " +
        "network testbench.",
    footer = {
        "",
        "  test   Bootstraps (JDK, Verilator) and runs the whole test suite; handled by",
        "         the ./ccsilicon launcher as './mvnw -B verify', so it takes Maven's",
        "         arguments.",
        "",
        "Exit codes: 0 success, 1 a check failed, 2 bad input or missing prerequisite."})
final class TopCommand implements Runnable
{
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run()
    {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required, such as run");
    }
}
