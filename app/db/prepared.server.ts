import type { Database } from './client.server';

/**
 * A query built once per database handle and then run with its parameters only (Drizzle's
 * `.prepare(name)` with `sql.placeholder`): the queries every logged-in page runs are not built
 * again per request, and on PostgreSQL the server keeps their plan per connection instead of
 * parsing and planning each one (docs/decisions/0040-route-branch-handlers.md); the embedded
 * database keeps every statement's plan by its text (pglite-named-statements.server.ts). A
 * transaction is a handle of its own and gets its own copy.
 */
export function preparedFor<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const byHandle = new WeakMap<Database, Query>();
  return (db) => {
    let query = byHandle.get(db);
    if (!query) {
      query = build(db);
      byHandle.set(db, query);
    }
    return query;
  };
}
