package org.orbscope.trace.profile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.TraceHeader;

/** The one profile grammar: the shipped JacORB profile, files, and the messages for bad lines. */
class OrbProfileTest {
    @TempDir
    Path dir;

    private static OrbProfile parse(String source, String... lines) throws Exception {
        return OrbProfile.parse(new StringReader(String.join("\n", lines)), source);
    }

    private static ProfileException refused(String source, String... lines) {
        return assertThrows(ProfileException.class, () -> parse(source, lines));
    }

    @Test
    void theShippedJacorbProfileNamesItsStagesThreadsAndKeys() throws Exception {
        OrbProfile p = OrbProfile.load("jacorb");
        assertEquals("jacorb", p.name());
        assertEquals("JacORB 3.9", p.orb());
        assertEquals("ServerMessageReceptor*", p.threadRoles().get("receiver"));
        assertEquals("RequestProcessor-*", p.threadRoles().get("dispatcher"));
        assertEquals(12, p.methods().size());
        ProfileMethod invoke = p.method("org.jacorb.poa.POA", "_invoke", "(Lorg/jacorb/orb/dsi/ServerRequest;)V");
        assertEquals("receive.bind", invoke.role());
        assertEquals("arg0", invoke.key());
        assertEquals(0, invoke.keySource());
        ProfileMethod reply = p.method("org.jacorb.orb.dsi.ServerRequest", "reply", "()V");
        assertEquals(ProfileMethod.KEY_THIS, reply.keySource());
        assertTrue(reply.cpu());
        assertEquals(ProfileMethod.KEY_NONE, p.method("org.jacorb.orb.giop.Messages", "matchGIOPMagic", "([B)Z").keySource());
        // The receiver names the request from the ServerRequest's copy of the GIOP request header.
        assertEquals(0, invoke.operation().source());
        assertArrayEquals(new String[] {"inputStream", "req_hdr", "operation"}, invoke.operation().fields());
        assertArrayEquals(new String[] {"object_key"}, invoke.object().fields());
        assertEquals(1, p.methods().stream().filter(ProfileMethod::readsNames).count(), "one read per request");
        Map<String, String> info = p.headerInfo();
        assertEquals("jacorb", info.get(TraceHeader.PROFILE_NAME));
        assertEquals("ServerMessageReceptor*", info.get(TraceHeader.PROFILE_THREADS + "receiver"));
        assertEquals("RequestController-*", info.get(TraceHeader.PROFILE_THREADS + "controller"));
        assertTrue(OrbProfile.shipped().contains("jacorb"));
    }

