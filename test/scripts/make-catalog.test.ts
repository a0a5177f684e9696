/**
 * The project's catalog generator (scripts/make-catalog.ts): the same products and seed give the
 * same bytes, another seed another catalog; slices of a catalog hold exactly its products and
 * leave the rest of the document alike; what it writes is a valid import document.
 */
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { decodeImportDocument } from "../../application/catalog-import/import-document.ts"
import { writeCatalog } from "../../scripts/make-catalog.ts"

const generate = (products: number, seed: number, slice?: { readonly from: number; readonly to: number }): string => {
  let text = ""
  writeCatalog(slice === undefined ? { products, seed } : { products, seed, slice }, (piece) => (text += piece))
  return text
}

interface Document {
  readonly products: ReadonlyArray<{ readonly slug: string }>
  readonly [list: string]: unknown
}

describe("scripts/make-catalog.ts", () => {
  it("is deterministic: the same size and seed give the same bytes, another seed another catalog", () => {
    expect(generate(200, 42)).toBe(generate(200, 42))
    expect(generate(200, 7)).not.toBe(generate(200, 42))
  })

  it("slices hold the whole catalog's products, in order, and the same other lists", () => {
    const whole = JSON.parse(generate(90, 42)) as Document
    const parts = [{ from: 0, to: 30 }, { from: 30, to: 75 }, { from: 75, to: 90 }]
      .map((slice) => JSON.parse(generate(90, 42, slice)) as Document)
    expect(parts.flatMap((part) => part.products)).toEqual(whole.products)
    for (const part of parts) expect({ ...part, products: [] }).toEqual({ ...whole, products: [] })
  })

  it("writes a valid import document with the size asked for", () => {
    const document = JSON.parse(generate(120, 3)) as Document
    expect(document.products).toHaveLength(120)
    expect(new Set(document.products.map((product) => product.slug)).size).toBe(120)
    expect(Result.isSuccess(decodeImportDocument(document))).toBe(true)
  })
})
