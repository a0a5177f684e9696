/**
 * Response bodies compressed with Node's zlib, off the event loop. A body registered with
 * `keepCompressedForms` (a cached, immutable body such as a rendered product listing) keeps
 * each compressed form beside it once made, for as long as the body itself is kept: a repeated
 * response costs a lookup, not a compression. Other bodies are compressed per response.
 */
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"
import { Effect } from "effect"

export type Compression = "br" | "gzip"

/** Brotli quality 5 and gzip level 6: a few milliseconds for a large listing, most of the gain. */
const BROTLI_QUALITY = 5
const GZIP_LEVEL = 6

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const compress = (body: Uint8Array, coding: Compression): Promise<Uint8Array> =>
  coding === "br"
    ? brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength
      }
    })
    : gzipAsync(body, { level: GZIP_LEVEL })

type Form = Uint8Array | Promise<Uint8Array>

const keptForms = new WeakMap<Uint8Array, { br?: Form; gzip?: Form }>()

/** Marks `body` (never to be changed) as one whose compressed forms are kept; returns it. */
export const keepCompressedForms = <B extends Uint8Array>(body: B): B => {
  if (!keptForms.has(body)) keptForms.set(body, {})
  return body
}

/** `body` in `coding`: the kept form when there is one, else compressed now (and kept if registered). */
export const compressedBody = (body: Uint8Array, coding: Compression): Effect.Effect<Uint8Array> => {
  const forms = keptForms.get(body)
  if (forms === undefined) return Effect.promise(() => compress(body, coding))
  const kept = forms[coding]
  if (kept instanceof Uint8Array) return Effect.succeed(kept)
  if (kept !== undefined) return Effect.promise(() => kept)
  // concurrent first requests share one compression
  const pending = compress(body, coding).then((compressed) => {
    forms[coding] = compressed
    return compressed
  }, (error: unknown) => {
    delete forms[coding]
    throw error
  })
  forms[coding] = pending
  return Effect.promise(() => pending)
}
