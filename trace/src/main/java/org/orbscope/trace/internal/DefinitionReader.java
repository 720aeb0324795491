package org.orbscope.trace.internal;

import org.orbscope.trace.TraceFormatException;

/** Reads a segment of definition records ({@link TraceFormat#DEFINITIONS_THREAD}) into the dictionary tables. */
final class DefinitionReader {
    /** Ids beyond this are damage, not a big trace: guards the dictionary lists against absurd growth. */
    static final long MAX_ID = 1 << 24;

    private DefinitionReader() {
    }

    static void read(Cursor c, DictionaryTables d) throws TraceFormatException {
        while (c.more()) {
            int tag = c.u8();
            long id = c.var();
            if (id <= 0 || id > MAX_ID) {
                throw c.damaged("definition id " + id + " out of range");
            }
            switch (tag) {
                case TraceFormat.DEF_STRING: {
                    int n = (int) c.var();
                    d.putString(id, c.utf8(n));
                    break;
                }
                case TraceFormat.DEF_METHOD:
                    d.putMethod(id, c.var(), c.var(), c.var());
                    break;
                case TraceFormat.DEF_CLASS: {
                    long name = c.var();
                    c.var();
                    d.putClass(id, name);
                    break;
                }
                case TraceFormat.DEF_MONITOR: {
                    long cls = c.var();
                    long hash = c.var();
                    d.putMonitor(id, cls, hash);
                    break;
                }
                case TraceFormat.DEF_ROLE:
                    d.putRole(id, c.var());
                    break;
                case TraceFormat.DEF_THREAD: {
                    long name = c.var();
                    long javaId = c.var();
                    d.putThread(id, name, javaId);
                    break;
                }
                default:
                    throw c.damaged("unknown definition tag " + tag);
            }
        }
    }
}
