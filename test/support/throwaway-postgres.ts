/**
 * A throwaway PostgreSQL cluster for fault tests: `initdb` into a temporary folder, run by the
 * `postgres` OS user (PostgreSQL refuses to run as root) on a free loopback port, so a test can
 * stop it, crash it and start it again without touching the shared server.
 *
 * The binaries come from `pg_config --bindir`. Nothing here is Effect: the fault suites drive
 * the cluster from plain async code around the service under test.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process"
import { chmodSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"

export interface ThrowawayPostgres {
  readonly port: number
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  readonly url: string
  /** `pg_ctl stop -m fast`: sessions are told to end, then the server shuts down cleanly. */
  readonly stop: () => void
  /** `pg_ctl stop -m immediate`: no clean shutdown; the next start runs crash recovery. */
  readonly crash: () => void
  /** Start again on the same port and data folder; waits until it accepts connections. */
  readonly start: () => void
  /** `pg_ctl restart -m immediate`. */
  readonly crashRestart: () => void
  /** Runs one SQL statement with psql and returns its unaligned output. */
  readonly psql: (statement: string, database?: string) => string
  /** Runs SQL with psql in the background (e.g. a transaction that holds a lock while it sleeps). */
  readonly psqlInBackground: (statement: string, database?: string) => ChildProcess
  /** Stops the cluster (if running) and deletes its folder. */
  readonly destroy: () => void
}

const binDir = (): string => execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim()

/** Whether this machine can run a throwaway cluster (binaries present, a `postgres` OS user). */
export const throwawayPostgresAvailable = (): boolean => {
  try {
    binDir()
    return spawnSync("id", ["-u", "postgres"]).status === 0
  } catch {
    return false
  }
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

const isRoot = (): boolean => process.getuid?.() === 0

/** Runs a PostgreSQL binary as the `postgres` OS user (directly when we already are not root). */
const runAsPostgres = (bin: string, args: ReadonlyArray<string>): string => {
  const [command, argv] = isRoot()
    ? ["runuser", ["-u", "postgres", "--", bin, ...args]]
    : [bin, [...args]]
  const result = spawnSync(command, argv, { encoding: "utf8", timeout: 120_000 })
  if (result.status !== 0) {
    throw new Error(`${bin} ${args.join(" ")} failed (${result.status}): ${result.stderr}${result.stdout}`)
  }
  return result.stdout
}

/** A new folder for a cluster, owned by the `postgres` OS user. */
const clusterFolder = (): string => {
  const root = mkdtempSync(join(tmpdir(), "storefront-pg-"))
  chmodSync(root, 0o777)
  if (isRoot()) execFileSync("chown", ["postgres", root])
  return root
}

/** Drives the cluster whose data folder is `root/data`, on `port` (loopback, sockets in `root`). */
const clusterAt = (root: string, port: number, extraOptions = ""): ThrowawayPostgres => {
  const bin = binDir()
  const dataDir = join(root, "data")
  // loopback only, sockets in the temp folder (not /var/run/postgresql), fast checkpoints
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root} ` +
    `-c max_connections=100 -c fsync=on -c log_min_messages=fatal${extraOptions}`
  const pgCtl = (...args: Array<string>) => runAsPostgres(join(bin, "pg_ctl"), ["-D", dataDir, ...args])
  const start = () => { pgCtl("start", "-w", "-t", "60", "-l", join(root, "server.log"), "-o", options) }
  const stopWith = (mode: "fast" | "immediate") => () => { pgCtl("stop", "-w", "-m", mode) }
  const running = () => spawnSync(isRoot() ? "runuser" : join(bin, "pg_ctl"),
    isRoot() ? ["-u", "postgres", "--", join(bin, "pg_ctl"), "-D", dataDir, "status"] : ["-D", dataDir, "status"]).status === 0
  start()
  const psqlArgs = (statement: string, database: string) =>
    ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", database, "-v", "ON_ERROR_STOP=1", "-qAt", "-c", statement]
  const psql = (statement: string, database = "postgres") =>
    execFileSync(join(bin, "psql"), psqlArgs(statement, database), { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim()
  const psqlInBackground = (statement: string, database = "postgres") =>
    spawn(join(bin, "psql"), psqlArgs(statement, database), { stdio: "ignore" })
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: stopWith("fast"),
    crash: stopWith("immediate"),
    start,
    crashRestart: () => { pgCtl("restart", "-w", "-t", "60", "-m", "immediate", "-l", join(root, "server.log"), "-o", options) },
    psql,
    psqlInBackground,
    destroy: () => {
      try {
        if (running()) stopWith("immediate")()
      } finally {
        rmSync(root, { recursive: true, force: true })
      }
    }
  }
}

export const startThrowawayPostgres = async (): Promise<ThrowawayPostgres> => {
  const root = clusterFolder()
  const port = await freePort()
  runAsPostgres(join(binDir(), "initdb"), ["-D", join(root, "data"), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"])
  return clusterAt(root, port)
}

/**
 * A streaming replica of `primary`: `pg_basebackup -R` (which writes `standby.signal` and the
 * primary's address) into a new folder, started on its own free port as a hot standby. The
 * primary's defaults (wal_level replica, 10 WAL senders, trust for replication on loopback from
 * initdb) are all it needs.
 */
export const startStreamingReplica = async (primary: ThrowawayPostgres): Promise<ThrowawayPostgres> => {
  const root = clusterFolder()
  const port = await freePort()
  runAsPostgres(join(binDir(), "pg_basebackup"), [
    "-D", join(root, "data"), "-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres",
    "-R", "-X", "stream", "--checkpoint=fast", "--no-sync"
  ])
  // replies to the primary every second, so its view of the replica stays fresh
  return clusterAt(root, port, " -c hot_standby=on -c wal_receiver_status_interval=1s")
}
