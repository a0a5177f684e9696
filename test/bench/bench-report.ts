// The benchmark's results: the console table and the JSON results file.
import { describeRelevance, type RelevanceFigures } from "./bangla-relevance.ts"
import { type CourierFigures, describeCouriers } from "./courier-figures.ts"
import { type DeliveryFigures, describeDelivery } from "./delivery-figures.ts"
import { mkdir, writeFile } from "node:fs/promises"
import { cpus, totalmem, platform, release, arch } from "node:os"
import { dirname } from "node:path"
import type { Argon2Figure } from "./argon2-figure.ts"
import type { LoadResult, ShapeResult } from "./load-runner.ts"

export interface ImportFigures {
  readonly skipped: boolean
  readonly catalogFile: string | null
  readonly products: number
  readonly seconds: number | null
  readonly productsPerSecond: number | null
}

export interface ServerFigures {
  readonly entry: string
  readonly startupSeconds: number
  /** VmRSS once ready, before any load, MB */
  readonly idleRssMB: number | null
}

export interface BenchReport {
  readonly date: string
  readonly machine: {
    readonly cpus: number
    readonly cpuModel: string
    readonly totalMemoryMB: number
    readonly platform: string
    readonly release: string
    readonly arch: string
    readonly node: string
  }
  /** one password hash with the service's parameters, measured before the server starts */
  readonly argon2id: Argon2Figure
  /** Relevance of search in Bangla on its labelled query set (bangla-relevance.ts), in process. */
  readonly banglaSearch: RelevanceFigures
  /** The delivery shape: HTTP request to SMTP accept, and the relay's throughput (delivery-figures.ts); null when not run. */
  readonly delivery: DeliveryFigures | null
  /** The couriers shape: bookings through the relay, Steadfast webhook events (courier-figures.ts); null when not run. */
  readonly couriers: CourierFigures | null
  readonly products: number
  readonly options: Readonly<Record<string, unknown>>
  readonly database: string
  readonly import: ImportFigures
  readonly server: ServerFigures
  readonly discovery: Readonly<Record<string, unknown>>
  readonly shapes: ReadonlyArray<ShapeResult>
  readonly failed: boolean
}

export const machineInfo = (): BenchReport["machine"] => ({
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? "unknown",
  totalMemoryMB: Math.round(totalmem() / 1024 / 1024),
  platform: platform(),
  release: release(),
  arch: arch(),
  node: process.version
})

const fixed = (n: number | null, digits: number): string => (n === null ? "-" : n.toFixed(digits))

const renderTable = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>): string => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)))
  const line = (cells: ReadonlyArray<string>): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ")
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n")
}

const loadRow = (label: string, r: LoadResult, rss: number | null): Array<string> => [
  label,
  r.requestsPerSecond.toFixed(1),
  fixed(r.latencyMs.p50, 1),
  fixed(r.latencyMs.p99, 1),
  (r.bytesPerResponse / 1024).toFixed(1),
  String(r.non2xx),
  String(r.errors),
  fixed(rss, 1),
  r.status
]

export const formatReport = (report: BenchReport): string => {
  const rowsOf = (shapes: ReadonlyArray<ShapeResult>) =>
    shapes.flatMap((s) => [
      loadRow(s.name, s, s.maxRssMB),
      ...s.alongside.map((a) => loadRow(`  + ${a.name} (alongside)`, a, null))
    ])
  const header = ["shape", "req/s", "p50 ms", "p99 ms", "KB/resp", "non-2xx", "errors", "max RSS MB", "status"]
  const main = report.shapes.filter((s) => s.group === null)
  const cached = report.shapes.filter((s) => s.group === "cached")
  const table = [
    ...(main.length > 0 ? [renderTable(header, rowsOf(main))] : []),
    ...(cached.length > 0 ? ["", "cached (one query repeated):", renderTable(header, rowsOf(cached))] : [])
  ].join("\n")
  const imp = report.import
  const importLine = imp.skipped
    ? "import: skipped (--skip-import)"
    : `import: ${imp.products} products in ${fixed(imp.seconds, 1)} s = ${fixed(imp.productsPerSecond, 0)} products/s`
  const distinct = report.shapes.find((s) => s.name === "list-distinct")
  const cachedMix = report.shapes.find((s) => s.name === "list-cached-mix")
  const ratio = distinct === undefined || cachedMix === undefined || cachedMix.requestsPerSecond === 0
    ? []
    : ["", `list-distinct / list-cached-mix: ${(distinct.requestsPerSecond / cachedMix.requestsPerSecond).toFixed(2)} of the ` +
      `throughput, p99 ${fixed(distinct.latencyMs.p99 / cachedMix.latencyMs.p99, 2)}x`]
  const failures = report.shapes
    .filter((s) => s.status === "FAILED")
    .map((s) => `FAILED ${s.name}: ${s.failures.join("; ")}`)
  return [
    "",
    `storefront bench - ${report.date} - ${report.machine.cpus} CPUs, node ${report.machine.node}, ${report.products} products`,
    importLine,
    `server: ready in ${report.server.startupSeconds.toFixed(1)} s, idle RSS ${fixed(report.server.idleRssMB, 1)} MB`,
    `${report.argon2id.parameters}: ${report.argon2id.hashMs.median} ms per hash, ${report.argon2id.verifyMs.median} ms per verification (median of ${report.argon2id.samples})`,
    ...(report.delivery === null ? [] : [describeDelivery(report.delivery)]),
    ...(report.couriers === null ? [] : [describeCouriers(report.couriers)]),
    describeRelevance(report.banglaSearch),
    "",
    table,
    ...ratio,
    ...(failures.length > 0 ? ["", ...failures] : []),
    ""
  ].join("\n")
}

export const writeReport = (file: string, report: BenchReport): Promise<void> => writeJson(file, report)

export const writeJson = async (file: string, value: unknown): Promise<void> => {
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`)
}
