import { describe, expect, it } from "@effect/vitest"
import { parseShopList } from "../../application/catalog/shop-scoped-catalog-source.ts"

describe("CATALOG_SHOPS", () => {
  it("lists shop ids separated by commas, spaces and empty entries ignored; blank means every shop", () => {
    expect(parseShopList("shop_a, shop_b,,shop_c ")).toEqual(new Set(["shop_a", "shop_b", "shop_c"]))
    expect(parseShopList("shop_a")).toEqual(new Set(["shop_a"]))
    expect(parseShopList("")).toBeNull()
    expect(parseShopList(" , ")).toBeNull()
  })
})
