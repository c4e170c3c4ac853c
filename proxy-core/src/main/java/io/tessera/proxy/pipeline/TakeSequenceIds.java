package io.tessera.proxy.pipeline;

import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.sequence.Sequences;
import io.tessera.router.sequence.SequenceCalls;
import io.tessera.router.sequence.SequenceCalls.Call;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Writes ids in place of the statement's {@code next value for MYCATSEQ_<NAME>} calls, before anything parses or
 * routes it, the SQL firewall included: Druid cannot parse the calls inside VALUES, and an id may be the sharding
 * column's value; a multi-statement text gets its ids before it is split. The calls of one sequence take consecutive
 * ids in text order (each row of a multi-row INSERT its own). The run, and each statement split from its text, then
 * holds a text of its own ({@link QueryRun#sequenced}): neither that text nor its route is cached, so the client's
 * next run of the same statement takes new ids. A SELECT of the calls alone ({@code SELECT next value for
 * MYCATSEQ_X}) is answered here, without a data node. A sequence that fails ends the statement with its error, before
 * anything ran.
 */
final class TakeSequenceIds implements Step {

    private final SequenceCalls calls;
    private final Sequences sequences;

    TakeSequenceIds(SequenceCalls calls, Sequences sequences) {
        this.calls = calls;
        this.sequences = sequences;
    }

    @Override
    public Flow apply(QueryRun run) {
        run.session().statementKeyId(0);
        if (!calls.mayCall(run.sql)) {
            return Flow.NEXT;
        }
        boolean escapes = run.session().backslashEscapes();
        List<Call> found = calls.find(run.sql, escapes);
        if (found.isEmpty()) {
            return Flow.NEXT;
        }
        if (run.prepared() != null && run.prepared().wholeText() != null) {
            run.restartAsWholeText(); // the ids go into the text the data node runs
            return Flow.HELD;
        }
        if (run.shortened) {
            // the routing copy lacks long literals: the ids go into the whole text, which the data node gets
            run.sql = ReadText.decode(run.payload(), run.session().clientCharset());
            run.shortened = false;
            found = calls.find(run.sql, escapes);
        }
        List<Call> taken = found;
        Map<String, Integer> counts = SequenceCalls.counts(taken);
        CompletableFuture<Map<String, Long>> ids = CompletableFuture.completedFuture(Map.of());
        for (Map.Entry<String, Integer> sequence : counts.entrySet()) {
            ids = ids.thenCombine(sequences.next(sequence.getKey(), sequence.getValue()), (firsts, first) -> {
                Map<String, Long> more = new HashMap<>(firsts);
                more.put(sequence.getKey(), first);
                return more;
            });
        }
        ids.whenCompleteAsync(run.client().guard((firsts, error) -> {
            if (error != null) {
                run.fail(error);
                return;
            }
            if (SequenceCalls.selectsOnly(run.sql, taken)) {
                answer(run, taken, SequenceCalls.ids(taken, firsts));
                return;
            }
            run.replaceText(SequenceCalls.replace(run.sql, taken, firsts));
            run.sequenced = true;
            run.resume();
        }), run.client().channel().eventLoop());
        return Flow.HELD;
    }

    /** A SELECT of calls alone: one row of ids, each column labelled with its call as written, as MariaDB does. */
    private static void answer(QueryRun run, List<Call> calls, long[] ids) {
        ResultTable.Builder table = ResultTable.builder();
        Object[] row = new Object[ids.length];
        for (int i = 0; i < ids.length; i++) {
            table.column(ResultTable.bigint(run.sql.substring(calls.get(i).start(), calls.get(i).end())));
            row[i] = ids[i];
        }
        run.releasePayload();
        run.client().result(table.row(row).build());
    }
}
