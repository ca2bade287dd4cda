import { protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * PGlite with named statements, as the PostgreSQL driver keeps them per connection.
 *
 * PGlite's `query` sends every statement unnamed: the embedded database parses and plans it again
 * each time, in five calls into it, all on the app's own thread. Here a statement is parsed and
 * described once, kept by its text, and then only bound and executed, in one call: the account
 * lookup of a login costs about a seventh of the CPU, the session insert about two thirds
 * (docs/decisions/0047-named-statements-on-pglite.md). Every query the app sends outside a
 * transaction goes this way; a transaction's own queries and a query with options this does not
 * know (a file for COPY, parameter types) take PGlite's way.
 *
 * The statements are kept per database, the least recently used closed beyond `capacity`: the
 * app's statements are a few hundred texts at most, and one outside them costs what it cost before
 * (parsed once either way). A statement the database no longer finds, or whose result has changed
 * shape (a schema change), is forgotten and parsed again on its next use.
 */
export function withNamedStatements(client: PGlite, capacity = 500): PGlite {
  const statements = new Map<string, Statement>();
  let counter = 0;

  async function statementFor(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      // Most recently used last: the map's order is the eviction order.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `s${++counter}`;
    const { messages } = await client.execProtocol(
      joined(
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ),
      { syncToFs: false },
    );
    const statement: Statement = { name, parameterTypes: [], fields: [] };
    for (const message of messages) {
      if (message instanceof protocol.messages.ParameterDescriptionMessage) {
        statement.parameterTypes = message.dataTypeIDs;
      } else if (message instanceof protocol.messages.RowDescriptionMessage) {
        statement.fields = message.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }));
      }
    }
    statements.set(text, statement);
    if (statements.size > capacity) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      await client.execProtocol(
        joined(protocol.serialize.close({ type: 'S', name: oldest.name }), protocol.serialize.sync()),
        { syncToFs: false },
      );
    }
    return statement;
  }

  async function run<T>(text: string, params: readonly unknown[], options?: QueryOptions): Promise<Results<T>> {
    const statement = await statementFor(text);
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const type = statement.parameterTypes[index]!;
      const serialize = options?.serializers?.[type] ?? client.serializers[type];
      return serialize ? serialize(param) : String(param);
    });
    try {
      const { messages } = await client.execProtocol(
        joined(
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ),
        { syncToFs: false },
      );
      return results<T>(messages, statement.fields, options, client.parsers);
    } catch (error) {
      if (isStaleStatement(error)) statements.delete(text);
      throw error;
    } finally {
      await client.syncToFs();
    }
  }

  async function query<T>(text: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob || options?.paramTypes) return client.query<T>(text, params as unknown[], options);
    await client._checkReady();
    // PGlite's own order: after any running transaction, one query at a time.
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run<T>(text, params, options)));
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

interface Statement {
  name: string;
  parameterTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

type BackendMessages = Awaited<ReturnType<PGlite['execProtocol']>>['messages'];

/** The rows and counts of one execution, as PGlite's `query` gives them. */
function results<T>(
  messages: BackendMessages,
  fields: Statement['fields'],
  options: QueryOptions | undefined,
  parsers: PGlite['parsers'],
): Results<T> {
  const rows: unknown[] = [];
  let affectedRows = 0;
  let rowCount: number | undefined;
  let command: string | undefined;
  for (const message of messages) {
    if (message instanceof protocol.messages.DataRowMessage) {
      const values = message.fields.map((value, index) => {
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
    } else if (message instanceof protocol.messages.CommandCompleteMessage) {
      const words = message.text.split(' ');
      command = words[0];
      const count = Number.parseInt(words.at(-1)!, 10);
      if (!Number.isNaN(count)) rowCount = count;
      if (/^(INSERT|UPDATE|DELETE|COPY|MERGE)$/.test(command!)) affectedRows += count;
    }
  }
  return { rows: rows as Results<T>['rows'], fields, affectedRows, rowCount, command };
}

/**
 * The database no longer knows the statement (26000), or its cached plan would now give rows of
 * another shape (0A000, after a table it reads changed).
 */
function isStaleStatement(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '26000' || code === '0A000';
}

function joined(...parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}
