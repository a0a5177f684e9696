/**
 * A fresh demo as a newcomer gets it from `npm start`: the real process on the embedded
 * database in a new data folder (the demo catalog loaded on first start), on a free loopback
 * port, with the demo's defaults (CORS for pages on this machine, the demo shop page, codes and
 * links printed to the console). `stop()` ends it and removes the data folder.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type ServerProcess, startServerProcess, waitUntilReady } from "./server-process.ts"
import { freePort } from "./throwaway-postgres.ts"

export interface DemoServer {
  readonly port: number
  /** `http://127.0.0.1:<port>` */
  readonly base: string
  readonly process: ServerProcess
  readonly stop: () => Promise<void>
}

/** A first start creates the embedded database and loads the demo catalog: slow on a busy machine. */
export const DEMO_START_TIMEOUT_MILLIS = 180_000

export const startDemoServer = async (env: Record<string, string> = {}): Promise<DemoServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), "storefront-demo-"))
  const port = await freePort()
  const server = startServerProcess({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info", ...env })
  const stop = async () => {
    if (server.child.exitCode === null) {
      server.child.kill("SIGTERM")
      await server.finished
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitUntilReady(server, port, DEMO_START_TIMEOUT_MILLIS)
  } catch (error) {
    server.child.kill("SIGKILL")
    await server.finished
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  return { port, base: `http://127.0.0.1:${port}`, process: server, stop }
}
