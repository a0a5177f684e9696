/**
 * Raw inflate of many small inputs through one zlib stream, reset between inputs, instead of a
 * new stream per input: `inflateRawSync` makes a zlib handle for every call (with its preset
 * dictionary) and closes it after, which cost more than the inflating itself for a 300-byte
 * product document (78-84 µs a document against 20-35 µs reused, 3,000 documents of the bench
 * catalog on this 2-core machine under load).
 *
 * Node has no public way to reuse a synchronous zlib stream (`processChunkSync` closes it), so
 * this drives the stream's native handle as `processChunkSync` does (`writeSync` with Z_FINISH,
 * the counts left in `_writeState`, then `reset`, which sets the preset dictionary again). When
 * the handle is not there as expected (another Node version) `makeReusableInflater` answers
 * undefined; an input that fails or does not fit the output buffer answers undefined and the
 * caller inflates it the ordinary way.
 */
import { constants, InflateRaw } from "node:zlib"

/** Inflates `input` (a whole raw deflate stream) to UTF-8 text, or undefined: then inflate it otherwise. */
export type ReusableInflater = (input: Uint8Array) => string | undefined

interface NativeZlibHandle {
  readonly writeSync: (
    flush: number,
    input: Uint8Array,
    inputOffset: number,
    inputLength: number,
    output: Uint8Array,
    outputOffset: number,
    outputLength: number
  ) => void
  readonly reset: () => void
}

/** Output room: a document of up to this many bytes is inflated in one step. */
const OUTPUT_BYTES = 64 * 1024

export const makeReusableInflater = (dictionary: Uint8Array): ReusableInflater | undefined => {
  let stream: InflateRaw
  try {
    stream = new InflateRaw({ windowBits: 15, dictionary })
  } catch {
    return undefined
  }
  const internals = stream as unknown as { _handle?: Partial<NativeZlibHandle>; _writeState?: unknown }
  const handle = internals._handle
  const state = internals._writeState
  if (typeof handle?.writeSync !== "function" || typeof handle.reset !== "function" || !(state instanceof Uint32Array)) {
    return undefined
  }
  const native = handle as NativeZlibHandle
  // an error is reported through the stream; a failed input is then inflated the ordinary way
  let failed = false
  stream.on("error", () => {
    failed = true
  })
  const output = Buffer.allocUnsafe(OUTPUT_BYTES)
  return (input) => {
    if (failed || stream.destroyed) return undefined
    try {
      native.writeSync(constants.Z_FINISH, input, 0, input.byteLength, output, 0, output.length)
      // a zlib error is reported during writeSync, and destroys (closes) the stream
      if (stream.destroyed) {
        failed = true
        return undefined
      }
      const availableOut = state[0]!
      const availableIn = state[1]!
      native.reset()
      // all input read and room left over: the stream ended within the buffer
      if (failed || availableIn !== 0 || availableOut === 0) return undefined
      return output.toString("utf8", 0, output.length - availableOut)
    } catch {
      failed = true
      return undefined
    }
  }
}
