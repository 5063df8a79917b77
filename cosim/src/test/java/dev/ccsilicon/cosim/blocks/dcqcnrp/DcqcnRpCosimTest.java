package dev.ccsilicon.cosim.blocks.dcqcnrp;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpConfig;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.cosim.blocks.MutantTable;
import dev.ccsilicon.cosim.blocks.MutantTable.Mutant;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import dev.ccsilicon.cosim.lockstep.ReferenceCheck;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DcqcnRpCosimTest
{
    private static final long TRANSACTIONS = Long.getLong("ccsilicon.cosim.transactions", 20_000);

    @Test
    void paperAgreesBitAndCycleExactWithFullCoverage()
    {
        final CosimResult r = LockstepEngine.run(new DcqcnRpAdapter(), CosimOptions.of(TRANSACTIONS, 2026));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(2 * TRANSACTIONS, r.inputTransactions());
        assertEquals(0, r.timingMax());
    }

    @Test
    void ns3AgreesBitAndCycleExactWithFullCoverage()
    {
        final CosimResult r = LockstepEngine.run(DcqcnRpAdapter.ns3(), CosimOptions.of(TRANSACTIONS, 2027));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(0, r.timingMax());
    }

    @Test
    void referenceEqualsModelInBothProfiles()
    {
        for (final DcqcnRpAdapter a : new DcqcnRpAdapter[] {new DcqcnRpAdapter(), DcqcnRpAdapter.ns3()})
        {
            final ReferenceCheck.Result r = ReferenceCheck.run(a, CosimOptions.of(TRANSACTIONS, 7));
            r.report().forEach(System.out::println);
            assertEquals(null, r.failure(), r.failure());
            assertEquals(0, r.mismatches(), r.first());
            assertTrue(r.records() > TRANSACTIONS, r.report().toString());
        }
    }

    @Test
    void isRegistered()
    {
        assertTrue(CosimRegistry.names().contains(DcqcnRpSpec.NAME));
    }
}
