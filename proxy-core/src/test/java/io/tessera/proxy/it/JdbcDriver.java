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
 * be compared in one JVM: 9.x from the test class path, the others from target/it-drivers, each in its own class
 * loader.
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
        return isolated("mysql-connector-j 8", "mysql-connector-j-8.jar", "com.mysql.cj.jdbc.Driver", "jdbc:mysql://",
                "?useSSL=false&allowPublicKeyRetrieval=true");
    }

    /**
     * The client matrix of docs/clients.md: every driver above plus Connector/J's newest release (26.x), 8.0.33, the
     * 5.1 line still found in MyCat-era applications, and MariaDB Connector/J 4, each with the URL options
     * docs/clients.md recommends.
     */
    static List<JdbcDriver> matrix() {
        return List.of(isolated("mysql-connector-j 26", "mysql-connector-j-26.jar", "com.mysql.cj.jdbc.Driver",
                        "jdbc:mysql://", "?useSSL=false&allowPublicKeyRetrieval=true"),
                connectorJ9(), connectorJ8(),
                isolated("mysql-connector-j 8.0", "mysql-connector-j-8.0.jar", "com.mysql.cj.jdbc.Driver",
                        "jdbc:mysql://", "?useSSL=false&allowPublicKeyRetrieval=true"),
                // 5.1 offers SSL by default and warns on every connection unless told useSSL=false
                isolated("mysql-connector-java 5.1", "mysql-connector-java-5.1.jar", "com.mysql.jdbc.Driver",
                        "jdbc:mysql://", "?useSSL=false"),
                mariadb(),
                // 4.x requires TLS by default; Tessera does not offer it
                isolated("mariadb-java-client 4", "mariadb-java-client-4.jar", "org.mariadb.jdbc.Driver",
                        "jdbc:mariadb://", "?sslMode=disable"));
    }

    /** The same driver with {@code more} URL options appended, e.g. {@code "useServerPrepStmts=true"}. */
    JdbcDriver with(String more) {
        return new JdbcDriver(name, driver, urlPrefix, options + "&" + more);
    }

    /** A driver from {@code jar} in target/it-drivers, in a class loader of its own so versions do not mix. */
    private static JdbcDriver isolated(String name, String jarName, String className, String urlPrefix,
            String options) {
        Path jar = Path.of("target", "it-drivers", jarName);
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar.toAbsolutePath() + " is missing: run the tests through Maven");
        }
        try {
            URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                    ClassLoader.getPlatformClassLoader());
            return new JdbcDriver(name, load(loader, className), urlPrefix, options);
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
