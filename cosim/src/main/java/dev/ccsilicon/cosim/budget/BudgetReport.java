package dev.ccsilicon.cosim.budget;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import dev.ccsilicon.cosim.synth.SynthResult;

/**
 * The budget of an algorithm at a target: per block and in total, as a table ({@link #toTable()}) and
 * as JSON ({@link #toJson()}, docs/budget.md describes every field).
 *
 * @param algorithm   the algorithm's name.
 * @param target      the target.
 * @param blocks      the blocks, in the algorithm's order.
 * @param otherEvents events of the target no block of the algorithm consumes (listed for the derivation).
 * @param assumptions the algorithm's assumptions.
 * @param anchors     published figures to compare with.
 */
public record BudgetReport(
    String algorithm, BudgetTarget target, List<BlockBudget> blocks, List<EventDemand> otherEvents,
    List<String> assumptions, List<Anchor> anchors)
{
    public BudgetReport
    {
        blocks = List.copyOf(blocks);
        otherEvents = List.copyOf(otherEvents);
        assumptions = List.copyOf(assumptions);
        anchors = List.copyOf(anchors);
    }

    public boolean synthesised()
    {
        return blocks.stream().allMatch(b -> b.synth() != null);
    }

    public long totalStateBitsPerFlow()
    {
        return blocks.stream().mapToLong(BlockBudget::stateBitsPerFlow).sum();
    }

    public long totalStateBitsPerPort()
    {
        return blocks.stream().mapToLong(BlockBudget::stateBitsPerPort).sum();
    }

    public long totalSramBits()
    {
        return blocks.stream().mapToLong(BlockBudget::sramBits).sum();
    }

    public long totalFlops()
    {
        return blocks.stream().mapToLong(BlockBudget::flops).sum();
    }

    public long totalTcamBits()
    {
        return blocks.stream().mapToLong(BlockBudget::tcamBits).sum();
    }

    /** Sum of the blocks' binding event streams (a sum of per-block demands: read the blocks, not this). */
    public double totalEventsNeeded()
    {
        return blocks.stream().mapToDouble(b -> b.binding().neededPerSecond()).sum();
    }

    public double totalEventsSustained()
    {
        return blocks.stream().mapToDouble(b -> b.binding().sustainedPerSecond()).sum();
    }

    /** True when every block keeps up with its events in one instance. */
    public boolean keepsUp()
    {
        return blocks.stream().allMatch(b -> b.binding().utilisation() <= 1.0);
    }

    /** Relative difference between declared and measured events per cycle above which a warning is printed. */
    public static final double MEASURED_TOLERANCE = 0.02;

    /**
     * One {@code warning:} line per event whose events per cycle measured in the block's model
     * ({@link SaturationProbe}) differ from the declared figure by more than {@link #MEASURED_TOLERANCE}.
     */
    public List<String> measurementWarnings()
    {
        final List<String> w = new ArrayList<>();
        for (final BlockBudget b : blocks)
        {
            for (final EventDemand e : b.events())
            {
                if (!e.agrees(target.clockHz(), MEASURED_TOLERANCE))
                {
                    w.add(String.format(Locale.ROOT,
                        "warning: %s, %s: declared %.3f events/cycle, measured %.3f in the model of %s (stream %s, at"
                            + " saturation); the budget uses the declared figure (docs/budget.md, \"Measured throughput\")",
                        b.name(), e.name(), e.declaredPerCycle(target.clockHz()), e.measuredPerCycle(), e.probeBlock(),
                        e.probeStream()));
                }
            }
        }
        return w;
    }

    private String perCycle(final double v)
    {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
    }

    // ---------------------------------------------------------------- table

    public String toTable()
    {
        final StringBuilder sb = new StringBuilder();
        final BudgetTarget t = target;
        sb.append(String.format(Locale.ROOT,
            "budget %s: %,d flows (QPs), %sb/s per port, clock %sHz, frame %d B (%d B on the wire), ack-ratio %d, %d switch ports%n%n",
            algorithm, t.flows(), Format.si(t.rateBps()).replace(" ", " "), Format.si(t.clockHz()), t.frameBytes(),
            t.wireBytes(), t.ackRatio(), t.ports()));

        sb.append("State, declared by the blocks at the parameters the target implies (one instance each)\n");
        final List<String[]> state = new ArrayList<>();
        state.add(new String[] {"block", "where", "parameters", "bits/flow", "bits/port", "SRAM bits", "flops", "TCAM bits"});
        for (final BlockBudget b : blocks)
        {
            state.add(new String[] {b.name(), b.plan().placement().label(), params(b.parameters()),
                dashIfZero(b.stateBitsPerFlow()), dashIfZero(b.stateBitsPerPort()), Format.bits(b.sramBits()),
                String.format(Locale.ROOT, "%,d", b.flops()), String.format(Locale.ROOT, "%,d", b.tcamBits())});
        }
        state.add(new String[] {"total", "", "", dashIfZero(totalStateBitsPerFlow()), dashIfZero(totalStateBitsPerPort()),
            Format.bits(totalSramBits()), String.format(Locale.ROOT, "%,d", totalFlops()),
            String.format(Locale.ROOT, "%,d", totalTcamBits())});
        table(sb, state, 3);
        sb.append(String.format(Locale.ROOT, "per flow: %s%n%n", Format.bits(totalStateBitsPerFlow())));

        sb.append("Events per second, per instance: needed at the target vs sustained (events per cycle x clock)\n");
        final List<String[]> ev = new ArrayList<>();
        ev.add(new String[] {"block", "event", "needed", "sustained", "declared/cycle", "measured/cycle", "load", "lanes", ""});
        for (final BlockBudget b : blocks)
        {
            for (final EventDemand e : b.events())
            {
                ev.add(new String[] {b.name(), e.name(), Format.si(e.neededPerSecond()), Format.si(e.sustainedPerSecond()),
                    perCycle(e.declaredPerCycle(t.clockHz())), perCycle(e.measuredPerCycle()), String.format(Locale.ROOT, "%.1f%%", 100 * e.utilisation()), Long.toString(e.lanesNeeded()),
                    e.utilisation() > 1 ? "OVER: " + e.lanesNeeded() + " lanes/instances needed"
                        : String.format(Locale.ROOT, "headroom %.1fx", 1 / Math.max(e.utilisation(), 1e-12))});
            }
        }
        for (final EventDemand e : otherEvents)
        {
            ev.add(new String[] {"-", e.name(), Format.si(e.neededPerSecond()), "-", "-", "-", "-", "-", e.sustained()});
        }
        table(sb, ev, 2);
        sb.append('\n');

        sb.append("Synthesis: Yosys synth; stat, OSU 0.18 um liberty, OpenSTA (typical corner, no wires)\n");
        if (!synthesised())
        {
            sb.append("cells, flops, FO4 depth: not run (--no-synth)\n\n");
        }
        else
        {
            final List<String[]> syn = new ArrayList<>();
            syn.add(new String[] {"block", "cells", "flops", "SRAM macro bits", "crit. path", "FO4 depth",
                "clock met (estimate, " + Fo4Scaling.NODE + ", FO4 " + (int)Fo4Scaling.FO4_PS_FAST + "-"
                    + (int)Fo4Scaling.FO4_PS_SLOW + " ps)"});
            for (final BlockBudget b : blocks)
            {
                final SynthResult s = b.synth();
                syn.add(new String[] {b.name(), String.format(Locale.ROOT, "%,d", s.cells()),
                    String.format(Locale.ROOT, "%,d", s.flopBits()), String.format(Locale.ROOT, "%,d", s.sramBits()),
                    String.format(Locale.ROOT, "%.2f ns", s.criticalPathNs()), String.format(Locale.ROOT, "%.0f", s.fo4Depth()),
                    clockRange(s.fo4Depth())});
            }
            syn.add(new String[] {"total", String.format(Locale.ROOT, "%,d", totalCells()),
                String.format(Locale.ROOT, "%,d", totalSynthFlops()), "", "", String.format(Locale.ROOT, "%.0f (max)", maxFo4()),
                clockRange(maxFo4())});
            table(sb, syn, 1);
            sb.append(String.format(Locale.ROOT,
                "%sHz allows at most %.0f-%.0f FO4 per cycle at %d-%d ps per FO4 (estimate; a commercial flow does better)%n%n",
                Format.si(t.clockHz()), Fo4Scaling.maxDepth(t.clockHz(), Fo4Scaling.FO4_PS_SLOW),
                Fo4Scaling.maxDepth(t.clockHz(), Fo4Scaling.FO4_PS_FAST), (int)Fo4Scaling.FO4_PS_SLOW,
                (int)Fo4Scaling.FO4_PS_FAST));
        }

        sb.append("Anchors (published)\n");
        final List<String[]> an = new ArrayList<>();
        an.add(new String[] {"design", "figure", "bits/flow", "vs this", "source"});
        for (final Anchor a : anchors)
        {
            an.add(new String[] {a.design(), a.figure(), a.bitsPerFlow() < 0 ? "-" : Long.toString(a.bitsPerFlow()),
                a.bitsPerFlow() <= 0 || totalStateBitsPerFlow() == 0 ? "-"
                    : String.format(Locale.ROOT, "%.2fx", (double)totalStateBitsPerFlow() / a.bitsPerFlow()),
                a.source()});
        }
        table(sb, an, 2);
        sb.append('\n');

        sb.append("How the events are derived\n");
        for (final BlockBudget b : blocks)
        {
            for (final EventDemand e : b.events())
            {
                sb.append("- ").append(b.name()).append(", ").append(e.name()).append(": ").append(e.needed())
                    .append("; sustained: ").append(e.sustained())
                    .append(e.measured() ? String.format(Locale.ROOT, "; measured: %.3f/cycle on %s.%s of the model at"
                        + " saturation", e.measuredPerCycle(), e.probeBlock(), e.probeStream()) : "").append('\n');
            }
        }
        for (final EventDemand e : otherEvents)
        {
            sb.append("- ").append(e.name()).append(": ").append(e.needed()).append("; ").append(e.sustained()).append('\n');
        }
        sb.append('\n').append("Assumptions\n");
        for (final String a : assumptions)
        {
            sb.append("- ").append(a).append('\n');
        }
        return sb.toString();
    }

    private static String clockRange(final double fo4Depth)
    {
        return Format.si(Fo4Scaling.clockHz(fo4Depth, Fo4Scaling.FO4_PS_SLOW)) + "Hz - "
            + Format.si(Fo4Scaling.clockHz(fo4Depth, Fo4Scaling.FO4_PS_FAST)) + "Hz";
    }

    private long totalCells()
    {
        return blocks.stream().mapToLong(b -> b.synth().cells()).sum();
    }

    private long totalSynthFlops()
    {
        return blocks.stream().mapToLong(b -> b.synth().flopBits()).sum();
    }

    private double maxFo4()
    {
        return blocks.stream().mapToDouble(b -> b.synth().fo4Depth()).max().orElse(0);
    }

    private static String dashIfZero(final long v)
    {
        return v == 0 ? "-" : String.format(Locale.ROOT, "%,d", v);
    }

    private static String params(final Map<String, Long> p)
    {
        return p.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(" "));
    }

    /** Left-aligns the first {@code textColumns} columns and the last, right-aligns the others. */
    private static void table(final StringBuilder sb, final List<String[]> rows, final int textColumns)
    {
        final int cols = rows.get(0).length;
        final int[] w = new int[cols];
        for (final String[] r : rows)
        {
            for (int i = 0; i < cols; i++)
            {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        for (final String[] r : rows)
        {
            final StringBuilder line = new StringBuilder();
            for (int i = 0; i < cols; i++)
            {
                final boolean left = i < textColumns || i == cols - 1;
                final String cell = i == cols - 1 ? r[i] : left ? String.format("%-" + w[i] + "s", r[i])
                    : String.format("%" + w[i] + "s", r[i]);
                line.append(i == 0 ? "" : "  ").append(cell);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
    }

    // ---------------------------------------------------------------- JSON

    public String toJson()
    {
        final StringBuilder sb = new StringBuilder("{\n");
        sb.append("  \"algorithm\": ").append(Format.jsonString(algorithm)).append(",\n");
        sb.append(String.format(Locale.ROOT,
            "  \"target\": {\"flows\": %d, \"rate_bps\": %d, \"clock_hz\": %d, \"frame_bytes\": %d, \"wire_bytes\": %d, "
                + "\"ack_ratio\": %d, \"ports\": %d},%n",
            target.flows(), target.rateBps(), target.clockHz(), target.frameBytes(), target.wireBytes(), target.ackRatio(),
            target.ports()));
        sb.append("  \"synthesis\": ").append(synthesised() ? "\"run\"" : "\"not run\"").append(",\n");
        sb.append(String.format(Locale.ROOT,
            "  \"fo4_scaling\": {\"node\": %s, \"fo4_ps_fast\": %s, \"fo4_ps_slow\": %s, \"estimate\": true},%n",
            Format.jsonString(Fo4Scaling.NODE), Format.json(Fo4Scaling.FO4_PS_FAST), Format.json(Fo4Scaling.FO4_PS_SLOW)));
        sb.append("  \"blocks\": [\n");
        for (int i = 0; i < blocks.size(); i++)
        {
            sb.append(blockJson(blocks.get(i))).append(i + 1 < blocks.size() ? ",\n" : "\n");
        }
        sb.append("  ],\n");
        sb.append("  \"total\": {\"name\": \"total\"")
            .append(", \"state_bits_per_flow\": ").append(totalStateBitsPerFlow())
            .append(", \"state_bytes_per_flow\": ").append(Format.json(totalStateBitsPerFlow() / 8.0))
            .append(", \"state_bits_per_port\": ").append(totalStateBitsPerPort())
            .append(", \"sram_bits\": ").append(totalSramBits())
            .append(", \"flops\": ").append(totalFlops())
            .append(", \"tcam_bits\": ").append(totalTcamBits())
            .append(", \"cells\": ").append(synthesised() ? Long.toString(totalCells()) : "null")
            .append(", \"synth_flops\": ").append(synthesised() ? Long.toString(totalSynthFlops()) : "null")
            .append(", \"fo4_depth\": ").append(synthesised() ? Format.json(maxFo4()) : "null")
            .append(", \"events_per_s_needed\": ").append(Format.json(totalEventsNeeded()))
            .append(", \"events_per_s_sustained\": ").append(Format.json(totalEventsSustained()))
            .append(", \"keeps_up\": ").append(keepsUp())
            .append("},\n");
        sb.append("  \"other_events\": [");
        for (int i = 0; i < otherEvents.size(); i++)
        {
            final EventDemand e = otherEvents.get(i);
            sb.append(i == 0 ? "\n" : ",\n").append("    {\"name\": ").append(Format.jsonString(e.name()))
                .append(", \"per_s\": ").append(Format.json(e.neededPerSecond()))
                .append(", \"derivation\": ").append(Format.jsonString(e.needed()))
                .append(", \"consumer\": ").append(Format.jsonString(e.sustained())).append('}');
        }
        sb.append("\n  ],\n  \"anchors\": [");
        for (int i = 0; i < anchors.size(); i++)
        {
            final Anchor a = anchors.get(i);
            sb.append(i == 0 ? "\n" : ",\n").append("    {\"design\": ").append(Format.jsonString(a.design()))
                .append(", \"figure\": ").append(Format.jsonString(a.figure()))
                .append(", \"bits_per_flow\": ").append(a.bitsPerFlow() < 0 ? "null" : Long.toString(a.bitsPerFlow()))
                .append(", \"source\": ").append(Format.jsonString(a.source())).append('}');
        }
        sb.append("\n  ],\n  \"assumptions\": [");
        for (int i = 0; i < assumptions.size(); i++)
        {
            sb.append(i == 0 ? "\n    " : ",\n    ").append(Format.jsonString(assumptions.get(i)));
        }
        sb.append("\n  ]\n}\n");
        return sb.toString();
    }

    private String blockJson(final BlockBudget b)
    {
        final SynthResult s = b.synth();
        final EventDemand bind = b.binding();
        final StringBuilder sb = new StringBuilder("    {\"name\": ").append(Format.jsonString(b.name()));
        sb.append(", \"placement\": ").append(Format.jsonString(b.plan().placement().label()));
        sb.append(", \"instances\": ").append(b.plan().instances());
        sb.append(", \"parameters\": {").append(b.parameters().entrySet().stream().sorted(Map.Entry.comparingByKey())
            .map(e -> Format.jsonString(e.getKey()) + ": " + e.getValue()).collect(Collectors.joining(", "))).append('}');
        sb.append(",\n     \"state_bits_per_flow\": ").append(b.stateBitsPerFlow());
        sb.append(", \"state_bytes_per_flow\": ").append(Format.json(b.stateBitsPerFlow() / 8.0));
        sb.append(", \"state_bits_per_port\": ").append(b.stateBitsPerPort());
        sb.append(", \"sram_bits\": ").append(b.sramBits());
        sb.append(", \"flops\": ").append(b.flops());
        sb.append(", \"tcam_bits\": ").append(b.tcamBits());
        sb.append(",\n     \"cells\": ").append(s == null ? "null" : Long.toString(s.cells()));
        sb.append(", \"synth_flops\": ").append(s == null ? "null" : Long.toString(s.flopBits()));
        sb.append(", \"synth_sram_bits\": ").append(s == null ? "null" : Long.toString(s.sramBits()));
        sb.append(", \"critical_path_ns\": ").append(s == null ? "null" : Format.json(s.criticalPathNs()));
        sb.append(", \"fo4_ns\": ").append(s == null ? "null" : Format.json(s.fo4Ns()));
        sb.append(", \"fo4_depth\": ").append(s == null ? "null" : Format.json(s.fo4Depth()));
        sb.append(", \"clock_met_hz_estimate\": ").append(s == null ? "null"
            : "{\"fo4_" + (int)Fo4Scaling.FO4_PS_FAST + "ps\": " + Format.json(Fo4Scaling.clockHz(s.fo4Depth(), Fo4Scaling.FO4_PS_FAST))
                + ", \"fo4_" + (int)Fo4Scaling.FO4_PS_SLOW + "ps\": "
                + Format.json(Fo4Scaling.clockHz(s.fo4Depth(), Fo4Scaling.FO4_PS_SLOW)) + "}");
        sb.append(",\n     \"events_per_s_needed\": ").append(Format.json(bind.neededPerSecond()));
        sb.append(", \"events_per_s_sustained\": ").append(Format.json(bind.sustainedPerSecond()));
        sb.append(", \"binding_event\": ").append(Format.jsonString(bind.name()));
        sb.append(", \"utilisation\": ").append(Format.json(bind.utilisation()));
        sb.append(", \"lanes_needed\": ").append(bind.lanesNeeded());
        sb.append(",\n     \"events\": [");
        for (int i = 0; i < b.events().size(); i++)
        {
            final EventDemand e = b.events().get(i);
            sb.append(i == 0 ? "\n" : ",\n").append("       {\"name\": ").append(Format.jsonString(e.name()))
                .append(", \"needed_per_s\": ").append(Format.json(e.neededPerSecond()))
                .append(", \"sustained_per_s\": ").append(Format.json(e.sustainedPerSecond()))
                .append(", \"events_per_cycle_declared\": ").append(Format.json(e.declaredPerCycle(target.clockHz())))
                .append(", \"events_per_cycle_measured\": ").append(e.measured() ? Format.json(e.measuredPerCycle()) : "null")
                .append(", \"measured_on\": ").append(e.measured()
                    ? Format.jsonString(e.probeBlock() + "." + e.probeStream()) : "null")
                .append(", \"utilisation\": ").append(Format.json(e.utilisation()))
                .append(", \"lanes_needed\": ").append(e.lanesNeeded())
                .append(", \"needed_derivation\": ").append(Format.jsonString(e.needed()))
                .append(", \"sustained_derivation\": ").append(Format.jsonString(e.sustained())).append('}');
        }
        sb.append("\n     ]}");
        return sb.toString();
    }

    /** Writes {@link #toJson()} under a temporary name in the same directory and renames it: never half a file. */
    public void writeJson(final Path file) throws IOException
    {
        final Path abs = file.toAbsolutePath();
        final Path tmp = Files.createTempFile(abs.getParent(), abs.getFileName().toString(), ".tmp");
        try
        {
            Files.writeString(tmp, toJson(), StandardCharsets.UTF_8);
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        finally
        {
            Files.deleteIfExists(tmp);
        }
    }
}
