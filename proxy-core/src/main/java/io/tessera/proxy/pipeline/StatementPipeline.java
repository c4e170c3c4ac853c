package io.tessera.proxy.pipeline;

import io.netty.buffer.ByteBuf;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.exec.ColumnOrders;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.exec.ParentRows;
import io.tessera.proxy.exec.TableLocks;
import io.tessera.proxy.local.SessionFunctions;
import io.tessera.proxy.sequence.AutoIncrementTables;
import io.tessera.proxy.sequence.Sequences;
import io.tessera.proxy.session.Authenticator;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.StatusCounters;
import io.tessera.proxy.stat.SqlStats;
import io.tessera.router.RouteCache;
import io.tessera.router.Router;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.shape.ShapeCache;
import io.tessera.router.sequence.SequenceCalls;
import io.tessera.router.wall.SqlFirewall;
import java.util.List;

/**
 * Runs COM_QUERY statements (and prepared statements' EXECUTEs, as their text) through the ordered list of steps
 * that takes a statement from its bytes to its answer. Each statement is a {@link QueryRun}; a step that waits for a
 * data node holds the run and resumes it on the client's event loop. One pipeline serves every session.
 */
public final class StatementPipeline {

    /** Statement text the route cache may hold, in characters (about twice that in bytes). */
    private static final long ROUTE_CACHE_CHARS = 16L * 1024 * 1024;

    /** Statement shapes the shape cache may hold, in characters, each shape weighing 1024 more for its plans. */
    private static final long SHAPE_CACHE_CHARS = 8L * 1024 * 1024;

    private final ColumnOrders columnOrders = new ColumnOrders();
    private final ParentRows parentRows;
    private final RouteCache routes = new RouteCache(ROUTE_CACHE_CHARS);
    private final ShapeCache shapes = new ShapeCache(SHAPE_CACHE_CHARS);
    private final List<Step> steps;

    /**
     * @param parser parses each statement, its syntax errors in the words of the server Tessera presents itself as
     * @param firewall server.xml's SQL blacklist; {@code null} when there is none or its {@code check} is false
     * @param sqlStats the SQL statistics, which record the statements that run on data nodes
     * @param sequences the global sequences that {@code next value for MYCATSEQ_<NAME>} and autoIncrement tables
     *     take ids from
     * @param sequencePattern server.xml's {@code sequnceHandlerPattern}: group 1 a call, group 2 its sequence's name
     *     (MyCat's default when not set)
     * @param autoIncrement the tables whose primary key a sequence fills
     */
    public StatementPipeline(Router router, SqlParser parser, Executor executor, Authenticator authenticator,
            LocalAnswers locals, SessionFunctions sessionFunctions, StatusCounters status, SqlFirewall firewall,
            SqlStats sqlStats, Sequences sequences, String sequencePattern, AutoIncrementTables autoIncrement) {
        this.parentRows = new ParentRows(executor);
        this.steps = List.of(
                new ReadText(),
                new TakeSequenceIds(new SequenceCalls(sequencePattern), sequences),
                new CheckBlacklist(firewall, parser),
                new SplitStatements(this, status),
                new UseCachedRoute(routes, shapes, status),
                new ParseStatement(parser, routes, shapes, columnOrders, status, locals.informationSchema()),
                new AnswerLocally(parser, locals),
                new CheckHintedSchema(authenticator),
                new CheckPrivileges(),
                new LockTables(router, new TableLocks(executor)),
                new CheckTableLocks(router),
                new CommitBeforeDdl(executor),
                new InlineSessionValues(sessionFunctions),
                new FillAutoIncrementKeys(autoIncrement, sequences),
                new AnswerVirtualTables(router, locals.informationSchema(), locals.shows()),
                new LearnColumnOrders(router, executor, columnOrders),
                new LoadLocalFile(router, executor),
                new LookUpParentRows(router, parentRows),
                new PlanStatement(router, new HintedRoutes(parser, router, executor.dataNodes()), routes, shapes),
                new CheckDataNodePrivileges(),
                new RunPlan(executor, sqlStats));
    }

    /**
     * Runs one statement. Takes ownership of {@code payload}: {@code 0x03 | SQL text in the client's character set}.
     *
     * @param prepared for a prepared statement's EXECUTE, the statement and its values ({@code payload} then holds
     *     the text with the values written in, which is routed, and its route cached, as that text would be);
     *     {@code null} for COM_QUERY
     */
    public void start(ClientChannel client, ByteBuf payload, PreparedRun prepared) {
        proceed(new QueryRun(this, client, payload, prepared));
    }

    /**
     * Runs one statement of a multi-statement text, like {@link #start} a COM_QUERY.
     *
     * @param sequenced the text held ids that a sequence gave: the statement's route is not cached either
     */
    void startPart(ClientChannel client, ByteBuf payload, boolean sequenced) {
        QueryRun run = new QueryRun(this, client, payload, null);
        run.sequenced = sequenced;
        proceed(run);
    }

    /** The route cache ({@code show @@parser}'s CACHE_SIZE, {@code show @@cache}). */
    public RouteCache routeCache() {
        return routes;
    }

    /** The shape cache ({@code show @@cache}). */
    public ShapeCache shapeCache() {
        return shapes;
    }

    /** The learnt column orders ({@code show @@cache}). */
    public ColumnOrders columnOrders() {
        return columnOrders;
    }

    /** The ER parent rows found ({@code show @@cache}). */
    public ParentRows parentRows() {
        return parentRows;
    }

    /** Runs the run's next steps until one holds it or the last has run. */
    void proceed(QueryRun run) {
        try {
            while (true) {
                int next = run.nextStep();
                if (next >= steps.size() || steps.get(next).apply(run) == Step.Flow.HELD) {
                    return;
                }
            }
        } catch (TesseraException e) {
            run.fail(e);
        } catch (RuntimeException e) {
            run.releasePayload();
            run.client().failCommand(e);
        }
    }

    /** The index of {@code step}, for runs that skip to it. */
    int indexOf(Class<? extends Step> step) {
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).getClass() == step) {
                return i;
            }
        }
        throw new IllegalArgumentException("no step " + step.getSimpleName());
    }

    RunFacts newFacts() {
        return new RunFacts(columnOrders, parentRows);
    }
}
