package dev.ccsilicon.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Supplier;

import dev.ccsilicon.cli.cosim.BenchCommand;
import dev.ccsilicon.cli.cosim.CosimCommand;
import dev.ccsilicon.cli.firmware.FirmwareCheckCommand;
import dev.ccsilicon.cli.firmware.FirmwareCommand;
import dev.ccsilicon.cli.firmware.FirmwareRunCommand;
import dev.ccsilicon.cosim.synth.Synthesizer;
import dev.ccsilicon.scenario.ScenarioError;
import dev.ccsilicon.scenario.ScenarioRunner;
import picocli.CommandLine;

/**
 * The {@code ccsilicon} command-line tool (SPEC §3). Exit codes: 0 success, 1 a check failed or an
 * unexpected error, 2 bad input. A user's mistake is one line on stderr, never a stack trace;
 * an unexpected exception prints its stack trace only when {@code CCSILICON_DEBUG} is set.
 */
public final class Main
{
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int BAD_INPUT = 2;

    static final String DEBUG_VARIABLE = "CCSILICON_DEBUG";

    private Main()
    {
    }

    public static void main(final String[] args)
    {
        System.exit(execute(args, System.out, System.err));
    }

    /** Runs the tool in-process and returns its exit code instead of exiting. */
    public static int execute(final String[] args, final PrintStream out, final PrintStream err)
    {
        return execute(args, out, err, System.getenv(), Main::installedRunner);
    }

    /** As {@link #execute(String[], PrintStream, PrintStream)} with the environment and runner given. */
    static int execute(
        final String[] args,
        final PrintStream out,
        final PrintStream err,
        final Map<String, String> env,
        final Supplier<Optional<ScenarioRunner>> runners)
    {
        return execute(args, out, err, env, runners, BudgetCommand::installedSynthesizer);
    }

    /** As above with the synthesizer given (tests plug a fixed one in). */
    static int execute(
        final String[] args,
        final PrintStream out,
        final PrintStream err,
        final Map<String, String> env,
        final Supplier<Optional<ScenarioRunner>> runners,
        final Supplier<Optional<Synthesizer>> synthesizers)
    {
        final CommandLine commandLine = new CommandLine(new TopCommand());
        commandLine.addSubcommand("run", new RunCommand(out, runners));
        commandLine.addSubcommand("cosim", new CosimCommand(out, err));
        commandLine.addSubcommand("bench", new CommandLine(new BenchCommand(out, err), new BenchCommand.Factory(out, err)));
        commandLine.addSubcommand("budget", new BudgetCommand(out, synthesizers));
        commandLine.addSubcommand("sweep", new SweepCommand(out, err, runners));
        commandLine.addSubcommand("compare", new CompareCommand(out, err, runners));
        commandLine.addSubcommand("regress", new RegressCommand(out, err));
        commandLine.addSubcommand("job", new JobCommand(out));
        final CommandLine firmware = new CommandLine(new FirmwareCommand());
        // firmware subcommands: one line each
        firmware.addSubcommand("run", new FirmwareRunCommand(out, err));
        firmware.addSubcommand("check", new FirmwareCheckCommand(out, err));
        commandLine.addSubcommand("firmware", firmware);
        // Subcommands register here, one line each. A subcommand signals a user mistake by throwing
        // UserError (or ScenarioError), or by returning 2 after printing one line.

        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        commandLine.setParameterExceptionHandler((ex, ignored) ->
        {
            final String command = ex.getCommandLine().getCommandSpec().qualifiedName();
            err.println(command + ": " + ex.getMessage() + " (see '" + command + " --help')");
            err.flush();
            return BAD_INPUT;
        });
        commandLine.setExecutionExceptionHandler((ex, ignored, parseResult) -> handle(ex, err, env));
        final int code = commandLine.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    private static int handle(final Exception ex, final PrintStream err, final Map<String, String> env)
    {
        if (ex instanceof ScenarioError || ex instanceof UserError)
        {
            err.println(ex.getMessage());
            return BAD_INPUT;
        }
        err.println("ccsilicon: unexpected error: " + ex +
            (null == env.get(DEBUG_VARIABLE) ? " (set " + DEBUG_VARIABLE + "=1 for the stack trace)" : ""));
        if (null != env.get(DEBUG_VARIABLE))
        {
            ex.printStackTrace(err);
        }
        return FAILED;
    }

    /** The network simulator, once a module provides it (see {@link ScenarioRunner}). */
    static Optional<ScenarioRunner> installedRunner()
    {
        return ServiceLoader.load(ScenarioRunner.class).findFirst();
    }
}
