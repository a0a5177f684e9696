/**
 * The demo shop page's copy of the typed client (adapters/http/demo-shop/storefront-client.js)
 * is what `npm run client:generate` makes from client/index.ts.
 */
import { readFile } from "node:fs/promises"
import { describe, expect, it } from "vitest"
import { DEMO_SHOP_CLIENT_FILE, demoShopClientSource } from "../../scripts/demo-shop-client.ts"

describe("the demo shop's copy of the typed client", () => {
  it("matches client/index.ts (run `npm run client:generate` when not)", async () => {
    const checkedIn = await readFile(DEMO_SHOP_CLIENT_FILE, "utf8")
    expect(checkedIn === await demoShopClientSource(), "storefront-client.js is stale: run `npm run client:generate`").toBe(true)
    expect(checkedIn).toContain(`from "./openapi-fetch.js"`)
    expect(checkedIn).toContain("export const createStorefrontClient")
  })
})
