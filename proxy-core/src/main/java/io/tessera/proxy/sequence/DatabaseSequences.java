package io.tessera.proxy.sequence;

import io.tessera.backend.BackendConnection;
import io.tessera.backend.QueryResult;
import io.tessera.backend.host.Intent;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.exec.DataNode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * {@code sequenceHandlerType} 1, MyCat's {@code IncrSequenceMySQLHandler}: each sequence is a row of table
 * {@code MYCAT_SEQUENCE(name, current_value, increment)} on the data node that {@code sequence_db_conf.properties}
 * names ({@code GLOBAL=dn1}). A block of {@code max(increment, count)} ids is taken atomically on that node, so any
 * number of Tessera processes can share the table:
 * <ul>
 * <li>where MyCat's {@code dbseq.sql} is installed (function {@code mycat_seq_nextvals} exists in the node's
 *     database), with {@code SELECT mycat_seq_nextvals('NAME', n)}, which locks the row and answers "first,last";
 * <li>otherwise with {@code UPDATE MYCAT_SEQUENCE SET current_value = LAST_INSERT_ID(current_value + n) WHERE
 *     name = 'NAME'} and {@code SELECT LAST_INSERT_ID()} on the same connection (autocommit).
 * </ul>
 * Which way a node takes is found out once, on the first block it gives. The node is looked up by name when a
 * block is fetched, so a reloaded topology is used from then on.
 */
final class DatabaseSequences implements Sequences {

    static final String FILE = "sequence_db_conf.properties";

    private final Map<String, String> nodeOfSequence;
    private final Function<String, DataNode> dataNodes;
    private final BlockSequences sequences;
    private final Map<String, Boolean> functionsByNode = new ConcurrentHashMap<>();

    DatabaseSequences(Map<String, String> nodeOfSequence, Function<String, DataNode> dataNodes) {
        this.nodeOfSequence = Map.copyOf(nodeOfSequence);
        this.dataNodes = dataNodes;
        this.sequences = new BlockSequences(this.nodeOfSequence.keySet(), this::fetch);
    }

    /**
     * Reads {@code path}: {@code NAME=dataNode} lines.
     *
     * @param configured the data nodes of schema.xml, each of which a sequence may name
     * @throws io.tessera.proxy.config.ConfigException naming the file and the key of every problem
     */
    static DatabaseSequences open(Path path, Set<String> configured, Function<String, DataNode> dataNodes) {
        SequenceFile file = SequenceFile.read(path);
        Map<String, String> nodes = new LinkedHashMap<>();
        file.values().forEach((name, node) -> {
            if (!file.checkName(name, name)) {
                return;
            }
            if (!configured.contains(node)) {
                file.problem(name + ": data node \"" + node + "\": no <dataNode name=\"" + node + "\"> in schema.xml");
                return;
            }
            nodes.put(name, node);
        });
        file.throwProblems();
        return new DatabaseSequences(nodes, dataNodes);
    }

    @Override
    public CompletableFuture<Long> next(String name, int count) {
        return sequences.next(name, count);
    }

    @Override
    public boolean has(String name) {
        return sequences.has(name);
    }

    private CompletableFuture<BlockSequence.Block> fetch(String name, int count) {
        String nodeName = nodeOfSequence.get(name);
        DataNode node = lookUp(nodeName);
        if (node == null) {
            return CompletableFuture.failedFuture(new TesseraException(ErrorCode.UNKNOWN_ERROR, "sequence " + name
                    + ": data node " + nodeName + " is not in the running configuration"));
        }
        return node.host().borrow(node.database(), false, null, Intent.WRITE)
                .thenCompose(connection -> fetch(connection, nodeName, name, count)
                        .whenComplete((block, failure) -> connection.release()))
                .handle((block, failure) -> {
                    if (failure == null) {
                        return block;
                    }
                    throw new CompletionException(explained(failure, name, node));
                });
    }

    /** The running data node; null when the running topology has none of that name (it throws, or answers null). */
    private DataNode lookUp(String nodeName) {
        try {
            return dataNodes.apply(nodeName);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private CompletableFuture<BlockSequence.Block> fetch(BackendConnection connection, String node, String name,
            int count) {
        Boolean functions = functionsByNode.get(node);
        CompletableFuture<Boolean> way = functions != null ? CompletableFuture.completedFuture(functions)
                : connection.query("SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE()"
                        + " AND ROUTINE_TYPE = 'FUNCTION' AND ROUTINE_NAME = 'mycat_seq_nextvals'")
                .thenApply(result -> {
                    boolean found = !"0".equals(result.rows().get(0).get(0));
                    functionsByNode.put(node, found);
                    return found;
                });
        return way.thenCompose(withFunctions -> connection
                .query("SELECT increment FROM MYCAT_SEQUENCE WHERE name = '" + name + "'")
                .thenCompose(result -> {
                    if (result.rows().isEmpty()) {
                        throw ErrorCode.UNKNOWN_SEQUENCES.exception(name);
                    }
                    long size = Math.max(count, Long.parseLong(result.rows().get(0).get(0)));
                    return withFunctions ? byFunction(connection, name, size) : byUpdate(connection, name, size);
                }));
    }

    /** MyCat's dbseq.sql: the function answers "first,last", or "-n,-1" when GET_LOCK timed out or the row is gone. */
    private static CompletableFuture<BlockSequence.Block> byFunction(BackendConnection connection, String name,
            long size) {
        String call = "mycat_seq_nextvals('" + name + "', " + size + ")";
        return connection.query("SELECT " + call).thenApply(result -> {
            String answer = result.rows().get(0).get(0);
            String[] bounds = answer == null ? new String[0] : answer.split(",");
            if (bounds.length == 2) {
                long first = Long.parseLong(bounds[0].strip());
                long last = Long.parseLong(bounds[1].strip());
                if (last != -1 && last - first + 1 == size) {
                    return new BlockSequence.Block(first, last);
                }
            }
            throw new TesseraException(ErrorCode.UNKNOWN_ERROR, call + " answered \"" + answer
                    + "\" (expected: first,last; GET_LOCK timed out, or the row is gone)");
        });
    }

    private static CompletableFuture<BlockSequence.Block> byUpdate(BackendConnection connection, String name,
            long size) {
        return connection.query("UPDATE MYCAT_SEQUENCE SET current_value = LAST_INSERT_ID(current_value + " + size
                        + ") WHERE name = '" + name + "'")
                .thenCompose(updated -> {
                    if (updated.affectedRows() != 1) {
                        throw ErrorCode.UNKNOWN_SEQUENCES.exception(name);
                    }
                    return connection.query("SELECT LAST_INSERT_ID()");
                })
                .thenApply((QueryResult result) -> {
                    long last = Long.parseLong(result.rows().get(0).get(0));
                    return new BlockSequence.Block(last - size + 1, last);
                });
    }

    /** Sequence errors as they are; anything else names the sequence, the node and the cause. */
    private static TesseraException explained(Throwable failure, String name, DataNode node) {
        Throwable cause = failure;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof TesseraException e && (e.errorCode() == ErrorCode.UNKNOWN_SEQUENCES.code()
                || e.errorCode() == ErrorCode.SEQUENCE_RUN_OUT.code())) {
            return e;
        }
        return new TesseraException(ErrorCode.UNKNOWN_ERROR, "sequence " + name + ": " + node.describe() + ": "
                + cause.getMessage());
    }
}
