package io.tessera.proxy.config;

import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Binding of schema.xml, {@code <mycat:schema>}: what was written, as strings, before any check. */
final class SchemaXml extends XmlElement {

    final List<LogicalSchemaXml> schemas = new ArrayList<>();
    final List<DataNodeXml> dataNodes = new ArrayList<>();
    final List<DataHostXml> dataHosts = new ArrayList<>();

    @JacksonXmlElementWrapper(useWrapping = false)
    @JacksonXmlProperty(localName = "schema")
    private void addSchemas(List<LogicalSchemaXml> more) {
        schemas.addAll(more);
    }

    @JacksonXmlElementWrapper(useWrapping = false)
    @JacksonXmlProperty(localName = "dataNode")
    private void addDataNodes(List<DataNodeXml> more) {
        dataNodes.addAll(more);
    }

    @JacksonXmlElementWrapper(useWrapping = false)
    @JacksonXmlProperty(localName = "dataHost")
    private void addDataHosts(List<DataHostXml> more) {
        dataHosts.addAll(more);
    }

    @Override
    List<XmlElement> children() {
        return concat(schemas, dataNodes, dataHosts);
    }

    @Override
    String tag() {
        return "mycat:schema";
    }

    /** {@code <schema>}: a logical schema. */
    static final class LogicalSchemaXml extends XmlElement {

        @JacksonXmlProperty(isAttribute = true)
        String name;

        @JacksonXmlProperty(isAttribute = true)
        String checkSQLschema;

        @JacksonXmlProperty(isAttribute = true)
        String sqlMaxLimit;

        @JacksonXmlProperty(isAttribute = true)
        String dataNode;

        @JacksonXmlProperty(isAttribute = true)
        String randomDataNode;

        final List<TableXml> tables = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "table")
        private void addTables(List<TableXml> more) {
            tables.addAll(more);
        }

        @Override
        List<XmlElement> children() {
            return List.copyOf(tables);
        }

        @Override
        String tag() {
            return "schema";
        }

