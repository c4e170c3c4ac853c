package io.tessera.router.parse;

import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.ast.statement.SQLAlterStatement;
import com.alibaba.druid.sql.ast.statement.SQLBeginStatement;
import com.alibaba.druid.sql.ast.statement.SQLCommitStatement;
import com.alibaba.druid.sql.ast.statement.SQLCreateStatement;
import com.alibaba.druid.sql.ast.statement.SQLDeleteStatement;
import com.alibaba.druid.sql.ast.statement.SQLDropStatement;
import com.alibaba.druid.sql.ast.statement.SQLExplainStatement;
import com.alibaba.druid.sql.ast.statement.SQLInsertStatement;
import com.alibaba.druid.sql.ast.statement.SQLReplaceStatement;
import com.alibaba.druid.sql.ast.statement.SQLReleaseSavePointStatement;
import com.alibaba.druid.sql.ast.statement.SQLRollbackStatement;
import com.alibaba.druid.sql.ast.statement.SQLSavePointStatement;
import com.alibaba.druid.sql.ast.statement.SQLSelectStatement;
import com.alibaba.druid.sql.ast.statement.SQLSetStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowColumnsStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowCreateTableStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowCreateViewStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowDatabasesStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowGrantsStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowIndexesStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowProcessListStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowTablesStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowVariantsStatement;
import com.alibaba.druid.sql.ast.statement.SQLStartTransactionStatement;
import com.alibaba.druid.sql.ast.statement.SQLTruncateStatement;
import com.alibaba.druid.sql.ast.statement.SQLUpdateStatement;
import com.alibaba.druid.sql.ast.statement.SQLUseStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlExplainStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlKillStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlXAStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlLockTableStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlUnlockTablesStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlSetTransactionStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowCreateDatabaseStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowCreateEventStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowCreateFunctionStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowCreateProcedureStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowCreateTriggerStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowEventsStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowFunctionStatusStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowProcedureStatusStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowStatusStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowTableStatusStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowTriggersStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowWarningsStatement;
import com.alibaba.druid.sql.dialect.mysql.parser.MySqlStatementParser;
import com.alibaba.druid.sql.parser.ParserException;
import io.tessera.router.error.RouteException;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses one statement with Druid's MySQL parser, classifies it and collects its tables. Immutable: it holds only the
 * words its syntax errors take ({@link SyntaxErrors}).
 */
public final class SqlParser {

    /** Longer SELECTs are parsed for routing without their select list (see {@link SelectListSkipper}). */
    static final int ABRIDGE_ABOVE_CHARS = 4096;

    private final SyntaxErrors syntaxErrors;

    /** A parser whose syntax errors speak of a MySQL server. */
    public SqlParser() {
        this(SyntaxErrors.mysql());
    }

    /** @param syntaxErrors the words of ERR 1064: those of the server Tessera presents itself as */
    public SqlParser(SyntaxErrors syntaxErrors) {
        this.syntaxErrors = syntaxErrors;
    }

    /** ERR 1064 in this parser's words for {@code text}, which Druid failed to read with {@code druidMessage}. */
    public RouteException syntaxError(String text, String druidMessage) {
        return syntaxErrors.of(text, druidMessage);
    }

    /**
     * @throws RouteException 1064 for text Druid cannot parse, 1065 for an empty one, and 1235 for several
     *     statements in one text (multi-statements are not supported yet)
     */
    public ParsedStatement parse(String sql) {
        if (LoadDataSyntax.isLoad(sql)) {
            return load(sql, true);
        }
        if (sql.length() > ABRIDGE_ABOVE_CHARS && !ExecutableComments.mayHold(sql)) {
            String routing = SelectListSkipper.routingText(sql);
            if (routing != null) {
                ParsedStatement stand = parseWhole(routing);
                if (stand.type() == StatementType.SELECT) {
                    return new ParsedStatement(sql, stand.ast(), stand.type(), stand.tables(), true);
                }
            }
        }
        return parseWhole(sql);
    }

