/** Errors of routing: unknown tables, no database selected, statements Tessera cannot run correctly (1235). */
package io.tessera.router.error;
