/** Content-coding negotiation (RFC 9110 §12.5.3) and the kept compressed forms of cached bodies. */
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Effect, Schema } from "effect"
import { compressedBody, keepCompressedForms } from "../../../adapters/http/representation/compressed-bodies.ts"
import { isCompressible, negotiateCoding } from "../../../adapters/http/representation/content-coding.ts"

const CodingName = Schema.Literals(["br", "gzip", "identity", "*", "deflate", "BR", "Gzip"])
const Quality = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 1000 }))
const Element = Schema.Struct({ coding: CodingName, quality: Schema.optional(Quality) })
const Elements = Schema.Array(Element).check(Schema.isMaxLength(6))
type Element = typeof Element.Type

const render = (elements: ReadonlyArray<Element>) =>
  elements.map(({ coding, quality }) => quality === undefined ? coding : `${coding};q=${(quality / 1000).toFixed(3)}`)
    .join(", ")

/** The weight a list gives a coding, by the RFC's rules: named first, else `*`, else 0 (identity: 1). */
const weightOf = (elements: ReadonlyArray<Element>, coding: "br" | "gzip" | "identity"): number => {
  const weight = (element: Element) => (element.quality ?? 1000) / 1000
  const named = elements.find((element) => element.coding.toLowerCase() === coding)
  if (named !== undefined) return weight(named)
  const any = elements.find((element) => element.coding === "*")
  if (any !== undefined) return weight(any)
  return coding === "identity" ? 1 : 0
}

describe("negotiateCoding", () => {
  // [Accept-Encoding, the coding chosen]
  const choices: ReadonlyArray<readonly [title: string, cases: ReadonlyArray<readonly [header: string | undefined, coding: string]>]> = [
    ["takes the best-weighted compression, brotli on a tie", [
      ["gzip, deflate, br", "br"], ["gzip;q=1.0, br;q=0.9", "gzip"], ["br;q=0.5, gzip;q=0.5", "br"],
      ["x-gzip", "gzip"], ["*", "br"], ["br;q=0, *", "gzip"]
    ]],
    ["sends identity when nothing else is asked for or identity weighs more", [
      [undefined, "identity"], ["", "identity"], ["identity", "identity"], ["deflate", "identity"],
      ["br;q=0, gzip;q=0", "identity"], ["*;q=0", "identity"], ["identity, gzip;q=0.8", "identity"],
      ["gzip;q=2", "identity"], ["gzip;q=abc, br;q=0.001", "br"]
    ]]
  ]
  for (const [title, cases] of choices) {
    it(title, () => {
      for (const [header, coding] of cases) expect(negotiateCoding(header), String(header)).toBe(coding)
    })
  }

  it.prop("the coding chosen is acceptable and weighs at least as much as the alternatives", [Arbitrary.schema(Elements)], ([elements]) => {
    const header = render(elements)
    const br = weightOf(elements, "br")
    const gzip = weightOf(elements, "gzip")
    const identity = elements.some((element) => element.coding === "identity") ? weightOf(elements, "identity") : 0
    const chosen = negotiateCoding(header)
    if (chosen === "identity") {
      expect(Math.max(br, gzip) === 0 || identity > Math.max(br, gzip)).toBe(true)
    } else {
      const mine = chosen === "br" ? br : gzip
      expect(mine).toBeGreaterThan(0)
      expect(mine).toBeGreaterThanOrEqual(Math.max(br, gzip, identity))
    }
  })

  it.prop("the order of distinct codings does not matter", [Arbitrary.schema(Elements)], ([elements]) => {
    const distinct = elements.filter((element, index) =>
      elements.findIndex((other) => other.coding.toLowerCase() === element.coding.toLowerCase()) === index
    )
    expect(negotiateCoding(render([...distinct].reverse()))).toBe(negotiateCoding(render(distinct)))
  })
})

describe("isCompressible", () => {
  it("takes textual types over 1 KB", () => {
    expect(isCompressible("application/json", 1025)).toBe(true)
    expect(isCompressible("application/problem+json", 5000)).toBe(true)
    expect(isCompressible("text/html; charset=utf-8", 5000)).toBe(true)
    expect(isCompressible("application/json", 1024)).toBe(false)
    expect(isCompressible("image/png", 50_000)).toBe(false)
    expect(isCompressible(undefined, 50_000)).toBe(false)
  })
})

describe("compressedBody", () => {
  const body = Buffer.from(JSON.stringify({ data: Array.from({ length: 200 }, (_, index) => ({ index, name: "shirt" })) }))

  it.effect("a kept body is compressed once per coding; its forms decode to it", () =>
    Effect.gen(function*() {
      const kept = keepCompressedForms(Buffer.from(body))
      const [first, second] = yield* Effect.all([compressedBody(kept, "br"), compressedBody(kept, "br")], {
        concurrency: 2
      })
      expect(second).toBe(first)
      expect(yield* compressedBody(kept, "br")).toBe(first)
      expect(brotliDecompressSync(first).equals(body)).toBe(true)
      const gzip = yield* compressedBody(kept, "gzip")
      expect(yield* compressedBody(kept, "gzip")).toBe(gzip)
      expect(gunzipSync(gzip).equals(body)).toBe(true)
      expect(first.length).toBeLessThan(body.length / 4)
    }))

  it.effect("any other body is compressed for each response", () =>
    Effect.gen(function*() {
      const once = yield* compressedBody(body, "gzip")
      const twice = yield* compressedBody(body, "gzip")
      expect(twice).not.toBe(once)
      expect(gunzipSync(twice).equals(body)).toBe(true)
    }))
})
