/**
 * Databases for the service run as real processes (server-process.ts), on both engines: the
 * embedded PGlite in a new data folder of its own (always; one process at a time), and a new
 * database on the PostgreSQL server of DATABASE_URL when it is set (any number of processes,
 * and the test reads its rows with psql). Each is dropped at the end. `startService` starts the
 * service on one, behind one trusted proxy hop (so each test client can come from an address
 * of its own through `x-forwarded-for`), and waits until it is ready.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type ServerProcess, startServerProcess, waitUntilReady } from "./server-process.ts"
import { freePort } from "./throwaway-postgres.ts"

export interface ProcessDatabase {
  /** The environment that points the service at it. */
  readonly env: Record<string, string>
  /** One SQL statement, its rows as unaligned psql output (PostgreSQL only: PGlite is the process's own). */
  readonly sql: ((statement: string) => string) | undefined
  readonly drop: () => void
}

export interface ProcessEngine {
  readonly name: "pglite" | "postgres"
  /** Whether several processes may share it. */
  readonly shared: boolean
  readonly create: () => ProcessDatabase
}

const psql = (url: string, statement: string): string =>
  execFileSync("psql", [url, "-X", "-At", "-v", "ON_ERROR_STOP=1", "-c", statement], {
    encoding: "utf8",
    env: { ...process.env, PGOPTIONS: "-c client_min_messages=warning" }
  }).trim()

const pglite: ProcessEngine = {
  name: "pglite",
  shared: false,
  create: () => {
    const dataDir = mkdtempSync(join(tmpdir(), "storefront-process-"))
    return { env: { DATABASE_URL: "", DATA_DIR: dataDir }, sql: undefined, drop: () => rmSync(dataDir, { recursive: true, force: true }) }
  }
}

const postgres = (serverUrl: string): ProcessEngine => ({
  name: "postgres",
  shared: true,
  create: () => {
    const name = `process_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
    psql(serverUrl, `CREATE DATABASE ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    return {
      env: { DATABASE_URL: url.toString() },
      sql: (statement) => psql(url.toString(), statement),
      drop: () => psql(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    }
  }
})

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const processEngines = (): ReadonlyArray<ProcessEngine> => {
  const url = process.env["DATABASE_URL"]
  return url === undefined || url === "" ? [pglite] : [pglite, postgres(url)]
}

export interface Service {
  /** `http://127.0.0.1:<port>` */
  readonly base: string
  readonly process: ServerProcess
  /** SIGKILL, as `kill -9`: no shutdown at all; resolves once the process is gone. */
  readonly kill: () => Promise<void>
  /** SIGTERM; resolves once the process exited. */
  readonly stop: () => Promise<void>
}

/** A first start migrates and loads the demo catalog: slow on a busy machine (the embedded database above all). */
export const SERVICE_START_TIMEOUT_MILLIS = 180_000

export const startService = async (env: Record<string, string>): Promise<Service> => {
  const port = await freePort()
  const server = startServerProcess({ PORT: String(port), HOST: "127.0.0.1", TRUST_PROXY: "1", ...env })
  const ended = (signal: NodeJS.Signals) => async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal)
    await server.finished
  }
  try {
    await waitUntilReady(server, port, SERVICE_START_TIMEOUT_MILLIS)
  } catch (error) {
    await ended("SIGKILL")()
    throw error
  }
  return { base: `http://127.0.0.1:${port}`, process: server, kill: ended("SIGKILL"), stop: ended("SIGTERM") }
}
