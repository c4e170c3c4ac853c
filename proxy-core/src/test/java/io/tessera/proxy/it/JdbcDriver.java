package io.tessera.proxy.it;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

/**
 * A JDBC driver under test, used directly (not through DriverManager) so that two versions of Connector/J can
 * be compared in one JVM: 9.x from the test class path, 8.x from target/it-drivers in its own class loader.
 */
record JdbcDriver(String name, Driver driver, String urlPrefix, String options) {

    static List<JdbcDriver> all() {
        return List.of(connectorJ9(), connectorJ8(), mariadb());
    }

    static JdbcDriver connectorJ9() {
        return new JdbcDriver("mysql-connector-j 9",
                load(JdbcDriver.class.getClassLoader(), "com.mysql.cj.jdbc.Driver"),
                "jdbc:mysql://", "?useSSL=false&allowPublicKeyRetrieval=true");
    }

    static JdbcDriver connectorJ8() {
        Path jar = Path.of("target", "it-drivers", "mysql-connector-j-8.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar.toAbsolutePath() + " is missing: run the tests through Maven");
        }
        try {
            URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                    ClassLoader.getPlatformClassLoader());
            return new JdbcDriver("mysql-connector-j 8", load(loader, "com.mysql.cj.jdbc.Driver"), "jdbc:mysql://",
                    "?useSSL=false&allowPublicKeyRetrieval=true");
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    static JdbcDriver mariadb() {
        return new JdbcDriver("mariadb-java-client", load(JdbcDriver.class.getClassLoader(), "org.mariadb.jdbc.Driver"),
                "jdbc:mariadb://", "?sslMode=disable");
    }

    Connection connect(String host, int port, String database, String user, String password) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", user);
        props.setProperty("password", password);
        Connection c = driver.connect(urlPrefix + host + ":" + port + "/" + (database == null ? "" : database)
                + options, props);
        if (c == null) {
            throw new SQLException(name + " did not accept its URL");
        }
        return c;
    }

    private static Driver load(ClassLoader loader, String className) {
        try {
            return (Driver) Class.forName(className, true, loader).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load " + className, e);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
