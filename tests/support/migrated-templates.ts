import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '~/db/client.server';
import { withFileLock } from './file-lock';

/**
 * Migrated databases to copy from, made once per machine and migration set rather than once per
 * test: the migrations, PGlite's version and PostgreSQL's server name them, so a changed migration
 * makes new ones. Tests copy them (`test-databases.ts`); nothing writes to them.
 */

/** The migration files' contents and PGlite's version, as a short hex name. */
const migrationSet = (() => {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  hash.update(readFileSync(path.resolve('node_modules', '@electric-sql', 'pglite', 'package.json')));
  return hash.digest('hex').slice(0, 16);
})();

const cacheFolder = path.resolve('node_modules', '.cache', 'test-databases');
let pgliteDump: Promise<Blob> | undefined;

/**
 * A migrated PGlite data directory as a tarball (`PGlite.create({ loadDataDir })`), kept in
 * node_modules/.cache: the first process of a run that needs it migrates, the others wait for it.
 */
export function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(cacheFolder, `pglite-${migrationSet}.tar`);
    const cached = await readFile(file).catch(() => undefined);
    if (cached) return new Blob([cached]);
    await mkdir(cacheFolder, { recursive: true });
    return withFileLock(`${file}.lock`, async () => {
      const madeMeanwhile = await readFile(file).catch(() => undefined);
      if (madeMeanwhile) return new Blob([madeMeanwhile]);
      const client = await PGlite.create();
      try {
        await (await openDatabase({ pgliteClient: client })).migrate();
        const dump = await client.dumpDataDir('none');
        // Written under another name and renamed: a reader never sees half a file.
        const partial = `${file}.${process.pid}`;
        await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
        await rename(partial, file);
        await removeOtherMigrationSets();
        return dump;
      } finally {
        await client.close();
      }
    });
  })();
  return pgliteDump;
}

let pgliteDirectory: Promise<string> | undefined;

/**
 * A migrated PGlite data directory on disk, kept in node_modules/.cache: an app started with a copy
 * in its DATA_DIR finds its migrations applied (tests/support/app-server.ts).
 */
export function migratedPgliteDirectory(): Promise<string> {
  pgliteDirectory ??= (async () => {
    const directory = path.join(cacheFolder, `pglite-${migrationSet}`);
    if (await exists(directory)) return directory;
    const dump = await migratedPgliteDump();
    return withFileLock(`${directory}.lock`, async () => {
      if (await exists(directory)) return directory;
      const partial = `${directory}.${process.pid}`;
      await rm(partial, { recursive: true, force: true });
      await (await PGlite.create(partial, { loadDataDir: dump })).close();
      try {
        await rename(partial, directory);
      } catch (error) {
        // Made meanwhile by a process that took over a lock it thought abandoned: that copy serves.
        if (!(await exists(directory))) throw error;
        await rm(partial, { recursive: true, force: true });
      }
      return directory;
    });
  })();
  return pgliteDirectory;
}

/** The dumps and directories of earlier migration sets: nothing of this checkout copies them any more. */
async function removeOtherMigrationSets(): Promise<void> {
  const ours = `pglite-${migrationSet}`;
  for (const name of await readdir(cacheFolder)) {
    if (name.startsWith('pglite-') && !name.startsWith(ours)) {
      await rm(path.join(cacheFolder, name), { recursive: true, force: true });
    }
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

const templates = new Map<string, Promise<string>>();

/**
 * The name of a migrated database on the PostgreSQL server of `serverUrl`, for `CREATE DATABASE …
 * TEMPLATE`. Made under an advisory lock, migrated under a name of its own and renamed when
 * complete, so that a run that dies half-way leaves no template that looks finished. Templates of
 * other migration sets are dropped when not in use.
 */
export function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = makePostgresTemplate(serverUrl);
    templates.set(serverUrl, template);
  }
  return template;
}

const templatePrefix = 'test_template_';
/** Any fixed number: the runs and workers that make templates on one server. */
const templateLockKey = 727_906_092;

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `${templatePrefix}${migrationSet}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [templateLockKey]);
    // Only names this code makes: `_` in a LIKE pattern would match any character.
    const existing = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname ~ '^${templatePrefix}[0-9a-f]{16}(_building)?$'`,
    );
    if (existing.rows.some((row) => row.datname === name)) return name;
    for (const { datname } of existing.rows) {
      // A template another run is copying from right now refuses to go; it goes the next time.
      await admin.query(`drop database if exists ${datname}`).catch(() => {});
    }
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.end();
  }
}
