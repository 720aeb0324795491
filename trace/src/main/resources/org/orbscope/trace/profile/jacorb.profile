# orbscope ORB profile: JacORB 3.9 (org.jacorb:jacorb:3.9; the methods below are unchanged on master).
# Marks the stages of a request on the server (Harkema et al., section 2.2). Read from the JacORB sources at tag
# RELEASE_3_9 and checked against a real JacORB 3.9 server over loopback: every request's receiver-side and
# dispatcher-side events joined (postprocess), no stage negative.
#
# One line per method:
#   method = <class>#<name><descriptor> | role=<stage role> | key=<none|this|argN>[.field...] | cpu=<true|false|enter|exit>
#            | fragment=<begin|continue>
#            | operation=<this|argN>.<field>... | object=<this|argN>.<field>...
#   role      the stage boundary the method marks (postprocess org.orbscope.postprocess.stages.Role labels)
#   key       correlation key recorded with the event: identity of `this` or of argument N (0-based);
#             none = the method is joined to its request by the order of events on its thread
#   cpu       record the thread's CPU time on enter and exit, or at one end: only where a stage boundary uses it,
#             since reading the thread CPU clock is a system call (docs/results/cpu-clock-interval.md)
#   fragment  begin: the enter starts a request's first piece of work (the receiver's message): CPU sampling and
#             request sampling (agent option request.sample) draw there for the whole piece;
#             continue: the enter starts a piece that goes on with the request its key names (the controller's
#             hand-over, the dispatcher's run): CPU sampling draws anew, and the piece is recorded when the
#             request's first piece was
#   operation, object  where the enter reads the request's operation name and target object key (the ORB's copy of
#             the GIOP request header), recorded once per request so a trace alone names them
# Threads: ServerMessageReceptorN = receiver, RequestController-N = controller (one per POA),
#          RequestProcessor-N = dispatcher pool.
profile.name = jacorb
profile.orb = JacORB 3.9
profile.threads.receiver = ServerMessageReceptor*
profile.threads.controller = RequestController-*
profile.threads.dispatcher = RequestProcessor-*

# CPU times of one request fragment in 10, drawn at random per fragment: per-stage CPU means stay unbiased
# (agent option cpu.sample=1 records every fragment).
cpu.sample = 10
# The stage breakdown uses the time a thread was blocked entering a monitor or waiting: uncontended monitor
# enters, exits and notifies are not recorded (agent option monitors.events=all records them).
monitors.events = contended
# The locks whose waiting falls inside a stage: the dispatcher pool (the controller waits in getProcessor for a
# free processor), the POA's queue, the connection's write lock (replies), the POA and the request. Not
# RequestController and RequestProcessor: their threads wait there for the next request, between fragments,
# two waits per request that no stage counts.
monitors.include = org.jacorb.poa.RPPoolManager
monitors.include = org.jacorb.poa.RequestQueue
monitors.include = org.jacorb.orb.giop.GIOPConnection
monitors.include = org.jacorb.orb.giop.ServerGIOPConnection
monitors.include = org.jacorb.poa.POA
monitors.include = org.jacorb.orb.dsi.ServerRequest

# Receiver thread. matchGIOPMagic runs once per GIOP message, right after the blocking 12-byte header read
# returned: the arrival. (GIOPConnection.getMessage() is entered *before* the blocking read, so it is not.)
method = org.jacorb.orb.giop.Messages#matchGIOPMagic([B)Z | role=receive.arrival | key=none | cpu=enter
# Request handed to the POA: first method on the receiver that sees the ServerRequest. The ServerRequest's
# constructor has read the request header: ServerRequest.operation() returns inputStream.req_hdr.operation, and
# objectKey() the object_key field (the key the client's GIOP header addressed, after the ORB's key mapping).
method = org.jacorb.poa.POA#_invoke(Lorg/jacorb/orb/dsi/ServerRequest;)V | role=receive.bind | key=arg0 | cpu=false | operation=arg0.inputStream.req_hdr.operation | object=arg0.object_key
# Enqueue into the POA's FIFO; exit = receiver 1st phase end. Exceptional exit (ResourceLimitReachedException,
# queue full) = request rejected with TRANSIENT.
method = org.jacorb.poa.RequestQueue#add(Lorg/jacorb/orb/dsi/ServerRequest;)V | role=receive.enqueue | key=arg0 | cpu=exit
# One iteration per message; exit = receiver 2nd phase end (ready for the next message). Its enter, before the
# blocking read, begins the fragment: the draws then cover the whole iteration, its enter included.
method = org.jacorb.orb.giop.GIOPConnection#receiveMessagesLoop()V | role=receive.end | key=none | cpu=exit | fragment=begin

# Controller thread: takes the queue head, waits in RPPoolManager.getProcessor for a free processor
# (Object.wait), assigns it (init), starts it (begin), then removes the request from the queue.
method = org.jacorb.poa.RequestController#processRequest(Lorg/jacorb/orb/dsi/ServerRequest;)V | role=dispatch.controller | key=arg0 | cpu=true | fragment=continue
method = org.jacorb.poa.RequestProcessor#init(Lorg/jacorb/poa/RequestController;Lorg/jacorb/orb/dsi/ServerRequest;Lorg/omg/PortableServer/Servant;Lorg/omg/PortableServer/ServantManager;)V | role=dispatch.assign | key=arg1 | cpu=false

# Dispatcher thread. process() = POA work, interceptors, invokeOperation (skeleton _invoke: unmarshal,
# servant, result marshal); then RequestController.returnResult -> BasicAdapter.return_result ->
# ServerRequest.reply -> GIOPConnection.sendReply. returnResult exit = dispatcher 1st phase end;
# releaseProcessor exit = 2nd phase end. process() is keyed by the request init() gave the processor (its
# `request` field), so the dispatcher's fragment continues that request.
method = org.jacorb.poa.RequestProcessor#process()V | role=dispatch.begin | key=this.request | cpu=true | fragment=continue
method = org.jacorb.poa.RequestProcessor#invokeOperation()V | role=dispatch.servant | key=none | cpu=true
method = org.jacorb.orb.dsi.ServerRequest#reply()V | role=dispatch.reply | key=this | cpu=true
method = org.jacorb.poa.RequestController#returnResult(Lorg/jacorb/orb/dsi/ServerRequest;)V | role=dispatch.result | key=arg0 | cpu=exit
method = org.jacorb.poa.RequestController#finish(Lorg/jacorb/orb/dsi/ServerRequest;)V | role=dispatch.finish | key=arg0 | cpu=false
method = org.jacorb.poa.RPPoolManager#releaseProcessor(Lorg/jacorb/poa/RequestProcessor;)V | role=dispatch.end | key=none | cpu=exit
