package io.tessera.proxy.config;

import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Binding of server.xml, {@code <mycat:server>}: what was written, as strings, before any check. Repeated
 * elements are collected by appending setters because Jackson calls a setter once per run of same-named
 * siblings.
 */
final class ServerXml extends XmlElement {

    final List<SystemXml> systems = new ArrayList<>();
    final List<FirewallXml> firewalls = new ArrayList<>();
    final List<UserXml> users = new ArrayList<>();

    @JacksonXmlElementWrapper(useWrapping = false)
    @JacksonXmlProperty(localName = "system")
    private void addSystems(List<SystemXml> more) {
        systems.addAll(more);
    }

    @JacksonXmlElementWrapper(useWrapping = false)
    @JacksonXmlProperty(localName = "firewall")
    private void addFirewalls(List<FirewallXml> more) {
        firewalls.addAll(more);
    }

    @JacksonXmlElementWrapper(useWrapping = false)
    @JacksonXmlProperty(localName = "user")
    private void addUsers(List<UserXml> more) {
        users.addAll(more);
    }

    @Override
    List<XmlElement> children() {
        return concat(systems, firewalls, users);
    }

    @Override
    String tag() {
        return "mycat:server";
    }

    @Override
    Set<String> unusedMycatNames() {
        return Set.of("cluster");
    }

    /** {@code <system>}: the server properties. */
    static final class SystemXml extends XmlElement {

        final List<PropertyXml> properties = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "property")
        private void addProperties(List<PropertyXml> more) {
            properties.addAll(more);
        }

        @Override
        List<XmlElement> children() {
            return List.copyOf(properties);
        }

        @Override
        String tag() {
            return "system";
        }
    }

    /** {@code <user name defaultAccount>}. */
    static final class UserXml extends XmlElement {

        @JacksonXmlProperty(isAttribute = true)
        String name;

        @JacksonXmlProperty(isAttribute = true)
        String defaultAccount;

        final List<PropertyXml> properties = new ArrayList<>();
        final List<PrivilegesXml> privileges = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "property")
        private void addProperties(List<PropertyXml> more) {
            properties.addAll(more);
        }

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "privileges")
        private void addPrivileges(List<PrivilegesXml> more) {
            privileges.addAll(more);
        }

        @Override
        List<XmlElement> children() {
            return concat(properties, privileges);
        }

        @Override
        String tag() {
            return "user";
        }
    }

    /** {@code <privileges check>}. */
    static final class PrivilegesXml extends XmlElement {

        @JacksonXmlProperty(isAttribute = true)
        String check;

        final List<SchemaPrivilegeXml> schemas = new ArrayList<>();
        final List<DataNodePrivilegeXml> dataNodes = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "schema")
        private void addSchemas(List<SchemaPrivilegeXml> more) {
            schemas.addAll(more);
        }

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "dataNode")
        private void addDataNodes(List<DataNodePrivilegeXml> more) {
            dataNodes.addAll(more);
        }

        @Override
        List<XmlElement> children() {
            return concat(schemas, dataNodes);
        }

        @Override
        String tag() {
            return "privileges";
        }
    }

    /** {@code <dataNode name dml>} inside {@code <privileges>}. */
    static final class DataNodePrivilegeXml extends XmlElement {

        @JacksonXmlProperty(isAttribute = true)
        String name;

        @JacksonXmlProperty(isAttribute = true)
        String dml;

        @Override
        String tag() {
            return "dataNode";
        }
    }

    /** {@code <schema name dml>} inside {@code <privileges>}. */
    static final class SchemaPrivilegeXml extends XmlElement {

        @JacksonXmlProperty(isAttribute = true)
        String name;

        @JacksonXmlProperty(isAttribute = true)
        String dml;

        final List<TablePrivilegeXml> tables = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "table")
        private void addTables(List<TablePrivilegeXml> more) {
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
    }

    /** {@code <table name dml>} inside a privileges {@code <schema>}. */
    static final class TablePrivilegeXml extends XmlElement {

        @JacksonXmlProperty(isAttribute = true)
        String name;

        @JacksonXmlProperty(isAttribute = true)
        String dml;

        @Override
        String tag() {
            return "table";
        }

        @Override
        Set<String> unusedMycatNames() {
            return Set.of("ext");
        }
    }

    /** {@code <firewall>}. */
    static final class FirewallXml extends XmlElement {

        final List<WhiteHostXml> whiteHosts = new ArrayList<>();
        final List<BlacklistXml> blacklists = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "whitehost")
        private void addWhiteHosts(List<WhiteHostXml> more) {
            whiteHosts.addAll(more);
        }

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "blacklist")
        private void addBlacklists(List<BlacklistXml> more) {
            blacklists.addAll(more);
        }

        @Override
        List<XmlElement> children() {
            return concat(whiteHosts, blacklists);
        }

        @Override
        String tag() {
            return "firewall";
        }
    }

    /** {@code <whitehost>}. */
    static final class WhiteHostXml extends XmlElement {

        final List<HostXml> hosts = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "host")
        private void addHosts(List<HostXml> more) {
            hosts.addAll(more);
        }

        @Override
        List<XmlElement> children() {
            return List.copyOf(hosts);
        }

        @Override
        String tag() {
            return "whitehost";
        }
    }

    /** {@code <host host user>} inside {@code <whitehost>}. */
    static final class HostXml extends XmlElement {

        @JacksonXmlProperty(isAttribute = true)
        String host;

        @JacksonXmlProperty(isAttribute = true)
        String user;

        @Override
        String tag() {
            return "host";
        }

        @Override
        Set<String> unusedMycatNames() {
            return Set.of("property");
        }
    }

    /** {@code <blacklist check>}: Druid WallConfig properties. */
    static final class BlacklistXml extends XmlElement {

        @JacksonXmlProperty(isAttribute = true)
        String check;

        final List<PropertyXml> properties = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "property")
        private void addProperties(List<PropertyXml> more) {
            properties.addAll(more);
        }

        @Override
        List<XmlElement> children() {
            return List.copyOf(properties);
        }

        @Override
        String tag() {
            return "blacklist";
        }
    }
}
