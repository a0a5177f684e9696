/**
 * Validates an import document part by part (document-parts.ts) and says what can be written
 * as it goes, so a document of any size is checked and written in one read with bounded
 * memory: the lists other than products are held (decoded), products are decoded one at a
 * time and handed out in batches.
 *
 * Writing follows the document: when the products begin, the lists read so far are written
 * (shops, keys, size guides, categories: what products refer to), then each full batch of
 * products, and at the end the lists not written yet. Nothing more is handed out once a
 * problem is found (the import will be rejected and its transaction rolled back), but checking
 * goes on to the end so that every problem is reported. A product that refers to something
 * not known yet (a document listing products before their shops or categories) cannot be
 * written before the end: it and the products after it are left for a second read
 * (`deferredFrom`).
 */
import { Result, Schema } from "effect"
import {
  type CatalogImportLists,
  type ImportDocumentLists,
  type ImportProductData,
  noLists,
  toImportLists,
  toProductData
} from "./catalog-import-data.ts"
import type { DocumentPart } from "./document-parts.ts"
import type { ExistingReferences } from "./existing-references.ts"
import {
  ImportCategory,
  ImportCoupon,
  ImportCustomer,
  ImportDocumentSchema,
  ImportProduct,
  ImportPublishableKey,
  ImportShippingMethod,
  ImportShop,
  ImportSizeGuide,
  problemsOf
} from "./import-document.ts"
import { DocumentReferences } from "./import-document-references.ts"
import type { ImportProblem } from "./import-problem.ts"
import { Batcher } from "./batcher.ts"

export type WriteCommand =
  | { readonly _tag: "Lists"; readonly lists: CatalogImportLists }
  | { readonly _tag: "Products"; readonly batch: ReadonlyArray<ImportProductData> }

export interface ValidationOutcome {
  readonly problems: ReadonlyArray<ImportProblem>
  /** What is left to write once the document was read (when it has no problem). */
  readonly commands: ReadonlyArray<WriteCommand>
  /** The index of the first product not written yet, to be read again; null when none is left. */
  readonly deferredFrom: number | null
}

type ListKey = keyof ImportDocumentLists

type ListDecoder = (value: unknown) => Result.Result<unknown, Schema.SchemaError>
const all = { errors: "all" } as const
const shops = Schema.decodeUnknownResult(Schema.Array(ImportShop))
const publishableKeys = Schema.decodeUnknownResult(Schema.Array(ImportPublishableKey))
const categories = Schema.decodeUnknownResult(Schema.Array(ImportCategory))
const sizeGuides = Schema.decodeUnknownResult(Schema.Array(ImportSizeGuide))
const shippingMethods = Schema.decodeUnknownResult(Schema.Array(ImportShippingMethod))
const coupons = Schema.decodeUnknownResult(Schema.Array(ImportCoupon))
const customers = Schema.decodeUnknownResult(Schema.Array(ImportCustomer))

const decoders: { readonly [K in ListKey]: ListDecoder } = {
  shops: (value) => shops(value, all),
  publishableKeys: (value) => publishableKeys(value, all),
  categories: (value) => categories(value, all),
  sizeGuides: (value) => sizeGuides(value, all),
  shippingMethods: (value) => shippingMethods(value, all),
  coupons: (value) => coupons(value, all),
  customers: (value) => customers(value, all)
}

const isListKey = (key: string): key is ListKey => Object.hasOwn(decoders, key)

/** What products refer to: written before them. */
const productDependencies: ReadonlyArray<ListKey> = ["shops", "publishableKeys", "sizeGuides", "categories"]

const decodeProduct = Schema.decodeUnknownResult(ImportProduct)
const decodeProducts = Schema.decodeUnknownResult(Schema.Array(ImportProduct))
const decodeVersion = Schema.decodeUnknownResult(Schema.Struct({ version: ImportDocumentSchema.fields.version }))
const decodeDocument = Schema.decodeUnknownResult(ImportDocumentSchema)

const atPath = (prefix: string, problems: ReadonlyArray<ImportProblem>): Array<ImportProblem> =>
  problems.map((problem) => ({ path: problem.path === "" ? prefix : `${prefix}.${problem.path}`, message: problem.message }))

