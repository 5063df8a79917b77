package dev.ccsilicon.blocks.roccflowtable;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Test;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

class EthernetFcsTest
{
    @Test
    void crc32CheckValue()
    {
        // The CRC-32/ISO-HDLC check value: CRC of the ASCII string "123456789" is 0xcbf43926.
        final byte[] data = "123456789".getBytes(StandardCharsets.US_ASCII);
        assertEquals(0xCBF43926, EthernetFcs.crc32(data, 0, data.length));
    }

    @Property(tries = 300, seed = "8023")
    void equalsJavaUtilZipCrc32(@ForAll @Size(min = 0, max = 128) final byte[] data)
    {
        final CRC32 crc = new CRC32();
        crc.update(data);
        assertEquals((int)crc.getValue(), EthernetFcs.crc32(data, 0, data.length));
    }

    @Property(tries = 300, seed = "8024")
    void appendStoresLeastSignificantByteFirstAndLeavesTheResidue(
        @ForAll @Size(min = 1, max = 100) final byte[] data)
    {
        final byte[] frame = new byte[data.length + 4];
        System.arraycopy(data, 0, frame, 0, data.length);
        EthernetFcs.append(frame, 0, data.length);
        final CRC32 crc = new CRC32();
        crc.update(data);
        final long v = crc.getValue();
        for (int i = 0; i < 4; i++)
        {
            assertEquals((byte)(v >>> (8 * i)), frame[data.length + i], "FCS byte " + i);
        }
        assertEquals((int)v, EthernetFcs.read(frame, data.length));
        assertEquals(EthernetFcs.RESIDUE, EthernetFcs.crc32(frame, 0, frame.length));
    }
}
