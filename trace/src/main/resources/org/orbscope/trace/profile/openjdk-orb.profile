# orbscope ORB profile: the WildFly ORB (org.jboss.openjdk-orb:openjdk-orb 10.1.x, the JDK 8 com.sun.corba.se ORB kept
# alive for WildFly), and the ORB of JDK 8 itself. Read from the sources of jboss/openjdk-orb and checked against a
# real openjdk-orb 10.1.3.Final server on JDK 17 over loopback, driven by the JacORB workload client with twoway and
# oneway requests: every request's receiver-side and dispatcher-side events joined, no stage negative.
#
# One line per method (see jacorb.profile for the attributes):
#   method = <class>#<name><descriptor> | role=<stage role> | key=<none|this|argN>[.field...] | cpu=<true|false|enter|exit>
#            | fragment=<begin|continue> | operation=<this|argN>.<field>... | object=<this|argN>.<field>...
#
# The JDK 8 ORB. openjdk-orb began as the ORB of OpenJDK 8u172; every method below reads the same there (WildFly
# changed the inbound connection cache, now org.wildfly.orb.impl.transport.CorbaInboundConnectionCacheImpl, the
# closing of acceptors at shutdown, listening on com.sun.CORBA.ORBServerHost alone rather than on every interface,
# and the javax -> jakarta names of 10.x; none of it is on a request's path). In JDK 8 the classes are in rt.jar,
# loaded by the boot class loader; that ORB was not run against this profile (orbscope is tested on JDK 17, which
# has no ORB).
#
# The default transport, which this profile needs: com.sun.CORBA.transport.ORBUseNIOSelectToWait unset or true.
#   SelectorThread waits until a connection is readable, reads the GIOP header of its next message itself
#   (SocketOrChannelConnectionImpl.handleEvent -> readBits -> createMessageMediator -> MessageBase.readGIOPHeader),
#   keeps the new CorbaMessageMediatorImpl as the connection's partialMessageMediator and queues the connection on
#   the ORB's thread pool (WorkQueueImpl.addWork, which stamps SocketOrChannelConnectionImpl.setEnqueueTime inside its
#   monitor). It leaves the connection out of its select until the body is read.
#   A pool thread ("p: default-threadpool; w: Idle") takes the connection (WorkQueueImpl.requestWork) and runs
#   SocketOrChannelConnectionImpl.doWork: finishReadingBits (the body) -> dispatch -> CorbaMessageMediatorImpl.handleRequest
#   -> handleInput (re-enables the select) -> handleRequest(RequestMessage, mediator): handleRequestRequest ->
#   CorbaServerRequestDispatcherImpl.dispatch (object adapter, servant lookup, interceptors) -> dispatchToServant
#   (skeleton _invoke: unmarshal, servant, result marshal); then, twoway only, sendResponse
#   (CDROutputObject.finishSendingMessage writes the reply); finally endRequest (streams closed, buffers back).
# With ORBUseNIOSelectToWait=false a reader thread per connection reads each whole message and dispatches it itself,
# handing the reading to another pool thread first (leader/follower): no queue, no setEnqueueTime and no
# handleEvent, so those requests lack their receiver part under this profile.
#
# So: receiver = SelectorThread (header), queue = the pool's FIFO, dispatcher = a pool thread (body, dispatch,
# reply). No controller.
#
# Correlation key: the CorbaMessageMediatorImpl. readBits makes one per GIOP message, never reused; the dispatching
# thread finishes it, dispatches it and replies through it.
profile.name = openjdk-orb
profile.orb = WildFly ORB (openjdk-orb 10.1) / JDK 8 ORB
profile.threads.selector = SelectorThread
profile.threads.receiver = SelectorThread
# The pool's threads keep the name they start with (glassfish's pool threads are numbered instead: w: 1, w: 2, ...).
profile.threads.dispatcher = p: default-threadpool; w: Idle

# CPU times of one request fragment in 10, drawn at random per fragment: per-stage CPU means stay unbiased
# (agent option cpu.sample=1 records every fragment).
cpu.sample = 10

