/**
 * The production stores: every port backed by the one SQL adapter, on PostgreSQL or the
 * embedded PGlite, with the migrations applied before anything else touches the database.
 */
import { Layer, Option } from "effect"
import { databaseLayer } from "../adapters/postgres/database-layer.ts"
import { MigrationsLayer } from "../adapters/postgres/migrations.ts"
import { PostgresCatalogImportWriterLayer } from "../adapters/postgres/postgres-catalog-import-writer.ts"
import { CartCommit } from "../adapters/postgres/postgres-cart-repository.ts"
import { PostgresCatalogChangeFeed } from "../adapters/postgres/postgres-catalog-change-feed.ts"
import { PostgresCatalogSourceLayer } from "../adapters/postgres/postgres-catalog-source.ts"
import { PostgresStoreHealth } from "../adapters/postgres/postgres-store-health.ts"
import { CryptoIdGeneratorLayer } from "../adapters/security/crypto-id-generator.ts"
import { postgresAccountStores } from "./account-stores.ts"
import { postgresBuyingStores } from "./buying-stores.ts"
import type { AppConfig } from "./app-config.ts"

export const postgresStores = (settings: AppConfig) =>
  Layer.mergeAll(
    PostgresCatalogSourceLayer,
    PostgresCatalogImportWriterLayer,
    PostgresStoreHealth,
    postgresAccountStores({
      notificationsFile: settings.notificationsFile,
      sharedDatabase: Option.isSome(settings.databaseUrl),
      // the demo prints codes and reset links: nothing delivers the outbox there
      notificationsToConsole: Option.isNone(settings.databaseUrl)
    }),
    postgresBuyingStores.pipe(Layer.provide(Layer.succeed(CartCommit, settings.cartCommit))),
    // instances sharing a PostgreSQL hear each other's catalog changes at once (LISTEN/NOTIFY)
    Option.isSome(settings.databaseUrl) ? PostgresCatalogChangeFeed : Layer.empty
  ).pipe(
    Layer.provideMerge(CryptoIdGeneratorLayer),
    Layer.provideMerge(MigrationsLayer),
    Layer.provideMerge(databaseLayer({
      databaseUrl: settings.databaseUrl,
      dataDir: settings.dataDir,
      maxConnections: settings.databaseMaxConnections
    }))
  )
