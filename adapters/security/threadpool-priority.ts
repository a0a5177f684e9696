/**
 * Runs the libuv worker threads (where argon2 hashes, and also file-system calls, execute) at a
 * lower CPU priority than the event loop, so that when the cores are busy a burst of password
 * hashes yields to request handling (the catalog) instead of competing with it as an equal.
 * Linux only (per-thread nice values via /proc/self/task); elsewhere nothing changes.
 * The pool must already be running: call it after the first hash.
 */
import { readdirSync, readFileSync } from "node:fs"
import { setPriority } from "node:os"

const WORKER_THREAD_NAME = "libuv-worker"

/** Sets the nice value of every libuv worker thread; answers how many were changed. */
export const lowerThreadpoolPriority = (niceness: number): number => {
  let changed = 0
  let threadIds: ReadonlyArray<string>
  try {
    threadIds = readdirSync("/proc/self/task")
  } catch {
    return 0
  }
  for (const threadId of threadIds) {
    try {
      if (readFileSync(`/proc/self/task/${threadId}/comm`, "utf8").trim() !== WORKER_THREAD_NAME) continue
      setPriority(Number(threadId), niceness)
      changed++
    } catch {
      // the thread ended or the platform refuses: leave it as it is
    }
  }
  return changed
}
