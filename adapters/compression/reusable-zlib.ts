/**
 * One zlib stream used again for every document instead of a new one per call
 * (`deflateRawSync`/`inflateRawSync` build a stream object, allocate ~300 KB of zlib state and
 * free it, per call). On the bench catalog a million such calls cost ~40 µs each in stream set-up
 * alone and left the C heap fragmented: loading 100,000 documents grew RSS by ~320 MB through
 * per-call streams against ~35 MB with one stream.
 *
 * Node has no public API for a reusable synchronous stream: this drives the stream's native
 * handle as `zlib.*Sync` does internally (`_handle.writeSync` with Z_FINISH, then `reset`, which
 * also sets the preset dictionary again). The public functions are the reference: where the
 * handle is not there in that form (another Node), or where the first result it gives differs
 * from `fallback`'s (the per-call public function) or throws where `fallback` answers, `fallback`
 * is used from then on. The public alternatives, measured, are in docs/decisions/reusable-zlib-handle.md.
 */
import { constants } from "node:zlib"

/** The parts of a Node zlib stream this drives (internal to Node). */
interface NativeZlib {
  readonly _handle?: {
    readonly writeSync: (
      flush: number,
      input: Uint8Array,
      inOffset: number,
      inLength: number,
      output: Uint8Array,
      outOffset: number,
      outLength: number
    ) => void
    readonly reset: () => void
  } | null
  readonly _writeState?: Uint32Array
  /** set at once when the handle reports an error (the "error" event follows on a later tick) */
  readonly destroyed: boolean
  readonly on: (event: "error", listener: (error: Error) => void) => unknown
}

const FIRST_OUTPUT_BYTES = 16 * 1024

/**
 * A function that runs all of `input` through a stream made by `make` (and made again after an
 * error) and returns its output, a view valid until the next call.
 */
export const reusableZlib = (
  make: () => unknown,
  fallback: (input: Uint8Array) => Buffer
): (input: Uint8Array) => Buffer => {
  let stream: NativeZlib | undefined
  let output = Buffer.allocUnsafeSlow(FIRST_OUTPUT_BYTES)
  const open = (): NativeZlib | undefined => {
    const made = make() as NativeZlib
    if (typeof made._handle?.writeSync !== "function" || !(made._writeState instanceof Uint32Array)) return undefined
    // the error is thrown from the call that met it; the event that follows must not go unheard
    made.on("error", () => undefined)
    return made
  }
  let usable = true
  /** The output through the native handle; `undefined` where this Node has none in that form. */
  const viaHandle = (input: Uint8Array): Buffer | undefined => {
    const current = stream ?? open()
    stream = current
    const handle = current?._handle
    const state = current?._writeState
    if (current === undefined || handle === undefined || handle === null || state === undefined) return undefined
    let inOffset = 0
    let inLength = input.length
    let outOffset = 0
    while (true) {
      handle.writeSync(constants.Z_FINISH, input, inOffset, inLength, output, outOffset, output.length - outOffset)
      if (current.destroyed) {
        stream = undefined
        throw new Error("zlib could not process the data")
      }
      const outLeft = state[0]!
      const inLeft = state[1]!
      inOffset += inLength - inLeft
      inLength = inLeft
      outOffset = output.length - outLeft
      if (outLeft !== 0) break
      const grown = Buffer.allocUnsafeSlow(output.length * 2)
      grown.set(output)
      output = grown
    }
    handle.reset()
    return output.subarray(0, outOffset)
  }
  let verified = false
  return (input) => {
    if (!usable) return fallback(input)
    if (verified) return viaHandle(input) ?? fallback(input)
    stream ??= open()
    if (stream === undefined) {
      usable = false
      return fallback(input)
    }
    // the first answer is checked against the public function's: a Node whose internals changed shape falls back
    const expected = fallback(input)
    let result: Buffer | undefined
    try {
      result = viaHandle(input)
    } catch {
      result = undefined
    }
    if (result === undefined || !result.equals(expected)) {
      usable = false
      stream = undefined
      return expected
    }
    verified = true
    return result
  }
}
