# orbscope ORB profile: glassfish-corba 4.2.x (org.glassfish.corba:glassfish-corba-orb). Read from the sources at tag
# 4.2.5-RELEASE of eclipse-ee4j/orb (the methods below read the same, whitespace aside, at 5.0.2; only 4.2.5 was
# run). Marks the stages of a request on the server (Harkema et al., section 2.2). Checked against a real glassfish-corba
# 4.2.5 server over loopback driven by the JacORB workload client: every request's receiver-side and
# dispatcher-side events joined (postprocess), no stage negative.
#
# One line per method (see jacorb.profile for the attributes):
#   method = <class>#<name><descriptor> | role=<stage role> | key=<none|this|argN>[.field...] | cpu=<true|false|enter|exit>
#            | fragment=<begin|continue> | operation=<this|argN>.<field>... | object=<this|argN>.<field>...
#
# The default transport (NIO selector, worker threads for read events), which this profile needs: neither
# com.sun.corba.ee.transport.ORBUseNIOSelectToWait nor com.sun.corba.ee.transport.ORBConnectionSocketUseWorkerThreadForEvent
# set to false (with either false, a reader thread reads and dispatches each request itself):
#   SelectorThread waits until a connection is readable and hands the connection itself to the thread pool
#   (EventHandlerBase.handleEvent -> WorkQueueImpl.addWork(ConnectionImpl)); one read event, not one request.
#   A pool thread reads: ConnectionImpl.doWork -> doOptimizedReadStrategy -> nonBlockingRead (then blockingRead
#   for whatever follows) -> parseBytesAndDispatchMessages, which per GIOP message parses it
#   (MessageParserImpl.parseBytes), wraps it in a new MessageMediatorImpl and queues that on the same pool's one
#   FIFO (queueUpWork -> addMessageMediatorToWorkQueue -> WorkQueueImpl.addWork).
#   Another pool thread (or the same one later) takes it (WorkQueueImpl.requestWork) and dispatches it:
#   MessageMediatorImpl.doWork -> dispatch -> handleRequest -> handleInput(RequestMessage_1_x) ->
#   handleRequest(RequestMessage, MessageMediator) -> handleRequestRequest -> ServerRequestDispatcherImpl.dispatch
#   (object adapter, servant lookup, interceptors) -> dispatchToServant (skeleton _invoke: unmarshal, servant,
#   result marshal) ; then sendResponse (CDROutputObject.finishSendingMessage writes the reply) ; endRequest
#   (streams closed, buffers back to the pool).
# So there is no controller thread: the pool thread that takes the request off the queue is its dispatcher, and
# receiver and dispatcher are threads of one pool (both roles below name it).
#
# Correlation key: the MessageMediatorImpl. The reading thread creates one per GIOP message, it is what the
# queue holds, and the dispatching thread works on it (and replies through it) until the reply is sent; glassfish
# never reuses one, so its identity names one request in flight.
profile.name = glassfish
profile.orb = glassfish-corba 4.2
profile.threads.selector = SelectorThread
profile.threads.receiver = p: default-threadpool; w: *
profile.threads.dispatcher = p: default-threadpool; w: *

# CPU times of one request fragment in 10, drawn at random per fragment: per-stage CPU means stay unbiased
# (agent option cpu.sample=1 records every fragment).
cpu.sample = 10

