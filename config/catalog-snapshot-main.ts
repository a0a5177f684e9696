/**
 * The catalog snapshot job (`npm run catalog:snapshot`, and what `npm run import` runs once its
 * catalog is written): builds the catalog index of the configured database (DATABASE_URL, else
 * the embedded one in DATA_DIR) as a server would, over the shops CATALOG_SHOPS names, and stores
 * its snapshot, so that the next instance to start reads the snapshot instead of building. A
 * snapshot that already covers every change is left as it is. It waits while another process
 * (an instance starting on a catalog without a snapshot) builds one, and an instance started
 * meanwhile waits for this one's. Logs its progress; exits 0 once the snapshot is stored, 1 when
 * the database is unavailable. Runs with the server's memory settings (catalog-snapshot-job.ts).
 */
import { NodeRuntime } from "@effect/platform-node"
import { Console, Duration, Effect, Layer } from "effect"
import { dictionaryDocumentCodecTrainer } from "../adapters/catalog-engine/catalog-engine.ts"
import * as Database from "../adapters/postgres/database-layer.ts"
import * as Migrations from "../adapters/postgres/migrations.ts"
import * as PostgresCatalogSnapshotStore from "../adapters/postgres/postgres-catalog-snapshot-store.ts"
import * as PostgresCatalogSource from "../adapters/postgres/postgres-catalog-source.ts"
import { CatalogReadModel } from "../application/catalog/catalog-read-model.ts"
import { parseShopList } from "../application/catalog/shop-scoped-catalog-source.ts"
import * as ShopScopedCatalogSource from "../application/catalog/shop-scoped-catalog-source.ts"
import { AppSettings } from "./app-config.ts"
import { catalogReadModel } from "./catalog-read-model.ts"

const readModel = Layer.unwrap(Effect.map(AppSettings, (settings) => {
  const stores = Layer.merge(PostgresCatalogSource.layer, PostgresCatalogSnapshotStore.layer).pipe(
    Layer.provideMerge(Migrations.layer),
    Layer.provideMerge(Database.layer({
      databaseUrl: settings.databaseUrl,
      dataDir: settings.dataDir,
      maxConnections: settings.databaseMaxConnections
    }))
  )
  const servedShops = parseShopList(settings.catalogShops)
  return catalogReadModel({
    // the job ends once the index is stored: it follows no changes
    pollInterval: Duration.hours(1),
    documentCodec: dictionaryDocumentCodecTrainer(),
    // every catalog, and again whenever a product changed since the stored one
    snapshotMinProducts: 0,
    snapshotStaleShare: 0
  }).pipe(Layer.provide(servedShops === null ? stores : ShopScopedCatalogSource.layer(servedShops).pipe(Layer.provideMerge(stores))))
})).pipe(Layer.provide(AppSettings.layer))

const main = Effect.gen(function*() {
  const started = performance.now()
  yield* Console.log("Catalog snapshot: building the catalog index and storing its snapshot")
  const products = yield* Effect.gen(function*() {
    return (yield* CatalogReadModel).state().search.productCount
  }).pipe(Effect.provide(readModel))
  yield* Console.log(`Catalog snapshot of ${products} products ready in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}).pipe(
  Effect.catchTag("StoreUnavailable", (error) =>
    Effect.andThen(Console.error(`Catalog snapshot: the database is unavailable (${error.reason})`), Effect.sync(() => {
      process.exitCode = 1
    })))
)

NodeRuntime.runMain(main)
