package example.traced;

/**
 * (Outside org.orbscope: the agent never instruments its own packages.) Requests that carry their names in a header,
 * as an ORB's request carries its GIOP request header: {@code handle} is called {@code 3 x n} times, each request a
 * new object with a new operation string and a new key array; every third one names no operation.
 */
public final class NamedApp {
    static final class Header {
        final String operation;
        final byte[] key;

        Header(String operation, byte[] key) {
            this.operation = operation;
            this.key = key;
        }
    }

    static final class Request {
        final Header header;

        Request(Header header) {
            this.header = header;
        }
    }

    private static long handled;

    private NamedApp() {
    }

    static void handle(Request r) {
        handled += r.header.key.length;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        for (int i = 0; i < n; i++) {
            // new String(...) and clone(): equal names, never the same objects, as an ORB unmarshals them
            handle(new Request(new Header(new String("call"), new byte[] {'P', '/', 'e', 'c', 'h', 'o'})));
            handle(new Request(new Header(new String("ping"), new byte[] {(byte) 0xAF, 0, 'k'})));
            handle(new Request(new Header(null, new byte[] {(byte) 0xAF, 0, 'k'})));
        }
        System.out.println("named app done " + handled);
    }
}