    @Test
    void theShippedGlassfishProfileJoinsReceiverAndDispatcherByTheMessageMediator() throws Exception {
        OrbProfile p = OrbProfile.load("glassfish");
        assertEquals("glassfish", p.name());
        assertEquals("glassfish-corba 4.2", p.orb());
        // One thread pool reads and dispatches: both roles name it; the selector only hands connections over.
        assertEquals("p: default-threadpool; w: *", p.threadRoles().get("receiver"));
        assertEquals("p: default-threadpool; w: *", p.threadRoles().get("dispatcher"));
        assertEquals("SelectorThread", p.threadRoles().get("selector"));
        assertNull(p.threadRoles().get("controller"));
        assertEquals(8, p.methods().size());
        String mediator = "(Lcom/sun/corba/ee/spi/protocol/MessageMediator;)V";
        ProfileMethod enqueue = p.method("com.sun.corba.ee.impl.protocol.MessageMediatorImpl", "setEnqueueTime", "(J)V");
        assertEquals("receive.enqueue", enqueue.role());
        assertEquals(ProfileMethod.KEY_THIS, enqueue.keySource());
        ProfileMethod begin = p.method("com.sun.corba.ee.impl.protocol.MessageMediatorImpl", "handleRequestRequest", mediator);
        assertEquals("dispatch.begin", begin.role());
        assertEquals(0, begin.keySource());
        assertEquals(1, p.method("com.sun.corba.ee.impl.protocol.ServerRequestDispatcherImpl", "dispatchToServant",
                "(Ljava/lang/Object;Lcom/sun/corba/ee/spi/protocol/MessageMediator;[BLcom/sun/corba/ee/spi/oa/ObjectAdapter;)"
                        + "Lcom/sun/corba/ee/spi/protocol/MessageMediator;").keySource());
        // endRequest, not sendResponse: a oneway request never reaches sendResponse
        assertEquals("dispatch.result", p.method("com.sun.corba.ee.impl.protocol.MessageMediatorImpl", "endRequest", mediator).role());
        ProfileMethod servant = p.methods().stream().filter(ProfileMethod::readsNames).findFirst().get();
        assertEquals("dispatchToServant", servant.methodName(), "the header is read by then, not at dispatch.begin");
        assertEquals("arg1.requestHeader.operation", servant.operation().toString());
        assertEquals("arg1.requestHeader.target.___object_key", servant.object().toString());
        for (ProfileMethod m : p.methods()) {
            assertTrue(m.cpu(), m + ": every boundary carries CPU time");
        }
        // The reading thread's parse begins a request's first fragment; the dispatching thread's work item, the
        // mediator the enqueue was keyed by, continues it before any other event of the dispatch.
        assertTrue(p.method("com.sun.corba.ee.impl.protocol.MessageParserImpl", "parseBytes",
                "(Ljava/nio/ByteBuffer;Lcom/sun/corba/ee/spi/transport/Connection;)Lcom/sun/corba/ee/impl/protocol/giopmsgheaders/Message;")
                .fragmentBegin());
        ProfileMethod work = p.method("com.sun.corba.ee.impl.protocol.MessageMediatorImpl", "doWork", "()V");
        assertTrue(work.fragmentContinue());
        assertEquals(ProfileMethod.KEY_THIS, work.keySource());
        assertEquals(1, p.methods().stream().filter(ProfileMethod::fragmentContinue).count());
        assertEquals(10, p.cpuSample());
        assertTrue(OrbProfile.shipped().contains("glassfish"));
    }

    @Test
    void theShippedYokoProfileServesItsThreeDispatchModelsWithOneKey() throws Exception {
        OrbProfile p = OrbProfile.load("yoko");
        assertEquals("Apache Yoko 1.4", p.orb());
        String dispatchers = p.threadRoles().get("dispatcher");
        for (String thread : new String[] {"Yoko:ThreadPerRequest:Dispatcher", "Yoko:ThreadPool-0:Dispatcher-7",
                "Yoko:GIOPConnectionThreaded:ReceiverThread"}) {
            assertTrue(OrbProfile.threadMatches(dispatchers, thread), thread);
        }
        assertTrue(OrbProfile.threadMatches(p.threadRoles().get("receiver"), "Yoko:GIOPConnectionThreaded:ReceiverThread"));
        // The Upcall joins the pieces: the receiver's own, the pool's dispatch request's, the dispatcher's argument.
        ProfileMethod bind = p.method("org.apache.yoko.orb.OB.Upcall", "setDispatchInfo",
                "(Lorg/apache/yoko/orb/OB/DispatchRequest;Lorg/apache/yoko/orb/OB/DispatchStrategy;)V");
        assertEquals("receive.enqueue", bind.role());
        assertEquals(ProfileMethod.KEY_THIS, bind.keySource());
        assertEquals("this.profileInfo_.key", bind.object().toString());
        ProfileMethod pool = p.method("org.apache.yoko.orb.OB.ThreadPool", "add", "(Lorg/apache/yoko/orb/OB/DispatchRequest;)V");
        assertEquals("receive.enqueue", pool.role());
        assertArrayEquals(new String[] {"upcall_"}, pool.keyFields());
        ProfileMethod begin = p.method("org.apache.yoko.orb.OBPortableServer.POA_impl", "_OB_dispatch",
                "([BLorg/apache/yoko/orb/OB/Upcall;)V");
        assertEquals("dispatch.begin", begin.role());
        assertEquals(1, begin.keySource());
        // The dispatch request's invoke encloses the dispatch: the continuation begins there, by its Upcall.
        ProfileMethod dispatchRequest = p.method("org.apache.yoko.orb.OB.DispatchRequest_impl", "invoke", "()V");
        assertTrue(dispatchRequest.fragmentContinue());
        assertArrayEquals(new String[] {"upcall_"}, dispatchRequest.keyFields());
        assertEquals(1, p.methods().stream().filter(ProfileMethod::fragmentContinue).count());
        // Oneways have no reply: the first phase ends where every request's dispatch ends.
        assertEquals("dispatch.result", p.method("org.apache.yoko.orb.OBPortableServer.POA_impl",
                "_OB_decrementRequestCount", "()V").role());
        assertTrue(p.methods().stream().noneMatch(m -> "dispatch.reply".equals(m.role())), "the servant stage holds the reply");
    }

