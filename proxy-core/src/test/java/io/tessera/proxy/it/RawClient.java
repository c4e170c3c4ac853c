package io.tessera.proxy.it;

import io.tessera.protocol.auth.NativePassword;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * A deliberately small MySQL client over a plain socket, for what drivers never send: unusual commands,
 * malformed packets, half-finished logins. Reads and writes whole packets; knows just enough to log in with
 * mysql_native_password.
 */
final class RawClient implements AutoCloseable {

    private static final int CLIENT_SSL = 0x800;

    private Socket socket;
    private DataInputStream in;
    private OutputStream out;
    private int sequence;
    private byte[] greetingNonce;

    /** A received packet: its sequence id and payload. */
    record Reply(int sequence, byte[] payload) {

        int first() {
            return payload.length == 0 ? -1 : payload[0] & 0xFF;
        }

        boolean isOk() {
            return first() == 0x00;
        }

        boolean isErr() {
            return first() == 0xFF;
        }

        int errorCode() {
            return (payload[1] & 0xFF) | (payload[2] & 0xFF) << 8;
        }

        String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }
    }

    RawClient(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(10_000);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    /** Reads the greeting and logs in; returns the server's answer (OK or ERR). */
    Reply login(String user, String password, String database) throws IOException {
        Reply greeting = read();
        byte[] g = greeting.payload();
        int p = 1;
        while (g[p] != 0) {
            p++;
        }
        p += 1 + 4;
        byte[] nonce = new byte[20];
        System.arraycopy(g, p, nonce, 0, 8);
        p += 8 + 1 + 2 + 1 + 2 + 2 + 1 + 10;
        System.arraycopy(g, p, nonce, 8, 12);
        greetingNonce = nonce;
        byte[] auth = NativePassword.scramble(password.getBytes(StandardCharsets.UTF_8), nonce);
        int capabilities = 0x0200 | 0x8000 | 0x80000 | 0x2000 | 0x1 | 0x4 | (database == null ? 0 : 0x8);
        ByteWriter w = new ByteWriter().int4(capabilities).int4(16 * 1024 * 1024).int1(45).zeros(23)
                .nul(user).int1(auth.length).bytes(auth);
        if (database != null) {
            w.nul(database);
        }
        w.nul("mysql_native_password");
        sequence = greeting.sequence() + 1;
        write(w.toBytes());
        return read();
    }

    /**
     * Reads the greeting, sends an SSLRequest and goes on over TLS, trusting any certificate; {@link #write} and
     * {@link #read} then go through TLS, and the login is up to the caller.
     */
    void startTls() throws IOException, GeneralSecurityException {
        sequence = read().sequence() + 1;
        write(new ByteWriter().int4(0x0200 | 0x8000 | 0x80000 | CLIENT_SSL).int4(16 * 1024 * 1024).int1(45)
                .zeros(23).toBytes());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {new AnyCertificate()}, null);
        SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(socket, "127.0.0.1", socket.getPort(),
                true);
        tls.startHandshake();
        socket = tls;
        in = new DataInputStream(tls.getInputStream());
        out = tls.getOutputStream();
    }

    /** The HandshakeResponse41 after {@link #startTls}: caching_sha2_password, with {@code proof} as it is. */
    Reply loginOverTls(String user, byte[] proof, String database) throws IOException {
        write(new ByteWriter().int4(0x0200 | 0x8000 | 0x80000 | 0x8 | CLIENT_SSL).int4(16 * 1024 * 1024).int1(45)
                .zeros(23).nul(user).int1(proof.length).bytes(proof).nul(database).nul("caching_sha2_password")
                .toBytes());
        return read();
    }

    /** Trusts the test's self-signed certificate, as {@code sslMode=REQUIRED} does. */
    private static final class AnyCertificate implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }

    /** The nonce of the greeting {@link #login} answered. */
    byte[] greetingNonce() {
        return greetingNonce.clone();
    }

    /** Sends a command payload as a new command (sequence 0). */
    void command(byte... payload) throws IOException {
        sequence = 0;
        write(payload);
    }

    void query(String sql) throws IOException {
        byte[] text = sql.getBytes(StandardCharsets.UTF_8);
        byte[] payload = new byte[text.length + 1];
        payload[0] = 0x03;
        System.arraycopy(text, 0, payload, 1, text.length);
        command(payload);
    }

    /** Writes raw bytes as they are, framing included (for malformed input). */
    void writeRaw(byte... bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /**
     * Writes one packet in one segment: header and payload written apart would wait, under Nagle's algorithm, for
     * the server's delayed ACK of the header (40 ms a packet).
     */
    void write(byte[] payload) throws IOException {
        byte[] packet = new byte[4 + payload.length];
        packet[0] = (byte) payload.length;
        packet[1] = (byte) (payload.length >> 8);
        packet[2] = (byte) (payload.length >> 16);
        packet[3] = (byte) sequence++;
        System.arraycopy(payload, 0, packet, 4, payload.length);
        out.write(packet);
        out.flush();
    }

    Reply read() throws IOException {
        byte[] header = new byte[4];
        in.readFully(header);
        int length = (header[0] & 0xFF) | (header[1] & 0xFF) << 8 | (header[2] & 0xFF) << 16;
        byte[] payload = new byte[length];
        in.readFully(payload);
        sequence = (header[3] & 0xFF) + 1;
        return new Reply(header[3] & 0xFF, payload);
    }

    /** Reads packets until the EOF that ends a result set (a client without CLIENT_DEPRECATE_EOF sees two). */
    int readResultSetRows() throws IOException {
        Reply first = read();
        if (first.isErr() || first.isOk()) {
            throw new IllegalStateException("expected a result set, got " + Arrays.toString(first.payload()));
        }
        int eofs = 0;
        int rows = 0;
        while (eofs < 2) {
            Reply r = read();
            if (r.first() == 0xFE && r.payload().length < 9) {
                eofs++;
            } else if (eofs == 1) {
                rows++;
            }
        }
        return rows;
    }

    /** True when the server has closed the connection (reads EOF) within the socket timeout. */
    boolean isClosedByServer() {
        try {
            return in.read() < 0;
        } catch (IOException e) {
            return true;
        }
    }

    /** Closes with SO_LINGER 0: the server gets a TCP RST (connection reset by peer), as from a killed client. */
    void reset() throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** Little-endian payload builder. */
    static final class ByteWriter {

        private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();

        ByteWriter int1(int v) {
            bytes.write(v);
            return this;
        }

        ByteWriter int4(int v) {
            return int1(v).int1(v >> 8).int1(v >> 16).int1(v >> 24);
        }

        ByteWriter zeros(int n) {
            for (int i = 0; i < n; i++) {
                bytes.write(0);
            }
            return this;
        }

        ByteWriter bytes(byte[] b) {
            bytes.writeBytes(b);
            return this;
        }

        ByteWriter nul(String s) {
            return bytes(s.getBytes(StandardCharsets.UTF_8)).int1(0);
        }

        byte[] toBytes() {
            return bytes.toByteArray();
        }
    }
}