    /**
     * As {@link #parse(String)}, for a session whose sql_mode has {@code NO_BACKSLASH_ESCAPES} when
     * {@code backslashEscapes} is false: Druid reads the statement as {@link NoBackslashEscapes} rewrites it, so that
     * tokens and string values are those MySQL reads in that mode, and the statement keeps the client's text. Such a
     * statement is parsed whole: a second parse of the client's text would read it in the default mode.
     */
    public ParsedStatement parse(String sql, boolean backslashEscapes) {
        if (LoadDataSyntax.isLoad(sql)) {
            return load(sql, backslashEscapes);
        }
        String readable = backslashEscapes ? sql : NoBackslashEscapes.asDefaultMode(sql);
        if (readable == sql) {
            return parse(sql); // no backslash in a string: both modes read the text alike
        }
        ParsedStatement whole = parseWhole(readable);
        return new ParsedStatement(sql, whole.ast(), whole.type(), whole.tables());
    }

    /** LOAD DATA, read by Tessera: Druid's parser drops or refuses parts of it ({@link LoadDataSyntax}). */
    private ParsedStatement load(String sql, boolean backslashEscapes) {
        LoadData load;
        try {
            load = LoadDataSyntax.parse(sql, backslashEscapes);
        } catch (LoadSyntaxException e) {
            throw syntaxErrors.near(sql, e.offset());
        }
        return new ParsedStatement(sql, new LoadDataTree(load), StatementType.LOAD_DATA, List.of(load.table()));
    }

    /**
     * Parses the whole text, select list included, whatever its length, with its executable comments read as the
     * data nodes read them ({@link ExecutableComments}); the statement keeps the client's text.
     */
    public ParsedStatement parseWhole(String sql) {
        List<SQLStatement> statements;
        String readable = ExecutableComments.unwrap(sql);
        try {
            statements = new MySqlStatementParser(readable).parseStatementList();
        } catch (ParserException e) {
            throw syntaxErrors.of(readable, e.getMessage()); // Druid's place is in the text it read
        } catch (RuntimeException e) {
            // Druid throws more than ParserException on text it cannot read: IndexOutOfBoundsException for a bare
            // DESC, DruidRuntimeException for a bare XA, ...: the statement ended before it made sense
            throw syntaxErrors.near(readable, readable.length());
        }
        if (statements.size() != 1) {
            throw statements.isEmpty()
                    ? RouteException.emptyQuery()
                    : RouteException.notSupported("multi-statements are not supported: send one statement at a time");
        }
        SQLStatement ast = statements.get(0);
        StatementType type = classify(ast);
        return new ParsedStatement(sql, ast, type, tablesOf(ast, type));
    }

    /**
     * The statement an {@code EXPLAIN} names, as if sent alone: its text is the client's after the keyword, so an
     * unchanged route shows exactly what the client wrote.
     */
    public ParsedStatement explained(ParsedStatement explain) {
        SQLStatement inner = ((SQLExplainStatement) explain.ast()).getStatement();
        String sql = explain.sql().trim();
        int keyword = sql.regionMatches(true, 0, "explain", 0, 7) ? 7 : 0;
        String text = sql.substring(keyword).trim();
        StatementType type = classify(inner);
        return new ParsedStatement(text, inner, type, tablesOf(inner, type));
    }

