/** A product document in the request's language: Bangla where translated, the English document untouched otherwise. */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { localizeDocument, localizeDocuments } from "../../../adapters/http/representation/localized-documents.ts"

const Translation = Schema.Struct({ name: Schema.optionalKey(Schema.String), description: Schema.optionalKey(Schema.String) })
const Doc = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  price: Schema.Finite,
  translations: Schema.optionalKey(Schema.Record(Schema.Literals(["bn", "en-GB"]), Translation))
})

describe("localizeDocument", () => {
  it.prop("English is the document as it is; Bangla replaces exactly the translated fields", [Arbitrary.schema(Doc)], ([product]) => {
    const document = JSON.stringify(product)
    expect(localizeDocument(document, "en")).toEqual({ document, translated: false })
    const bangla = localizeDocument(document, "bn")
    const bn = product.translations?.["bn"]
    const translated = bn !== undefined && (bn.name !== undefined || bn.description !== undefined)
    expect(bangla.translated).toBe(translated)
    if (!translated) expect(bangla.document).toBe(document)
    const parsed = JSON.parse(bangla.document) as typeof Doc.Type
    expect(parsed).toEqual({ ...product, name: bn?.name ?? product.name, description: bn?.description ?? product.description })
    // the fields keep their order
    expect(Object.keys(parsed)).toEqual(Object.keys(product))
  })

  it("a page says whether any of its products was translated, order kept", () => {
    const plain = JSON.stringify({ id: "a", name: "Lungi", description: "" })
    const saree = JSON.stringify({ id: "b", name: "Saree", description: "Silk", translations: { bn: { name: "শাড়ি" } } })
    expect(localizeDocuments([plain], "bn")).toEqual({ documents: [plain], translated: false })
    const page = localizeDocuments([plain, saree], "bn")
    expect(page.translated).toBe(true)
    expect(page.documents.map((document) => JSON.parse(document).name)).toEqual(["Lungi", "শাড়ি"])
    expect(JSON.parse(page.documents[1]!).description).toBe("Silk")
  })
})
