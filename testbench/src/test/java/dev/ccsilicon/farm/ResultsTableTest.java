package dev.ccsilicon.farm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class ResultsTableTest
{
    @Test
    void aValueReadsAsTheNumberItStartsWithUnitsDropped()
    {
        assertEquals(137.5, ResultsTable.leadingNumber("137.5us"));
        assertEquals(64.0, ResultsTable.leadingNumber("64"));
        assertNull(ResultsTable.leadingNumber("paper"));
    }

    @Test
    void twoDecadesOfPositiveValuesGoOnALogarithmicAxis()
    {
        assertTrue(ResultsTable.logarithmic(List.of(64.0, 256.0, 65536.0)));
        assertTrue(ResultsTable.logarithmic(List.of(1.0, 100.0)));
        assertFalse(ResultsTable.logarithmic(List.of(1.0, 99.0)));
        assertFalse(ResultsTable.logarithmic(List.of(0.0, 1000.0)), "zero has no logarithm");
        assertFalse(ResultsTable.logarithmic(List.of(55.0, 137.5, 200.0)));
    }
}
