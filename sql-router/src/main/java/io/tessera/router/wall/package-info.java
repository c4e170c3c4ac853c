/**
 * MyCat's SQL blacklist ({@code <firewall><blacklist check="true">} in server.xml): Druid's wall, configured by the
 * blacklist's {@code WallConfig} properties ({@link io.tessera.router.wall.WallProperties}) and asked about each
 * statement text ({@link io.tessera.router.wall.SqlFirewall}). Its answers are plain values ({@link
 * io.tessera.router.wall.WallViolation}): no Druid type leaves the package.
 */
package io.tessera.router.wall;
