/** A product document in the request's language: Bangla where translated, the English document untouched otherwise. */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { localizeDocument, localizeDocuments } from "../../../adapters/http/representation/localized-documents.ts"
import { categoryTexts } from "../../../adapters/http/representation/localized-categories.ts"
import { CategoryId } from "../../../domain/shared/ids.ts"

const Translation = Schema.Struct({ name: Schema.optionalKey(Schema.String), description: Schema.optionalKey(Schema.String) })
const Doc = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  price: Schema.Finite,
  translations: Schema.optionalKey(Schema.Record(Schema.Literals(["bn", "en-GB"]), Translation))
})

describe("localizeDocument", () => {
  it.prop("English is the document as it is; Bangla replaces exactly the translated fields", [Arbitrary.schema(Doc)], ([generated]) => {
    // as JSON holds it (a generated -0 reads back as 0)
    const product = JSON.parse(JSON.stringify(generated)) as typeof Doc.Type
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

  it("a product's categories are named in Bangla where translated, the rest of the document kept", () => {
    const category = (id: string, name: string, bn?: string) => ({
      id: CategoryId.make(id), slug: id, name, description: null, image: null, parentId: null, position: 0,
      seo: { metaTitle: null, metaDescription: null, ogImage: null },
      ...(bn === undefined ? {} : { translations: { bn: { name: bn } } })
    })
    const texts = categoryTexts([category("cat_s", "Sarees", "শাড়ি"), category("cat_p", "Phones")], "bn")
    expect(categoryTexts([category("cat_s", "Sarees", "শাড়ি")], "en").size).toBe(0)
    const categories = [{ id: "cat_p", name: "Phones", slug: "cat_p" }, { id: "cat_s", name: "Sarees", slug: "cat_s" }]
    const saree = JSON.stringify({ id: "b", name: "Silk", description: "", categories })
    const bangla = localizeDocument(saree, "bn", texts)
    expect(bangla.translated).toBe(true)
    expect(JSON.parse(bangla.document)).toEqual({
      id: "b", name: "Silk", description: "", categories: [categories[0], { id: "cat_s", name: "শাড়ি", slug: "cat_s" }]
    })
    const phone = JSON.stringify({ id: "c", name: "Phone", description: "", categories: [categories[0]] })
    expect(localizeDocument(phone, "bn", texts)).toEqual({ document: phone, translated: false })
    expect(localizeDocument(saree, "en", texts)).toEqual({ document: saree, translated: false })
  })
})
