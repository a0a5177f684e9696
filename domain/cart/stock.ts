/**
 * Stock rules of a cart line (docs/contract/cart.md): a line may not ask for more than the variant has in
 * stock, and the variant must be visible in the cart's shop. The catalog data comes in as
 * arguments (read from the store, which is the authority for stock).
 */
import { Result } from "effect"
import type { VariantId } from "../shared/ids.ts"
import { InsufficientStock } from "./errors/insufficient-stock.ts"
import { VariantNotFound } from "./errors/variant-not-found.ts"

export interface StockedVariant {
  readonly variantId: VariantId
  /** Enabled and offered in the cart's shop. */
  readonly visible: boolean
  readonly stock: number
}

/** The variant, when it can be put in the cart at all. */
export const assertVariantAvailable = <V extends StockedVariant>(
  variantId: VariantId,
  variant: V | undefined
): Result.Result<V, VariantNotFound> =>
  variant === undefined || !variant.visible ? Result.fail(new VariantNotFound({ variantId })) : Result.succeed(variant)

/** `quantity` units of the variant can be bought: at most what is in stock. */
export const assertQuantityInStock = (
  variant: StockedVariant,
  quantity: number
): Result.Result<number, InsufficientStock> =>
  quantity <= variant.stock
    ? Result.succeed(quantity)
    : Result.fail(new InsufficientStock({ variantId: variant.variantId, requested: quantity, available: variant.stock }))