# Reading pool thread. parseBytes runs once per GIOP message, right after the read that completed it returned
# (non-blocking or blocking read alike), and finds the message's header in the bytes read: the arrival. (A message
# that arrives in several reads is parsed again after each; the last parse, which finds it whole, is its arrival.)
# Its enter begins the request's first fragment: CPU and request sampling draw there, at each parse, and the draw
# of the last parse covers the message's enqueue and the end of its reading.
method = com.sun.corba.ee.impl.protocol.MessageParserImpl#parseBytes(Ljava/nio/ByteBuffer;Lcom/sun/corba/ee/spi/transport/Connection;)Lcom/sun/corba/ee/impl/protocol/giopmsgheaders/Message; | role=receive.arrival | key=none | cpu=true | fragment=begin
# WorkQueueImpl.addWork stamps the mediator's enqueue time inside its monitor, just before offering it to the queue:
# the exit is the enqueue (receiver 1st phase end), and it comes before any pool thread can take the request (taking
# needs the same monitor). The first method on the reading thread that sees the request's mediator.
method = com.sun.corba.ee.impl.protocol.MessageMediatorImpl#setEnqueueTime(J)V | role=receive.enqueue | key=this | cpu=true
# Called once per parsed message; exit = the message is queued and the reader goes on to the next one (receiver
# 2nd phase end: it includes waking or creating a pool thread).
method = com.sun.corba.ee.impl.transport.ConnectionImpl#queueUpWork(Lcom/sun/corba/ee/spi/protocol/MessageMediator;)V | role=receive.end | key=none | cpu=true

# Dispatching pool thread. handleRequestRequest runs only for GIOP Requests (not for locate requests, close or error
# messages, which pass through the same queue): enter = dispatcher 1st phase begins; exit = object adapter, servant
# and reply marshalling done, before the reply is sent. The request header handling between the thread taking the
# request (MessageMediatorImpl.doWork) and here counts as queueing: it is header work, not waiting,
# and a glassfish server's queue stage includes it.
# No earlier method marks only requests and returns before the reply is sent.
method = com.sun.corba.ee.impl.protocol.MessageMediatorImpl#handleRequestRequest(Lcom/sun/corba/ee/spi/protocol/MessageMediator;)V | role=dispatch.begin | key=arg0 | cpu=true
# The servant through its skeleton (InvokeHandler._invoke, or DynamicImplementation.invoke for DSI servants):
# unmarshal, servant, result marshal. The mediator's request header is read by now (handleRequestRequest begins by
# unmarshalling it, so its enter is too early): RequestMessage_1_x.getOperation() returns the operation field, and a
# GIOP 1.2 header holds the object key in target (a TargetAddress whose KeyAddr arm is ___object_key). GIOP 1.0 and
# 1.1 headers keep it in requestHeader.object_key instead: their requests go without an object here.
method = com.sun.corba.ee.impl.protocol.ServerRequestDispatcherImpl#dispatchToServant(Ljava/lang/Object;Lcom/sun/corba/ee/spi/protocol/MessageMediator;[BLcom/sun/corba/ee/spi/oa/ObjectAdapter;)Lcom/sun/corba/ee/spi/protocol/MessageMediator; | role=dispatch.servant | key=arg1 | cpu=true | operation=arg1.requestHeader.operation | object=arg1.requestHeader.target.___object_key
# The reply's (last) GIOP message written to the connection. No key: the output stream is not the mediator, and the
# last send inside the request's dispatch is its reply.
method = com.sun.corba.ee.impl.encoding.CDROutputObject#finishSendingMessage()V | role=dispatch.reply | key=none | cpu=true
# endRequest runs in handleRequest's finally, after the reply was sent (twoway) or the servant returned (oneway):
# its exit is the dispatcher 1st phase end of every request (sendResponse would leave every oneway without one).
method = com.sun.corba.ee.impl.protocol.MessageMediatorImpl#endRequest(Lcom/sun/corba/ee/spi/protocol/MessageMediator;)V | role=dispatch.result | key=arg0 | cpu=true
# One work item per call; exit = endRequest's clean-up done, the thread goes back to the queue (dispatcher 2nd
# phase end). The work item is the mediator the reading thread's enqueue was keyed by, so the enter continues that
# request (a fragment of its own for CPU and request sampling): the continuation begins where the thread takes the
# request, before every other event of its dispatch, and the exit belongs to it.
method = com.sun.corba.ee.impl.protocol.MessageMediatorImpl#doWork()V | role=dispatch.end | key=this | cpu=exit | fragment=continue
