package org.orbscope.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void durationsReadAsScenarioFilesWriteThem() {
        assertEquals(40, Units.durationNanos("40ns"));
        assertEquals(250_000, Units.durationNanos("250us"));
        assertEquals(250_000, Units.durationNanos("250µs"));
        assertEquals(8_000_000, Units.durationNanos("8ms"));
        assertEquals(1_500_000_000, Units.durationNanos("1.5s"));
        assertEquals(500_000_000, Units.durationNanos(".5s"));
        assertEquals(120_000_000_000L, Units.durationNanos("2m"));
        assertEquals(1_000_000, Units.durationNanos("1e3us"));
        assertEquals(8_000_000, Units.durationNanos(" 8 ms "));
        assertEquals(8_000_000, Units.durationNanos("8MS"));
    }

    @Test
    void durationsReadAsRecordingOptionsWriteThem() {
        assertEquals(90_000_000_000L, Units.durationNanos("90s"));
        assertEquals(600_000_000_000L, Units.durationNanos("10m"));
        assertEquals(5_400_000_000_000L, Units.durationNanos("1h30m"));
        assertEquals(250_000_000, Units.durationNanos("250ms"));
        assertEquals(5_400_000_000_000L, Units.durationNanos("1.5h"));
    }

    @Test
    void everyUnitWorksAloneAndInParts() {
        assertEquals(3_600_000_000_000L, Units.durationNanos("1h"));
        assertEquals(500_000, Units.durationNanos("500us"));
        assertEquals(120_000_000_000L, Units.durationNanos("2min"));
        assertEquals(61_500_000_000L, Units.durationNanos("1m1s500ms"));
        assertEquals(5_400_000_000_000L, Units.durationNanos("1h 30m"));
        assertEquals(1_000, Units.unitNanos("us"));
        assertEquals(60e9, Units.unitNanos("min"));
        assertThrows(IllegalArgumentException.class, () -> Units.unitNanos("parsec"));
    }

    @Test
    void aDurationWithoutAUnitOrWithAnythingElseIsRefusedWithTheGrammar() {
        for (String bad : new String[] {"10", "", "ms", "-5ms", "5 parsecs", "1h30", "1h-30m", "fast"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.durationNanos(bad), bad);
            assertTrue(e.getMessage().contains("'" + bad + "' is not a duration (write e.g. 250us"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Units.durationNanos(null));
    }

    @Test
    void sizesReadAsJfrWritesThem() {
        assertEquals(65536, Units.sizeBytes("65536"));
        assertEquals(512L << 10, Units.sizeBytes("512k"));
        assertEquals(256L << 20, Units.sizeBytes("256m"));
        assertEquals(256L << 20, Units.sizeBytes("256MB"));
        assertEquals(2L << 30, Units.sizeBytes("2G"));
        for (String bad : new String[] {"lots", "", "1.5m", "-1", "2t"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.sizeBytes(bad), bad);
            assertTrue(e.getMessage().contains("is not a size (write e.g. 65536, 512k"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Units.sizeBytes("9999999999g"));
    }

    @Test
    void formattedDurationsReadBack() {
        assertEquals("1.5ms", Units.formatDuration(1_500_000));
        assertEquals("250us", Units.formatDuration(250_000));
        assertEquals("2m", Units.formatDuration(120e9));
        assertEquals("40ns", Units.formatDuration(40));
        for (double d : new double[] {40, 250_000, 1_500_000, 2.5e9, 120e9}) {
            assertEquals(d, Units.durationNanos(Units.formatDuration(d)), d / 1000);
        }
    }
}
