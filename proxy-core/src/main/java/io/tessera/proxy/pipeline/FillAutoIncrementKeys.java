package io.tessera.proxy.pipeline;

import io.tessera.proxy.sequence.AutoIncrementTables;
import io.tessera.proxy.sequence.Sequences;
import io.tessera.router.error.RouteException;
import io.tessera.router.parse.StatementType;
import io.tessera.router.sequence.KeylessInsert;
import java.util.Locale;

/**
 * Gives an INSERT into an {@code autoIncrement="true"} table that leaves the primary key out (or gives it as NULL,
 * DEFAULT or 0, as MySQL's AUTO_INCREMENT reads them: {@link KeylessInsert}) one id per such row, before it is routed
 * (the key may be the sharding column), from the sequence named as the table (upper-cased) if there is one, else from
 * GLOBAL, as MyCat does. The statement's OK reports the first id as last_insert_id, and LAST_INSERT_ID()
 * returns it afterwards, as MySQL's AUTO_INCREMENT does ({@link io.tessera.proxy.session.Session#statementKeyId}).
 * An INSERT that gives the key is left alone. Refused with 1235:
 * <ul>
 * <li>INSERT ... SELECT without the key: how many ids it needs is known only once its SELECT ran;
 * <li>an INSERT or REPLACE ... SELECT with {@code next value for} calls, which would give every row the same id;
 * <li>an INSERT whose text was shortened for routing (over 256 KiB, with literals over 4 KiB): its tree holds
 *     stand-ins, and a text written from it would lack the long values.
 * </ul>
 */
final class FillAutoIncrementKeys implements Step {

    private static final String GLOBAL = "GLOBAL";

    private final AutoIncrementTables tables;
    private final Sequences sequences;

    FillAutoIncrementKeys(AutoIncrementTables tables, Sequences sequences) {
        this.tables = tables;
        this.sequences = sequences;
    }

    @Override
    public Flow apply(QueryRun run) {
        if (run.type != StatementType.INSERT && run.type != StatementType.REPLACE) {
            return Flow.NEXT;
        }
        if (run.sequenced && KeylessInsert.insertsSelected(run.statement)) {
            throw RouteException.notSupported(run.type + " ... SELECT with next value for MYCATSEQ_...: every"
                    + " selected row would get the same id; insert the rows with VALUES");
        }
        String table = tables.isEmpty() ? null : KeylessInsert.tableOf(run.statement);
        if (table == null) {
            return Flow.NEXT;
        }
        String schema = KeylessInsert.schemaOf(run.statement);
        String key = tables.keyOf(schema != null ? schema : run.schema(), table);
        KeylessInsert insert = key == null ? null : KeylessInsert.of(run.statement, key,
                run.session().zeroGeneratesKeys());
        if (insert == null) {
            return Flow.NEXT;
        }
        if (insert.fromSelect()) {
            throw RouteException.notSupported("INSERT ... SELECT into table " + table + " without its primary key "
                    + key + ", which a sequence fills (autoIncrement=\"true\"): how many ids it needs is known only"
                    + " once the SELECT ran; select the key too, or insert the rows with VALUES");
        }
        if (run.shortened) {
            // the tree holds stand-ins for the long literals: a text written from it would lose them
            throw RouteException.notSupported("an INSERT of " + run.payload().readableBytes() + " bytes with literals"
                    + " over " + ReadText.MAX_ROUTING_LITERAL_BYTES + " bytes into table " + table + " without its"
                    + " primary key " + key + ", which a sequence fills: give the key (next value for MYCATSEQ_..."
                    + " works), or send fewer rows per INSERT");
        }
        if (run.prepared() != null && run.prepared().wholeText() != null) {
            run.restartAsWholeText(); // the key goes into the text the data node runs
            return Flow.HELD;
        }
        String upper = table.toUpperCase(Locale.ROOT);
        String sequence = sequences.has(upper) ? upper : GLOBAL;
        sequences.next(sequence, insert.rows()).whenCompleteAsync(run.client().guard((first, error) -> {
            if (error != null) {
                run.fail(error);
                return;
            }
            run.statement = insert.withKey(run.statement, key, first);
            run.inlined = true; // the data node gets the statement with the key, never the client's text
            run.session().statementKeyId(first);
            run.resume();
        }), run.client().channel().eventLoop());
        return Flow.HELD;
    }
}
