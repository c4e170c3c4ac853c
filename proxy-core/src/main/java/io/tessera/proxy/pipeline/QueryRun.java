package io.tessera.proxy.pipeline;

import io.netty.buffer.ByteBuf;
import io.tessera.protocol.codec.ComQuery;
import io.tessera.proxy.exec.merge.SortKeyFeedback;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.router.RouteContext;
import io.tessera.router.parse.MycatHint;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.StatementAccess;
import io.tessera.router.parse.StatementType;
import io.tessera.router.parse.TableReference;
import io.tessera.router.plan.PlanNode;
import java.util.List;
import java.util.Map;

/**
 * One statement on its way through the pipeline: what the client sent, and what the steps have learnt and decided
 * so far. Used on the client's event loop only; one per statement.
 */
final class QueryRun {

    private final StatementPipeline pipeline;
    private final ClientChannel client;
    private final PreparedRun prepared;
    private RunFacts facts;
    private ByteBuf payload;
    private int next;

    /** The statement's text: decoded from the payload, or a prepared EXECUTE's with its values written in. */
    String sql;
    /** {@link #sql} is a copy whose long literals were emptied: it can be routed, not rewritten. */
    boolean shortened;
    /** The MyCat hint at the head of the statement (of the statement EXPLAIN names, for an EXPLAIN). */
    MycatHint hint;
    /** The client's statement (for an EXPLAIN, the statement it names). */
    ParsedStatement parsed;
    /** What is routed: {@link #parsed}, with the session's values written in when {@link #inlined}. */
    ParsedStatement statement;
    boolean inlined;
    /**
     * Sequences gave ids to the statement's {@code next value for} calls: {@link #sql} and the payload hold the ids,
     * and neither its text nor its route may serve another run, which must take ids of its own.
     */
    boolean sequenced;
    /** The client asked for EXPLAIN: the plan is described, not run. */
    boolean explain;
    /** The statement's type, also when the route came from the cache and nothing was parsed. */
    StatementType type;
    /** The tables the statement names, also when the route came from the cache and nothing was parsed. */
    List<TableReference> tables = List.of();
    /** The text with {@code ?} for each literal when the route came from the shape cache, else {@code null}. */
    String shape;
    /** What the statement asks of its user's rights; set only for users whose statements are checked. */
    StatementAccess access;
    PlanNode plan;
    /** Told what a merge of {@link #plan} showed of its sort keys. */
    SortKeyFeedback sortKeyFeedback = SortKeyFeedback.NONE;
    /** The SELECT of each virtual information_schema table the statement reads, once known, by table name. */
    Map<String, String> derivedTables;

    QueryRun(StatementPipeline pipeline, ClientChannel client, ByteBuf payload, PreparedRun prepared) {
        this.pipeline = pipeline;
        this.client = client;
        this.payload = payload;
        this.prepared = prepared;
    }

    ClientChannel client() {
        return client;
    }

    Session session() {
        return client.session();
    }

    /** A prepared statement's EXECUTE, or {@code null} for COM_QUERY. */
    PreparedRun prepared() {
        return prepared;
    }

    /** The column orders and parent rows this run learnt, over the shared caches. */
    RunFacts facts() {
        if (facts == null) {
            facts = pipeline.newFacts();
        }
        return facts;
    }

    /**
     * Whether the router plans the statement by its rules: no hint, or one ({@code schema=}, {@code db_type=}) that
     * still routes by them; {@code datanode=} and {@code sql=} name the nodes themselves.
     */
    boolean routedByRules() {
        return hint == null || hint.type().equals("schema") || hint.type().equals("db_type");
    }

    /** Whether the statement's hint sends its reads to the write host: {@code db_type=master}. */
    boolean hintedToWriteHost() {
        return hint != null && hint.type().equals("db_type") && hint.value().equalsIgnoreCase("master");
    }

    /** The schema of the tables the statement names without one: the hint's when it names one, else the session's. */
    String schema() {
        return hint != null && hint.type().equals("schema") ? hint.value() : client.session().schema();
    }

    /** What the router knows of the session and of this run's facts, in {@link #schema()}. */
    RouteContext routeContext() {
        return new RouteContext(schema(), facts(), facts(), client.session().selectLimit());
    }

    /** The client's COM_QUERY payload ({@code 0x03 | text}), owned by the run until taken or released. */
    ByteBuf payload() {
        return payload;
    }

    /** Hands the payload over (to a data node that gets it as it is); the run no longer owns it. */
    ByteBuf takePayload() {
        ByteBuf taken = payload;
        payload = null;
        return taken;
    }

    /** Runs on with {@code text} instead of the client's: its payload becomes {@code text}'s COM_QUERY. */
    void replaceText(String text) {
        releasePayload();
        sql = text;
        shortened = false;
        payload = ComQuery.encode(client.channel().alloc(), text, client.session().clientCharset());
    }

    /**
     * A prepared EXECUTE whose routing text stands short values in for long ones starts again as its whole text,
     * which the data node must get.
     */
    void restartAsWholeText() {
        releasePayload();
        String whole = prepared.wholeText().get();
        pipeline.start(client, ComQuery.encode(client.channel().alloc(), whole, client.session().clientCharset()),
                prepared.asText(whole));
    }

    void releasePayload() {
        if (payload != null) {
            payload.release();
            payload = null;
        }
    }

    /** Ends the command with {@code error}, letting go of what the run holds. */
    void fail(Throwable error) {
        releasePayload();
        client.error(error);
    }

    /** Goes on with the next step, after a step that held the run. */
    void resume() {
        pipeline.proceed(this);
    }

    /** Goes on with {@code step} next (a cached route skips the planning). */
    void skipTo(Class<? extends Step> step) {
        next = pipeline.indexOf(step);
    }

    int nextStep() {
        return next++;
    }
}
