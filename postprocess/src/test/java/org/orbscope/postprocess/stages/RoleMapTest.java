package org.orbscope.postprocess.stages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.BufferedReader;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class RoleMapTest {
    @Test
    void jacorbMapNamesEveryRole() {
        RoleMap m = RoleMap.jacorb();
        assertEquals(Role.RECV_ARRIVAL, m.roleOf("org.jacorb.orb.giop.Messages", "matchGIOPMagic", "([B)Z"));
        assertEquals(Role.RECV_ENQUEUE, m.roleOf("org/jacorb/poa/RequestQueue", "add",
                "(Lorg/jacorb/orb/dsi/ServerRequest;)V"));
        assertEquals(Role.DISP_BEGIN, m.roleOf("org.jacorb.poa.RequestProcessor", "process", null));
        assertEquals(Role.CTRL_ASSIGN, m.roleOf("org.jacorb.poa.RequestProcessor", "init", ""));
        assertNull(m.roleOf("org.jacorb.poa.RequestQueue", "add", "(Ljava/lang/Object;)V"));
        assertNull(m.roleOf("org.jacorb.poa.RequestQueue", "removeFirst", null));
        java.util.Set<Role> seen = java.util.EnumSet.noneOf(Role.class);
        for (String[] mth : new String[][] {{"org.jacorb.orb.giop.Messages", "matchGIOPMagic"},
                {"org.jacorb.poa.POA", "_invoke"}, {"org.jacorb.poa.RequestQueue", "add"},
                {"org.jacorb.orb.giop.GIOPConnection", "receiveMessagesLoop"},
                {"org.jacorb.poa.RequestController", "processRequest"}, {"org.jacorb.poa.RequestProcessor", "init"},
                {"org.jacorb.poa.RequestProcessor", "process"}, {"org.jacorb.poa.RequestProcessor", "invokeOperation"},
                {"org.jacorb.orb.dsi.ServerRequest", "reply"}, {"org.jacorb.poa.RequestController", "returnResult"},
                {"org.jacorb.poa.RequestController", "finish"}, {"org.jacorb.poa.RPPoolManager", "releaseProcessor"}}) {
            seen.add(m.roleOf(mth[0], mth[1], null));
        }
        assertEquals(java.util.EnumSet.allOf(Role.class), seen);
    }

    @Test
    void badLineIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RoleMap.parse(new BufferedReader(new StringReader("# c\na.B.c = nope\n")), "x.roles"));
        assertEquals("x.roles:2: expected '<class>.<method>[(desc)] = <role>'", e.getMessage());
    }
}
