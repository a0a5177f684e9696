/**
 * The layers' rules, checked over the import graph of the production code:
 * - `domain/` imports only `effect` and `domain/`;
 * - `application/` imports only `effect`, `domain/` and `application/`;
 * - `adapters/http` never imports `adapters/postgres` (it reaches the database through ports);
 * - the domain holds rules, not a search engine: no typed arrays, shared memory, atomics,
 *   WebAssembly or caches (weak maps) in `domain/`;
 * - the catalog engine (`adapters/catalog-engine`, with its listing workers and document codec)
 *   is reached through the ProductSearch port: it imports only `effect`, Node, the domain, the
 *   application and itself, and outside it only the composition root imports it, through its
 *   one entry file (catalog-engine.ts);
 * - no cycles between folders (a folder's `errors/` subfolder counts as the folder itself), nor
 *   between adapters taken whole (adapters/http with all its folders, adapters/catalog-engine/workers, …).
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, normalize, relative } from "node:path"
import { describe, expect, it } from "vitest"

const root = join(import.meta.dirname, "..", "..")
const layers = ["domain", "application", "adapters", "config"]

const sourceFiles = (folder: string): Array<string> =>
  readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name)
    return statSync(join(root, path)).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : []
  })

const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm

interface Edge {
  readonly from: string
  readonly to: string // a project path, or a package name
}

const edges: Array<Edge> = layers.flatMap(sourceFiles).flatMap((file) =>
  [...readFileSync(join(root, file), "utf8").matchAll(IMPORT)].map((match) => {
    const target = (match[1] ?? match[2])!
    return { from: file, to: target.startsWith(".") ? normalize(join(dirname(file), target)) : target }
  })
)

const isPackage = (to: string) => !layers.some((layer) => to === layer || to.startsWith(`${layer}/`))
const packageName = (to: string) => to.startsWith("@") ? to.split("/").slice(0, 2).join("/") : to.split("/")[0]!

const violations = (layer: string, allowed: (to: string) => boolean) =>
  edges.filter((edge) => edge.from.startsWith(`${layer}/`) && !allowed(edge.to)).map((e) => `${e.from} -> ${e.to}`)

/** The production files of `layer` whose text matches `pattern`, with the first match. */
const filesMatching = (layer: string, pattern: RegExp): Array<string> =>
  sourceFiles(layer).flatMap((file) => {
    const found = readFileSync(join(root, file), "utf8").match(pattern)
    return found === null ? [] : [`${file}: ${found[0]}`]
  })

/** An entry file that re-exports parts of its folder's subfolders stands apart from its folder. */
const ENTRY_FILES = new Set(["adapters/catalog-engine/catalog-engine.ts"])

const folderOf = (file: string) => ENTRY_FILES.has(file) ? file : dirname(file).replace(/\/errors$/, "")

/** Tarjan's strongly connected components over the folder graph; components of two or more are cycles. */
const folderCycles = (groupOf: (file: string) => string = folderOf): Array<Array<string>> => {
  const graph = new Map<string, Set<string>>()
  for (const edge of edges) {
    if (isPackage(edge.to)) continue
    const from = groupOf(edge.from)
    const to = groupOf(edge.to)
    if (from === to) continue
    if (!graph.has(from)) graph.set(from, new Set())
    if (!graph.has(to)) graph.set(to, new Set())
    graph.get(from)!.add(to)
  }
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: Array<string> = []
  const onStack = new Set<string>()
  const components: Array<Array<string>> = []
  const visit = (node: string): void => {
    index.set(node, counter)
    low.set(node, counter++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) === index.get(node)) {
      const component: Array<string> = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) components.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return components
}

describe("import boundaries", () => {
  it("reads the production code's imports", () => {
    expect(edges.length).toBeGreaterThan(500)
    expect(edges.some((edge) => edge.from.startsWith("domain/") && edge.to === "effect")).toBe(true)
  })

  it("domain imports only effect and the domain", () => {
    expect(violations("domain", (to) => to.startsWith("domain/") || packageName(to) === "effect")).toEqual([])
  })

  it("application imports only effect, the domain and the application", () => {
    expect(violations("application", (to) =>
      to.startsWith("domain/") || to.startsWith("application/") || packageName(to) === "effect")).toEqual([])
  })

  it("the domain and application layers use no Effect platform modules (http, sql)", () => {
    const platform = (to: string) => /^effect\/(http|http-api|sql)/.test(to)
    expect([...violations("domain", (to) => !platform(to)), ...violations("application", (to) => !platform(to))]).toEqual([])
  })

  it("the HTTP adapter never imports the PostgreSQL adapter", () => {
    expect(violations("adapters/http", (to) => !to.startsWith("adapters/postgres"))).toEqual([])
  })

  it("the domain has no typed arrays, shared memory, atomics, WebAssembly or caches", () => {
    const engineParts = /\b(?:(?:Big)?(?:Int|Uint|Float)(?:8|16|32|64)(?:Clamped)?Array|SharedArrayBuffer|ArrayBuffer|DataView|Atomics|WebAssembly|WeakMap|WeakRef)\b/
    expect(filesMatching("domain", engineParts)).toEqual([])
  })

  it("the catalog engine imports only effect, Node, the domain, the application and itself", () => {
    expect(violations("adapters/catalog-engine", (to) =>
      to.startsWith("adapters/catalog-engine/") || to.startsWith("domain/") || to.startsWith("application/") ||
      packageName(to) === "effect" || to.startsWith("node:"))).toEqual([])
  })

  it("outside the catalog engine, only the composition root imports it, through its entry file", () => {
    const importers = edges.filter((edge) =>
      edge.to.startsWith("adapters/catalog-engine/") && !edge.from.startsWith("adapters/catalog-engine/") &&
      !(edge.from.startsWith("config/") && edge.to === "adapters/catalog-engine/catalog-engine.ts"))
    expect(importers.map((edge) => `${edge.from} -> ${edge.to}`)).toEqual([])
  })

  it("has no cycles between folders", () => {
    expect(folderCycles()).toEqual([])
  })

  it("has no cycles between adapters (each adapter folder taken whole, e.g. adapters/http)", () => {
    const adapterOf = (file: string) => file.startsWith("adapters/") ? file.split("/").slice(0, 2).join("/") : folderOf(file)
    expect(folderCycles(adapterOf)).toEqual([])
  })

  it("finds a cycle when there is one (the checker itself)", () => {
    edges.push({ from: "domain/zz-a/x.ts", to: "domain/zz-b/y.ts" }, { from: "domain/zz-b/y.ts", to: "domain/zz-a/x.ts" })
    try {
      expect(folderCycles()).toContainEqual(["domain/zz-a", "domain/zz-b"])
    } finally {
      edges.splice(-2, 2)
    }
  })
})
