// The PostgreSQL database the benchmark imports into: a given URL, or a fresh
// `storefront_bench` on the local PostgreSQL (trust auth), dropped and recreated with psql.
//
// The server reaches the local PostgreSQL the way a same-host deployment would: over its Unix
// socket when there is one (each statement's write then skips the loopback TCP stack), else
// over TCP. `--database-url postgres://postgres@127.0.0.1:5432/storefront_bench` forces TCP.
import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"

const ADMIN_HOST = "127.0.0.1"
const ADMIN_PORT = "5432"
const ADMIN_USER = "postgres"
const SOCKET_DIRECTORY = "/var/run/postgresql"
export const BENCH_DATABASE_NAME = "storefront_bench"
export const LOCAL_BENCH_DATABASE_URL = existsSync(`${SOCKET_DIRECTORY}/.s.PGSQL.${ADMIN_PORT}`)
  ? `postgres://${ADMIN_USER}@localhost:${ADMIN_PORT}/${BENCH_DATABASE_NAME}?host=${SOCKET_DIRECTORY}`
  : `postgres://${ADMIN_USER}@${ADMIN_HOST}:${ADMIN_PORT}/${BENCH_DATABASE_NAME}`

export const recreateLocalBenchDatabase = (): string => {
  const psql = (sql: string): void => {
    execFileSync(
      "psql",
      ["-h", ADMIN_HOST, "-p", ADMIN_PORT, "-U", ADMIN_USER, "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-q", "-c", sql],
      { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, PGOPTIONS: "-c client_min_messages=warning" } }
    )
  }
  psql(`DROP DATABASE IF EXISTS ${BENCH_DATABASE_NAME} WITH (FORCE)`)
  psql(`CREATE DATABASE ${BENCH_DATABASE_NAME}`)
  return LOCAL_BENCH_DATABASE_URL
}

/** The URL of database `name` on the server of `url`. */
const databaseBeside = (url: string, name: string): string => {
  const beside = new URL(url)
  beside.pathname = `/${name}`
  return beside.toString()
}

/**
 * A fresh database `name` on the server of `url` (dropped first when it exists), beside the bench
 * database, made through the server's `postgres` database; its URL. `dropDatabaseBeside` removes it again.
 */
export const recreateDatabaseBeside = (url: string, name: string): string => {
  dropDatabaseBeside(url, name)
  psqlAt(databaseBeside(url, "postgres"), `CREATE DATABASE ${name}`)
  return databaseBeside(url, name)
}

export const dropDatabaseBeside = (url: string, name: string): void =>
  psqlAt(databaseBeside(url, "postgres"), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)

/** One statement through psql on `url` (the Unix socket form included). */
const psqlAt = (url: string, statement: string): void => {
  execFileSync("psql", [url, "-X", "-v", "ON_ERROR_STOP=1", "-q", "-c", statement], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, PGOPTIONS: "-c client_min_messages=warning" }
  })
}

/**
 * VACUUM (ANALYZE) of the whole database, for a rerun over a database earlier runs have used:
 * every add-to-cart run leaves tens of thousands of dead cart rows, which autovacuum would clear
 * in production but which a server with autovacuum off (this machine's) keeps, so reruns would
 * measure an ever larger table. psql takes the URL as it is (Unix socket form included).
 */
export const vacuumDatabase = (url: string): void => psqlAt(url, "VACUUM (ANALYZE)")

/** The URL without its password, for logs and the results file. */
export const redactDatabaseUrl = (url: string): string => {
  try {
    const parsed = new URL(url)
    if (parsed.password !== "") parsed.password = "***"
    return parsed.toString()
  } catch {
    return "(unparseable database url)"
  }
}
