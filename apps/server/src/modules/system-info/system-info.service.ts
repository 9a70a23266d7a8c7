import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { VersionFile } from '@portal/contracts/application';
import type { Language } from '@portal/contracts/languages';
import type { SystemInfo } from '@portal/contracts/notification';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isPostgres } from '../../db/database.ts';
import { getApplicationInfo } from '../application/application.service.ts';
import { listCurrencies } from '../reference/reference.service.ts';
import serverPackage from '../../../package.json' with { type: 'json' };

export interface SystemInfoDeps {
  db: Db;
  /** The built web app's directory (its versionUser.json names the build), or undefined in development. */
  webDistDir: string | undefined;
  frameworkVersion: string;
}

/** The running build: dist/versionUser.json when the server serves a build, else the package's version. */
export async function buildOf(
  webDistDir: string | undefined,
): Promise<{ version: string; buildTime: string | null }> {
  if (webDistDir) {
    try {
      const file = JSON.parse(
        await readFile(path.join(webDistDir, 'versionUser.json'), 'utf8'),
      ) as VersionFile;
      if (typeof file.version === 'string')
        return {
          version: file.version,
          buildTime: typeof file.buildTime === 'string' ? file.buildTime : null,
        };
    } catch {
      // No build file (a development run serving sources): the package's version below.
    }
  }
  return { version: serverPackage.version, buildTime: null };
}

async function databaseVersion(db: Db): Promise<string> {
  if (isPostgres(db)) {
    const result = await sql<{ server_version: string }>`show server_version`.execute(db);
    return `PostgreSQL ${result.rows[0]?.server_version ?? ''}`.trim();
  }
  const result = await sql<{ version: string }>`select sqlite_version() as version`.execute(db);
  return `SQLite ${result.rows[0]?.version ?? ''}`.trim();
}

/** The system information page: what runs, where, and which currencies the portal accepts. */
export async function getSystemInfo(
  deps: SystemInfoDeps,
  hostName: string,
  language: Language,
  now = new Date(),
): Promise<SystemInfo> {
  const [application, build, database, currencies] = await Promise.all([
    getApplicationInfo(deps.db, hostName, language),
    buildOf(deps.webDistDir),
    databaseVersion(deps.db),
    listCurrencies(deps.db, language),
  ]);
  return {
    applicationName: application.webName,
    applicationVersion: build.version,
    buildTime: build.buildTime,
    serverVersion: `Node.js ${process.version}`,
    frameworkVersion: `Fastify ${deps.frameworkVersion}`,
    databaseKind: isPostgres(deps.db) ? 'postgres' : 'sqlite',
    databaseVersion: database,
    serverTime: now.toISOString(),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC',
    utcOffsetMinutes: -now.getTimezoneOffset(),
    currencies: currencies.map((currency) => ({
      code: currency.currencyCode,
      name: currency.name,
      symbol: currency.symbol,
    })),
  };
}
