/**
 * The service as a real process (`config/main.ts` on the npm script's Node), for tests of
 * start-up, shutdown and faults: its output collected, its exit awaited, and readiness polled.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { join } from "node:path"

const MAIN = join(import.meta.dirname, "../../config/main.ts")

export interface Finished {
  readonly code: number | null
  readonly output: string
}

export interface ServerProcess {
  readonly child: ChildProcess
  readonly finished: Promise<Finished>
  readonly output: () => string
  /** stdout alone (where the logs go) */
  readonly stdout: () => string
}

/** Starts the service with the given environment on top of ours (embedded database unless DATABASE_URL is given). */
export const startServerProcess = (env: Record<string, string>): ServerProcess => {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let output = ""
  let stdout = ""
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString()
    stdout += chunk.toString()
  })
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  const finished = new Promise<Finished>((resolve) => child.on("exit", (code) => resolve({ code, output })))
  return { child, finished, output: () => output, stdout: () => stdout }
}

export const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis))

/** Polls `/ready` until it answers 200; on timeout, fails with the server's output. */
export const waitUntilReady = async (server: ServerProcess, port: number, timeoutMillis: number) => {
  const deadline = Date.now() + timeoutMillis
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(2_000) })
      if (response.status === 200) return
    } catch {
      // not listening yet, or not answering
    }
    await sleep(250)
  }
  throw new Error(`server did not become ready\n--- server output ---\n${server.output()}`)
}
