package dev.ccsilicon.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UnitsTest
{
    @ParameterizedTest
    @CsvSource({
        "0B, 0", "64B, 64", "1KB, 1000", "1KiB, 1024", "1.5KiB, 1536", "12MB, 12000000", "1MiB, 1048576",
        "2GB, 2000000000", "1GiB, 1073741824", "0.5KB, 500"})
    void sizes(final String text, final long bytes)
    {
        assertEquals(bytes, Units.parseSize(text));
    }

    @ParameterizedTest
    @CsvSource({
        "1bps, 1", "1Kbps, 1000", "100Mbps, 100000000", "10Gbps, 10000000000", "2.5Gbps, 2500000000",
        "1.6Tbps, 1600000000000", "0.001Kbps, 1"})
    void rates(final String text, final long bps)
    {
        assertEquals(bps, Units.parseRate(text));
    }

    @ParameterizedTest
    @CsvSource({
        "1ps, 1", "1ns, 1000", "1.5us, 1500000", "55us, 55000000", "60ms, 60000000000", "2s, 2000000000000",
        "0.001ns, 1"})
    void times(final String text, final long ps)
    {
        assertEquals(ps, Units.parseTime(text));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = "=>", quoteCharacter = '"', value = {
        "3 Gbps => '3 Gbps' is not a rate (no space between number and unit); use a number followed by bps, Kbps, Mbps, Gbps or Tbps",
        "10gbps => '10gbps' is not a rate (unit names are case-sensitive: Gbps); use a number followed by bps, Kbps, Mbps, Gbps or Tbps",
        "10 => '10' is not a rate (the unit is missing); use a number followed by bps, Kbps, Mbps, Gbps or Tbps",
        "10Gb/s => '10Gb/s' is not a rate; use a number followed by bps, Kbps, Mbps, Gbps or Tbps",
        "-1Gbps => '-1Gbps' is negative; a rate must be zero or more",
        "1.5bps => '1.5bps' is not a whole number of bits per second; use a finer unit or fewer decimals",
        "1e9bps => '1e9bps' is not a rate; use a number followed by bps, Kbps, Mbps, Gbps or Tbps",
        "9999999999Tbps => '9999999999Tbps' is too large; the largest rate is 9223372036854775807bps"})
    void rateErrorsSayWhatIsAllowed(final String text, final String message)
    {
        assertEquals(message, assertThrows(QuantityFormatException.class, () -> Units.parseRate(text)).getMessage());
    }

    @Test
    void sizeAndTimeErrorsListTheirUnits()
    {
        assertTrue(assertThrows(QuantityFormatException.class, () -> Units.parseSize("1Mb")).getMessage()
            .endsWith("use a number followed by B, KB, KiB, MB, MiB, GB or GiB"));
        assertTrue(assertThrows(QuantityFormatException.class, () -> Units.parseTime("1µs")).getMessage()
            .endsWith("use a number followed by ps, ns, us, ms or s"));
        assertEquals("'1.0005KB' is not a whole number of bytes; use a finer unit or fewer decimals",
            assertThrows(QuantityFormatException.class, () -> Units.parseSize("1.0005KB")).getMessage());
    }

    @Test
    void formatsInTheLargestUnitExactly()
    {
        assertEquals("2.5Gbps", Units.formatRate(2_500_000_000L));
        assertEquals("1.5us", Units.formatTime(1_500_000L));
        assertEquals("0ps", Units.formatTime(0));
        assertEquals("1KiB", Units.formatSize(1024));
        assertEquals("75KB", Units.formatSize(75_000));
        assertEquals("3KiB", Units.formatSize(3072));
        assertEquals("1.536KB", Units.formatSize(1536));
        assertEquals("1.001KB", Units.formatSize(1001));
    }
}
