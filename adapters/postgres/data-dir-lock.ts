/**
 * One owner per embedded database folder. PGlite has no postmaster to refuse a second opener:
 * two processes on one DATA_DIR (a server and `npm run import`) each write the files and corrupt
 * them. So whoever opens DATA_DIR first creates `DATA_DIR/storefront.lock` exclusively, holding
 * its pid and command, and removes it when it closes; anyone else is refused with a message
 * naming that process. A lock whose process is gone (a crash, a kill -9) is stale and taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs"
import { join } from "node:path"
import { Data, Effect } from "effect"

export const LOCK_FILE = "storefront.lock"

export class DataDirInUse extends Data.TaggedError("DataDirInUse")<{
  readonly dataDir: string
  readonly pid: number
  readonly command: string
}> {
  override get message() {
    return `DATA_DIR ${this.dataDir} is in use by process ${this.pid} (${this.command}). ` +
      "The embedded database has one owner: stop that process first, or point DATA_DIR at another folder " +
      "(to import into a running server's database, stop it, import, and start it again)."
  }
}

interface LockOwner {
  readonly pid: number
  readonly command: string
}

const readOwner = (path: string): LockOwner | undefined => {
  try {
    const owner = JSON.parse(readFileSync(path, "utf8")) as Partial<LockOwner>
    return typeof owner.pid === "number" ? { pid: owner.pid, command: String(owner.command ?? "unknown") } : undefined
  } catch {
    // unreadable or half written (its writer died between open and write): no live owner known
    return undefined
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, owned by someone else
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** Creates the lock file exclusively; false when it already exists. */
const tryCreate = (path: string, owner: LockOwner): boolean => {
  let fd: number
  try {
    fd = openSync(path, "wx")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false
    throw error
  }
  try {
    writeSync(fd, JSON.stringify(owner))
  } finally {
    closeSync(fd)
  }
  return true
}

/** Lock files this process holds: a lock naming our pid but not held here is a previous life's (pid 1 in a container). */
const heldHere = new Set<string>()

const acquire = (dataDir: string, owner: LockOwner): Effect.Effect<string, DataDirInUse> =>
  Effect.suspend(() => {
    mkdirSync(dataDir, { recursive: true })
    const path = join(dataDir, LOCK_FILE)
    for (let attempt = 0; attempt < 2; attempt++) {
      if (tryCreate(path, owner)) {
        heldHere.add(path)
        return Effect.succeed(path)
      }
      const holder = readOwner(path)
      const live = holder !== undefined && (holder.pid === owner.pid ? heldHere.has(path) : isAlive(holder.pid))
      if (live) {
        return Effect.fail(new DataDirInUse({ dataDir, pid: holder!.pid, command: holder!.command }))
      }
      // stale (its process is gone): take it over once
      try {
        unlinkSync(path)
      } catch {
        // another process removed it first; the next exclusive create decides
      }
    }
    const holder = readOwner(path)
    return Effect.fail(new DataDirInUse({ dataDir, pid: holder?.pid ?? -1, command: holder?.command ?? "unknown" }))
  })

const release = (path: string, owner: LockOwner) =>
  Effect.sync(() => {
    heldHere.delete(path)
    // only our own lock: never one a later owner took over
    if (readOwner(path)?.pid !== owner.pid) return
    try {
      unlinkSync(path)
    } catch {
      // already gone
    }
  })

/** Holds DATA_DIR for the scope's lifetime, or fails with DataDirInUse naming the holder. */
export const lockDataDir = (dataDir: string, command: string = process.argv.slice(1).join(" ")) => {
  const owner: LockOwner = { pid: process.pid, command }
  return Effect.acquireRelease(acquire(dataDir, owner), (path) => release(path, owner))
}
