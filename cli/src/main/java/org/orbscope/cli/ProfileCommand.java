package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.orbscope.postprocess.ProfileCheck;
import org.orbscope.postprocess.ProfileSuggestion;
import org.orbscope.trace.TraceFormatException;
import org.orbscope.trace.TraceHeader;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code orbscope profile check|show|suggest}: the tools of a user writing an ORB profile. */
@Command(name = "profile", mixinStandardHelpOptions = true,
        description = "ORB profiles: which methods mark which stage of a request (docs/profiles.md).",
        subcommands = {ProfileCommand.Check.class, ProfileCommand.Show.class, ProfileCommand.Suggest.class})
final class ProfileCommand implements Runnable {
    @Override
    public void run() {
        new picocli.CommandLine(this).usage(System.out);
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = {"What a profile makes of a trace: methods found, threads, roles seen, requests assembled, what is missing.",
                    "The profile's methods the trace has (none: which ORB the trace shows instead), the threads its "
                    + "thread roles name, roles seen (events, keyed, threads), requests assembled "
                    + "and complete, what incomplete ones miss, negative stages.",
                    "Exit 0 every request complete and no stage negative, 1 not, 2 bad input."})
    static final class Check implements Callable<Integer> {
        @Parameters(paramLabel = "TRACE") Path trace;

        @Option(names = "--profile", paramLabel = "NAME|FILE",
                description = "the profile to check (default: the roles the trace carries)")
        String profile;

        @Override
        public Integer call() {
            if (!Files.isRegularFile(trace) && !TraceInput.isSegmentDirectory(trace)) {
                System.err.println("orbscope profile check: " + trace + ": no such file");
                return Orbscope.EXIT_BAD_INPUT;
            }
            try {
                ProfileCheck c = ProfileCheck.of(trace, profile == null ? null : OrbProfile.load(profile));
                c.print(System.out);
                return c.ok() ? Orbscope.EXIT_OK : Orbscope.EXIT_RUN_FAILED;
            } catch (ProfileException | TraceFormatException e) {
                System.err.println("orbscope profile check: " + e.getMessage());
                return Orbscope.EXIT_BAD_INPUT;
            } catch (IOException e) {
                System.err.println("orbscope profile check: cannot read " + trace + ": " + Errors.describe(e));
                return Orbscope.EXIT_BAD_INPUT;
            }
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "Print a profile as orbscope reads it (a shipped one by name, or a file): the shipped names without one.")
    static final class Show implements Callable<Integer> {
        @Parameters(paramLabel = "NAME|FILE", arity = "0..1") String profile;

        @Override
        public Integer call() {
            if (profile == null) {
                System.out.println("shipped profiles: " + String.join(", ", OrbProfile.shipped()));
                return Orbscope.EXIT_OK;
            }
            try {
                OrbProfile p = OrbProfile.load(profile);
                System.out.println(TraceHeader.PROFILE_NAME + " = " + p.name());
                if (p.orb() != null) {
                    System.out.println(TraceHeader.PROFILE_ORB + " = " + p.orb());
                }
                p.threadRoles().forEach((role, glob) -> System.out.println(TraceHeader.PROFILE_THREADS + role + " = " + glob));
                p.methods().forEach(m -> System.out.println("method = " + m));
                return Orbscope.EXIT_OK;
            } catch (ProfileException e) {
                System.err.println("orbscope profile show: " + e.getMessage());
                return Orbscope.EXIT_BAD_INPUT;
            }
        }
    }

    @Command(name = "suggest", mixinStandardHelpOptions = true,
            description = {"Propose a profile from a broad trace of an ORB server (its packages recorded with include=..."
                    + " and identities=true, while a few requests passed one at a time): thread roles, each role's"
                    + " method, the keys, and whether the receiver dispatches itself (stage-less).",
                    "What it cannot decide is written as '# to do:' comments. Record with the proposal, then profile check.",
                    "Exit 0 a whole profile proposed, 1 not (what it found is printed), 2 bad input."})
    static final class Suggest implements Callable<Integer> {
        @Parameters(paramLabel = "TRACE") Path trace;

        @Option(names = "--requests", paramLabel = "N",
                description = "how many requests passed while it was recorded (default: the call count most methods share)")
        int requests;

        @Option(names = "--name", description = "the profile's name (default: ${DEFAULT-VALUE})", defaultValue = "my-orb")
        String name;

        @Option(names = "--out", paramLabel = "FILE", description = "write the profile here (default: standard output)")
        Path out;

        @Override
        public Integer call() {
            if (!Files.isRegularFile(trace) && !TraceInput.isSegmentDirectory(trace)) {
                System.err.println("orbscope profile suggest: " + trace + ": no such file");
                return Orbscope.EXIT_BAD_INPUT;
            }
            if (requests < 0 || !name.matches("[A-Za-z0-9_.-]+")) {
                System.err.println("orbscope profile suggest: --requests takes a count, --name letters, digits, '.', '_', '-'");
                return Orbscope.EXIT_BAD_INPUT;
            }
            try {
                ProfileSuggestion s = ProfileSuggestion.of(trace, name, requests);
                String text = s.text(trace.toString());
                if (out == null) {
                    System.out.print(text);
                } else {
                    Files.writeString(out, text);
                    System.out.println("orbscope: profile " + name + " proposed in " + out + " (" + s.requests()
                            + " requests taken as recorded)");
                    if (s.stageless()) {
                        System.out.println("orbscope: stage-less: the receiver threads dispatch each request themselves,"
                                + " with no queue between (docs/profiles.md, an ORB without a queue)");
                    }
                    s.notes().forEach(n -> System.out.println("to do: " + n));
                }
                return s.complete() ? Orbscope.EXIT_OK : Orbscope.EXIT_RUN_FAILED;
            } catch (ProfileException | TraceFormatException e) {
                System.err.println("orbscope profile suggest: " + e.getMessage());
                return Orbscope.EXIT_BAD_INPUT;
            } catch (IOException e) {
                System.err.println("orbscope profile suggest: cannot read " + trace + ": " + Errors.describe(e));
                return Orbscope.EXIT_BAD_INPUT;
            }
        }
    }
}
