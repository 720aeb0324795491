import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;

/**
 * The attach target of bench/scripts/class-load-cost.sh: runs the orbscope command in this JVM (its arguments, e.g.
 * {@code simulate scenarios/paper-scenario-a.yaml}), so that the classes that command loads are loaded, then says
 * "ready PID CLASSES" and waits until its standard input closes. Run with the java launcher's source-file mode and
 * the orbscope command's jar on the class path; the command's own {@code main} would end the JVM.
 */
public final class SimulateThenWait {
    public static void main(String[] args) throws Exception {
        Method commandLine = Class.forName("org.orbscope.cli.Orbscope").getDeclaredMethod("commandLine");
        commandLine.setAccessible(true);
        Object cli = commandLine.invoke(null);
        int exit = (Integer) cli.getClass().getMethod("execute", String[].class).invoke(cli, (Object) args);
        if (exit != 0) {
            System.out.println("failed " + exit);
            System.exit(exit);
        }
        long classes = ManagementFactory.getClassLoadingMXBean().getLoadedClassCount();
        System.out.println("ready " + ProcessHandle.current().pid() + " " + classes);
        System.out.flush();
        try {
            while (System.in.read() >= 0) {
                // wait for the benchmark to close the pipe
            }
        } catch (IOException e) {
            // the benchmark is gone: end too
        }
    }
}
