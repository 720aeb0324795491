package org.orbscope.hosts;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Collections;

/** Which of this machine's addresses others reach it at. */
final class Addresses {
    private Addresses() {
    }

    /** The first IPv4 address of an interface that is up and not loopback; loopback when there is none. */
    static String guess() {
        try {
            for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!n.isUp() || n.isLoopback()) {
                    continue;
                }
                for (InetAddress a : Collections.list(n.getInetAddresses())) {
                    if (a instanceof Inet4Address && !a.isLinkLocalAddress()) {
                        return a.getHostAddress();
                    }
                }
            }
        } catch (SocketException e) {
            // no interfaces to list: loopback below
        }
        return "127.0.0.1";
    }

    /**
     * The address this machine sends from toward {@code host} (the routing table's choice; no packet is sent),
     * or {@link #guess()} when that cannot be told.
     */
    static String toward(String host, int port) {
        try (DatagramSocket s = new DatagramSocket()) {
            s.connect(new InetSocketAddress(host, port));
            InetAddress local = s.getLocalAddress();
            if (local != null && !local.isAnyLocalAddress()) {
                return local.getHostAddress();
            }
        } catch (IOException | RuntimeException e) {
            // unresolvable or unroutable: guess below
        }
        return guess();
    }
}
