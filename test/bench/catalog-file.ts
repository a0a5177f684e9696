// The catalog document to import: generated with scripts/make-catalog.ts (deterministic,
// reused when bench-results/catalog-<N>.json already exists) or given with --catalog.
import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdir, readFile, rename } from "node:fs/promises"
import { dirname, join } from "node:path"
import { childExit, describeExit } from "./child-exit.ts"
import { forwardOutput } from "./prefixed-output.ts"

export interface CatalogFile {
  readonly file: string
  readonly products: number
  readonly generated: boolean
  readonly generateSeconds: number | null
}

/**
 * The generated catalog of `products` products, or with `slice` only its products [from, to) (the
 * rest of the document is the same), so a catalog can be imported in parts.
 */
export const generatedCatalog = async (
  generator: string,
  resultsDir: string,
  products: number,
  slice?: { readonly from: number; readonly to: number }
): Promise<CatalogFile> => {
  const part = slice === undefined ? "" : `-${slice.from}-${slice.to}`
  const file = join(resultsDir, `catalog-${products}${part}.json`)
  if (existsSync(file)) {
    console.log(`[bench] reusing ${file}`)
    return { file, products: slice === undefined ? products : slice.to - slice.from, generated: false, generateSeconds: null }
  }
  await mkdir(dirname(file), { recursive: true })
  const partial = `${file}.partial`
  const what = slice === undefined ? `${products} products` : `products ${slice.from}..${slice.to - 1} of ${products}`
  console.log(`[bench] generating ${what} into ${file}`)
  const started = performance.now()
  const sliceArgs = slice === undefined ? [] : ["--slice", `${slice.from}:${slice.to}`]
  const child = spawn(process.execPath, [generator, "--products", String(products), ...sliceArgs, "--out", partial], {
    stdio: ["ignore", "pipe", "pipe"]
  })
  forwardOutput(child, "[make-catalog]")
  const exit = await childExit(child)
  if (exit.code !== 0) throw new Error(`${generator} failed (${describeExit(exit)})`)
  await rename(partial, file)
  const count = slice === undefined ? products : slice.to - slice.from
  return { file, products: count, generated: true, generateSeconds: (performance.now() - started) / 1000 }
}

export const givenCatalog = async (file: string): Promise<CatalogFile> => {
  const doc: unknown = JSON.parse(await readFile(file, "utf8"))
  const list = typeof doc === "object" && doc !== null && "products" in doc ? doc.products : undefined
  if (!Array.isArray(list)) throw new Error(`${file} has no products array`)
  return { file, products: list.length, generated: false, generateSeconds: null }
}
