// Command-line flags and environment overrides of `npm run bench`.
import { isAbsolute, join, resolve } from "node:path"
import { parseArgs } from "node:util"

export interface BenchOptions {
  readonly products: number
  /** --slices: the generated catalog is imported in this many parts, one document each */
  readonly slices: number
  /** --catalog: import this file instead of generating one */
  readonly catalogFile: string | null
  readonly durationSeconds: number
  readonly warmupSeconds: number
  readonly connections: number
  /** --shapes: run only these, in this order; null = all */
  readonly shapeNames: ReadonlyArray<string> | null
  readonly skipImport: boolean
  readonly outFile: string
  /** --database-url or BENCH_DATABASE_URL; null = recreate the local storefront_bench */
  readonly databaseUrl: string | null
  /** BENCH_SERVER_ENTRY, default config/main.ts */
  readonly serverEntry: string
  /** BENCH_IMPORT_ENTRY, default config/import-main.ts */
  readonly importEntry: string
  /** BENCH_READY_TIMEOUT_S, default 180 */
  readonly readyTimeoutSeconds: number
}

export const USAGE = `Usage: npm run bench -- [flags]
  --products N        products to generate (default 100000; ignored with --catalog)
  --slices K          import the generated catalog as K documents of N/K products
                      each, one import per document (default 1)
  --catalog FILE      import FILE instead of a generated catalog
  --duration S        measured seconds per shape (default 10)
  --warmup S          warm-up seconds per shape, not measured (default 3; 0 = none)
  --connections C     concurrent connections (default 20)
  --shapes a,b        run only these shapes; \`delivery\` is the message delivery
                      (HTTP request to SMTP accept, on a server and database of
                      its own); \`couriers\` (named only, not in the default
                      run) the bookings per second through the booking relay
                      and Steadfast webhook events per second, against the
                      Steadfast simulator on a server and database of its own;
                      \`--shapes delivery\` and/or \`couriers\` alone import no
                      catalog
  --skip-import       reuse the database as it is (vacuumed first)
  --out FILE          results file (default bench-results/bench-<timestamp>.json)
  --database-url URL  database to use (else $BENCH_DATABASE_URL, else a fresh
                      storefront_bench on the local PostgreSQL, reached over its
                      Unix socket in /var/run/postgresql when there is one, else
                      over 127.0.0.1:5432)
  --help
Environment: BENCH_DATABASE_URL, BENCH_SERVER_ENTRY (config/main.ts),
  BENCH_IMPORT_ENTRY (config/import-main.ts), BENCH_READY_TIMEOUT_S (180),
  BENCH_CHECKOUT_CEILING (1000: checkouts per second the carts made in setup cover)`

export class UsageError extends Error {}

const positiveNumber = (flag: string, raw: string | undefined, fallback: number, min: number): number => {
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n < min) throw new UsageError(`--${flag} must be a number >= ${min}, got "${raw}"`)
  return n
}

const integer = (flag: string, raw: string | undefined, fallback: number): number => {
  const n = positiveNumber(flag, raw, fallback, 1)
  if (!Number.isInteger(n)) throw new UsageError(`--${flag} must be a whole number, got "${raw ?? ""}"`)
  return n
}

const nonEmpty = (value: string | undefined): string | null => (value === undefined || value === "" ? null : value)

/** null when --help was asked for. Paths given on the command line are relative to where npm was run. */
export const parseBenchOptions = (
  argv: ReadonlyArray<string>,
  env: NodeJS.ProcessEnv,
  repoRoot: string
): BenchOptions | null => {
  // biome-ignore lint/suspicious/noImplicitAnyLet: assigned once below, typed by parseArgs's options
  let values
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        products: { type: "string" },
        slices: { type: "string" },
        catalog: { type: "string" },
        duration: { type: "string" },
        warmup: { type: "string" },
        connections: { type: "string" },
        shapes: { type: "string" },
        "skip-import": { type: "boolean" },
        out: { type: "string" },
        "database-url": { type: "string" },
        help: { type: "boolean" }
      }
    }).values
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e))
  }
  if (values.help === true) return null

  const callerDir = env["INIT_CWD"] ?? process.cwd()
  const fromCaller = (p: string): string => (isAbsolute(p) ? p : resolve(callerDir, p))
  const stamp = new Date().toISOString().replace(/[:.]/g, "-")
  const shapeNames = values.shapes
    ?.split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")

  return {
    products: integer("products", values.products, 100_000),
    slices: integer("slices", values.slices, 1),
    catalogFile: values.catalog === undefined ? null : fromCaller(values.catalog),
    durationSeconds: positiveNumber("duration", values.duration, 10, 1),
    warmupSeconds: positiveNumber("warmup", values.warmup, 3, 0),
    connections: integer("connections", values.connections, 20),
    shapeNames: shapeNames === undefined || shapeNames.length === 0 ? null : shapeNames,
    skipImport: values["skip-import"] === true,
    outFile: values.out === undefined ? join(repoRoot, "bench-results", `bench-${stamp}.json`) : fromCaller(values.out),
    databaseUrl: nonEmpty(values["database-url"]) ?? nonEmpty(env["BENCH_DATABASE_URL"]),
    serverEntry: nonEmpty(env["BENCH_SERVER_ENTRY"]) ?? "config/main.ts",
    importEntry: nonEmpty(env["BENCH_IMPORT_ENTRY"]) ?? "config/import-main.ts",
    readyTimeoutSeconds: positiveNumber("BENCH_READY_TIMEOUT_S", env["BENCH_READY_TIMEOUT_S"], 180, 1)
  }
}
