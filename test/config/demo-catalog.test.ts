/** The demo catalog's Bangla: every category has a Bangla name (roots a Bangla description too), a share of the products a Bangla name. */
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { toCatalogImportData } from "../../application/catalog-import/catalog-import-data.ts"
import { decodeImportDocument } from "../../application/catalog-import/import-document.ts"
import { demoCatalogDocument } from "../../config/demo-catalog.ts"

const BANGLA = /^[\u0980-\u09FF][\u0980-\u09FF\s:,ও]*$/u

describe("the demo catalog in Bangla", () => {
  it("translates every category's name into Bangla, and the roots' descriptions", () => {
    const decoded = decodeImportDocument(demoCatalogDocument())
    if (Result.isFailure(decoded)) throw new Error(JSON.stringify(decoded.failure))
    const data = toCatalogImportData(decoded.success)
    expect(data.categories.length).toBeGreaterThan(20)
    for (const category of data.categories) {
      const bn = category.translations?.["bn"]
      expect(bn?.name, category.slug).toMatch(BANGLA)
      expect(bn?.name, category.slug).not.toBe(category.name)
      if (category.parentSlug === null) expect(bn?.description, category.slug).toMatch(/[\u0980-\u09FF]/u)
    }
    expect(new Set(data.categories.map((category) => category.translations?.["bn"]?.name)).size)
      .toBe(new Set(data.categories.map((category) => category.name)).size)
    const translated = data.products.filter((product) => product.translations?.["bn"]?.name !== undefined)
    expect(translated.length).toBeGreaterThan(0)
    expect(translated.length).toBeLessThan(data.products.length)
  })
})
