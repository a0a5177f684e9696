/**
 * The schema migrations, applied at start (and by the import command) through Effect's
 * Migrator, which serialises concurrent runs with a table lock.
 */
import { Layer } from "effect"
import { Migrator } from "effect/sql"
import catalog from "./migrations/0001_catalog.ts"
import changeTracking from "./migrations/0002_change_tracking.ts"
import accounts from "./migrations/0003_accounts.ts"
import cartsOrders from "./migrations/0004_carts_orders.ts"
import orderPrivacy from "./migrations/0005_order_privacy.ts"
import catalogNotify from "./migrations/0007_catalog_notify.ts"
import addressBook from "./migrations/0008_address_book.ts"
import linkedAccountProof from "./migrations/0009_linked_account_proof.ts"
import delivery from "./migrations/0010_delivery.ts"
import payments from "./migrations/0011_payments.ts"
import refundClaims from "./migrations/0012_refund_claims.ts"
import catalogSnapshots from "./migrations/0013_catalog_snapshots.ts"
import unusedLinkIndexes from "./migrations/0014_unused_link_indexes.ts"
import canonicalPhones from "./migrations/0015_canonical_phones.ts"
import paymentReconciliation from "./migrations/0016_payment_reconciliation.ts"
import productTranslations from "./migrations/0017_product_translations.ts"
import registrationClaims from "./migrations/0018_registration_claims.ts"
import shipments from "./migrations/0019_shipments.ts"
import categoryTranslations from "./migrations/0020_category_translations.ts"

export const migrations = Migrator.fromRecord({
  "0001_catalog": catalog,
  "0002_change_tracking": changeTracking,
  "0003_accounts": accounts,
  "0004_carts_orders": cartsOrders,
  "0005_order_privacy": orderPrivacy,
  "0007_catalog_notify": catalogNotify,
  "0008_address_book": addressBook,
  "0009_linked_account_proof": linkedAccountProof,
  "0010_delivery": delivery,
  "0011_payments": payments,
  "0012_refund_claims": refundClaims,
  "0013_catalog_snapshots": catalogSnapshots,
  "0014_unused_link_indexes": unusedLinkIndexes,
  "0015_canonical_phones": canonicalPhones,
  "0016_payment_reconciliation": paymentReconciliation,
  "0017_product_translations": productTranslations,
  "0018_registration_claims": registrationClaims,
  "0019_shipments": shipments,
  "0020_category_translations": categoryTranslations
})

export const runMigrations = Migrator.make({})({ loader: migrations })

export const layer = Layer.effectDiscard(runMigrations)
