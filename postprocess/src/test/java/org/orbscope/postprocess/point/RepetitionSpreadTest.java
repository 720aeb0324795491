package org.orbscope.postprocess.point;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.orbscope.run.PointStatus;

/** The spread of a point's mean across repetitions, against Student t's exact quantiles. */
class RepetitionSpreadTest {
    /** t(0.975, 1) and t(0.975, 2): the 97.5th percentiles of Student's t with 1 and 2 degrees of freedom. */
    private static final double T1 = 12.706204736174694;
    private static final double T2 = 4.302652729749462;

    private static Repetition rep(int k, String status, Double mean, Double within, Validity.Verdict verdict) {
        return new Repetition(k, status, mean, within, mean, mean, 100.0, verdict, List.of());
    }

    private static List<Repetition> means(double... ms) {
        return Arrays.stream(ms).mapToObj(m -> rep(1, PointStatus.OK, m, 0.1, Validity.Verdict.VALID)).toList();
    }

    @Test
    void threeMeansGiveTheirMeanWithStudentTsHalfWidthOnTwoDegreesOfFreedom() {
        RepetitionSpread s = RepetitionSpread.of(means(10, 12, 14));
        assertEquals(3, s.repetitions());
        assertEquals(12, s.meanMs(), 1e-12);
        // Sample standard deviation 2: half-width t * 2 / sqrt(3).
        assertEquals(T2 * 2 / Math.sqrt(3), s.halfWidthMs(), 1e-9);
        assertEquals(T2 * 2 / Math.sqrt(3) / 12, s.relativeHalfWidth(), 1e-9);
        assertEquals(10, s.minMs());
        assertEquals(14, s.maxMs());
        assertEquals(0.1, s.withinHalfWidthMs(), 1e-12);
    }

    @Test
    void twoMeansGiveTheHalfWidthOfOneDegreeOfFreedom() {
        // Mean 2, sample standard deviation sqrt(2): half-width t * sqrt(2) / sqrt(2) = t.
        RepetitionSpread s = RepetitionSpread.of(means(1, 3));
        assertEquals(2, s.meanMs(), 1e-12);
        assertEquals(T1, s.halfWidthMs(), 1e-9);
        assertFalse(s.meets(6.3));
        assertTrue(s.meets(6.4));
    }

    @Test
    void oneMeanHasNoIntervalAndMeetsNoPrecision() {
        RepetitionSpread s = RepetitionSpread.of(means(5));
        assertNull(s.halfWidthMs());
        assertNull(s.relativeHalfWidth());
        assertFalse(s.meets(1.0));
    }

    @Test
    void onlyRepetitionsThatEndedOkWithAMeanCount() {
        RepetitionSpread s = RepetitionSpread.of(List.of(rep(1, PointStatus.OK, 10.0, null, null),
                rep(2, PointStatus.FAILED, 1000.0, null, null), rep(3, PointStatus.OK, null, null, null),
                rep(4, PointStatus.OK, 14.0, null, null)));
        assertEquals(2, s.repetitions());
        assertEquals(12, s.meanMs(), 1e-12);
        assertNull(s.withinHalfWidthMs());
        assertNull(RepetitionSpread.of(List.of(rep(1, PointStatus.FAILED, 3.0, null, null))));
    }

    @Test
    void theWorstRepetitionsVerdictWinsWithEveryReasonNumbered() {
        Validity suspect = Validity.of(List.of(Validity.Reason.suspect("machine.steal", 0.05, 0.2, "steal")));
        Validity invalid = Validity.of(List.of(Validity.Reason.invalid("server.saturated", 0.9, 1, "saturated")));
        Validity v = Repeated.validity(Arrays.asList(Validity.of(List.of()), suspect, invalid, null),
                RepetitionSpread.of(means(10, 12, 14)), null);
        assertEquals(Validity.Verdict.INVALID, v.verdict());
        assertEquals(List.of("repetition 2: steal", "repetition 3: saturated"),
                v.reasons().stream().map(Validity.Reason::sentence).toList());
        assertEquals(3, Repetition.worst(List.of(rep(1, PointStatus.OK, 1.0, null, Validity.Verdict.VALID),
                rep(2, PointStatus.OK, 1.0, null, Validity.Verdict.SUSPECT),
                rep(3, PointStatus.OK, 1.0, null, Validity.Verdict.INVALID),
                rep(4, PointStatus.OK, 1.0, null, Validity.Verdict.INVALID))));
    }

    @Test
    void aSpreadWiderThanUntilMakesThePointSuspect() {
        RepetitionSpread spread = RepetitionSpread.of(means(10, 12, 14));
        Validity v = Repeated.validity(List.of(Validity.of(List.of())), spread, 0.05);
        assertEquals(Validity.Verdict.SUSPECT, v.verdict());
        assertEquals(List.of(Repeated.CHECK), v.checks());
        assertTrue(v.sentences().contains("wider than the 5% asked"), v.sentences());
        assertEquals(Validity.Verdict.VALID, Repeated.validity(List.of(Validity.of(List.of())), spread, 0.5)
                .verdict());
        assertNull(Repeated.validity(Arrays.asList((Validity) null), spread, 0.05));
    }
}
