import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withNamedStatements } from './pglite-named-statements.server';

describe('PGlite with named statements', () => {
  let client: PGlite;
  let named: PGlite;

  beforeEach(async () => {
    client = await PGlite.create();
    named = withNamedStatements(client, 3);
    await client.exec(`
      create table things (
        id uuid primary key,
        label text unique,
        amount numeric,
        seen_at timestamptz,
        due date,
        details jsonb,
        flags boolean[]
      )`);
  });
  afterEach(() => client.close());

  const preparedStatements = async () =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
      (row) => row.name,
    );

  it('answers every query as PGlite’s own query does: rows, fields, counts, types, both row modes', async () => {
    const insert =
      'insert into things (id, label, amount, seen_at, due, details, flags) values ($1, $2, $3, $4, $5, $6, $7)';
    const values = [
      '6c1b3c6e-2f4e-4c1a-9d55-0d6f3b3f1a01',
      'Fahrrad',
      '12.50',
      new Date('2026-11-28T08:00:00.000Z'),
      '2026-12-01',
      { colour: 'grün', gears: 7 },
      [true, false],
    ];
    const inserted = await named.query(insert, values);
    expect(inserted).toEqual(
      await client.query(insert, ['6c1b3c6e-2f4e-4c1a-9d55-0d6f3b3f1a02', 'Auto', ...values.slice(2)]),
    );
    expect(inserted).toMatchObject({ affectedRows: 1, command: 'INSERT' });
    await named.query(insert, ['6c1b3c6e-2f4e-4c1a-9d55-0d6f3b3f1a03', 'Roller', null, null, null, null, undefined]);

    const select = 'select * from things where label = $1 or amount is null order by label';
    expect(await named.query(select, ['Fahrrad'])).toEqual(await client.query(select, ['Fahrrad']));
    const asArrays = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
    expect(await named.query(select, ['Fahrrad'], asArrays)).toEqual(await client.query(select, ['Fahrrad'], asArrays));
    const none = 'select id from things where amount > $1';
    expect(await named.query(none, [1000])).toEqual(await client.query(none, [1000]));
    const update = 'update things set amount = amount + 1 where amount is not null';
    expect(await named.query(update)).toEqual(await client.query(update));
  });

  it('parses a statement once and keeps at most its capacity, closing the least recently used', async () => {
    await named.query('select 1 as one');
    await named.query('select 1 as one');
    expect(await preparedStatements()).toHaveLength(1);

    await named.query('select 2 as two');
    await named.query('select 3 as three');
    await named.query('select 1 as one');
    await named.query('select 4 as four');
    // `select 2` was the least recently used of four: closed, the other three stay.
    expect(await preparedStatements()).toEqual(['named_1', 'named_3', 'named_4']);
  });

  it('passes a database error on and goes on answering; a statement that does not parse is not kept', async () => {
    const insert = "insert into things (id, label) values ($1, 'Fahrrad')";
    await named.query(insert, ['6c1b3c6e-2f4e-4c1a-9d55-0d6f3b3f1a01']);
    await expect(named.query(insert, ['6c1b3c6e-2f4e-4c1a-9d55-0d6f3b3f1a02'])).rejects.toMatchObject({
      code: '23505',
    });
    await expect(named.query('select from nowhere where')).rejects.toMatchObject({ code: '42601' });
    expect(await preparedStatements()).toEqual(['named_1']);
    expect((await named.query('select count(*)::int as n from things')).rows).toEqual([{ n: 1 }]);
  });

  it('parses a statement again, unseen by its caller, after a change of its table or when the database dropped it', async () => {
    await named.query('select * from things');
    await client.exec('alter table things add column note text');
    expect((await named.query('select * from things')).fields.map((field) => field.name)).toContain('note');
    await client.exec('deallocate all');
    expect((await named.query('select * from things')).rows).toEqual([]);
    expect(await preparedStatements()).toHaveLength(1);
  });

  it('keeps a statement that fails for its values, and one statement per text for two wrappers of one database', async () => {
    const truncated = "select date_trunc($1, interval '1 day') as day";
    for (let i = 0; i < 3; i++) await expect(named.query(truncated, ['week'])).rejects.toMatchObject({ code: '0A000' });
    expect(await preparedStatements()).toHaveLength(1);
    const again = withNamedStatements(client, 3);
    expect((await again.query(truncated, ['day'])).rows).toHaveLength(1);
    expect(await preparedStatements()).toHaveLength(1);
  });

  it('hands the database’s notices to the caller that asked for them', async () => {
    const notices: string[] = [];
    await named.query("do $$ begin raise notice 'Fahrrad'; end $$", [], {
      onNotice: (notice) => notices.push(String(notice.message)),
    });
    expect(notices).toEqual(['Fahrrad']);
  });

  it('runs a transaction’s queries as named statements too, committed or rolled back as PGlite’s own', async () => {
    const insert = 'insert into things (id, label) values ($1, $2)';
    const count = 'select count(*)::int as n from things';
    await named.transaction(async (tx) => {
      expect(await tx.query(insert, ['6c1b3c6e-2f4e-4c1a-9d55-0d6f3b3f1a01', 'Fahrrad'])).toMatchObject({
        affectedRows: 1,
      });
      expect((await tx.query(count)).rows).toEqual([{ n: 1 }]);
    });
    await expect(
      named.transaction(async (tx) => {
        await tx.query(insert, ['6c1b3c6e-2f4e-4c1a-9d55-0d6f3b3f1a02', 'Auto']);
        throw new Error('given up');
      }),
    ).rejects.toThrow('given up');
    await named.transaction(async (tx) => {
      await tx.query(insert, ['6c1b3c6e-2f4e-4c1a-9d55-0d6f3b3f1a03', 'Roller']);
      await tx.rollback();
    });
    expect((await named.query<{ n: number }>(count)).rows).toEqual([{ n: 1 }]);
    // The insert and the count, each parsed once across the three transactions and the query after them.
    expect(await preparedStatements()).toEqual(['named_1', 'named_2']);
  });

  it('gives a transaction the refusal of a reshaped statement, and its next attempt the new statement', async () => {
    await named.query('select * from things');
    await client.exec('alter table things add column note text');
    const attempt = () => named.transaction(async (tx) => (await tx.query('select * from things')).fields.length);
    await expect(attempt()).rejects.toMatchObject({ code: '0A000' });
    expect(await attempt()).toBe(8);
    expect(await preparedStatements()).toHaveLength(1);
  });

  it('refuses a query on a transaction that is over, as PGlite’s own transaction does', async () => {
    let over!: Transaction;
    await named.transaction(async (tx) => {
      over = tx;
    });
    await expect(over.query('select 1')).rejects.toThrow('Transaction is closed');
  });

  it('waits for a running transaction instead of joining it', async () => {
    let insideTransaction!: () => void;
    const started = new Promise<void>((resolve) => (insideTransaction = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into things (id, label) values ('6c1b3c6e-2f4e-4c1a-9d55-0d6f3b3f1a01', 'Fahrrad')");
      insideTransaction();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.rollback();
    });
    await started;
    const counted = await named.query<{ n: number }>('select count(*)::int as n from things');
    await transaction;
    expect(counted.rows).toEqual([{ n: 0 }]);
  });
});
