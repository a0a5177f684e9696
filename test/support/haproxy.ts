/**
 * Debian's haproxy in front of service instances, for the topology suite: round robin over the
 * instances, each health-checked with `GET /ready` every `checkIntervalMillis` (down after two
 * failed checks, up after two good ones). A connection an instance refuses is retried on another
 * (`option redispatch`), so only requests already sent to a dying instance fail. Every answer
 * carries `x-served-by: <server name>`; the stats page (CSV) tells each server's state.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "./throwaway-postgres.ts"

export interface Backend {
  readonly name: string
  readonly port: number
}

export interface Haproxy {
  /** http://127.0.0.1:PORT */
  readonly url: string
  readonly checkIntervalMillis: number
  /** Each server's state as the stats page says it (`UP`, `DOWN`, `UP 1/2`, …). */
  readonly states: () => Promise<Record<string, string>>
  readonly output: () => string
  readonly stop: () => void
}

export const haproxyAvailable = (): boolean => {
  try {
    execFileSync("haproxy", ["-v"], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
}

const configuration = (port: number, statsPort: number, backends: ReadonlyArray<Backend>, checkIntervalMillis: number) => `
global
  maxconn 2000

defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  option redispatch
  retries 2

frontend storefront
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /ready
  http-check expect status 200
  http-response set-header x-served-by %s
  default-server inter ${checkIntervalMillis} fastinter ${checkIntervalMillis} downinter ${checkIntervalMillis} fall 2 rise 2
${backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port} check`).join("\n")}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`

export const startHaproxy = async (backends: ReadonlyArray<Backend>, checkIntervalMillis = 500): Promise<Haproxy> => {
  const root = mkdtempSync(join(tmpdir(), "storefront-haproxy-"))
  const port = await freePort()
  const statsPort = await freePort()
  const file = join(root, "haproxy.cfg")
  writeFileSync(file, configuration(port, statsPort, backends, checkIntervalMillis))
  execFileSync("haproxy", ["-c", "-q", "-f", file])
  // -db: stay in the foreground, so the test owns the process
  const child: ChildProcess = spawn("haproxy", ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  const states = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text()
    const [header = "", ...rows] = csv.replace(/^# /, "").trim().split("\n")
    const columns = header.split(",")
    const proxy = columns.indexOf("pxname")
    const server = columns.indexOf("svname")
    const status = columns.indexOf("status")
    return Object.fromEntries(rows.map((row) => row.split(","))
      .filter((cells) => cells[proxy] === "instances" && cells[server] !== "BACKEND")
      .map((cells) => [cells[server] ?? "", cells[status] ?? ""]))
  }
  // listening once the stats page answers
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      await states()
      break
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`haproxy did not start: ${output}`, { cause: error })
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    checkIntervalMillis,
    states,
    output: () => output,
    stop: () => {
      child.kill("SIGKILL")
      rmSync(root, { recursive: true, force: true })
    }
  }
}
