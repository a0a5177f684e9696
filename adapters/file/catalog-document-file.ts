/**
 * An import document in a JSON file, read as a stream (json-document-scanner.ts): memory holds
 * one chunk of the file and the value being read, whatever the file's size. Each run of the
 * stream reads the file again from the start.
 */
import { createReadStream } from "node:fs"
import { Effect, Stream } from "effect"
import { type DocumentSource, DocumentUnreadable } from "../../application/catalog-import/document-parts.ts"
import { JsonDocumentScanner } from "./json-document-scanner.ts"

const CHUNK_BYTES = 1024 * 1024

const errorMessage = (error: unknown): string => error instanceof Error ? error.message : String(error)

export const catalogDocumentFile = (file: string): DocumentSource =>
  Stream.suspend(() => {
    const scanner = new JsonDocumentScanner()
    const scanned = (scan: () => ReturnType<JsonDocumentScanner["end"]>) =>
      Effect.try({
        try: scan,
        catch: (error) => new DocumentUnreadable({ message: `${file} is not valid JSON: ${errorMessage(error)}` })
      })
    const chunks = Stream.fromAsyncIterable(
      createReadStream(file, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>,
      (error) => new DocumentUnreadable({ message: `Cannot read ${file}: ${errorMessage(error)}` })
    )
    return chunks.pipe(
      Stream.mapEffect((chunk) => scanned(() => scanner.push(chunk))),
      Stream.concat(Stream.fromEffect(Effect.suspend(() => scanned(() => scanner.end())))),
      Stream.flattenIterable
    )
  })