/** A product known valid (read a second time): decoded, else a defect. */
export const validProduct = (value: unknown): ImportProductData => {
  const decoded = decodeProduct(value, { errors: "all" })
  if (Result.isFailure(decoded)) throw new Error("catalog import: a product changed between two reads of the document")
  return toProductData(decoded.success)
}

export class ImportValidation {
  readonly #references: DocumentReferences
  readonly #problems: Array<ImportProblem> = []
  readonly #lists: Partial<Record<ListKey, unknown>> = {}
  readonly #written = new Set<ListKey>()
  readonly #batcher: Batcher<ImportProductData>
  #version: { readonly value: unknown } | undefined
  #productsBegun = false
  #deferredFrom: number | null = null

  constructor(existing: ExistingReferences, batchSize: number) {
    this.#references = new DocumentReferences(existing)
    this.#batcher = new Batcher(batchSize)
  }

  get #valid(): boolean {
    return this.#problems.length === 0 && this.#references.problemCount === 0
  }

  /** Takes the next part; returns what can be written now. */
  accept(part: DocumentPart): ReadonlyArray<WriteCommand> {
    switch (part._tag) {
      case "NotAnObject": {
        const decoded = decodeDocument(part.value, { errors: "all" })
        if (Result.isFailure(decoded)) this.#problems.push(...problemsOf(decoded.failure))
        return []
      }
      case "Member":
        this.#member(part.key, part.value)
        return []
      case "ProductItem":
        return this.#product(part.index, part.value)
    }
  }

  #member(key: string, value: unknown): void {
    if (key === "version") {
      this.#version = { value }
      return
    }
    if (key === "products") {
      // not an array (an array arrives item by item): the schema says what is wrong
      const decoded = decodeProducts(value, { errors: "all" })
      if (Result.isFailure(decoded)) this.#problems.push(...atPath(key, problemsOf(decoded.failure)))
      return
    }
    if (!isListKey(key)) return // members the format does not know are ignored
    this.#references.list(key, value)
    const decoded = decoders[key](value)
    if (Result.isFailure(decoded)) this.#problems.push(...atPath(key, problemsOf(decoded.failure)))
    else this.#lists[key] = decoded.success
  }

  #product(index: number, value: unknown): ReadonlyArray<WriteCommand> {
    const commands: Array<WriteCommand> = []
    if (!this.#productsBegun) {
      this.#productsBegun = true
      if (this.#valid) commands.push(this.#listsCommand(productDependencies))
    }
    const resolved = this.#references.product(index, value)
    const decoded = decodeProduct(value, { errors: "all" })
    if (Result.isFailure(decoded)) this.#problems.push(...atPath(`products.${index}`, problemsOf(decoded.failure)))
    if (!this.#valid || this.#deferredFrom !== null || Result.isFailure(decoded)) return commands
    if (!resolved) {
      this.#deferredFrom = index
      return commands
    }
    const batch = this.#batcher.add(toProductData(decoded.success))
    if (batch !== undefined) commands.push({ _tag: "Products", batch })
    return commands
  }

  /** The lists among `keys` read and not written yet, marked written. */
  #listsCommand(keys: ReadonlyArray<ListKey>): WriteCommand {
    const lists: Record<string, unknown> = { ...noLists }
    for (const key of keys) {
      const list = this.#lists[key]
      if (list === undefined || this.#written.has(key)) continue
      lists[key] = list
      this.#written.add(key)
    }
    return { _tag: "Lists", lists: toImportLists(lists as unknown as ImportDocumentLists) }
  }

  /** Once every part was taken: every problem, or what is left to write. */
  finish(): ValidationOutcome {
    const version = decodeVersion(this.#version === undefined ? {} : { version: this.#version.value }, { errors: "all" })
    const problems = [
      ...(Result.isFailure(version) ? problemsOf(version.failure) : []),
      ...this.#problems,
      ...this.#references.finish()
    ]
    if (problems.length > 0) return { problems, commands: [], deferredFrom: null }
    const lastBatch = this.#batcher.flush()
    const commands: Array<WriteCommand> = []
    if (lastBatch.length > 0) commands.push({ _tag: "Products", batch: lastBatch })
    commands.push(this.#listsCommand(Object.keys(decoders) as Array<ListKey>))
    return { problems, commands, deferredFrom: this.#deferredFrom }
  }
}