    @Test
    void theShippedOpenjdkOrbProfileJoinsTheSelectorAndThePoolByTheMediator() throws Exception {
        OrbProfile p = OrbProfile.load("openjdk-orb");
        String connection = "com.sun.corba.se.impl.transport.SocketOrChannelConnectionImpl";
        ProfileMethod enqueue = p.method(connection, "setEnqueueTime", "(J)V");
        assertEquals("receive.enqueue", enqueue.role());
        assertEquals("this.partialMessageMediator", enqueue.key());
        ProfileMethod begin = p.method(connection, "finishReadingBits",
                "(Lcom/sun/corba/se/pept/protocol/MessageMediator;)Lcom/sun/corba/se/spi/protocol/CorbaMessageMediator;");
        assertEquals("dispatch.begin", begin.role());
        assertEquals(0, begin.keySource());
        // The selector's read event encloses the arrival: the request's first fragment begins there.
        assertTrue(p.method(connection, "handleEvent", "()V").fragmentBegin());
        assertEquals(1, p.methods().stream().filter(ProfileMethod::fragmentBegin).count());
        // The pool thread's work item encloses the dispatch: the continuation begins there, by the partial mediator.
        ProfileMethod work = p.method(connection, "doWork", "()V");
        assertTrue(work.fragmentContinue());
        assertEquals("this.partialMessageMediator", work.key());
        assertEquals("dispatch.result", p.method("com.sun.corba.se.impl.protocol.CorbaMessageMediatorImpl", "endRequest",
                "(Lcom/sun/corba/se/spi/protocol/CorbaMessageMediator;)V").role());
        assertTrue(OrbProfile.threadMatches(p.threadRoles().get("dispatcher"), "p: default-threadpool; w: Idle"));
        assertTrue(OrbProfile.threadMatches(p.threadRoles().get("receiver"), "SelectorThread"));
        assertTrue(OrbProfile.shipped().contains("openjdk-orb"));
    }

    @Test
    void aThreadRoleIsAGlobOrSeveralSeparatedByBars() {
        assertTrue(OrbProfile.threadMatches("worker-*", "worker-12"));
        assertTrue(!OrbProfile.threadMatches("worker-*", "a worker-12"));
        assertTrue(OrbProfile.threadMatches("reader | worker-*", "reader"));
        assertTrue(OrbProfile.threadMatches("reader | worker-*", "worker-3"));
        assertTrue(!OrbProfile.threadMatches("reader | worker-*", "readers"));
        assertTrue(OrbProfile.threadMatches("p: pool; w: *", "p: pool; w: Idle"), "regex characters are literal");
        assertTrue(!OrbProfile.threadMatches("a.b", "axb"));
    }

