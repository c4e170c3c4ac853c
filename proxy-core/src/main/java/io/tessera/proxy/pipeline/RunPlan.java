package io.tessera.proxy.pipeline;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tessera.protocol.codec.ComQuery;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.stat.SqlStats;
import io.tessera.proxy.stat.StatementRun;
import io.tessera.router.plan.MergeStep;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;

/**
 * Carries the plan out. A prepared EXECUTE that one node (or any copy of a global table, for a read) runs unchanged
 * runs there as the node's own prepared statement, the client's binary values and rows passing as they are; one
 * whose routing text stood short values in for long ones runs again through the pipeline as its whole text. Anything
 * else runs as text: the client's own payload when the single node gets it unchanged. An EXPLAIN is answered with
 * the plan instead.
 */
final class RunPlan implements Step {

    private final Executor executor;
    private final SqlStats sqlStats;

    RunPlan(Executor executor, SqlStats sqlStats) {
        this.executor = executor;
        this.sqlStats = sqlStats;
    }

    @Override
    public Flow apply(QueryRun run) {
        ClientChannel client = run.client();
        PlanNode plan = run.plan;
        if (run.explain) {
            run.releasePayload();
            client.result(explanation(plan, run.type.reads()));
            return Flow.HELD;
        }
        PreparedRun prepared = run.prepared();
        if (prepared != null && prepared.execute() != null && plan instanceof Route route
                && (route.isSingleNode() || route.replicated() && run.type.reads())
                && !route.shards().get(0).rewritten() && !run.inlined && !run.sequenced) {
            watch(run, route);
            run.releasePayload(); // the data node gets the client's statement and values as they are
            prepared.rowsAreBinary().run();
            executor.executePrepared(client, route, prepared.sql(), prepared.longDataPayloads(),
                    Unpooled.wrappedBuffer(prepared.execute()), run.type);
            return Flow.HELD;
        }
        if (prepared != null && prepared.wholeText() != null) {
            run.restartAsWholeText(); // the routing text lacks the long values that the text to run needs
            return Flow.HELD;
        }
        ShardStatement shard = plan.route().shards().get(0);
        watch(run, plan.route());
        ByteBuf command = run.takePayload();
        // a merge sends each node its own statement's text: the client's payload is not forwarded
        if (!(plan instanceof MergeStep) && (shard.rewritten() || run.inlined)) {
            command.release();
            command = ComQuery.encode(client.channel().alloc(), shard.sql(), client.session().clientCharset());
        }
        executor.execute(client, plan, command, false, run.type, run.sortKeyFeedback);
        return Flow.HELD;
    }

    /** With statistics on, has the statement recorded when it ends; off, this is one volatile read. */
    private void watch(QueryRun run, Route route) {
        if (!sqlStats.recording()) {
            return;
        }
        ClientChannel client = run.client();
        Session session = client.session();
        ByteBuf payload = run.payload();
        long bytesIn = payload == null ? 0 : PacketDecoder.HEADER_SIZE + payload.readableBytes();
        StatementRun statement = new StatementRun(run.sql, run.shape, run.type,
                run.parsed != null ? run.parsed.tables() : run.tables, route.shards());
        client.watch(sqlStats.started(session.userName(), session.remoteHost(), session.schema(), statement, bytesIn,
                client.writer().bytesWritten()));
    }

    /**
     * MyCat's EXPLAIN: the data nodes a statement would reach and the SQL each would get, then, for a SELECT merged
     * from several nodes, one {@code merge} row per step of the merge (root first); nothing runs. A read of a global
     * table shows the one copy it reads, as MyCat does.
     */
    private static ResultTable explanation(PlanNode plan, boolean read) {
        ResultTable.Builder table = ResultTable.builder()
                .column(ResultTable.varchar("DATA_NODE"))
                .column(ResultTable.varchar("SQL"));
        Route route = plan instanceof Route r ? Executor.oneCopyForReads(r, read) : plan.route();
        for (ShardStatement shard : route.shards()) {
            table.row(shard.dataNode(), shard.sql());
        }
        for (PlanNode step = plan; step instanceof MergeStep merge; step = merge.input()) {
            table.row("merge", step.describe());
        }
        return table.build();
    }
}
