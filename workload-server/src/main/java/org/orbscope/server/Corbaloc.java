package org.orbscope.server;

import org.jacorb.orb.ParsedIOR;
import org.jacorb.orb.iiop.IIOPAddress;
import org.jacorb.orb.iiop.IIOPProfile;
import org.omg.CORBA.ORB;

/** A corbaloc URL for an IOR: host, port and the escaped object key of its IIOP profile. */
final class Corbaloc {
    private Corbaloc() {
    }

    static String of(ORB orb, String ior) {
        try {
            ParsedIOR parsed = new ParsedIOR((org.jacorb.orb.ORB) orb, ior);
            IIOPProfile profile = (IIOPProfile) parsed.getEffectiveProfile();
            IIOPAddress address = (IIOPAddress) profile.getAddress();
            StringBuilder b = new StringBuilder("corbaloc:iiop:1.2@").append(address.getIP()).append(':')
                    .append(address.getPort()).append('/');
            for (byte k : parsed.get_object_key()) {
                int c = k & 0xFF;
                if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-_.!~*'()".indexOf(c) >= 0) {
                    b.append((char) c);
                } else {
                    b.append('%').append(String.format("%02x", c));
                }
            }
            return b.toString();
        } catch (RuntimeException e) {
            return "-";
        }
    }
}
