/**
 * The statement pipeline: what happens to one COM_QUERY (or a prepared statement's EXECUTE, as its text) between the
 * front end and the executor. {@link io.tessera.proxy.pipeline.StatementPipeline} runs an ordered list of
 * {@link io.tessera.proxy.pipeline.Step}s over a {@link io.tessera.proxy.pipeline.QueryRun}: read the text, check it
 * against the SQL blacklist, split multi-statements, use a cached route, parse, answer locally, commit before DDL,
 * inline session values, learn column orders, look up ER parent rows, plan, run. A step that needs a backend round
 * trip holds the run and resumes it when the answer comes, on the client's event loop; the router is asked for the
 * facts it needs before it routes.
 */
package io.tessera.proxy.pipeline;
