// `npm run bench`: generate (or take) a catalog, import it into PostgreSQL, start the server and
// drive it with autocannon over the shapes of storefront-shapes.ts; print a table and write JSON.
// Not a test. `npm run bench -- --help` lists the flags.
import { join, resolve } from "node:path"
import { LOCAL_BENCH_DATABASE_URL, recreateLocalBenchDatabase, redactDatabaseUrl, vacuumDatabase } from "./bench-database.ts"
import { measureArgon2id } from "./argon2-figure.ts"
import { describeRelevance, measureBanglaRelevance } from "./bangla-relevance.ts"

/** Every query class of the Bangla labelled set reaches this recall@10 (issue 30). */
const BANGLA_RECALL_TARGET = 0.9
import { COURIERS_SHAPE, type CourierFigures, describeCouriers } from "./courier-figures.ts"
import { runCourierShape } from "./courier-shape.ts"
import { DELIVERY_SHAPE, type DeliveryFigures, describeDelivery } from "./delivery-figures.ts"
import { runDeliveryShape } from "./delivery-shape.ts"
import { parseBenchOptions, USAGE, UsageError } from "./bench-options.ts"
import type { BenchOptions } from "./bench-options.ts"
import { formatReport, machineInfo, writeJson, writeReport } from "./bench-report.ts"
import type { BenchReport, ImportFigures } from "./bench-report.ts"
import { generatedCatalog, givenCatalog } from "./catalog-file.ts"
import type { CatalogFile } from "./catalog-file.ts"
import { discoverCatalog } from "./catalog-discovery.ts"
import { runImport } from "./catalog-import.ts"
import { cleanUpOnSignals, runCleanups } from "./cleanup-on-exit.ts"
import { runShape } from "./load-runner.ts"
import type { ShapeResult } from "./load-runner.ts"
import { readRssMB } from "./rss-sampler.ts"
import { describeServerMemory, readServerMemory } from "./server-memory.ts"
import { startServer } from "./server-process.ts"
import type { Shape } from "./shape.ts"
import { makeStoreApi } from "./store-api.ts"
import { storefrontShapes } from "./storefront-shapes.ts"

const repoRoot = resolve(import.meta.dirname, "../..")
const catalogGenerator = resolve(repoRoot, "scripts/make-catalog.ts")
const resultsDir = join(repoRoot, "bench-results")

/** The shapes measured on a server and database of their own, not by the load runner. */
const OWN_SERVER_SHAPES = [DELIVERY_SHAPE, COURIERS_SHAPE]

/** The load shapes asked for (every one when none is named); `delivery` and `couriers` are not among them. */
const selectShapes = (all: ReadonlyArray<Shape>, names: ReadonlyArray<string> | null): ReadonlyArray<Shape> => {
  if (names === null) return all
  return names.filter((name) => !OWN_SERVER_SHAPES.includes(name)).map((name) => {
    const shape = all.find((s) => s.name === name)
    if (shape === undefined) {
      throw new UsageError(`unknown shape "${name}"; known: ${[...all.map((s) => s.name), ...OWN_SERVER_SHAPES].join(", ")}`)
    }
    return shape
  })
}

/** The delivery shape on a server of its own (delivery-shape.ts), beside `databaseUrl`. */
const delivery = async (options: BenchOptions, databaseUrl: string): Promise<DeliveryFigures> => {
  const figures = await runDeliveryShape({
    entry: options.serverEntry,
    cwd: repoRoot,
    besideDatabaseUrl: databaseUrl,
    readyTimeoutMs: options.readyTimeoutSeconds * 1000
  })
  console.log(`[bench] ${describeDelivery(figures)}`)
  return figures
}

/** The couriers shape on a server of its own (courier-shape.ts), beside `databaseUrl`; only when named. */
const couriers = async (options: BenchOptions, databaseUrl: string): Promise<CourierFigures> => {
  const figures = await runCourierShape({
    entry: options.serverEntry,
    cwd: repoRoot,
    besideDatabaseUrl: databaseUrl,
    readyTimeoutMs: options.readyTimeoutSeconds * 1000
  })
  console.log(`[bench] ${describeCouriers(figures)}`)
  return figures
}

