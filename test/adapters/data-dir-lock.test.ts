/**
 * The embedded database folder has one owner (issue 9): a second opener is refused with the
 * holder's pid, the lock goes with its scope, and a lock left by a process that is gone (a
 * crash, kill -9, or an earlier life of a container's pid 1) is taken over.
 */
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Scope } from "effect"
import { DataDirInUse, LOCK_FILE, lockDataDir } from "../../adapters/postgres/data-dir-lock.ts"

const freshDir = () => join(mkdtempSync(join(tmpdir(), "storefront-lock-")), "data")

/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid!

/** Locks `dir` for `command` and checks, while it is held, that the lock file now names this process. */
const expectTakenOver = (dir: string, command: string) =>
  Effect.scoped(Effect.gen(function*() {
    yield* lockDataDir(dir, command)
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8"))).toEqual({ pid: process.pid, command })
  }))

describe("DATA_DIR lock", () => {
  it.effect("a second opener is refused, naming the holder; after the holder closes it opens", () =>
    Effect.gen(function*() {
      const dir = freshDir()
      const scope = yield* Scope.make()
      yield* lockDataDir(dir, "npm start").pipe(Scope.provide(scope))
      expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8"))).toEqual({ pid: process.pid, command: "npm start" })

      const refused = yield* Effect.flip(Effect.scoped(lockDataDir(dir, "npm run import")))
      expect(refused).toBeInstanceOf(DataDirInUse)
      expect(refused).toMatchObject({ pid: process.pid, command: "npm start" })
      expect(refused.message).toContain(`in use by process ${process.pid} (npm start)`)

      yield* Scope.close(scope, Exit.void)
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
      yield* Effect.scoped(lockDataDir(dir, "npm run import"))
    }))

  it.effect("a lock whose process is gone is taken over", () =>
    Effect.gen(function*() {
      const dir = freshDir()
      yield* Effect.scoped(lockDataDir(dir))
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), command: "crashed" }))
      yield* expectTakenOver(dir, "restarted")
    }))

  it.effect("a lock naming this process's pid but not held here (an earlier life of pid 1) is taken over", () =>
    Effect.gen(function*() {
      const dir = freshDir()
      yield* Effect.scoped(lockDataDir(dir))
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, command: "before the restart" }))
      yield* expectTakenOver(dir, "after the restart")
    }))

  it.effect("a half-written lock (its writer died between create and write) is taken over", () =>
    Effect.gen(function*() {
      const dir = freshDir()
      yield* Effect.scoped(lockDataDir(dir))
      writeFileSync(join(dir, LOCK_FILE), "")
      yield* expectTakenOver(dir, "next")
    }))
})