    @Test
    void aFileProfileTakesBothSeparatorsCommentsAndFieldPathKeys() throws Exception {
        Path f = dir.resolve("shop.profile");
        Files.write(f, String.join("\n",
                "# a shop server",
                "profile.orb: Shop ORB 1",
                "profile.threads.dispatcher = worker-*   # trailing comment",
                "",
                "method = com.acme.Server#handle(Lcom/acme/Request;)V | role=Server.Handle | key=arg0.connection.id | cpu=true",
                "method: com.acme.Server#idle()V").getBytes(StandardCharsets.UTF_8));
        OrbProfile p = OrbProfile.load(f.toString());
        assertEquals("shop", p.name(), "named after the file when profile.name is absent");
        assertEquals("worker-*", p.threadRoles().get("dispatcher"));
        ProfileMethod handle = p.methods().get(0);
        assertEquals("com.acme.Server", handle.className());
        assertEquals("handle", handle.methodName());
        assertEquals("(Lcom/acme/Request;)V", handle.descriptor());
        assertEquals("server.handle", handle.role());
        assertEquals("arg0.connection.id", handle.key());
        assertArrayEquals(new String[] {"connection", "id"}, handle.keyFields());
        assertTrue(handle.cpu());
        assertTrue(handle.cpuAtEnter() && handle.cpuAtExit());
        ProfileMethod idle = p.methods().get(1);
        assertNull(idle.role());
        assertEquals("none", idle.key());
        assertEquals(false, idle.cpu());
    }

    @Test
    void cpuAtOneEndFragmentsMonitorScopeAndSampling() throws Exception {
        OrbProfile p = parse("s.profile", "monitors.include = org.x.Queue", "monitors.include = org.x.pool.*",
                "monitors.events = contended", "cpu.sample = 8",
                "method = org.x.R#loop()V | cpu=exit", "method = org.x.R#arrive()V | cpu=enter | fragment=begin");
        assertEquals(java.util.Arrays.asList("org.x.Queue", "org.x.pool.*"), p.monitorIncludes());
        assertEquals("contended", p.monitorEvents());
        assertEquals(8, p.cpuSample());
        ProfileMethod loop = p.methods().get(0);
        assertTrue(!loop.cpuAtEnter() && loop.cpuAtExit() && loop.cpu() && !loop.fragmentBegin());
        ProfileMethod arrive = p.methods().get(1);
        assertTrue(arrive.cpuAtEnter() && !arrive.cpuAtExit() && arrive.fragmentBegin());
        assertEquals("org.x.R#arrive()V | key=none | cpu=enter | fragment=begin", arrive.toString());
        ProfileMethod handOver = ProfileMethod.parse("org.x.W#run()V | key=this.request | cpu=true | fragment=continue", "w");
        assertTrue(handOver.fragmentContinue() && !handOver.fragmentBegin());
        assertEquals("org.x.W#run()V | key=this.request | cpu=true | fragment=continue", handOver.toString());
        OrbProfile plain = parse("p.profile", "method = a.B#c()V");
        assertEquals(0, plain.cpuSample());
        assertNull(plain.monitorEvents());
    }

    @Test
    void aMethodWithARoleMayNameItsRequestsOperationAndObject() throws Exception {
        ProfileMethod m = parse("n.profile", "method = a.B#c(La/R;)V | role=dispatch.servant | key=arg0 | operation=arg0.op"
                + " | object=this").methods().get(0);
        assertTrue(m.readsNames());
        assertEquals(0, m.operation().source());
        assertArrayEquals(new String[] {"op"}, m.operation().fields());
        assertEquals(ProfileMethod.KEY_THIS, m.object().source());
        assertEquals(0, m.object().fields().length);
        assertEquals("a.B#c(La/R;)V | role=dispatch.servant | key=arg0 | cpu=false | operation=arg0.op | object=this",
                m.toString());
        assertEquals(m.toString(), parse("again.profile", "method = " + m).methods().get(0).toString(), "its own line");
        ProfileMethod plain = parse("p.profile", "method = a.B#c()V | role=receive.end").methods().get(0);
        assertTrue(!plain.readsNames() && plain.operation() == ProfileMethod.Path.NONE);
        assertEquals("x.profile:1: operation= and object= need a role= on the same method: the report gives the names"
                + " to the request whose stage that method marks",
                refused("x.profile", "method = a.B#c(La/R;)V | operation=arg0.op").getMessage());
        assertTrue(refused("x.profile", "method = a.B#c()V | role=r | object=none").getMessage()
                .startsWith("x.profile:1: object must be this, argN"));
        assertTrue(refused("x.profile", "method = a.B#c()V | role=r | operation=arg0.") .getMessage()
                .startsWith("x.profile:1: operation field path 'arg0.' has a bad field name"));
    }