    static StatementType classify(SQLStatement ast) {
        if (ast instanceof SQLSelectStatement) {
            return StatementType.SELECT;
        }
        if (ast instanceof SQLReplaceStatement) {
            return StatementType.REPLACE;
        }
        if (ast instanceof SQLInsertStatement) {
            return StatementType.INSERT;
        }
        if (ast instanceof SQLUpdateStatement) {
            return StatementType.UPDATE;
        }
        if (ast instanceof SQLDeleteStatement) {
            return StatementType.DELETE;
        }
        if (ast instanceof MySqlExplainStatement e && (e.isDescribe() || e.getStatement() == null)) {
            return StatementType.SHOW_TABLE_INFO; // DESC t, EXPLAIN t
        }
        if (ast instanceof SQLExplainStatement) {
            return StatementType.EXPLAIN;
        }
        if (ast instanceof SQLShowCreateTableStatement || ast instanceof SQLShowColumnsStatement
                || ast instanceof SQLShowIndexesStatement) {
            return StatementType.SHOW_TABLE_INFO;
        }
        if (ast instanceof SQLShowDatabasesStatement) {
            return StatementType.SHOW_DATABASES;
        }
        if (ast instanceof SQLShowTablesStatement) {
            return StatementType.SHOW_TABLES;
        }
        if (ast instanceof MySqlShowWarningsStatement) {
            return StatementType.SHOW_WARNINGS;
        }
        if (ast instanceof SQLShowVariantsStatement) {
            return StatementType.SHOW_VARIABLES;
        }
        if (ast instanceof SQLShowGrantsStatement) {
            return StatementType.SHOW_GRANTS;
        }
        if (ast instanceof SQLShowProcessListStatement) {
            return StatementType.SHOW_PROCESSLIST;
        }
        if (ast instanceof MySqlShowStatusStatement) {
            return StatementType.SHOW_STATUS;
        }
        if (ast instanceof MySqlShowTableStatusStatement) {
            return StatementType.SHOW_TABLE_STATUS;
        }
        if (ast instanceof MySqlShowCreateDatabaseStatement) {
            return StatementType.SHOW_CREATE_DATABASE;
        }
        if (ast instanceof MySqlShowProcedureStatusStatement || ast instanceof MySqlShowFunctionStatusStatement
                || ast instanceof MySqlShowTriggersStatement || ast instanceof MySqlShowEventsStatement
                || ast instanceof MySqlShowCreateProcedureStatement || ast instanceof MySqlShowCreateFunctionStatement
                || ast instanceof MySqlShowCreateTriggerStatement || ast instanceof SQLShowCreateViewStatement
                || ast instanceof MySqlShowCreateEventStatement) {
            return StatementType.SHOW_OBJECTS;
        }
        if (ast instanceof SQLShowStatement) {
            return StatementType.SHOW_OTHER;
        }
        if (ast instanceof MySqlSetTransactionStatement) {
            return StatementType.SET_TRANSACTION;
        }
        if (ast instanceof SQLSetStatement) {
            return StatementType.SET;
        }
        if (ast instanceof SQLUseStatement) {
            return StatementType.USE;
        }
        if (ast instanceof SQLBeginStatement || ast instanceof SQLStartTransactionStatement) {
            return StatementType.BEGIN;
        }
        if (ast instanceof SQLCommitStatement) {
            return StatementType.COMMIT;
        }
        if (ast instanceof SQLRollbackStatement r) {
            return r.getTo() == null ? StatementType.ROLLBACK : StatementType.SAVEPOINT;
        }
        if (ast instanceof SQLSavePointStatement || ast instanceof SQLReleaseSavePointStatement) {
            return StatementType.SAVEPOINT;
        }
        if (ast instanceof MySqlXAStatement) {
            return StatementType.XA;
        }
        if (ast instanceof MySqlLockTableStatement || ast instanceof MySqlUnlockTablesStatement) {
            return StatementType.LOCK;
        }
        if (ast instanceof MySqlKillStatement) {
            return StatementType.KILL;
        }
        if (ast instanceof SQLCreateStatement || ast instanceof SQLAlterStatement || ast instanceof SQLDropStatement
                || ast instanceof SQLTruncateStatement) {
            return StatementType.DDL;
        }
        return StatementType.OTHER;
    }

    private static List<TableReference> tablesOf(SQLStatement ast, StatementType type) {
        TableCollector collector = new TableCollector();
        if (ast instanceof SQLShowCreateTableStatement s) {
            collector.add(s.getName());
        } else if (ast instanceof SQLShowColumnsStatement s) {
            collectShowTarget(collector, s.getDatabase(), s.getTable());
        } else if (ast instanceof SQLShowIndexesStatement s) {
            collectShowTarget(collector, s.getDatabase(), s.getTable().getName());
        } else if (type != StatementType.SHOW_DATABASES && type != StatementType.SHOW_TABLES
                && type != StatementType.SHOW_TABLE_STATUS && type != StatementType.SHOW_CREATE_DATABASE
                && type != StatementType.SHOW_OBJECTS) {
            ast.accept(collector);
        }
        return new ArrayList<>(collector.tables());
    }

    /** {@code SHOW COLUMNS FROM t FROM db}: the database comes separately. */
    private static void collectShowTarget(TableCollector collector, com.alibaba.druid.sql.ast.SQLName database,
            com.alibaba.druid.sql.ast.SQLName table) {
        if (database == null) {
            collector.add(table);
        } else {
            collector.add(new com.alibaba.druid.sql.ast.expr.SQLPropertyExpr(database.getSimpleName(),
                    table.getSimpleName()));
        }
    }
}
