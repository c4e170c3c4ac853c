package io.tessera.proxy.exec;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import io.netty.util.DefaultAttributeMap;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.BackendException;
import io.tessera.backend.PreparedMetadata;
import io.tessera.backend.QueryResult;
import io.tessera.backend.ResponseHandler;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.error.TesseraException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * A backend connection that records every command it is given and answers from a script: {@link #execute} with the
 * next {@link ScriptedResponse} (at once, or when the test says with {@link #holdResponses}), {@link #query} with an
 * empty OK unless a result or an error was set for that statement. Runs everything on the caller's thread.
 */
final class RecordingBackend implements BackendConnection {

    private static final QueryResult EMPTY_OK = new QueryResult(List.of(), List.of(), 0, 0, 0, 0);

    private final long connectionId;
    private final EventLoop loop;
    private final List<String> sent = new ArrayList<>();
    private final ArrayDeque<ScriptedResponse> responses = new ArrayDeque<>();
    private final Map<String, QueryResult> results = new HashMap<>();
    private final Map<String, TesseraException> failures = new HashMap<>();
    private final Set<String> breaks = new HashSet<>();
    private final DefaultAttributeMap attributes = new DefaultAttributeMap();
    private boolean holdResponses;
    private ResponseHandler waiting;
    private ScriptedResponse waitingResponse;
    private boolean usable = true;
    private int lastErrorCode;
    private int released;
    private int closed;
    private int pauses;
    private int resumes;
    private boolean speaksMysql = true;

    RecordingBackend(long connectionId, EventLoop loop) {
        this.connectionId = connectionId;
        this.loop = loop;
    }

    /** The connection is of a JDBC data host that is not MySQL: no SET reaches it ({@link #speaksMysql}). */
    RecordingBackend notMysql() {
        speaksMysql = false;
        return this;
    }

    /** The answer to the next {@link #execute}. */
    RecordingBackend answer(ScriptedResponse response) {
        responses.add(response);
        return this;
    }

    /** The answer to {@link #query} of exactly {@code sql}. */
    RecordingBackend answer(String sql, QueryResult result) {
        results.put(sql, result);
        return this;
    }

    /** {@link #query} of exactly {@code sql} fails with the data host's {@code error}. */
    RecordingBackend fail(String sql, TesseraException error) {
        failures.put(sql, error);
        return this;
    }

    /** {@link #query} of exactly {@code sql} breaks the connection before the answer, as when its data host dies. */
    RecordingBackend breakOn(String sql) {
        breaks.add(sql);
        return this;
    }

    /** Responses wait for {@link #deliver} or {@link #breakDown}. */
    RecordingBackend holdResponses() {
        holdResponses = true;
        return this;
    }

    /** Streams the response a held command is waiting for. */
    void deliver() {
        ResponseHandler handler = waiting;
        ScriptedResponse response = waitingResponse;
        waiting = null;
        waitingResponse = null;
        stream(response, false, handler);
    }

    /** The connection breaks: a command waiting for its answer fails, and the connection is no longer usable. */
    void breakDown() {
        usable = false;
        if (waiting != null) {
            ResponseHandler handler = waiting;
            waiting = null;
            waitingResponse = null;
            handler.onFailure(new BackendException("data host host1 (127.0.0.1:3306)", "connection reset"));
        }
    }

    /** Commands in the order received: statements as their text, other commands as {@code COM_<byte>}. */
    List<String> sent() {
        return sent;
    }

    int released() {
        return released;
    }

    int closed() {
        return closed;
    }

    int pauses() {
        return pauses;
    }

    int resumes() {
        return resumes;
    }

    @Override
    public long connectionId() {
        return connectionId;
    }

    @Override
    public String serverVersion() {
        return "5.5.5-10.11.19-MariaDB";
    }

    @Override
    public String database() {
        return "db1";
    }

    @Override
    public boolean foundRows() {
        return false;
    }

    @Override
    public EventLoop eventLoop() {
        return loop;
    }

    @Override
    public String dataHost() {
        return "data host host1 (127.0.0.1:3306)";
    }

    @Override
    public int lastErrorCode() {
        return lastErrorCode;
    }

    @Override
    public void characterSets(Charset client, Charset results) {
        if (!speaksMysql) {
            sent.add("characterSets(" + client + ", " + results + ")");
        }
    }

    @Override
    public boolean speaksMysql() {
        return speaksMysql;
    }

    @Override
    public CompletableFuture<Void> autocommit(boolean on) {
        sent.add("autocommit(" + on + ")");
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public boolean isUsable() {
        return usable;
    }

    @Override
    public void execute(ByteBuf commandPayload, boolean columnsOnly, ResponseHandler handler) {
        int command = commandPayload.getUnsignedByte(commandPayload.readerIndex());
        sent.add(command == 0x03
                ? commandPayload.toString(commandPayload.readerIndex() + 1, commandPayload.readableBytes() - 1,
                        StandardCharsets.UTF_8)
                : "COM_" + command);
        commandPayload.release();
        respond(columnsOnly, handler);
    }

    private void respond(boolean columnsOnly, ResponseHandler handler) {
        ScriptedResponse response = responses.poll();
        if (response == null) {
            throw new IllegalStateException("no answer scripted for command " + sent.get(sent.size() - 1));
        }
        if (holdResponses) {
            waiting = handler;
            waitingResponse = response;
        } else {
            stream(response, columnsOnly, handler);
        }
    }

    private void stream(ScriptedResponse response, boolean columnsOnly, ResponseHandler handler) {
        lastErrorCode = 0;
        for (ScriptedResponse.Frame frame : response.frames(columnsOnly)) {
            if (frame.kind() == FrameKind.ERR) {
                lastErrorCode = frame.packet().content().getUnsignedShortLE(frame.packet().content().readerIndex() + 1);
            }
            handler.onFrame(frame.packet(), frame.kind());
        }
        handler.onComplete(response.finalStatus());
    }

    @Override
    public CompletableFuture<QueryResult> query(String sql) {
        sent.add(sql);
        if (breaks.contains(sql)) {
            usable = false;
            return CompletableFuture.failedFuture(new BackendException("data host host1 (127.0.0.1:3306)",
                    "connection closed by the server"));
        }
        TesseraException failure = failures.get(sql);
        if (failure != null) {
            lastErrorCode = failure.errorCode();
            return CompletableFuture.failedFuture(failure);
        }
        lastErrorCode = 0;
        return CompletableFuture.completedFuture(results.getOrDefault(sql, EMPTY_OK));
    }

    @Override
    public CompletableFuture<Void> reset() {
        sent.add("COM_RESET_CONNECTION");
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<PreparedMetadata> prepare(String sql) {
        throw new UnsupportedOperationException("not scripted");
    }

    @Override
    public void closeStatement(long statementId) {
        throw new UnsupportedOperationException("not scripted");
    }

    @Override
    public void executePrepared(String sql, List<ByteBuf> longData, ByteBuf executePayload,
            ResponseHandler handler) {
        sent.add("EXECUTE " + sql + " (" + longData.size() + " long data)");
        longData.forEach(ByteBuf::release);
        executePayload.release();
        respond(false, handler);
    }

    @Override
    public void pauseReading() {
        pauses++;
    }

    @Override
    public void resumeReading() {
        resumes++;
    }

    @Override
    public <T> Attribute<T> attr(AttributeKey<T> key) {
        return attributes.attr(key);
    }

    @Override
    public void release() {
        released++;
    }

    @Override
    public void close() {
        closed++;
        usable = false;
    }
}
