/** The router's immutable view of the logical schemas and tables; proxy-core maps the configuration onto it. */
package io.tessera.router.model;
