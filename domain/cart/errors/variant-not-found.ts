import { Schema } from "effect"
import { VariantId } from "../../shared/ids.ts"

/** The variant does not exist or is not visible in the cart's shop (404 `variant_not_found`). */
export class VariantNotFound extends Schema.TaggedError<VariantNotFound>()("VariantNotFound", { variantId: VariantId }) {}
