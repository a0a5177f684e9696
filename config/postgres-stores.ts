/**
 * The production stores: every port backed by the one SQL adapter, on PostgreSQL or the
 * embedded PGlite, with the migrations applied before anything else touches the database.
 */
import { Layer, Option } from "effect"
import * as Database from "../adapters/postgres/database-layer.ts"
import * as Migrations from "../adapters/postgres/migrations.ts"
import * as PostgresCatalogImportWriter from "../adapters/postgres/postgres-catalog-import-writer.ts"
import { CartCommit } from "../adapters/postgres/postgres-cart-repository.ts"
import * as PostgresCatalogChangeFeed from "../adapters/postgres/postgres-catalog-change-feed.ts"
import * as PostgresCatalogSnapshotStore from "../adapters/postgres/postgres-catalog-snapshot-store.ts"
import * as PostgresCatalogSource from "../adapters/postgres/postgres-catalog-source.ts"
import * as PostgresStoreHealth from "../adapters/postgres/postgres-store-health.ts"
import * as ReplicaCatalogReads from "../adapters/postgres/replica-catalog-reads.ts"
import * as CryptoIdGenerator from "../adapters/security/crypto-id-generator.ts"
import { OutboxWake } from "../application/notifications/outbox-wake.ts"
import { postgresAccountStores } from "./account-stores.ts"
import { renderBackOfficeEvent } from "./back-office-events.ts"
import { notificationDelivery, undeliveredChannels } from "./notification-delivery.ts"
import { postgresBuyingStores } from "./buying-stores.ts"
import type { AppConfig } from "./app-config.ts"

/**
 * Where the catalog read model reads: the replica when DATABASE_REPLICA_URL is set (with its
 * change feed, index snapshots and ReplicaHealth), else the one database. Instances sharing a PostgreSQL hear
 * each other's catalog changes at once (LISTEN/NOTIFY).
 */
const catalogReads = (settings: AppConfig) => {
  if (Option.isSome(settings.databaseUrl) && Option.isSome(settings.databaseReplicaUrl)) {
    return ReplicaCatalogReads.layer({
      replicaUrl: settings.databaseReplicaUrl.value,
      maxLagSeconds: settings.replicaMaxLagSeconds,
      maxConnections: settings.databaseMaxConnections
    })
  }
  return Option.isSome(settings.databaseUrl)
    ? Layer.mergeAll(PostgresCatalogSource.layer, PostgresCatalogChangeFeed.layer, PostgresCatalogSnapshotStore.layer)
    : Layer.merge(PostgresCatalogSource.layer, PostgresCatalogSnapshotStore.layer)
}

export const postgresStores = (settings: AppConfig) =>
  Layer.mergeAll(
    catalogReads(settings),
    PostgresCatalogImportWriter.layer,
    PostgresStoreHealth.layer,
    postgresAccountStores({
      notificationsFile: settings.notificationsFile,
      sharedDatabase: Option.isSome(settings.databaseUrl),
      // the demo prints the codes and reset links no gateway delivers
      consoleChannels: Option.isNone(settings.databaseUrl) ? undeliveredChannels(settings.delivery) : [],
      events: { endpoints: settings.delivery.webhookUrls, render: renderBackOfficeEvent }
    }),
    notificationDelivery(settings.delivery, {
      shared: Option.isSome(settings.databaseUrl),
      embedded: Option.isNone(settings.databaseUrl)
    }),
    postgresBuyingStores.pipe(Layer.provide(Layer.succeed(CartCommit, settings.cartCommit)))
  ).pipe(
    Layer.provideMerge(CryptoIdGenerator.layer),
    // one wake-up shared by the outboxes' writers and their relays
    Layer.provideMerge(OutboxWake.layer),
    Layer.provideMerge(Migrations.layer),
    Layer.provideMerge(Database.layer({
      databaseUrl: settings.databaseUrl,
      dataDir: settings.dataDir,
      maxConnections: settings.databaseMaxConnections
    }))
  )
