/**
 * Inventory in memory over any CatalogSource (typically the in-memory catalog store): products
 * are followed through the source's change cursor, like the read model does, and the stock that
 * checkouts take is kept here as an override of the catalog's stock. An override only holds
 * while the catalog still says what it said when stock was taken: once an import sets the stock
 * again, the catalog's value wins (as a re-import overwrites stock in SQL). Sales counts are kept
 * here too (the in-memory catalog store cannot be written by anyone but an import).
 */
import { Effect, Layer, Semaphore } from "effect"
import { CatalogSource } from "../../application/catalog/catalog-source.ts"
import type { ChangeCursor, ProductPage } from "../../application/catalog/catalog-snapshot.ts"
import type { CartVariant } from "../../application/cart/cart-variant.ts"
import { Inventory, type ProductSale, type StockTake } from "../../application/cart/inventory.ts"
import type { CatalogProduct, CatalogVariant } from "../../domain/catalog/catalog-product.ts"
import { InsufficientStock } from "../../domain/cart/errors/insufficient-stock.ts"
import type { ProductId, ShopId, VariantId } from "../../domain/shared/ids.ts"

const PAGE_SIZE = 1_000

interface StockOverride {
  /** The catalog's stock when the override was made. */
  readonly catalogStock: number
  readonly stock: number
}

export const makeMemoryInventory = Effect.gen(function*() {
  const source = yield* CatalogSource
  const syncLock = yield* Semaphore.make(1)
  const products = new Map<string, CatalogProduct>()
  const variantOwners = new Map<string, string>()
  const overrides = new Map<string, StockOverride>()
  const sales = new Map<string, number>()
  let cursor: ChangeCursor | null = null

  const apply = (product: CatalogProduct) => {
    for (const variant of products.get(product.id)?.variants ?? []) variantOwners.delete(variant.id)
    products.set(product.id, product)
    for (const variant of product.variants) variantOwners.set(variant.id, product.id)
  }

  /** Applies every product changed since the last sync. */
  const sync = syncLock.withPermits(1)(Effect.gen(function*() {
    const next = yield* source.currentCursor
    let afterId: string | null = null
    do {
      const page: ProductPage = yield* source.loadProducts({ since: cursor, afterId, limit: PAGE_SIZE })
      for (const product of page.products) apply(product)
      afterId = page.nextAfterId
    } while (afterId !== null)
    cursor = next
  }))

  const stockOf = (variant: CatalogVariant): number => {
    const override = overrides.get(variant.id)
    return override !== undefined && override.catalogStock === variant.stock ? override.stock : variant.stock
  }

  const lookup = (variantId: VariantId): { readonly product: CatalogProduct; readonly variant: CatalogVariant } | undefined => {
    const productId = variantOwners.get(variantId)
    const product = productId === undefined ? undefined : products.get(productId)
    const variant = product?.variants.find((candidate) => candidate.id === variantId)
    return product === undefined || variant === undefined ? undefined : { product, variant }
  }

  const toCartVariant = (shopId: ShopId, product: CatalogProduct, variant: CatalogVariant): CartVariant => ({
    variantId: variant.id,
    productId: product.id,
    sku: variant.sku,
    originalPrice: variant.originalPrice,
    salePrice: variant.salePrice,
    stock: stockOf(variant),
    weightGrams: variant.weightGrams,
    images: variant.images,
    optionValues: variant.optionValues,
    visible: product.enabled && product.shopIds.includes(shopId),
    requiresShipping: product.requiresShipping,
    productName: product.name,
    productSlug: product.slug,
    productSku: product.sku,
    thumbnail: product.thumbnail
  })

  const variantsForShop = (shopId: ShopId, variantIds: ReadonlyArray<VariantId>) =>
    Effect.map(sync, (): ReadonlyMap<VariantId, CartVariant> => {
      const found = new Map<VariantId, CartVariant>()
      for (const variantId of variantIds) {
        const entry = lookup(variantId)
        if (entry !== undefined) found.set(variantId, toCartVariant(shopId, entry.product, entry.variant))
      }
      return found
    })

  const takeStock = (takes: ReadonlyArray<StockTake>) =>
    Effect.flatMap(sync, () => {
      const wanted = new Map<VariantId, number>()
      for (const take of takes) wanted.set(take.variantId, (wanted.get(take.variantId) ?? 0) + take.quantity)
      for (const [variantId, quantity] of wanted) {
        const entry = lookup(variantId)
        const available = entry === undefined ? 0 : stockOf(entry.variant)
        if (available < quantity) return Effect.fail(new InsufficientStock({ variantId, requested: quantity, available }))
      }
      for (const [variantId, quantity] of wanted) {
        const entry = lookup(variantId)
        if (entry !== undefined) {
          overrides.set(variantId, { catalogStock: entry.variant.stock, stock: stockOf(entry.variant) - quantity })
        }
      }
      return Effect.void
    })

  const recordSales = (sold: ReadonlyArray<ProductSale>) =>
    Effect.sync(() => {
      for (const sale of sold) sales.set(sale.productId, (sales.get(sale.productId) ?? 0) + sale.quantity)
    })

  const releaseStock = (takes: ReadonlyArray<StockTake & { readonly productId: ProductId }>) =>
    Effect.flatMap(sync, () =>
      Effect.sync(() => {
        for (const take of takes) {
          const entry = lookup(take.variantId)
          if (entry !== undefined) {
            overrides.set(take.variantId, { catalogStock: entry.variant.stock, stock: stockOf(entry.variant) + take.quantity })
          }
          sales.set(take.productId, Math.max(0, (sales.get(take.productId) ?? 0) - take.quantity))
        }
      }))

  return Inventory.of({
    variantsForShop,
    variantsForShopForUpdate: variantsForShop,
    takeStock,
    releaseStock,
    recordSales
  })
})

/** Inventory over the CatalogSource it is given. */
export const layer = Layer.effect(Inventory, makeMemoryInventory)