interface OwnServerShapes {
  readonly delivery: boolean
  readonly couriers: boolean
}

/** `--shapes delivery` and/or `couriers` alone: no catalog import, no catalog server. */
const ownServerOnly = async (options: BenchOptions, wanted: OwnServerShapes): Promise<number> => {
  const databaseUrl = options.databaseUrl ?? LOCAL_BENCH_DATABASE_URL
  const deliveryFigures = wanted.delivery ? await delivery(options, databaseUrl) : null
  const courierFigures = wanted.couriers ? await couriers(options, databaseUrl) : null
  await writeJson(options.outFile, { date: new Date().toISOString(), machine: machineInfo(), delivery: deliveryFigures, couriers: courierFigures })
  console.log(`[bench] results written to ${options.outFile}`)
  return (deliveryFigures?.failures.length ?? 0) + (courierFigures?.failures.length ?? 0) > 0 ? 1 : 0
}

/** The generated catalog as one document, or as `slices` documents that together make it whole. */
const generatedSlices = async (products: number, slices: number): Promise<Array<CatalogFile>> => {
  if (slices <= 1) return [await generatedCatalog(catalogGenerator, resultsDir, products)]
  const size = Math.ceil(products / slices)
  const files: Array<CatalogFile> = []
  for (let from = 0; from < products; from += size) {
    files.push(await generatedCatalog(catalogGenerator, resultsDir, products, { from, to: Math.min(products, from + size) }))
  }
  return files
}

const importCatalog = async (options: BenchOptions, databaseUrl: string): Promise<ImportFigures> => {
  if (options.skipImport) {
    console.log("[bench] --skip-import: using the database as it is, vacuumed (VACUUM (ANALYZE))")
    vacuumDatabase(databaseUrl)
    return { skipped: true, catalogFile: null, products: options.products, seconds: null, productsPerSecond: null }
  }
  const catalogs =
    options.catalogFile !== null
      ? [await givenCatalog(options.catalogFile)]
      : await generatedSlices(options.products, options.slices)
  let seconds = 0
  for (const catalog of catalogs) {
    console.log(`[bench] importing ${catalog.products} products from ${catalog.file} (${options.importEntry})`)
    seconds += await runImport({ entry: options.importEntry, cwd: repoRoot, catalogFile: catalog.file, databaseUrl })
  }
  const products = catalogs.reduce((sum, catalog) => sum + catalog.products, 0)
  const productsPerSecond = Math.round(products / seconds)
  console.log(`[bench] import took ${seconds.toFixed(1)} s = ${productsPerSecond} products/s`)
  const catalogFile = catalogs.map((catalog) => catalog.file).join(",")
  return { skipped: false, catalogFile, products, seconds, productsPerSecond }
}