        @Override
        Set<String> unusedMycatNames() {
            return Set.of("needSupportMultiDBType");
        }
    }

    /** {@code <table>}: a logical table, or several with a comma list of names. */
    static final class TableXml extends XmlElement {

        @JacksonXmlProperty(isAttribute = true)
        String name;

        @JacksonXmlProperty(isAttribute = true)
        String nameSuffix;

        @JacksonXmlProperty(isAttribute = true)
        String splitTableNames;

        @JacksonXmlProperty(isAttribute = true)
        String dataNode;

        @JacksonXmlProperty(isAttribute = true)
        String rule;

        @JacksonXmlProperty(isAttribute = true)
        String ruleRequired;

        @JacksonXmlProperty(isAttribute = true)
        String primaryKey;

        @JacksonXmlProperty(isAttribute = true)
        String autoIncrement;

        @JacksonXmlProperty(isAttribute = true)
        String needAddLimit;

        @JacksonXmlProperty(isAttribute = true)
        String type;

        @JacksonXmlProperty(isAttribute = true)
        String subTables;

        final List<ChildTableXml> childTables = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "childTable")
        private void addChildTables(List<ChildTableXml> more) {
            childTables.addAll(more);
        }

        @Override
        List<XmlElement> children() {
            return List.copyOf(childTables);
        }

        @Override
        String tag() {
            return "table";
        }

        @Override
        Set<String> unusedMycatNames() {
            return Set.of("fetchStoreNodeByJdbc", "property");
        }
    }

    /** {@code <childTable>}: an ER child table; may nest. */
    static final class ChildTableXml extends XmlElement {

        @JacksonXmlProperty(isAttribute = true)
        String name;

        @JacksonXmlProperty(isAttribute = true)
        String joinKey;

        @JacksonXmlProperty(isAttribute = true)
        String parentKey;

        @JacksonXmlProperty(isAttribute = true)
        String primaryKey;

        @JacksonXmlProperty(isAttribute = true)
        String autoIncrement;

        @JacksonXmlProperty(isAttribute = true)
        String needAddLimit;

        final List<ChildTableXml> childTables = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "childTable")
        private void addChildTables(List<ChildTableXml> more) {
            childTables.addAll(more);
        }

        @Override
        List<XmlElement> children() {
            return List.copyOf(childTables);
        }

        @Override
        String tag() {
            return "childTable";
        }

        @Override
        Set<String> unusedMycatNames() {
            return Set.of("property");
        }
    }

    /** {@code <dataNode name dataHost database>}; each attribute may hold {@code $} ranges. */
    static final class DataNodeXml extends XmlElement {

        @JacksonXmlProperty(isAttribute = true)
        String name;

        @JacksonXmlProperty(isAttribute = true)
        String dataHost;

        @JacksonXmlProperty(isAttribute = true)
        String database;

        @Override
        String tag() {
            return "dataNode";
        }

        @Override
        Set<String> unusedMycatNames() {
            return Set.of("property");
        }
    }

    /** {@code <dataHost>}: a server group with its pool, heartbeat, balance and failover settings. */
    static final class DataHostXml extends XmlElement {

        @JacksonXmlProperty(isAttribute = true)
        String name;

        @JacksonXmlProperty(isAttribute = true)
        String maxCon;

        @JacksonXmlProperty(isAttribute = true)
        String minCon;

        @JacksonXmlProperty(isAttribute = true)
        String balance;

        @JacksonXmlProperty(isAttribute = true)
        String balanceType;

        @JacksonXmlProperty(isAttribute = true)
        String writeType;

        @JacksonXmlProperty(isAttribute = true)
        String switchType;

        @JacksonXmlProperty(isAttribute = true)
        String slaveThreshold;

        @JacksonXmlProperty(isAttribute = true)
        String tempReadHostAvailable;

        @JacksonXmlProperty(isAttribute = true)
        String maxRetryCount;

        @JacksonXmlProperty(isAttribute = true)
        String dbType;

        @JacksonXmlProperty(isAttribute = true)
        String dbDriver;

        final List<HeartbeatXml> heartbeats = new ArrayList<>();
        final List<ConnectionInitSqlXml> connectionInitSqls = new ArrayList<>();
        final List<WriteHostXml> writeHosts = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "heartbeat")
        private void addHeartbeats(List<HeartbeatXml> more) {
            heartbeats.addAll(more);
        }

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "connectionInitSql")
        private void addConnectionInitSqls(List<ConnectionInitSqlXml> more) {
            connectionInitSqls.addAll(more);
        }

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "writeHost")
        private void addWriteHosts(List<WriteHostXml> more) {
            writeHosts.addAll(more);
        }

        @Override
        List<XmlElement> children() {
            return concat(heartbeats, connectionInitSqls, writeHosts);
        }

        @Override
        String tag() {
            return "dataHost";
        }

        @Override
        Set<String> unusedMycatNames() {
            return Set.of("notSwitch", "filters", "logTime", "slaveIDs");
        }
    }

    /** {@code <heartbeat>}: the heartbeat SQL. */
    static final class HeartbeatXml extends TextXml {

        @Override
        String tag() {
            return "heartbeat";
        }
    }

    /** {@code <connectionInitSql>}: SQL run once on each new backend connection. */
    static final class ConnectionInitSqlXml extends TextXml {

        @Override
        String tag() {
            return "connectionInitSql";
        }
    }

    /** What {@code <writeHost>} and {@code <readHost>} share. */
    abstract static class DbHostXml extends XmlElement {

        @JacksonXmlProperty(isAttribute = true)
        String host;

        @JacksonXmlProperty(isAttribute = true)
        String url;

        @JacksonXmlProperty(isAttribute = true)
        String user;

        @JacksonXmlProperty(isAttribute = true)
        String password;

        @JacksonXmlProperty(isAttribute = true)
        String usingDecrypt;

        @JacksonXmlProperty(isAttribute = true)
        String weight;

        @JacksonXmlProperty(isAttribute = true)
        String sslMode;

        @JacksonXmlProperty(isAttribute = true)
        String sslCa;
    }

    /** {@code <writeHost>}. */
    static final class WriteHostXml extends DbHostXml {

        @JacksonXmlProperty(isAttribute = true)
        String checkAlive;

        final List<ReadHostXml> readHosts = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "readHost")
        private void addReadHosts(List<ReadHostXml> more) {
            readHosts.addAll(more);
        }

        @Override
        List<XmlElement> children() {
            return List.copyOf(readHosts);
        }

        @Override
        String tag() {
            return "writeHost";
        }
    }

    /** {@code <readHost>}. */
    static final class ReadHostXml extends DbHostXml {

        @Override
        String tag() {
            return "readHost";
        }

        @Override
        Set<String> unusedMycatNames() {
            return Set.of("property");
        }
    }
}