    @Test
    void anObjectKeyReadsAsACorbalocUrlWritesIt() {
        assertEquals("Impl/P/echo", ObjectKeyText.of("Impl/P/echo".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("%af%ab%ca%fe%00a%25%20b", ObjectKeyText.of(new byte[] {(byte) 0xAF, (byte) 0xAB, (byte) 0xCA,
            (byte) 0xFE, 0, 'a', '%', ' ', 'b'}));
        assertEquals("", ObjectKeyText.of(new byte[0]));
    }

    @Test
    void aBadLineIsRefusedWithItsSourceAndLine() {
        assertTrue(refused("x.profile", "profile.name = x", "methd = a.B#c()V").getMessage()
                .startsWith("x.profile:2: unknown profile key 'methd' (known: profile.name, profile.orb, profile.threads.ROLE, method,"));
        assertEquals("x.profile:1: method must be Class#name(descriptor)ReturnType, got 'a.B.c()V'",
                refused("x.profile", "method = a.B.c()V").getMessage());
        assertTrue(refused("x.profile", "", "method = a.B#c()V | key=arg0.1x").getMessage().startsWith("x.profile:2: key field path"));
        assertTrue(refused("x.profile", "method = a.B#c()V | key=that").getMessage().startsWith("x.profile:1: key must be"));
        assertTrue(refused("x.profile", "method = a.B#c()V | cpu=maybe").getMessage().startsWith("x.profile:1: cpu must be"));
        assertTrue(refused("x.profile", "method = a.B#c()V | fragment=end").getMessage().startsWith("x.profile:1: fragment must be begin"));
        assertEquals("x.profile:1: fragment=continue needs a key= naming the request it continues",
                refused("x.profile", "method = a.B#c()V | fragment=continue").getMessage());
        assertTrue(refused("x.profile", "cpu.sample = 0").getMessage().startsWith("x.profile:1: cpu.sample must be"));
        assertTrue(refused("x.profile", "monitors.events = some").getMessage().startsWith("x.profile:1: monitors.events must be"));
        assertTrue(refused("x.profile", "method = a.B#c()V | colour=red").getMessage().startsWith("x.profile:1: unknown method attribute"));
        assertTrue(refused("x.profile", "method = a.B#c()V", "method = a.B#c()V | cpu=true").getMessage()
                .startsWith("x.profile:2: a.B#c()V is named twice"));
        assertEquals("x.profile:1: expected 'key = value', got 'just words'", refused("x.profile", "just words").getMessage());
    }

    @Test
    void anUnknownNameIsNeitherShippedNorAFile() {
        ProfileException e = assertThrows(ProfileException.class, () -> OrbProfile.load("nosuchorb"));
        assertEquals("unknown profile 'nosuchorb' (shipped: jacorb, glassfish, yoko, openjdk-orb; and no such file)", e.getMessage());
    }

    @Test
    void theBuilderTakesTheSameEntriesOneByOne() throws Exception {
        OrbProfile p = new OrbProfile.Builder()
                .set("method", "a.B#c(I)V | role=x.y | key=this", "option")
                .build();
        assertEquals("inline", p.name());
        assertEquals("x.y", p.methods().get(0).role());
        ProfileException e = assertThrows(ProfileException.class, () -> new OrbProfile.Builder().set("method", "a.B#c", "option"));
        assertTrue(e.getMessage().startsWith("option: method must be"), e.getMessage());
        assertTrue(OrbProfile.isProfileKey("profile.threads.receiver"));
        assertTrue(!OrbProfile.isProfileKey(TraceHeader.PROFILE_THREADS), "a role needs a name");
    }
}
