package io.tessera.proxy.admin;

import io.tessera.admin.SystemParameterView;
import io.tessera.admin.WhiteHostView;
import io.tessera.proxy.config.SystemConfig;
import io.tessera.proxy.config.TesseraConfig;
import java.util.List;

/**
 * What {@code show @@sysparam} and {@code show @@white} report of a configuration: the {@code <system>} settings
 * under the names MyCat's {@code ShowSysParam} gives them, each with its value in force and what it does in Tessera
 * (saying so where Tessera reads a setting but does not act on it yet), and the white list.
 */
final class SystemParameters {

    private SystemParameters() {
    }

    static List<SystemParameterView> of(SystemConfig system) {
        return List.of(
                new SystemParameterView("processors", String.valueOf(system.processors()),
                        "event-loop threads serving client, admin and backend connections"),
                new SystemParameterView("processorExecutor", String.valueOf(system.processorExecutor()),
                        "threads of the business executor, where blocking work runs (JDBC data hosts, reloads)"),
                new SystemParameterView("sequenceHandlerType", String.valueOf(system.sequenceHandlerType()),
                        "sequence handler (read at start): 0 local file, 1 database, 2 local time, 3-4 ZooKeeper"),
                new SystemParameterView("maxConnections", String.valueOf(system.maxConnections()),
                        "most client connections open at once, logged in or not; one more gets ERR 1040; 0: no limit"),
                new SystemParameterView("Mysql_maxPacketSize", String.valueOf(system.maxPacketSize()),
                        "largest packet accepted from a client, in bytes"),
                new SystemParameterView("Mysql_idleTimeout", String.valueOf(system.idleTimeout().toMillis()),
                        "a client connection idle this long (ms) is closed"),
                new SystemParameterView("Mysql_charset", system.charset(),
                        "read: the handshake announces utf8mb4, each session uses its client's character set"),
                new SystemParameterView("Mysql_txIsolation", String.valueOf(system.txIsolation().mycatCode()),
                        "default isolation level of client sessions (1 READ-UNCOMMITTED .. 4 SERIALIZABLE)"),
                new SystemParameterView("Mysql_sqlExecuteTimeout",
                        String.valueOf(system.sqlExecuteTimeout().toSeconds()),
                        "a statement running longer (s) on data nodes is killed: KILL QUERY, ERR 3024"),
                new SystemParameterView("Mycat_dataNodeIdleCheckPeriod",
                        String.valueOf(system.dataNodeIdleCheckPeriod().toMillis()),
                        "period (ms) of the backend pools' idle check"),
                new SystemParameterView("Mycat_dataNodeHeartbeatPeriod",
                        String.valueOf(system.dataNodeHeartbeatPeriod().toMillis()),
                        "period (ms) of the data hosts' heartbeats"),
                new SystemParameterView("Mycat_bindIp", system.bindIp(), "address both ports listen on"),
                new SystemParameterView("Mycat_serverPort", String.valueOf(system.serverPort()),
                        "client (MySQL protocol) port as configured; 0 picks a free one"),
                new SystemParameterView("Mycat_managerPort", String.valueOf(system.managerPort()),
                        "admin port as configured; 0 picks a free one"));
    }

    static List<WhiteHostView> whiteHosts(TesseraConfig config) {
        return config.firewall().whiteHosts().stream()
                .map(host -> new WhiteHostView(host.host(), host.users()))
                .toList();
    }
}
