package dev.ccsilicon.blocks.roccflowtable;

import static dev.ccsilicon.blocks.roccflowtable.CnpFixtures.hex;
import static dev.ccsilicon.blocks.roccflowtable.CnpFixtures.referenceChecksum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class InternetChecksumTest
{
    @Test
    void rfc1071NumericalExample()
    {
        // RFC 1071 §3: bytes 00 01 f2 03 f4 f5 f6 f7. Words 0001 + f203 + f4f5 + f6f7 = 0x2ddf0;
        // end-around carry 0xddf0 + 2 = 0xddf2; checksum ~0xddf2 = 0x220d.
        final byte[] data = hex("0001f203f4f5f6f7");
        assertEquals(0xDDF2, InternetChecksum.sum(data, 0, 8, 0));
        assertEquals(0x220D, InternetChecksum.checksum(data, 0, 8));
    }

    @Test
    void rfc1071ExampleSplitIntoPartialSums()
    {
        // RFC 1071 §2(B)/(C): the sum is associative, so it can be accumulated piecewise.
        final byte[] data = hex("0001f203f4f5f6f7");
        final int first = InternetChecksum.sum(data, 0, 4, 0);
        assertEquals(0xDDF2, InternetChecksum.sum(data, 4, 4, first));
    }

    @Test
    void oddLengthPadsTheLastByteOnTheRight()
    {
        // 0x0102 + 0x0300 = 0x0402 -> checksum 0xfbfd
        final byte[] data = hex("010203");
        assertEquals(0xFBFD, InternetChecksum.checksum(data, 0, 3));
    }

    @Test
    void verifyAcceptsAStoredChecksumAndRejectsOneOff()
    {
        final byte[] bytes = hex("0001f203f4f5f6f7 220d");
        assertTrue(InternetChecksum.verify(bytes, 0, 10));
        bytes[9] = 0x0E;
        assertFalse(InternetChecksum.verify(bytes, 0, 10));
    }

    @Test
    void rfc1624Example()
    {
        // RFC 1624 §4: field 0x5555 -> 0x3285, other words sum to 0xcd7a, HC = ~(0xcd7a + 0x5555)
        // = 0xdd2f. Eqn. 3: ~(~0xdd2f + ~0x5555 + 0x3285) = ~(0x22d0 + 0xaaaa + 0x3285) = 0x0000,
        // the same as recomputing ~(0xcd7a + 0x3285) = ~0xffff = 0x0000 (eqn. 2 would give 0xffff).
        assertEquals(0x0000, InternetChecksum.update16(0xDD2F, 0x5555, 0x3285));
        final byte[] before = hex("cd7a 5555");
        final byte[] after = hex("cd7a 3285");
        assertEquals(0xDD2F, InternetChecksum.checksum(before, 0, 4));
        assertEquals(0x0000, InternetChecksum.checksum(after, 0, 4));
    }

    @Property(tries = 500, seed = "1071")
    void matchesTheIndependentModularDefinition(@ForAll @Size(min = 0, max = 64) final byte[] data)
    {
        assertEquals(referenceChecksum(data, 0, data.length), InternetChecksum.checksum(data, 0, data.length));
    }

    @Property(tries = 500, seed = "1624")
    void incrementalUpdate16EqualsRecompute(
        @ForAll @Size(min = 4, max = 64) final byte[] data,
        @ForAll @IntRange(min = 0, max = 31) final int wordIndex,
        @ForAll @IntRange(min = 0, max = 0xFFFF) final int newWord)
    {
        // RFC 1624 eqn. 3 and recomputation differ only when the data becomes all zero (+0 vs -0);
        // a CNP never is (ICMP type 253), and the first word kept non-zero excludes it here.
        final int words = data.length / 2;
        final int at = 2 * (1 + wordIndex % (words - 1));
        data[0] = (byte)(data[0] | 0x10);
        final int oldChecksum = InternetChecksum.checksum(data, 0, data.length);
        final int oldWord = ((data[at] & 0xFF) << 8) | (data[at + 1] & 0xFF);
        CnpFixtures.putShort(data, at, newWord);
        assertEquals(
            InternetChecksum.checksum(data, 0, data.length),
            InternetChecksum.update16(oldChecksum, oldWord, newWord));
    }

    @Property(tries = 500, seed = "16241")
    void incrementalUpdate32EqualsRecompute(
        @ForAll @Size(min = 8, max = 64) final byte[] data,
        @ForAll @IntRange(min = 0, max = 15) final int fieldIndex,
        @ForAll final int newValue)
    {
        final int fields = data.length / 4;
        final int at = 4 * (1 + fieldIndex % (fields - 1));
        data[0] = (byte)(data[0] | 0x10);
        final int oldChecksum = InternetChecksum.checksum(data, 0, data.length);
        final int oldValue = CnpCodec.get32(data, at);
        CnpCodec.put32(data, at, newValue);
        assertEquals(
            InternetChecksum.checksum(data, 0, data.length),
            InternetChecksum.update32(oldChecksum, oldValue, newValue));
    }
}
