package io.tessera.router.wall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alibaba.druid.wall.WallConfig;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WallPropertiesTest {

    @Test
    void acceptsDruidsSettingsWithTheirValues() {
        assertThat(WallProperties.problem("deleteWhereNoneCheck", "true")).isEmpty();
        assertThat(WallProperties.problem("selectIntoOutfileAllow", " FALSE ")).isEmpty();
        assertThat(WallProperties.problem("selelctAllow", "false")).isEmpty(); // Druid's own misspelt alias
        assertThat(WallProperties.problem("insertValuesCheckSize", "0")).isEmpty();
        assertThat(WallProperties.problem("insertValuesCheckSize", "5")).isEmpty();
    }

    @Test
    void reportsAValueDruidWouldNotRead() {
        assertThat(WallProperties.problem("deleteWhereNoneCheck", "yes"))
                .contains("value \"yes\": expected true or false");
        assertThat(WallProperties.problem("deleteWhereNoneCheck", "1"))
                .contains("value \"1\": expected true or false");
        assertThat(WallProperties.problem("insertValuesCheckSize", "-1"))
                .contains("value \"-1\": expected an integer >= 0");
        assertThat(WallProperties.problem("insertValuesCheckSize", "many"))
                .contains("value \"many\": expected an integer >= 0");
    }

    @Test
    void reportsUnknownNamesAndSettingsTesseraCannotHonour() {
        assertThat(WallProperties.problem("deleteWhereNonCheck", "true")).contains("not a Druid WallConfig setting"
                + " (names are case-sensitive, e.g. deleteWhereNoneCheck)");
        assertThat(WallProperties.problem("DeleteWhereNoneCheck", "true")).get().asString()
                .startsWith("not a Druid WallConfig setting");
        assertThat(WallProperties.problem("selectLimit", "100")).contains("Druid WallConfig setting that Tessera"
                + " cannot honour: Druid applies it by rewriting the SELECT, and the data nodes get the client's text"
                + " (schema.xml's sqlMaxLimit limits SELECTs)");
        assertThat(WallProperties.problem("tenantColumn", "tenant_id")).get().asString()
                .startsWith("Druid WallConfig setting that Tessera cannot honour: ");
        assertThat(WallProperties.problem("dir", "META-INF/druid/wall/mysql")).get().asString()
                .endsWith("Druid's deny lists are not loaded, as in MyCat");
    }

    /** A Druid upgrade that adds a setting fails here until the table says what Tessera does with it. */
    @Test
    void everyWallConfigSetterIsEitherUsableOrRefusedWithAReason() {
        List<String> unknown = new ArrayList<>();
        for (Method method : WallConfig.class.getMethods()) {
            String name = method.getName();
            if (!name.startsWith("set") || name.length() == 3 || method.getParameterCount() != 1
                    || Modifier.isStatic(method.getModifiers())) {
                continue;
            }
            String property = Character.toLowerCase(name.charAt(3)) + name.substring(4);
            if (WallProperties.problem(property, "true").filter(p -> p.startsWith("not a Druid")).isPresent()) {
                unknown.add(property);
            }
        }
        assertThat(unknown).isEmpty();
    }

    @Test
    void buildsDruidsDefaultsWithThePropertiesSet() {
        WallConfig config = WallProperties.config(Map.of("deleteWhereNoneCheck", "TRUE", "multiStatementAllow",
                "true", "insertValuesCheckSize", "7"));

        assertThat(config.isDeleteWhereNoneCheck()).isTrue();
        assertThat(config.isMultiStatementAllow()).isTrue();
        assertThat(config.getInsertValuesCheckSize()).isEqualTo(7);
        assertThat(config.isUpdateWhereNoneCheck()).isFalse(); // Druid's default
        assertThat(config.getDenyFunctions()).isEmpty(); // no deny lists, as MyCat's new WallConfig()
        assertThatThrownBy(() -> WallProperties.config(Map.of("selectLimit", "10")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("blacklist property selectLimit: Druid WallConfig setting that Tessera cannot");
    }
}
