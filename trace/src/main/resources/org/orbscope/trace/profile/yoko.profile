# orbscope ORB profile: Apache Yoko 1.4 (org.apache.yoko:yoko-core:1.4, the ORB of Geronimo, forked into WebSphere
# Liberty). Read from the sources at tag yoko-1.4 of apache/geronimo-yoko and checked against real Yoko 1.4 servers
# over loopback, driven by the JacORB workload client with twoway and oneway requests, in each of the object
# adapter's three concurrency models: every request's receiver-side and dispatcher-side events joined, no stage
# negative.
#
# One line per method (see jacorb.profile for the attributes):
#   method = <class>#<name><descriptor> | role=<stage role> | key=<none|this|argN>[.field...] | cpu=<true|false|enter|exit>
#            | fragment=<begin|continue> | operation=<this|argN>.<field>... | object=<this|argN>.<field>...
#
# Threads. Yoko's server side is "threaded": every accepted connection gets its own receiver thread
# (GIOPConnectionThreaded.ReceiverThread, named Yoko:GIOPConnectionThreaded:ReceiverThread). It reads a GIOP message
# (GIOPConnectionThreaded.execReceive: a blocking 12-byte header read, GIOPIncomingMessage.extractHeader, a blocking
# body read), unmarshals the request header and makes the request's Upcall (GIOPConnection.processRequest ->
# POA_impl._OB_createUpcall, which also makes its DispatchRequest_impl and sets both with Upcall.setDispatchInfo),
# then hands it to the POA's dispatch strategy (Upcall.invoke -> DispatchStrategy.dispatch), chosen by the ORB
# property yoko.orb.oa.conc_model:
#   thread_per_request (the default): a new thread, Yoko:ThreadPerRequest:Dispatcher, per request; it ends with it.
#   thread_pool: ThreadPool.add puts the request in one FIFO (a Vector, under the pool's monitor); a fixed pool of
#     yoko.orb.oa.thread_pool threads (default 10), Yoko:ThreadPool-<id>:Dispatcher-<n>, takes them in turn.
#   threaded (or thread_per_client): no queue; the receiver thread dispatches the request itself and reads the
#     connection's next message only when the reply has been sent.
# The dispatching thread runs DispatchRequest_impl.invoke -> POA_impl._OB_dispatch: servant lookup, pre-invoke,
# ServantDispatcher.dispatch (the skeleton's _invoke: unmarshal, servant, result marshal, and then Upcall.postMarshal,
# which sends the reply through GIOPConnection.upcallEndReply), post-invoke, the POA's request count.
# No controller thread.
#
# Correlation key: the Upcall. GIOPConnection.processRequest makes one per GIOP Request and never reuses it; the
# dispatch request holds it (DispatchRequest_impl.upcall_), the dispatching thread works on it and replies through it.
#
# What the stages hold in each model: the queue is the wait in the pool's FIFO (thread_pool), the creation and start
# of the request's thread (thread_per_request: the receiver's enqueue is the moment its Upcall is ready, since the new
# thread may run before Thread.start returns), or nothing (threaded). The receiver's second phase runs until
# Upcall.invoke returns: in the threaded model it holds the whole dispatch, as the receiver reads nothing meanwhile.
# The servant stage holds sending the reply (Yoko sends it from inside ServantDispatcher.dispatch): there is no
# separate reply stage.
profile.name = yoko
profile.orb = Apache Yoko 1.4
profile.threads.receiver = Yoko:GIOPConnectionThreaded:ReceiverThread
profile.threads.dispatcher = Yoko:ThreadPerRequest:Dispatcher | Yoko:ThreadPool-*:Dispatcher-* | Yoko:GIOPConnectionThreaded:ReceiverThread

# CPU times of one request fragment in 10, drawn at random per fragment: per-stage CPU means stay unbiased
# (agent option cpu.sample=1 records every fragment).
cpu.sample = 10

# Receiver thread. extractHeader runs once per GIOP message, right after the blocking 12-byte header read returned:
# the arrival. (Transport_impl.receive is entered before the read blocks, so it is not.)
method = org.apache.yoko.orb.OB.GIOPIncomingMessage#extractHeader(Lorg/apache/yoko/orb/OCI/Buffer;)V | role=receive.arrival | key=none | cpu=enter | fragment=begin
# The request's Upcall is complete (operation, object key, input stream) and bound to its dispatch request and the
# POA's dispatch strategy: the first method on the receiver that sees it, and the last before the strategy runs. Its
# exit is the enqueue of the threaded and thread_per_request models (the thread_pool model's comes later, below).
# The Upcall holds the request header's operation and the object key the client addressed (profileInfo_.key).
method = org.apache.yoko.orb.OB.Upcall#setDispatchInfo(Lorg/apache/yoko/orb/OB/DispatchRequest;Lorg/apache/yoko/orb/OB/DispatchStrategy;)V | role=receive.enqueue | key=this | cpu=exit | operation=this.op_ | object=this.profileInfo_.key
# thread_pool only: the request is in the pool's FIFO. add is synchronized, and so is the pool's get: no pool thread
# can take the request before this exit, which replaces the enqueue above (the later mark of a role counts).
method = org.apache.yoko.orb.OB.ThreadPool#add(Lorg/apache/yoko/orb/OB/DispatchRequest;)V | role=receive.enqueue | key=arg0.upcall_ | cpu=exit
# The dispatch strategy returned: the receiver goes back to reading (receiver 2nd phase end). Runs only for GIOP
# Requests: other messages end at the next arrival.
method = org.apache.yoko.orb.OB.Upcall#invoke()V | role=receive.end | key=none | cpu=exit

# Dispatching thread. _OB_dispatch is the request's whole dispatch: enter = dispatcher 1st phase begins (end of
# queueing); its exit, after the reply was sent (twoway) or the servant returned (oneway), is the dispatcher's first
# phase end.
method = org.apache.yoko.orb.OBPortableServer.POA_impl#_OB_dispatch([BLorg/apache/yoko/orb/OB/Upcall;)V | role=dispatch.begin | key=arg1 | cpu=true
# The skeleton: unmarshal, servant, result marshal, and the reply's send (Upcall.postMarshal, twoway only).
method = org.apache.yoko.orb.OBPortableServer.ServantDispatcher#dispatch()V | role=dispatch.servant | key=this.upcall_ | cpu=true
# The last call of _OB_dispatch, for every request (twoway or oneway, normal or exceptional end): the request leaves
# the POA's books. A oneway request has no reply, so a method of the reply's path (GIOPConnection.upcallEndReply)
# would leave it without a first-phase end.
method = org.apache.yoko.orb.OBPortableServer.POA_impl#_OB_decrementRequestCount()V | role=dispatch.result | key=none | cpu=false
# The dispatch request is done (dispatcher 2nd phase end): the pool thread goes back to the FIFO, the per-request
# thread ends, the threaded model's receiver returns to Upcall.invoke. Its enter continues the request of the dispatch
# request's Upcall (a fragment of its own for CPU and request sampling): the continuation begins where the thread
# takes the request, before every other event of its dispatch, and the exit belongs to it.
method = org.apache.yoko.orb.OB.DispatchRequest_impl#invoke()V | role=dispatch.end | key=this.upcall_ | cpu=exit | fragment=continue
