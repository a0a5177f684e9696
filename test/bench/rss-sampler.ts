// Resident set size of a process, read from /proc/<pid>/status (VmRSS), sampled periodically.
import { readFile } from "node:fs/promises"

/** MB (1024 * 1024 bytes), or null when the process is gone or /proc is unavailable */
export const readRssMB = async (pid: number): Promise<number | null> => {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8")
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]
    return kb === undefined ? null : Number(kb) / 1024
  } catch {
    return null
  }
}

export interface RssSampling {
  /** stops sampling; max and last RSS in MB (null when nothing could be read) */
  readonly stop: () => Promise<{ readonly maxMB: number | null; readonly lastMB: number | null; readonly samples: number }>
}

export const startRssSampler = (pid: number, intervalMs = 200): RssSampling => {
  let maxMB: number | null = null
  let lastMB: number | null = null
  let samples = 0
  let pending: Promise<void> = Promise.resolve()

  const sample = (): Promise<void> =>
    readRssMB(pid).then((mb) => {
      if (mb === null) return
      samples += 1
      lastMB = mb
      maxMB = maxMB === null ? mb : Math.max(maxMB, mb)
    })

  pending = sample()
  const timer = setInterval(() => {
    pending = pending.then(sample)
  }, intervalMs)

  return {
    stop: async () => {
      clearInterval(timer)
      await pending.then(sample)
      return { maxMB, lastMB, samples }
    }
  }
}
