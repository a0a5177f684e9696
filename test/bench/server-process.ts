// Starts the storefront server as a child node process on a free port and waits for /ready.
// The child is the node process itself, so its pid is the one whose RSS is measured.
import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { createServer } from "node:net"
import { setTimeout as sleep } from "node:timers/promises"
import { childExit, describeExit, stopChild } from "./child-exit.ts"
import { onCleanup } from "./cleanup-on-exit.ts"
import { forwardOutput } from "./prefixed-output.ts"

export interface ServerSettings {
  /** script run with process.execPath, relative to cwd */
  readonly entry: string
  readonly cwd: string
  readonly databaseUrl: string
  readonly readyTimeoutMs: number
  /** more environment, over the bench's own (e.g. SMTP_URL) */
  readonly env?: Readonly<Record<string, string>>
}

export interface RunningServer {
  readonly pid: number
  readonly baseUrl: string
  /** seconds from spawn to the first 200 on /ready */
  readonly startupSeconds: number
  /** SIGTERM, SIGKILL after 15 s; safe to call more than once */
  readonly stop: () => Promise<void>
}

const HOST = "127.0.0.1"

export const findFreePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, HOST, () => {
      const address = probe.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error("no free port"))))
    })
  })

const isReady = async (baseUrl: string): Promise<boolean> => {
  try {
    const res = await fetch(`${baseUrl}/ready`, { signal: AbortSignal.timeout(2_000) })
    await res.arrayBuffer()
    return res.status === 200
  } catch {
    return false
  }
}

/**
 * The V8 flags and the environment settings (`NAME=value` before the command) that `npm start`
 * runs the server with (package.json `scripts.start`), so the bench measures the server as it is
 * deployed.
 */
const startScript = (cwd: string): { readonly nodeFlags: ReadonlyArray<string>; readonly env: Record<string, string> } => {
  const manifest = JSON.parse(readFileSync(join(cwd, "package.json"), "utf8")) as { scripts?: Record<string, string> }
  const words = (manifest.scripts?.["start"] ?? "").split(/\s+/)
  const settings = words.slice(0, words.findIndex((word) => !/^[A-Z_][A-Z0-9_]*=/.test(word)))
  return {
    nodeFlags: words.filter((word) => word.startsWith("--")),
    env: Object.fromEntries(settings.map((word) => [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)]))
  }
}

export const startServer = async (settings: ServerSettings): Promise<RunningServer> => {
  const port = await findFreePort()
  const baseUrl = `http://${HOST}:${port}`
  const started = performance.now()
  const { env: startEnv, nodeFlags } = startScript(settings.cwd)
  console.log(`[bench] server node flags (from the start script): ${nodeFlags.join(" ") || "none"}`)
  for (const [name, value] of Object.entries(startEnv)) {
    if (process.env[name] === undefined) console.log(`[bench] server ${name}=${value} (from the start script)`)
  }
  const child = spawn(process.execPath, [...nodeFlags, settings.entry], {
    cwd: settings.cwd,
    // TRUST_PROXY=1: account setup registers each bench customer from its own forwarded address,
    // as real shoppers would arrive, instead of exhausting one IP's registration limit.
    // the bench's own environment first: a setting given to the bench (even empty) is measured instead of the start script's
    env: { ...startEnv, ...process.env, DATABASE_URL: settings.databaseUrl, PORT: String(port), HOST, LOG_LEVEL: "warn", TRUST_PROXY: "1", ...settings.env },
    stdio: ["ignore", "pipe", "pipe"]
  })
  forwardOutput(child, "[server]")

  let stopping: Promise<void> | null = null
  const stop = (): Promise<void> => {
    stopping ??= stopChild(child).then((exit) => {
      console.log(`[bench] server stopped (${describeExit(exit)})`)
    })
    return stopping
  }
  const unregister = onCleanup(stop)

  let exitedEarly: string | null = null
  const exited = childExit(child).then(
    (exit) => {
      exitedEarly = describeExit(exit)
    },
    (e: unknown) => {
      exitedEarly = `could not start: ${e instanceof Error ? e.message : String(e)}`
    }
  )

  const deadline = started + settings.readyTimeoutMs
  for (;;) {
    if (exitedEarly !== null) {
      unregister()
      throw new Error(`server ${settings.entry} exited before it was ready (${exitedEarly})`)
    }
    if (await isReady(baseUrl)) break
    if (performance.now() > deadline) {
      await stop()
      unregister()
      throw new Error(`server did not answer 200 on ${baseUrl}/ready within ${settings.readyTimeoutMs / 1000} s`)
    }
    await Promise.race([sleep(250), exited])
  }

  const pid = child.pid
  if (pid === undefined) throw new Error("server has no pid")
  return {
    pid,
    baseUrl,
    startupSeconds: (performance.now() - started) / 1000,
    stop: async () => {
      await stop()
      unregister()
    }
  }
}
