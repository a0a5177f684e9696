/**
 * How the catalog index keeps each product's rendered JSON document: as it is (the identity
 * codec, the default) or in a smaller form that an adapter provides, e.g. compressed with a
 * dictionary trained on a sample of the documents.
 *
 * The stored form is a string; a codec with a description stores one byte per character
 * ("latin1"), and the index keeps those bytes in a DocumentArena, outside the heap.
 * For every document, `decode(encode(json)) === json`.
 */
export interface DocumentCodec {
  readonly encode: (json: string) => string
  readonly decode: (stored: string) => string
  /** `decode` of the stored form's bytes (codecs with a description), without making the string first. */
  readonly decodeBytes?: ((stored: Uint8Array) => string) | undefined
  /**
   * What another thread needs to make the same codec (the adapter that made it reads it back),
   * for codecs whose stored form is one byte per character; absent for the identity codec.
   */
  readonly description?: DocumentCodecDescription | undefined
}

/** A codec's kind and data (e.g. "deflate" and its dictionary), to make it again elsewhere. */
export interface DocumentCodecDescription {
  readonly kind: string
  readonly data: Uint8Array
}

/** Keeps documents as they are. */
export const identityDocumentCodec: DocumentCodec = {
  encode: (json) => json,
  decode: (stored) => stored
}

/**
 * Builds a codec from the first documents the index renders, e.g. a compression dictionary
 * trained on them. The index keeps documents as they are until it holds `sampleSize` of them,
 * then trains once, re-encodes those and encodes every later one (a smaller catalog is never
 * encoded).
 */
export interface DocumentCodecTrainer {
  readonly sampleSize: number
  readonly train: (samples: ReadonlyArray<string>) => DocumentCodec
}

export const isDocumentCodecTrainer = (
  codec: DocumentCodec | DocumentCodecTrainer
): codec is DocumentCodecTrainer => "train" in codec
