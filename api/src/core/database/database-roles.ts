import { Client as PgClient } from 'pg';
import { DEFAULT_DATABASE_URLS } from '../config/app-config';

/**
 * Three logins, three jobs. The API and the workers connect as the app role (DATABASE_URL): no superuser,
 * owns nothing, DML only, and on append-only tables only INSERT and SELECT. Migrations run as the owner role
 * (DATABASE_OWNER_URL), which owns the database and every table. Provisioning (creating both roles and the
 * database) needs an administrator (DATABASE_ADMIN_URL) and runs only from `npm start`, `npm test`, the
 * benchmark and docker compose, never from the app.
 */
export interface DatabaseUrls {
  app: string;
  owner: string;
  admin: string;
}

/** The three URLs from the environment (.env is loaded by the caller), with the local defaults. */
export function databaseUrlsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseUrls {
  return {
    app: env.DATABASE_URL ?? DEFAULT_DATABASE_URLS.app,
    owner: env.DATABASE_OWNER_URL ?? DEFAULT_DATABASE_URLS.owner,
    admin: env.DATABASE_ADMIN_URL ?? DEFAULT_DATABASE_URLS.admin,
  };
}

/** Tables the app may add to and read, never change: the audit trail. */
export const APPEND_ONLY_TABLES: readonly string[] = ['audit_log'];
/** Tables that are schema bookkeeping: the app gets nothing on them. */
const OWNER_ONLY_TABLES: readonly string[] = ['typeorm_migrations'];

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

interface Login {
  user: string;
  password: string;
  database: string;
}

export function loginOf(url: string): Login {
  const u = new URL(url);
  const user = decodeURIComponent(u.username);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  // Names go into DDL, which takes no parameters: only plain lower-case identifiers are accepted.
  if (!IDENTIFIER.test(user)) throw new Error(`unsupported role name "${user}" in a database URL`);
  if (!IDENTIFIER.test(database)) throw new Error(`unsupported database name "${database}" in a database URL`);
  return { user, password: decodeURIComponent(u.password), database };
}

/** The URL with another database name (e.g. the maintenance database `postgres`). */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const quoteLiteral = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/** Errors a concurrent creator causes (two `npm test` runs on one machine): the object exists, which is the goal. */
function alreadyThere(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === '42710' || code === '23505' || code === '42P04' || code === 'XX000';
}

async function ensureRole(admin: PgClient, login: Login): Promise<void> {
  const found = await admin.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = $1', [login.user]);
  const password = login.password ? `PASSWORD ${quoteLiteral(login.password)}` : 'PASSWORD NULL';
  if (found.rowCount === 0) {
    try {
      await admin.query(`CREATE ROLE "${login.user}" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS ${password}`);
      return;
    } catch (err) {
      if (!alreadyThere(err)) throw err;
    }
  }
  if (found.rows[0]?.rolsuper) return; // an administrator reused as owner (an old .env): leave it be
  try {
    await admin.query(`ALTER ROLE "${login.user}" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS ${password}`);
  } catch (err) {
    if (!alreadyThere(err)) throw err;
  }
}

/** Creates (or updates) the owner and app roles and the database owned by the owner. Idempotent. */
export async function provisionDatabase(urls: DatabaseUrls): Promise<void> {
  const owner = loginOf(urls.owner);
  const app = loginOf(urls.app);
  if (owner.database !== app.database) throw new Error('DATABASE_URL and DATABASE_OWNER_URL must name the same database');
  const admin = new PgClient({ connectionString: withDatabase(urls.admin, 'postgres') });
  await admin.connect();
  try {
    await ensureRole(admin, owner);
    if (app.user !== owner.user) await ensureRole(admin, app);
    const db = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [owner.database]);
    if (db.rowCount === 0) {
      try {
        await admin.query(`CREATE DATABASE "${owner.database}" OWNER "${owner.user}"`);
      } catch (err) {
        if (!alreadyThere(err)) throw err;
      }
    } else {
      await admin.query(`ALTER DATABASE "${owner.database}" OWNER TO "${owner.user}"`);
    }
    await admin.query(`REVOKE CREATE ON DATABASE "${owner.database}" FROM PUBLIC`);
  } finally {
    await admin.end();
  }
  await adoptObjects(urls.admin, owner);
}

/**
 * A database made before the roles existed (its tables owned by the administrator) is handed to the owner,
 * so migrations and grants work on it; the extension-owned objects stay where they are.
 */
async function adoptObjects(adminUrl: string, owner: Login): Promise<void> {
  const db = new PgClient({ connectionString: withDatabase(adminUrl, owner.database) });
  await db.connect();
  try {
    await db.query(`
      DO $$
      DECLARE r record;
      BEGIN
        FOR r IN SELECT c.oid, c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
                    AND pg_get_userbyid(c.relowner) <> ${quoteLiteral(owner.user)}
                    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
        LOOP
          IF r.relkind = 'S' THEN
            -- Serial and identity sequences follow their table.
            IF NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = r.oid AND d.deptype IN ('a', 'i')) THEN
              EXECUTE format('ALTER SEQUENCE public.%I OWNER TO %I', r.relname, ${quoteLiteral(owner.user)});
            END IF;
          ELSE
            EXECUTE format('ALTER TABLE public.%I OWNER TO %I', r.relname, ${quoteLiteral(owner.user)});
          END IF;
        END LOOP;
        FOR r IN SELECT p.oid::regprocedure AS fn FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                  WHERE n.nspname = 'public' AND pg_get_userbyid(p.proowner) <> ${quoteLiteral(owner.user)}
                    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
        LOOP
          EXECUTE format('ALTER FUNCTION %s OWNER TO %I', r.fn, ${quoteLiteral(owner.user)});
        END LOOP;
      END $$`);
  } finally {
    await db.end();
  }
}

/**
 * Run by the owner after the migrations, so every table, new ones included, gets exactly its grants: DML on
 * application tables, INSERT and SELECT on append-only ones, nothing on the migrations table.
 */
export async function grantAppRole(ownerClient: PgClient, appUser: string, ownerUser: string): Promise<void> {
  if (appUser === ownerUser) return;
  if (!IDENTIFIER.test(appUser)) throw new Error(`unsupported role name "${appUser}"`);
  const tables = await ownerClient.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  await ownerClient.query(`GRANT USAGE ON SCHEMA public TO "${appUser}"`);
  await ownerClient.query(`REVOKE CREATE ON SCHEMA public FROM "${appUser}"`);
  for (const { tablename } of tables.rows) {
    if (!IDENTIFIER.test(tablename)) continue;
    await ownerClient.query(`REVOKE ALL ON TABLE "${tablename}" FROM "${appUser}"`);
    if (OWNER_ONLY_TABLES.includes(tablename)) continue;
    const privileges = APPEND_ONLY_TABLES.includes(tablename) ? 'SELECT, INSERT' : 'SELECT, INSERT, UPDATE, DELETE';
    await ownerClient.query(`GRANT ${privileges} ON TABLE "${tablename}" TO "${appUser}"`);
  }
  await ownerClient.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO "${appUser}"`);
}
