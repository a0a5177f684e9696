/**
 * A transaction left open in another PostgreSQL session (a psql process on DATABASE_URL): while it
 * is open it holds the cluster's snapshot xmin back, as a long import or report would.
 */
import { spawn } from "node:child_process"
import { once } from "node:events"
import { Effect } from "effect"

export interface OpenTransaction {
  /** Runs `statement` in the open transaction and commits it; resolves once psql has exited. */
  readonly commitWith: (statement: string) => Effect.Effect<void>
}

/** `holding`: statements run in the transaction as it begins (e.g. a read, whose lock it then holds). */
export const openTransactionElsewhere = (schema: string, holding = "") =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      const url = process.env["DATABASE_URL"]
      if (url === undefined) throw new Error("DATABASE_URL is not set")
      const psql = spawn("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", url], { stdio: ["pipe", "pipe", "inherit"] })
      psql.stdin.write(`SET search_path TO "${schema}";\nBEGIN;\n${holding}\nSELECT 'begun', pg_current_xact_id();\n`)
      // the transaction has its id once psql prints the row
      await new Promise<void>((resolve, reject) => {
        psql.stdout.on("data", (chunk: Buffer) => {
          if (chunk.toString("utf8").includes("begun")) resolve()
        })
        psql.once("exit", (code) => reject(new Error(`psql exited with ${code} before the transaction began`)))
      })
      return psql
    }),
    (psql) => Effect.sync(() => psql.exitCode === null && psql.kill())
  ).pipe(Effect.map((psql): OpenTransaction => ({
    commitWith: (statement) =>
      Effect.promise(async () => {
        const exited = once(psql, "exit")
        psql.stdin.end(`${statement};\nCOMMIT;\n`)
        const [code] = await exited
        if (code !== 0) throw new Error(`psql exited with ${code}`)
      })
  })))