# Selector thread. AreFragmentsAllowed runs once per GIOP message, right after its 12-byte header was read and its
# magic and version checked: the arrival. (readGIOPHeader is entered before the read; with reader threads that
# read blocks.)
method = com.sun.corba.se.impl.protocol.giopmsgheaders.MessageBase#AreFragmentsAllowed(BBBB)V | role=receive.arrival | key=none | cpu=enter
# WorkQueueImpl.addWork stamps the enqueue time inside its monitor just before it adds the connection to the queue:
# the exit is the enqueue (receiver 1st phase end), before any pool thread can take it (requestWork needs the same
# monitor). The connection is the queued work; the request is the mediator the selector just made for it.
method = com.sun.corba.se.impl.transport.SocketOrChannelConnectionImpl#setEnqueueTime(J)V | role=receive.enqueue | key=this.partialMessageMediator | cpu=exit
# One read event of the connection: exit = the header is read and queued, the selector goes back to select
# (receiver 2nd phase end). It encloses the arrival, so its enter begins the request's first fragment: CPU and
# request sampling draw there, and the draw covers the read event's every boundary, its exit included.
method = com.sun.corba.se.impl.transport.SocketOrChannelConnectionImpl#handleEvent()V | role=receive.end | key=none | cpu=exit | fragment=begin

# Pool thread. finishReadingBits is the first thing a pool thread does with the queued message (it reads the body):
# enter = dispatcher 1st phase begins (end of queueing).
method = com.sun.corba.se.impl.transport.SocketOrChannelConnectionImpl#finishReadingBits(Lcom/sun/corba/se/pept/protocol/MessageMediator;)Lcom/sun/corba/se/spi/protocol/CorbaMessageMediator; | role=dispatch.begin | key=arg0 | cpu=true
# The servant through its skeleton. The request header is unmarshalled by now (handleRequestRequest begins with it):
# requestHeader.operation is the operation, and a GIOP 1.2 header's target (a TargetAddress whose KeyAddr arm is
# ___object_key) the object key. GIOP 1.0 and 1.1 headers keep it in object_key instead: those requests go without
# an object name here.
method = com.sun.corba.se.impl.protocol.CorbaServerRequestDispatcherImpl#dispatchToServant(Ljava/lang/Object;Lcom/sun/corba/se/spi/protocol/CorbaMessageMediator;[BLcom/sun/corba/se/spi/oa/ObjectAdapter;)Lcom/sun/corba/se/spi/protocol/CorbaMessageMediator; | role=dispatch.servant | key=arg1 | cpu=true | operation=arg1.requestHeader.operation | object=arg1.requestHeader.target.___object_key
# The reply's (last) GIOP message written to the connection (twoway only). No key: the output stream is not the
# mediator, and the last send inside the request's dispatch is its reply.
method = com.sun.corba.se.impl.encoding.CDROutputObject#finishSendingMessage()V | role=dispatch.reply | key=none | cpu=true
# endRequest runs in handleRequest's finally, after the reply was sent (twoway) or the servant returned (oneway):
# exit = dispatcher 1st phase end for both. sendResponse would leave every oneway request without one.
method = com.sun.corba.se.impl.protocol.CorbaMessageMediatorImpl#endRequest(Lcom/sun/corba/se/spi/protocol/CorbaMessageMediator;)V | role=dispatch.result | key=arg0 | cpu=true
# One work item per message; exit = the thread goes back to the queue (dispatcher 2nd phase end). Its enter continues
# the request of the connection's partial mediator, the one the enqueue was keyed by and finishReadingBits is given (a
# fragment of its own for CPU and request sampling): the continuation begins where the thread takes the work item,
# before every other event of its dispatch, and the exit belongs to it.
method = com.sun.corba.se.impl.transport.SocketOrChannelConnectionImpl#doWork()V | role=dispatch.end | key=this.partialMessageMediator | cpu=exit | fragment=continue
