// Runs the project's catalog import command on a catalog file and times it.
import { spawn } from "node:child_process"
import { childExit, describeExit, stopChild } from "./child-exit.ts"
import { onCleanup } from "./cleanup-on-exit.ts"
import { forwardOutput } from "./prefixed-output.ts"

export interface ImportSettings {
  /** script run with process.execPath, relative to cwd; gets the catalog file as its argument */
  readonly entry: string
  readonly cwd: string
  readonly catalogFile: string
  readonly databaseUrl: string
}

/** Seconds the import took; throws when it exits non-zero. */
export const runImport = async (settings: ImportSettings): Promise<number> => {
  const started = performance.now()
  const child = spawn(process.execPath, [settings.entry, settings.catalogFile], {
    cwd: settings.cwd,
    env: { ...process.env, DATABASE_URL: settings.databaseUrl },
    stdio: ["ignore", "pipe", "pipe"]
  })
  forwardOutput(child, "[import]")
  const unregister = onCleanup(async () => {
    await stopChild(child, 5_000)
  })
  try {
    const exit = await childExit(child)
    if (exit.code !== 0) throw new Error(`import ${settings.entry} failed (${describeExit(exit)})`)
    return (performance.now() - started) / 1000
  } finally {
    unregister()
  }
}
