package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code orbscope attach} runs on a command line of its own: the same command, the same answers to bad input. */
class AttachCommandLineTest {
    @Test
    void theAttachOnlyLineHasTheFullLinesAttachCommand() {
        CommandLine full = Orbscope.commandLine().getSubcommands().get("attach");
        CommandLine own = Orbscope.commandLine(new String[] {"attach"}).getSubcommands().get("attach");
        assertEquals(full.getCommandSpec().qualifiedName(), own.getCommandSpec().qualifiedName());
        assertEquals(full.getUsageMessage(CommandLine.Help.Ansi.OFF), own.getUsageMessage(CommandLine.Help.Ansi.OFF));
    }

    @Test
    void aBadPidIsAnsweredInOneLineWithExitTwo() {
        StringWriter err = new StringWriter();
        String[] args = {"attach", "--profle", "jacorb", "123"};
        CommandLine line = Orbscope.commandLine(args);
        line.setErr(new PrintWriter(err));
        assertEquals(Orbscope.EXIT_BAD_INPUT, line.execute(args));
        assertEquals("orbscope attach: unknown option '--profle'; did you mean '--profile'? (see 'orbscope help attach')",
                err.toString().trim());
    }
}
