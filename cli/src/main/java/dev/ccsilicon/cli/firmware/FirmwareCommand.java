package dev.ccsilicon.cli.firmware;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code ccsilicon firmware}: congestion control compiled to RISC-V and run on emulated NIC cores
 * (SPEC §7, docs/firmware.md). Only lists its subcommands, which register in {@code dev.ccsilicon.cli.Main}.
 */
@Command(
    name = "firmware",
    mixinStandardHelpOptions = true,
    description = "Run congestion-control firmware on emulated NIC cores: cycles per event, cores needed, " +
        "and a cross-check against a hardware block.")
public final class FirmwareCommand implements Runnable
{
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run()
    {
        throw new CommandLine.ParameterException(spec.commandLine(), "a firmware command is required, such as run or check");
    }
}
