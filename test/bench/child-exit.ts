// Waiting for and stopping child processes.
import type { ChildProcess } from "node:child_process"

export interface ChildExit {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
}

/** Resolves when the child has exited (at once if it already has); rejects if it could not start. */
export const childExit = (child: ChildProcess): Promise<ChildExit> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve({ code: child.exitCode, signal: child.signalCode })
    : new Promise((resolve, reject) => {
        child.once("exit", (code, signal) => resolve({ code, signal }))
        child.once("error", reject)
      })

export const describeExit = ({ code, signal }: ChildExit): string =>
  signal !== null ? `killed by ${signal}` : `exit code ${code ?? "?"}`

/** SIGTERM, then SIGKILL when it has not exited after `graceMs`. */
export const stopChild = async (child: ChildProcess, graceMs = 15_000): Promise<ChildExit> => {
  if (child.exitCode !== null || child.signalCode !== null) return childExit(child)
  const exited = childExit(child)
  child.kill("SIGTERM")
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), graceMs)
  })
  const first = await Promise.race([exited, timedOut])
  clearTimeout(timer)
  if (first !== "timeout") return first
  console.error(`[bench] pid ${child.pid ?? "?"} ignored SIGTERM for ${graceMs / 1000} s; sending SIGKILL`)
  child.kill("SIGKILL")
  return exited
}
