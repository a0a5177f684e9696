import { describe, expect, it } from "@effect/vitest"
import { type DocumentPart, partsOfDocument } from "../../application/catalog-import/document-parts.ts"
import { JsonDocumentScanner, JsonScanError } from "../../adapters/file/json-document-scanner.ts"

const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text)

/** Scans `bytes` fed in the given chunks. */
const scan = (bytes: Uint8Array, cuts: ReadonlyArray<number>): Array<DocumentPart> => {
  const scanner = new JsonDocumentScanner()
  const parts: Array<DocumentPart> = []
  let start = 0
  for (const cut of [...cuts, bytes.length]) {
    parts.push(...scanner.push(bytes.subarray(start, cut)))
    start = cut
  }
  parts.push(...scanner.end())
  return parts
}

const scanText = (text: string): Array<DocumentPart> => scan(bytesOf(text), [])

const scanError = (text: string): string => {
  try {
    scanText(text)
  } catch (error) {
    if (error instanceof JsonScanError) return error.message
    throw error
  }
  throw new Error("scanned without an error")
}

// strings with escaped quotes and backslashes, brackets inside strings, multi-byte UTF-8, scalars
// next to closing brackets, whitespace everywhere: the places where a chunk boundary can hurt
const document = ` { "version" : 1,
  "shops": [{"id": "a \\"quoted\\" }{ ][ id", "name": "শাড়ি ✨"}],
  "note": "ends in a backslash \\\\",
  "products" : [ {"slug": "p-1", "tags": ["x]", "y}"], "n": -1.5e3},
    {"slug":"p-2","esc":"\\u00e9\\n\\\\\\""} ,
    42, "lone string", null, [1, [2, {"three": 3}]] ],
  "flag": true, "count": 7, "empty": {}, "nothing": null
}
`

describe("JsonDocumentScanner", () => {
  const expected = [...partsOfDocument(JSON.parse(document))]

  it("hands out the members and each products item, as JSON.parse reads them", () => {
    expect(scanText(document)).toEqual(expected)
    expect(expected.filter((part) => part._tag === "ProductItem")).toHaveLength(6)
  })

  it("gives the same parts wherever the chunks are cut", () => {
    const bytes = bytesOf(document)
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(scan(bytes, [cut])).toEqual(expected)
    }
    expect(scan(bytes, Array.from({ length: bytes.length - 1 }, (_, index) => index + 1))).toEqual(expected)
  })

  it("reads a document that is not an object, or whose products are not an array, as the schema expects them", () => {
    expect(scanText(" [1, 2] ")).toEqual([{ _tag: "NotAnObject", value: [1, 2] }])
    expect(scanText("42")).toEqual([{ _tag: "NotAnObject", value: 42 }])
    expect(scanText(`{"products": "nope", "version": 1}`)).toEqual([
      { _tag: "Member", key: "products", value: "nope" },
      { _tag: "Member", key: "version", value: 1 }
    ])
    expect(scanText(`{"products": []}`)).toEqual([])
    expect(scanText(`{}`)).toEqual([])
  })

  it("reports malformed documents with the byte offset", () => {
    expect(scanError(`{"version": 1, "products": [{"slug": "a"}`)).toBe("unexpected end of the document at byte 41")
    expect(scanError(`{"version": 1} x`)).toBe("unexpected data after the document at byte 15")
    expect(scanError(`{"version": 1 "shops": []}`)).toBe("expected ',' or '}' at byte 14")
    expect(scanError(`{"version" 1}`)).toBe("expected ':' at byte 11")
    expect(scanError(`{"products": [{"slug": "a"}, {"slug": }]}`)).toMatch(/^products item 1 \(from byte 29\): /)
    expect(scanError(`{"products": [{"slug": "a"},]}`)).toMatch(/^products item 1 \(from byte 28\): /)
    expect(scanError(`{"shops": [1,]}`)).toMatch(/^member "shops" \(from byte 10\): /)
  })

  it("refuses a member named twice (JSON.parse would silently keep the last)", () => {
    expect(scanError(`{"products": [], "version": 1, "products": [{"slug": "x"}]}`))
      .toBe(`member "products" appears twice (at byte 31)`)
  })
})