const bench = async (options: BenchOptions, shapes: ReadonlyArray<Shape>, wanted: OwnServerShapes): Promise<number> => {
  const databaseUrl =
    options.databaseUrl ?? (options.skipImport ? LOCAL_BENCH_DATABASE_URL : recreateLocalBenchDatabase())
  console.log(`[bench] database ${redactDatabaseUrl(databaseUrl)}`)
  const imported = await importCatalog(options, databaseUrl)

  const argon2id = await measureArgon2id()
  console.log(
    `[bench] ${argon2id.parameters}: hash ${argon2id.hashMs.median} ms (p90 ${argon2id.hashMs.p90}), ` +
      `verify ${argon2id.verifyMs.median} ms (p90 ${argon2id.verifyMs.p90}) over ${argon2id.samples} sequential runs`
  )

  const banglaSearch = measureBanglaRelevance()
  console.log(`[bench] ${describeRelevance(banglaSearch)}`)
  const relevanceMissed = banglaSearch.classes.some((figure) => figure.recallAt10 < BANGLA_RECALL_TARGET) ||
    banglaSearch.referenceDisagreements > 0

  // from the request to the SMTP server's accept, on a server and database of its own
  const deliveryFigures = wanted.delivery ? await delivery(options, databaseUrl) : null
  const courierFigures = wanted.couriers ? await couriers(options, databaseUrl) : null

  console.log(`[bench] starting ${options.serverEntry}`)
  const server = await startServer({
    entry: options.serverEntry,
    cwd: repoRoot,
    databaseUrl,
    readyTimeoutMs: options.readyTimeoutSeconds * 1000
  })
  try {
    const idleRssMB = await readRssMB(server.pid)
    console.log(`[bench] server pid ${server.pid} ready on ${server.baseUrl} in ${server.startupSeconds.toFixed(1)} s`)
    console.log(`[bench] idle: ${describeServerMemory(await readServerMemory(server.baseUrl))}`)
    const api = makeStoreApi(server.baseUrl)
    const discovered = await discoverCatalog(api)
    for (const warning of discovered.warnings) console.warn(`[bench] discovery: ${warning}`)

    const results: Array<ShapeResult> = []
    for (const shape of shapes) {
      const result = await runShape(shape, {
        api,
        discovered,
        serverPid: server.pid,
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        warmupSeconds: options.warmupSeconds
      })
      console.log(
        `[bench] ${result.name}: ${result.requestsPerSecond} req/s, p50 ${result.latencyMs.p50} ms, ` +
          `p99 ${result.latencyMs.p99} ms, max RSS ${result.maxRssMB ?? "-"} MB ${result.status}`
      )
      console.log(`[bench] after ${result.name}: ${describeServerMemory(await readServerMemory(server.baseUrl))}`)
      results.push(result)
    }

    const failed = results.some((r) => r.status === "FAILED") || (deliveryFigures?.failures.length ?? 0) > 0 ||
      (courierFigures?.failures.length ?? 0) > 0 || relevanceMissed
    const report: BenchReport = {
      date: new Date().toISOString(),
      machine: machineInfo(),
      argon2id,
      banglaSearch,
      delivery: deliveryFigures,
      couriers: courierFigures,
      products: imported.products,
      options: { ...options, databaseUrl: options.databaseUrl === null ? null : redactDatabaseUrl(options.databaseUrl) },
      database: redactDatabaseUrl(databaseUrl),
      import: {
        ...imported,
        seconds: imported.seconds === null ? null : Math.round(imported.seconds * 100) / 100
      },
      server: {
        entry: options.serverEntry,
        startupSeconds: Math.round(server.startupSeconds * 100) / 100,
        idleRssMB: idleRssMB === null ? null : Math.round(idleRssMB * 10) / 10
      },
      discovery: {
        productSlugs: discovered.productSlugs.length,
        rootCategorySlugs: discovered.rootCategorySlugs,
        brands: discovered.brands.length,
        visibleProducts: discovered.visibleProducts,
        warnings: discovered.warnings
      },
      shapes: results,
      failed
    }
    console.log(formatReport(report))
    await writeReport(options.outFile, report)
    console.log(`[bench] results written to ${options.outFile}`)
    return failed ? 1 : 0
  } finally {
    await server.stop()
  }
}

const main = async (): Promise<number> => {
  let options: BenchOptions | null
  let shapes: ReadonlyArray<Shape>
  try {
    options = parseBenchOptions(process.argv.slice(2), process.env, repoRoot)
    if (options === null) {
      console.log(USAGE)
      return 0
    }
    shapes = selectShapes(storefrontShapes, options.shapeNames)
  } catch (e) {
    if (!(e instanceof UsageError)) throw e
    console.error(`${e.message}\n\n${USAGE}`)
    return 2
  }
  cleanUpOnSignals()
  const wanted: OwnServerShapes = {
    delivery: options.shapeNames === null || options.shapeNames.includes(DELIVERY_SHAPE),
    couriers: options.shapeNames?.includes(COURIERS_SHAPE) ?? false
  }
  return shapes.length === 0 && (wanted.delivery || wanted.couriers) ? ownServerOnly(options, wanted) : bench(options, shapes, wanted)
}

main()
  .catch((e: unknown) => {
    console.error(`[bench] failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
    return 1
  })
  .then(async (code) => {
    await runCleanups()
    process.exit(code)
  })
