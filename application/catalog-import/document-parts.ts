/**
 * An import document as a sequence of parts, so that a document of any size is read with
 * bounded memory: each top-level member whole, except the `products` array, which arrives one
 * item at a time. A `DocumentSource` can be run more than once (a second run reads the
 * document again from the start).
 *
 * Sources: `documentParts` (a document already in memory, for tests, the demo seed and library
 * users) and adapters/file/catalog-document-file.ts (a JSON file, parsed as a stream).
 */
import { Schema, Stream } from "effect"

export type DocumentPart =
  /** A top-level member other than the items of a `products` array. */
  | { readonly _tag: "Member"; readonly key: string; readonly value: unknown }
  /** One item of the top-level `products` array, with its index. */
  | { readonly _tag: "ProductItem"; readonly index: number; readonly value: unknown }
  /** The document is not a JSON object: the whole of it. */
  | { readonly _tag: "NotAnObject"; readonly value: unknown }

/** The document cannot be read or is not JSON; the message says where and why. */
export class DocumentUnreadable extends Schema.TaggedError<DocumentUnreadable>()("DocumentUnreadable", {
  message: Schema.String
}) {}

export type DocumentSource = Stream.Stream<DocumentPart, DocumentUnreadable>

export const member = (key: string, value: unknown): DocumentPart => ({ _tag: "Member", key, value })
export const productItem = (index: number, value: unknown): DocumentPart => ({ _tag: "ProductItem", index, value })
export const notAnObject = (value: unknown): DocumentPart => ({ _tag: "NotAnObject", value })

/** The parts of a document held in memory, in its members' order. */
export function* partsOfDocument(document: unknown): Generator<DocumentPart> {
  if (typeof document !== "object" || document === null || Array.isArray(document)) {
    yield notAnObject(document)
    return
  }
  for (const [key, value] of Object.entries(document)) {
    if (key === "products" && Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) yield productItem(index, value[index])
    } else {
      yield member(key, value)
    }
  }
}

/** The parts of a document held in memory (a parsed JSON value). */
export const documentParts = (document: unknown): Stream.Stream<DocumentPart> =>
  Stream.fromIterable({ [Symbol.iterator]: () => partsOfDocument(document) })
