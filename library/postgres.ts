/**
 * `storefront-service/postgres`: the stores on PostgreSQL (or the embedded PGlite): the database
 * and its migrations, the catalog's source, change feed and import writer, and the account and
 * buying stores.
 */
export * as Database from "../adapters/postgres/database-layer.ts"
export * as Migrations from "../adapters/postgres/migrations.ts"
export * as PostgresCatalogChangeFeed from "../adapters/postgres/postgres-catalog-change-feed.ts"
export * as PostgresCatalogImportWriter from "../adapters/postgres/postgres-catalog-import-writer.ts"
export * as PostgresCatalogSource from "../adapters/postgres/postgres-catalog-source.ts"
export * as CryptoIdGenerator from "../adapters/security/crypto-id-generator.ts"
export { postgresAccountStores } from "../config/account-stores.ts"
export { postgresBuyingStores } from "../config/buying-stores.ts"
