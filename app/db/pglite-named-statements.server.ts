import { protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * PGlite with named statements, as the PostgreSQL driver keeps them per connection.
 *
 * PGlite's `query` sends every statement unnamed: the embedded database parses and plans it again
 * each time, in five calls into it, all on the app's own thread. Here a statement is parsed and
 * described once, kept by its text, and then only bound and executed, in one call: the account
 * lookup of a login costs about a seventh of the CPU, the session insert about two thirds
 * (docs/decisions/0047-named-statements-on-pglite.md). Every `query` goes this way, a
 * transaction's too (Drizzle sends all its statements so); `sql`, `exec` and a query with options
 * this does not know (a file for COPY, parameter types) take PGlite's way.
 *
 * The statements are kept per database, the least recently used closed beyond `capacity`: the
 * app's statements are a few hundred texts at most, and one outside them costs what it cost before
 * (parsed once either way). A statement the database no longer finds, or whose rows a schema change
 * gave another shape, is refused before it runs: it is closed, parsed again and run once more
 * (inside a transaction, which that refusal aborts up to its last savepoint, the caller gets the error).
 */
export function withNamedStatements(client: PGlite, capacity = 500): PGlite {
  // One cache per database: two wrappers of one client share its statements and their names.
  const cache = caches.get(client) ?? { statements: new Map<string, Statement>(), counter: 0 };
  caches.set(client, cache);
  const { statements } = cache;

  async function send(options: QueryOptions | undefined, ...parts: Uint8Array[]): Promise<BackendMessage[]> {
    return client.execProtocolStream(Buffer.concat([...parts, protocol.serialize.sync()]), {
      syncToFs: false,
      onNotice: options?.onNotice,
    });
  }

  async function statementFor(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      // Most recently used last: the map's order is the eviction order.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `named_${++cache.counter}`;
    let messages: BackendMessage[];
    try {
      messages = await send(
        options,
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
      );
    } catch (error) {
      // A statement that parsed but could not be described would stay in the database unnamed by
      // the cache; closing a statement that does not exist is no error.
      await send(undefined, protocol.serialize.close({ type: 'S', name }));
      throw error;
    }
    const statement: Statement = { name, parameterTypes: [], fields: [] };
    for (const message of messages) {
      if (message.name === 'parameterDescription') {
        statement.parameterTypes = (message as ParameterDescriptionMessage).dataTypeIDs;
      } else if (message.name === 'rowDescription') {
        statement.fields = (message as RowDescriptionMessage).fields.map(({ name, dataTypeID }) => ({
          name,
          dataTypeID,
        }));
      }
    }
    statements.set(text, statement);
    if (statements.size > capacity) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      await send(undefined, protocol.serialize.close({ type: 'S', name: oldest.name }));
    }
    return statement;
  }

  async function execute<T>(statement: Statement, params: readonly unknown[], options?: QueryOptions) {
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const type = statement.parameterTypes[index]!;
      const serialize = options?.serializers?.[type] ?? client.serializers[type];
      return serialize ? serialize(param) : String(param);
    });
    const messages = await send(
      options,
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.execute({}),
    );
    return results<T>(messages, statement.fields, options, client.parsers);
  }

  async function run<T>(
    text: string,
    params: readonly unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const statement = await statementFor(text, options);
    let answer: Results<T>;
    try {
      answer = await execute<T>(statement, params, options);
    } catch (error) {
      if (!isStaleStatement(error)) throw error;
      // Refused at Bind, before anything ran: the statement is closed and parsed anew. Outside a
      // transaction it runs once more; inside one the refusal has already aborted the transaction
      // (or its savepoint), so it reaches the caller, and the next attempt finds the new statement.
      statements.delete(text);
      await send(undefined, protocol.serialize.close({ type: 'S', name: statement.name }));
      if (inTransaction) throw error;
      answer = await execute<T>(await statementFor(text, options), params, options);
    }
    // As PGlite's own `tx.query`: no sync of the data directory inside a transaction.
    if (!inTransaction) await client.syncToFs();
    return answer;
  }

  async function query<T>(text: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (isPGlitesOwn(options)) return client.query<T>(text, params as unknown[], options);
    await client._checkReady();
    // PGlite's own order: after any running transaction, one query at a time.
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run<T>(text, params, options, false)));
  }

  /** PGlite's transaction, whose queries take the named statements too. */
  function transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return client.transaction((tx) => {
      // Inside the transaction's own turn: only the query mutex, as PGlite's `tx.query` takes it.
      async function txQuery<R>(text: string, params: readonly unknown[] = [], options?: QueryOptions) {
        if (tx.closed || isPGlitesOwn(options)) return tx.query<R>(text, params as unknown[], options);
        return client._runExclusiveQuery(() => run<R>(text, params, options, true));
      }
      return callback(
        new Proxy(tx, {
          get: (target, property) => (property === 'query' ? txQuery : Reflect.get(target, property, target)),
        }),
      );
    });
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const caches = new WeakMap<PGlite, { statements: Map<string, Statement>; counter: number }>();

interface Statement {
  name: string;
  parameterTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type ParameterDescriptionMessage = InstanceType<typeof protocol.messages.ParameterDescriptionMessage>;
type RowDescriptionMessage = InstanceType<typeof protocol.messages.RowDescriptionMessage>;
type DataRowMessage = InstanceType<typeof protocol.messages.DataRowMessage>;
type CommandCompleteMessage = InstanceType<typeof protocol.messages.CommandCompleteMessage>;

/** The rows and counts of one execution, as PGlite's `query` gives them. */
function results<T>(
  messages: BackendMessage[],
  fields: Statement['fields'],
  options: QueryOptions | undefined,
  parsers: PGlite['parsers'],
): Results<T> {
  const rows: unknown[] = [];
  const answer: Results<T> = { rows: rows as Results<T>['rows'], fields: fields.slice(), affectedRows: 0 };
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const values = (message as DataRowMessage).fields.map((value, index) => {
        if (value === null) return null;
        const type = fields[index]!.dataTypeID;
        const parse = options?.parsers?.[type] ?? parsers[type];
        return parse ? parse(value, type) : value;
      });
      rows.push(
        options?.rowMode === 'array'
          ? values
          : Object.fromEntries(fields.map((field, index) => [field.name, values[index]])),
      );
    } else if (message.name === 'commandComplete') {
      const words = (message as CommandCompleteMessage).text.split(' ');
      const command = words[0]!;
      const count = Number.parseInt(words.at(-1)!, 10);
      answer.command = command;
      if (!Number.isNaN(count)) answer.rowCount = count;
      if (/^(INSERT|UPDATE|DELETE|COPY|MERGE)$/.test(command)) answer.affectedRows! += count;
    }
  }
  return answer;
}

/** A query with options the wrapper does not handle (a file for COPY, explicit parameter types). */
function isPGlitesOwn(options: QueryOptions | undefined): boolean {
  return Boolean(options?.blob || options?.paramTypes);
}

/**
 * The database no longer knows the statement (26000, after `DEALLOCATE ALL`), or its kept plan
 * would now give rows of another shape (a table it reads changed). Both are refused at Bind.
 */
function isStaleStatement(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '26000' || (code === '0A000' && message === 'cached plan must not change result type');
}
