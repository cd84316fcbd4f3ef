import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { projects } from '../../src/config/projects.ts';
import { seedStore } from '../../src/seed.ts';
import { buildServer } from '../../../../scripts/build-server.mjs';

/**
 * Migrates and seeds one database for the whole run, then every test file copies it: a dumped
 * data folder for PGlite, a template database for PostgreSQL. Copying is much cheaper than
 * migrating and seeding per file.
 */
export default async function setup(project: TestProject) {
  // Tests that start the real server process run the bundle `npm start` runs.
  await buildServer();
  const project_ = (process.env.PROJECT as 'cs' | 'dota' | undefined) ?? 'cs';
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `store_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const tplUrl = withDatabase(url, template);
    const database = await openDatabase({ databaseUrl: tplUrl, poolSize: 2 });
    await seedStore(database.db, projects[project_]);
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const client = await PGlite.create();
  const database = await openDatabase({ pglite: client });
  await seedStore(database.db, projects[project_]);
  const dump = await client.dumpDataDir('none');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  const file = path.join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteDump?: string;
  }
}
