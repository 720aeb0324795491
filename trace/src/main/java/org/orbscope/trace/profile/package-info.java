/**
 * ORB profiles: which methods of an ORB mark which stage of a request, with what correlation key, and which
 * threads play which part. A profile is the one place that says so: the agent instruments what it names and
 * writes each method's role into the trace, and readers take roles from the trace (or, for a trace without
 * them, from the profile it names in its header). {@link org.orbscope.trace.profile.OrbProfile} loads and
 * parses profiles; shipped profiles are resources of this package ({@code jacorb}).
 */
package org.orbscope.trace.profile;
