package org.orbscope.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PointDirectoryTest {
    @TempDir
    Path dir;

    @Test
    void theFirstRepetitionIsThePointAndTheOthersAreNumberedUnderRepetitions() throws Exception {
        PointDirectory p = new PointDirectory(dir.resolve("single"));
        assertSame(p, p.repetition(1));
        assertEquals(dir.resolve("single/repetitions/2"), p.repetition(2).dir());
        assertEquals(List.of(p.dir()), p.repetitions().stream().map(PointDirectory::dir).toList(), "run once");
        for (int k : new int[] {10, 2, 3}) {
            Files.createDirectories(p.repetition(k).dir());
        }
        Files.createDirectories(dir.resolve("single/repetitions/notes"));
        assertEquals(List.of("single", "2", "3", "10"), p.repetitions().stream().map(PointDirectory::name).toList());
        assertThrows(IllegalArgumentException.class, () -> p.repetition(0));
    }

    @Test
    void repeatJsonReadsAsWrittenAndIsAbsentForAPointRunOnce() throws Exception {
        PointDirectory p = new PointDirectory(dir.resolve("single"));
        assertEquals(null, RepeatFile.read(p.repeatJson()));
        Files.createDirectories(p.dir());
        new RepeatFile(10, 0.05, 4, true).write(p.repeatJson());
        assertEquals(new RepeatFile(10, 0.05, 4, true), RepeatFile.read(p.repeatJson()));
        new RepeatFile(3, null, 3, null).write(p.repeatJson());
        assertEquals("{\n  \"upTo\" : 3,\n  \"ran\" : 3\n}\n", Files.readString(p.repeatJson()));
    }
}
