package org.orbscope.trace.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Which shipped profile's ORB a JVM loads, from class names as the agent sees them, and what a mismatch says. */
class ShippedOrbsClassesTest {
    @Test
    void aClassBelongsToTheOrbWhosePackageHoldsIt() {
        assertEquals("yoko", ShippedOrbs.ofClass("org/apache/yoko/orb/OB/Upcall").name());
        assertEquals("openjdk-orb", ShippedOrbs.ofClass("com.sun.corba.se.impl.orb.ORBImpl").name());
        assertEquals("glassfish", ShippedOrbs.ofClass("com.sun.corba.ee.impl.orb.ORBImpl").name());
        assertNull(ShippedOrbs.ofClass("org.jacorbx.Foo"), "a package's name, not a prefix of it");
        assertNull(ShippedOrbs.ofClass("java.lang.String"));
    }

    @Test
    void theOrbWithTheMostLoadedClassesIsTheOne() {
        ShippedOrbs.Sighting seen = ShippedOrbs.byClasses(Arrays.asList("java/lang/String", "org/jacorb/orb/ORB",
                "org/apache/yoko/orb/OB/Upcall", "org/apache/yoko/orb/OB/ORB_impl"));
        assertEquals("yoko", seen.profile().name());
        assertEquals("Apache Yoko 1.4 (its classes in org.apache.yoko.orb)", seen.describe());
        assertNull(ShippedOrbs.byClasses(Arrays.asList("org/jacorb/orb/ORB", "org/apache/yoko/orb/OB/Upcall")),
                "two ORBs equally: neither");
    }

    @Test
    void aProfileThatFindsNothingNamesTheOrbTheJvmLoads() throws Exception {
        OrbProfile glassfish = OrbProfile.load("glassfish");
        ShippedOrbs.Sighting yoko = ShippedOrbs.byClasses(Arrays.asList("org/apache/yoko/orb/OB/Upcall"));
        assertEquals("0 of 8 methods of profile glassfish found; this JVM loads Apache Yoko 1.4 (its classes in"
                + " org.apache.yoko.orb): try profile=yoko", ShippedOrbs.noneFound(glassfish, yoko, "this JVM", "profile="));
        assertEquals("0 of 8 methods of profile glassfish found; this JVM loads no ORB a shipped profile describes"
                + " (docs/profiles.md says how to write one)", ShippedOrbs.noneFound(glassfish, null, "this JVM", "profile="));
    }
}
