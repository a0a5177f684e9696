/**
 * Runs the catalog snapshot job (catalog-snapshot-main.ts) in a process of its own, with the
 * memory settings the server starts with (the node flags and environment settings of package.json's
 * start script), its output passed through: `npm run catalog:snapshot`, and the end of
 * `npm run import`. The import's process keeps its small heap; the job's memory is given back
 * when it exits, so no serving instance ever needs what a build takes.
 */
import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"

const root = join(import.meta.dirname, "..")

/** The start script's `NAME=value` settings and node flags (`--...`). */
const serverSettings = (): { readonly env: Record<string, string>; readonly nodeFlags: ReadonlyArray<string> } => {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts?: Record<string, string> }
  const words = (manifest.scripts?.["start"] ?? "").split(/\s+/).filter((word) => word !== "")
  const settings = words.slice(0, Math.max(0, words.findIndex((word) => !/^[A-Z_][A-Z0-9_]*=/.test(word))))
  return {
    env: Object.fromEntries(settings.map((word) => [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)])),
    nodeFlags: words.filter((word) => word.startsWith("--"))
  }
}

/** The job's exit code (1 when it could not be started or was killed). */
export const runCatalogSnapshotJob = (): Promise<number> =>
  new Promise((resolve) => {
    const { env, nodeFlags } = serverSettings()
    const child = spawn(process.execPath, [...nodeFlags, join(root, "config", "catalog-snapshot-main.ts")], {
      // the operator's own settings first
      env: { ...env, ...process.env },
      stdio: "inherit"
    })
    child.on("error", (error) => {
      console.error(`Catalog snapshot: the job could not be started (${error.message})`)
      resolve(1)
    })
    child.on("exit", (code) => resolve(code ?? 1))
  })

if (import.meta.main) process.exitCode = await runCatalogSnapshotJob()
