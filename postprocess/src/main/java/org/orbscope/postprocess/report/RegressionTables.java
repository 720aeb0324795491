package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.orbscope.postprocess.stats.Regression;
import org.orbscope.postprocess.sweep.SweepRegression;

/** The regressions of a sweep as tables: one per group and model, a row per coefficient. */
final class RegressionTables {
    static final List<String> HEADERS = List.of("coefficient", "estimate", "std. error", "t", "95% lower",
            "95% upper");

    private RegressionTables() {
    }

    /** The regressions of a run's points: mean client response time on the numeric swept axes. */
    static List<SweepRegression.Group> groups(RunData run) {
        return SweepRegression.of(run.axes(), run.points(), a -> a.params(),
                a -> a.client().response() == null ? null : a.client().response().meanMs(),
                "client response time");
    }

    static List<Table> of(List<SweepRegression.Group> groups) {
        List<Table> out = new ArrayList<>();
        int i = 0;
        for (SweepRegression.Group g : groups) {
            for (Regression.Fit f : g.fits()) {
                String title = "Regression of " + g.response() + " (ms), " + f.model()
                        + (g.group().isEmpty() ? "" : ", " + g.group());
                Table.Builder t = new Table.Builder("regression-" + i++, title, note(f) + why(f, g.fits().get(0)),
                        HEADERS);
                for (Regression.Term term : f.terms()) {
                    t.row(Arrays.asList(term.name(), term.estimate(), term.stdError(), term.t(), term.lower(),
                            term.upper()));
                }
                out.add(t.build());
            }
        }
        return out;
    }

    /**
     * For the model without constant, whether the linear model's constant is zero within its 95% interval:
     * Beekhuis drops the constant for his prediction formula when it is.
     */
    static String why(Regression.Fit f, Regression.Fit linear) {
        if (!f.fitted() || !f.model().endsWith("without constant") || !linear.fitted()) {
            return "";
        }
        Regression.Term c = linear.terms().get(0);
        if (c.lower() == null || c.upper() == null) {
            return "";
        }
        boolean zero = c.lower() <= 0 && 0 <= c.upper();
        return ". The linear model's constant, " + SweepTable.format(c.estimate()) + " ms, is " + (zero ? "" : "not ")
                + "zero within its 95% interval (" + SweepTable.format(c.lower()) + " to " + SweepTable.format(c.upper())
                + (zero ? "): as in Beekhuis's experiment L, the model without it predicts as well"
                : "): the model without it leaves out a cost the points have");
    }

    /** The model's formula and its quality, or why it was not fitted. */
    static String note(Regression.Fit f) {
        if (!f.fitted()) {
            return f.formula() + ": not fitted (" + f.note() + ")";
        }
        return f.formula() + String.format(java.util.Locale.ROOT, "; n = %d, R^2 = %.4f, adjusted R^2 = %.4f, "
                + "residual standard error %s ms", f.n(), f.rSquared(), f.adjustedRSquared(),
                SweepTable.format(f.residualStdError()))
                + (f.prediction() == null ? "" : "; prediction (ms): " + f.prediction());
    }
}
