/**
 * The deployment the topology suite runs: a PostgreSQL primary with a streaming replica (both
 * throwaway clusters), three service instances (real processes of `config/main.ts`) on the
 * primary, reading the catalog from the replica, and haproxy in front of them, checking
 * `/ready`. Plain async code: the suite kills and restarts parts of it while clients call.
 */
import { type Haproxy, startHaproxy } from "../support/haproxy.ts"
import { type Answer, call, eventually } from "../support/process-http.ts"
import { type ServerProcess, startServerProcess, waitUntilReady } from "../support/server-process.ts"
import { freePort, startStreamingReplica, startThrowawayPostgres, type ThrowawayPostgres } from "../support/throwaway-postgres.ts"

export { type Answer, call, eventually, registerCustomer } from "../support/process-http.ts"

export const ADDRESS = { name: "Rahim Uddin", phone: "+8801711000001", road: "Lake Road", city: "Dhaka" }
const DATABASE = "storefront"

export interface Instance {
  readonly name: string
  readonly port: number
  readonly url: string
  process: ServerProcess
}

export interface Topology {
  readonly primary: ThrowawayPostgres
  readonly replica: ThrowawayPostgres
  readonly instances: ReadonlyArray<Instance>
  readonly haproxy: Haproxy
  /** One SQL statement on the primary's service database. */
  readonly sql: (statement: string) => string
  /** Kills an instance with SIGKILL and waits for the process to be gone. */
  readonly kill: (instance: Instance) => Promise<void>
  /** Starts a new process for the instance (same port and settings) and waits until it is ready. */
  readonly restart: (instance: Instance) => Promise<void>
  readonly destroy: () => void
}

const databaseUrl = (cluster: ThrowawayPostgres) => cluster.url.replace(/\/postgres$/, `/${DATABASE}`)

export const startTopology = async (): Promise<Topology> => {
  const primary = await startThrowawayPostgres()
  primary.psql(`CREATE DATABASE ${DATABASE}`)
  const replica = await startStreamingReplica(primary)
  const ports = [await freePort(), await freePort(), await freePort()]
  const environment = (port: number) => ({
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl(primary),
    DATABASE_REPLICA_URL: databaseUrl(replica),
    DATABASE_MAX_CONNECTIONS: "4",
    // index snapshots even of the demo catalog: the first instance stores one, the others read it
    CATALOG_SNAPSHOT_MIN_PRODUCTS: "1",
    LOG_LEVEL: "warn"
  })
  const instances: Array<Instance> = []
  const startInstance = (port: number, index: number) => {
    const instance = { name: `s${index + 1}`, port, url: `http://127.0.0.1:${port}`, process: startServerProcess(environment(port)) }
    instances.push(instance)
    return waitUntilReady(instance.process, port, 240_000)
  }
  const destroyAll = (haproxy?: Haproxy) => {
    haproxy?.stop()
    for (const instance of instances) instance.process.child.kill("SIGKILL")
    replica.destroy()
    primary.destroy()
  }
  let haproxy: Haproxy | undefined
  try {
    // the first instance sets the shared database up (migrations, demo catalog, secrets); the others find it done
    await startInstance(ports[0]!, 0)
    await Promise.all(ports.slice(1).map((port, index) => startInstance(port, index + 1)))
    haproxy = await startHaproxy(instances.map(({ name, port }) => ({ name, port })))
    const proxy = haproxy
    await eventually(async () => {
      const states = await proxy.states()
      if (!instances.every((instance) => states[instance.name] === "UP")) throw new Error(JSON.stringify(states))
    }, 30_000)
  } catch (error) {
    destroyAll(haproxy)
    throw error
  }
  const proxy = haproxy
  return {
    primary,
    replica,
    instances,
    haproxy: proxy,
    sql: (statement) => primary.psql(statement, DATABASE),
    kill: async (instance) => {
      const exited = instance.process.finished
      instance.process.child.kill("SIGKILL")
      await exited
    },
    restart: async (instance) => {
      instance.process = startServerProcess(environment(instance.port))
      await waitUntilReady(instance.process, instance.port, 120_000)
    },
    destroy: () => destroyAll(proxy)
  }
}

/** Variants of the demo catalog with plenty of stock. */
export const stockedVariants = async (base: string): Promise<ReadonlyArray<string>> => {
  const listing = await call(base, "GET", "/v1/store/products?inStock=true&limit=50")
  const products = listing.body["data"] as ReadonlyArray<{ variants: ReadonlyArray<{ id: string; inStock: boolean }> }>
  return products.flatMap((product) => product.variants).filter((variant) => variant.inStock).map((variant) => variant.id)
}

/** The ETag's version number. */
export const versionOf = (answer: Answer): number => Number(answer.headers.get("etag")?.replaceAll("\"", ""))
