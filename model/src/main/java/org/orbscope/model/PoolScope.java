package org.orbscope.model;

/**
 * How dispatcher threads are pooled in {@link ThreadingModel#THREAD_POOL}: Harkema et al. have one shared pool;
 * JacORB has one pool per POA unless {@code jacorb.poa.thread_pool_shared=on}.
 */
public enum PoolScope { SHARED, PER_POA }
