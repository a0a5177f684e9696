// What decoding the row of an add-to-cart's read costs: the cart with its variants' JSON, as
// the PostgreSQL client hands it over (camelCase keys, JSON columns as text), decoded through
// SqlSchema.findOneOption (the request encoded, the row decoded as an Effect: what the cart
// repository does) against Schema.decodeUnknownSync of the same row schema. CPU time, so the
// figure holds on a busy machine. Run: npm exec -- node test/bench/cart-row-decode-cost.ts [CALLS]
import { Effect, Schema } from "effect"
import { SqlSchema } from "effect/sql"
import { CartForChangeRow, ForChange } from "../../adapters/postgres/postgres-cart-repository.ts"
import { decodeCartVariantsJson } from "../../adapters/postgres/postgres-inventory.ts"
import { CartId, VariantId } from "../../domain/shared/ids.ts"

const CALLS = Number(process.argv[2] ?? 200_000)

const address = {
  name: "Rahim Uddin", phone: "+8801711000001", house: "12", road: "Lake Road", thana: "Gulshan",
  district: "Dhaka", division: "Dhaka", city: "Dhaka", postcode: "1212", country: "BD", note: ""
}
const variant = (n: number) => ({
  variantId: `var_${n}`, productId: `prod_${n}`, sku: `SKU-${n}`, originalPrice: 129_900, salePrice: null,
  stock: 40, weightGrams: 350, images: [`https://img.example/${n}.jpg`], optionValues: { size: "M", color: "blue" },
  visible: true, requiresShipping: true, productName: `Product ${n}`, productSlug: `product-${n}`,
  productSku: `P-${n}`, thumbnail: null
})
const now = new Date()
/** A cart of three lines, one variant being added (four variants in its JSON). */
const row = {
  id: "cart_0123456789abcdef", shopId: "shop_main", customerId: "cus_42", status: "active",
  lines: JSON.stringify([1, 2, 3].map((n) => ({ id: `item_${n}`, variantId: `var_${n}`, productId: `prod_${n}`, quantity: n }))),
  customerNote: "", shippingAddress: JSON.stringify(address), billingAddress: null, shippingMethodId: "",
  paymentMethod: "cod", couponCode: "", version: 7, createdAt: now, updatedAt: now, expiresAt: now,
  variants: JSON.stringify([1, 2, 3, 4].map(variant))
}
const request = { cartId: CartId.make(row.id), addedVariantIds: [VariantId.make("var_4")] }

const viaSqlSchema = SqlSchema.findOneOption({
  Request: ForChange,
  Result: CartForChangeRow,
  execute: () => Effect.succeed([row])
})
const decodeSync = Schema.decodeUnknownSync(CartForChangeRow)

const cpuMicrosPerCall = (body: Effect.Effect<unknown, unknown>) => {
  const loop = (calls: number) =>
    Effect.runSync(Effect.gen(function*() {
      for (let i = 0; i < calls; i++) yield* body
    }))
  loop(CALLS / 10) // warm-up
  const started = process.cpuUsage()
  loop(CALLS)
  const used = process.cpuUsage(started)
  return (used.user + used.system) / CALLS
}

const variantsToo = <A extends { readonly variants: string }>(decoded: A) => decodeCartVariantsJson(decoded.variants)

for (let round = 1; round <= 3; round++) {
  const sync = cpuMicrosPerCall(Effect.sync(() => variantsToo(decodeSync(row))))
  const sqlSchema = cpuMicrosPerCall(Effect.map(viaSqlSchema(request), (found) => found._tag === "Some" ? variantsToo(found.value) : undefined))
  console.log(
    `round ${round}: decodeUnknownSync ${sync.toFixed(1)} µs, SqlSchema.findOneOption ${sqlSchema.toFixed(1)} µs a row (ratio ${(sqlSchema / sync).toFixed(2)})`
  )
}
