/**
 * The README and docs/walkthrough.md as a newcomer follows them: every ```sh block with a curl
 * in it runs in order (the README's first, then the walkthrough's), in one bash session,
 * against a fresh demo from `npm start` (localhost:3000 replaced by its address). curl fails
 * on any status ≥ 400 (`--fail-with-body`) and the session stops at the first failure, so an example that answers 401, 409 or 429 on a fresh demo fails this test.
 * Where the walkthrough has the reader copy a code or a reset token from the demo's console
 * (`NAME='<… console>'`), the test reads it from the console too.
 */
import { spawn } from "node:child_process"
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { DEMO_START_TIMEOUT_MILLIS, type DemoServer, startDemoServer } from "../support/demo-server.ts"

const README = join(import.meta.dirname, "../../README.md")
const WALKTHROUGH = join(import.meta.dirname, "../../docs/walkthrough.md")

/** The examples a newcomer runs, in reading order: the README's, then the walkthrough's. */
const walkthroughMarkdown = () => [README, WALKTHROUGH].map((file) => readFileSync(file, "utf8")).join("\n")

/** The sh blocks of a markdown text that call the API, in order. */
const readmeCurlBlocks = (markdown: string): ReadonlyArray<string> =>
  [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!).filter((block) => /\bcurl\b/.test(block))

/** `TOKEN='<… console>'` → read from the console: a reset token for *TOKEN*, else a code. */
const fromConsole = (block: string) =>
  block.replace(/^(\w+)='<[^>\n]*console[^>\n]*>'$/gm, (_, name: string) =>
    `${name}=$(from_console ${name.includes("TOKEN") ? "token" : "code"})`)

const PRELUDE = String.raw`
set -euo pipefail
curl() { command curl --fail-with-body --silent --show-error --max-time 30 "$@"; }
# the newest reset token or code the demo printed that was not used yet (waits up to 10 s)
from_console() {
  local value
  for _ in $(seq 1 100); do
    if [ "$1" = token ]; then
      value=$(grep -oE 'token=[A-Za-z0-9_.~%-]+' "$DEMO_CONSOLE" | tail -1 | cut -d= -f2 || true)
    else
      value=$(grep -oE ': code [0-9]{6}' "$DEMO_CONSOLE" | tail -1 | cut -d' ' -f3 || true)
    fi
    if [ -n "$value" ] && ! grep -qxF "$value" "$USED_VALUES"; then
      echo "$value" >> "$USED_VALUES"
      printf '%s' "$value"
      return 0
    fi
    sleep 0.1
  done
  echo "no new $1 in the demo's console" >&2
  return 1
}
`

let demo: DemoServer
let workDir: string

beforeAll(async () => {
  demo = await startDemoServer()
}, DEMO_START_TIMEOUT_MILLIS + 30_000)

afterAll(async () => {
  await demo?.stop()
  if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true })
})

const runBash = (script: string, env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn("bash", ["-c", script], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.on("exit", (code) => resolve({ code, output }))
  })

describe("README and docs/walkthrough.md", () => {
  it("has the examples this test runs: the catalog, accounts, addresses, cart and checkout", () => {
    const blocks = readmeCurlBlocks(walkthroughMarkdown())
    expect(blocks.length).toBeGreaterThanOrEqual(4)
    const all = blocks.join("\n")
    for (const route of ["/products", "/auth/register", "/auth/reset-password", "/auth/otp/verify", "/customers/me/addresses", "/checkout", "/customers/me/orders"]) {
      expect(all).toContain(route)
    }
  })

  it("every curl example runs in order on a fresh demo, which prints codes and reset links in its console", async () => {
    workDir = mkdtempSync(join(tmpdir(), "storefront-readme-"))
    const consoleFile = join(workDir, "console.log")
    const usedValues = join(workDir, "used.txt")
    writeFileSync(consoleFile, demo.process.output())
    writeFileSync(usedValues, "")
    const mirror = (chunk: Buffer) => appendFileSync(consoleFile, chunk)
    demo.process.child.stdout?.on("data", mirror)
    demo.process.child.stderr?.on("data", mirror)

    const blocks = readmeCurlBlocks(walkthroughMarkdown())
    const script = PRELUDE + blocks.map((block, index) =>
      `echo "--- example ${index + 1}" >&2\n${fromConsole(block).replaceAll("http://localhost:3000", demo.base)}`
    ).join("\n")
    const { code, output } = await runBash(script, { DEMO_CONSOLE: consoleFile, USED_VALUES: usedValues })
    expect(code, `${output.slice(-4000)}\n--- demo console ---\n${readFileSync(consoleFile, "utf8").slice(-4000)}`).toBe(0)

    // what the examples say they show
    expect(output).toMatch(/"orderNumber":\s*"\d{6,}"/)
    expect(output).toContain("\"couponCode\": \"WELCOME10\"")
    const console = readFileSync(consoleFile, "utf8")
    // the link opens the demo's own reset page, on the port it runs on
    expect(console).toContain(`demo notification, not delivered: Email to ann@example.com (reset_password): link http://localhost:${demo.port}/reset-password?token=`)
    expect(console).toMatch(/demo notification, not delivered: SMS to \+8801711000099 \(login\): code \d{6}/)
    expect(readFileSync(usedValues, "utf8").trim().split("\n")).toHaveLength(2)
  }, 120_000)
})
