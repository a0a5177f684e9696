/**
 * Places as people write them (issue 29, docs/contract/shipping.md), through the real server on the demo
 * catalog, on PGlite and PostgreSQL: the demo's rules price city `Dhaka` inside the city and
 * districts `Gazipur`, `Narayanganj` as suburb; the same places written in Bangla get the same
 * zones, so Express (inside the city only) is offered for `ঢাকা`.
 */
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { DEMO_PUBLISHABLE_KEY, demoCatalogDocument } from "../../config/demo-catalog.ts"
import { postgresBuyingTestStores } from "../support/buying-stores.ts"
import { expectProblem, storeRequest } from "../support/store-http.ts"
import { testServer } from "../support/test-server.ts"
import { testEngines } from "../support/test-database.ts"

const caller = { key: DEMO_PUBLISHABLE_KEY }

interface CartBody {
  readonly id: string
  readonly shippingFee: number
  readonly shippingMethodId: string | null
}

for (const engine of testEngines()) {
  layer(testServer(postgresBuyingTestStores(engine, demoCatalogDocument())), { excludeTestServices: true })(
    `zones from Bangla and English place names (${engine.name})`,
    (it) => {
      /** A cart of one light demo item shipped to `place`, priced with `methodId`: the response. */
      const pricedTo = (place: Record<string, string>, methodId: string) =>
        Effect.gen(function*() {
          const listed = yield* storeRequest("GET", "/products?limit=50", undefined, caller)
          expect(listed.status, listed.text).toBe(200)
          const slugs = (listed.body as { data: ReadonlyArray<{ slug: string }> }).data.map((product) => product.slug)
          let variantId: string | undefined
          for (const slug of slugs) {
            const detail = yield* storeRequest("GET", `/products/by-slug/${slug}`, undefined, caller)
            const product = detail.body as {
              requiresShipping: boolean
              variants: ReadonlyArray<{ id: string; inStock: boolean; originalPrice: number; salePrice: number | null }>
            }
            // shipped, and below the Tk 3,000 of free standard delivery
            variantId = product.requiresShipping
              ? product.variants.find((v) => v.inStock && (v.salePrice ?? v.originalPrice) < 3000)?.id
              : undefined
            if (variantId !== undefined) break
          }
          if (variantId === undefined) return expect.unreachable("the demo catalog has a shipped item under Tk 3,000 in stock")
          const created = yield* storeRequest("POST", "/cart", { items: [{ variantId, quantity: 1 }] }, caller)
          expect(created.status, created.text).toBe(201)
          const cartId = (created.body as CartBody).id
          const addressed = yield* storeRequest("PUT", `/cart/${cartId}/shipping-address`, { name: "Nusrat", phone: "01819123456", ...place }, caller)
          expect(addressed.status, addressed.text).toBe(200)
          return yield* storeRequest("PUT", `/cart/${cartId}/shipping-method`, { shippingMethodId: methodId }, caller)
        })

      const feeOf = (response: { readonly status: number; readonly text: string; readonly body: unknown }) => {
        expect(response.status, response.text).toBe(200)
        return (response.body as CartBody).shippingFee
      }

      it.effect("ঢাকা prices as Dhaka inside the city, and Express delivers there", () =>
        Effect.gen(function*() {
          const inside = feeOf(yield* pricedTo({ city: "Dhaka" }, "sm_demo_standard"))
          const outside = feeOf(yield* pricedTo({ city: "Sylhet" }, "sm_demo_standard"))
          expect(inside).toBeLessThan(outside) // Tk 60 against Tk 120 for a light item
          for (const city of ["ঢাকা", " dhaka ", "DHAKA", "ঢাকা".normalize("NFD")]) {
            expect(feeOf(yield* pricedTo({ city }, "sm_demo_standard")), city).toBe(inside)
            expect(feeOf(yield* pricedTo({ city }, "sm_demo_express")), city).toBe(150)
          }
        }))

      it.effect("গাজীপুর and নারায়ণগঞ্জ are the suburb; a place outside is refused by Express", () =>
        Effect.gen(function*() {
          const suburb = feeOf(yield* pricedTo({ district: "Gazipur" }, "sm_demo_standard"))
          const outside = feeOf(yield* pricedTo({ district: "সিলেট" }, "sm_demo_standard"))
          expect(suburb).toBeLessThan(outside)
          for (const district of ["গাজীপুর", "Narayanganj", "নারায়ণগঞ্জ"]) {
            expect(feeOf(yield* pricedTo({ district }, "sm_demo_standard")), district).toBe(suburb)
          }
          expectProblem(yield* pricedTo({ district: "সিলেট" }, "sm_demo_express"), 422, "shipping_unavailable_for_zone")
        }))
    }
  )
}
