package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterSettingsTest {

    @TempDir
    Path conf;

    private void write(String properties) throws IOException {
        Files.writeString(conf.resolve(ClusterSettings.FILE), properties);
    }

    @Test
    void noFileOrLoadZkFalseIsANodeOnItsOwn() throws IOException {
        assertThat(ClusterSettings.read(conf)).isEmpty();
        write("loadZk=false\nzkURL=127.0.0.1:2181\n");
        assertThat(ClusterSettings.read(conf)).isEmpty();
    }

    @Test
    void mycatsSampleFileWithLoadZkTrueIsReadAsIs() throws IOException {
        write("""
                loadZk=true
                zkURL=127.0.0.1:2181
                clusterId=mycat-cluster-1
                myid=mycat_fz_01
                clusterSize=3
                clusterNodes=mycat_fz_01,mycat_fz_02,mycat_fz_04
                #server  booster  ;   booster install on db same server,will reset all minCon to 2
                type=server
                boosterDataHosts=dataHost1
                """);
        assertThat(ClusterSettings.read(conf)).contains(new ClusterSettings("127.0.0.1:2181", "mycat-cluster-1",
                "mycat_fz_01", 3, List.of("mycat_fz_01", "mycat_fz_02", "mycat_fz_04")));
    }

    @Test
    void everyMissingOrWrongKeyIsNamed() throws IOException {
        write("loadZk=true\nzkURL=localhost\nmyid=a/b\nclusterSize=two\ntype=booster\n");
        assertThatThrownBy(() -> ClusterSettings.read(conf)).isInstanceOfSatisfying(ConfigException.class,
                e -> assertThat(e.problems()).containsExactly(
                        "myid.properties: zkURL=localhost (expected: host:port[,host:port...])",
                        "myid.properties: clusterId is required with loadZk=true",
                        "myid.properties: myid=a/b (expected: letters, digits, '_', '-', '.')",
                        "myid.properties: clusterSize=two (expected: a whole number >= 1)",
                        "myid.properties: type=booster is not supported (expected: server; MyCat's booster nodes"
                                + " are not)"));
    }

    @Test
    void myidMustBeAmongClusterNodesAndTheirCountTheSize() throws IOException {
        write("loadZk=TRUE\nzkURL=zk1:2181,zk2:2181\nclusterId=c\nmyid=n4\nclusterSize=2\nclusterNodes=n1, n2, n3\n");
        assertThatThrownBy(() -> ClusterSettings.read(conf)).isInstanceOfSatisfying(ConfigException.class,
                e -> assertThat(e.problems()).containsExactly(
                        "myid.properties: myid=n4 is not among clusterNodes=n1, n2, n3",
                        "myid.properties: clusterSize=2 but clusterNodes names 3 nodes"));
    }
}
