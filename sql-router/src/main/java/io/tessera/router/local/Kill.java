package io.tessera.router.local;

/**
 * {@code KILL [CONNECTION | QUERY] id}.
 *
 * @param connection {@code KILL} or {@code KILL CONNECTION}, rather than {@code KILL QUERY}
 * @param ids how many ids the parser read (Druid reads {@code KILL 1, 2}; MySQL takes exactly one)
 * @param id the id when there is exactly one and it is an integer; otherwise {@code null}
 * @param idText the id as written when there is exactly one; otherwise {@code null}
 */
public record Kill(boolean connection, int ids, Long id, String idText) {
}
