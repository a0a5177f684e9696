/**
 * The embedded database: PGlite (PostgreSQL compiled to WASM) served over the PostgreSQL wire
 * protocol on a loopback port by pglite-socket, so the same `@effect/sql-pg` client talks to it
 * exactly as it talks to a real server. `dataDir` undefined keeps the database in memory (tests);
 * a folder is locked first (data-dir-lock.ts), so no second process opens it while we do.
 */
import { PGlite } from "@electric-sql/pglite"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import { Effect } from "effect"
import { lockDataDir } from "./data-dir-lock.ts"

export interface EmbeddedPostgres {
  readonly url: string
}

export const acquireEmbeddedPostgres = (dataDir: string | undefined) =>
  (dataDir === undefined ? Effect.void : lockDataDir(dataDir)).pipe(Effect.andThen(Effect.acquireRelease(
    Effect.promise(async () => {
      const db = dataDir === undefined ? await PGlite.create() : await PGlite.create({ dataDir })
      const server = new PGLiteSocketServer({ db, port: 0, host: "127.0.0.1", maxConnections: 32 })
      await server.start()
      return { db, server, url: `postgres://postgres@${server.getServerConn()}/postgres` }
    }),
    ({ db, server }) => Effect.promise(async () => {
      await server.stop()
      await db.close()
    })
  ))).pipe(Effect.map(({ url }): EmbeddedPostgres => ({ url })))
