/**
 * docs/architecture.md's folder map stays true: every folder of domain/, application/ and
 * adapters/ (and every top-level folder of the code) is named in it, and every folder it names
 * exists.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

const root = join(import.meta.dirname, "..", "..")
const page = readFileSync(join(root, "docs", "architecture.md"), "utf8")
const map = /## Folders\n\n```\n([\s\S]*?)```/.exec(page)?.[1] ?? ""

const foldersOf = (folder: string): Array<string> =>
  readdirSync(join(root, folder), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)

/** The names the map gives, at the start of a line or after a space, ending in `/`. */
const named = new Set([...map.matchAll(/(?:^|\s)([a-z][a-z-]*)\//gm)].map((match) => match[1]!))

describe("docs/architecture.md's folder map", () => {
  it.each(["domain", "application", "adapters"])("names every folder of %s/", (layer) => {
    expect(foldersOf(layer).filter((folder) => !named.has(folder))).toEqual([])
  })

  it("names every top-level folder of the code", () => {
    for (const folder of ["domain", "application", "adapters", "config", "library", "client", "scripts", "test"]) {
      expect(named.has(folder), folder).toBe(true)
    }
  })

  it("names no folder that does not exist", () => {
    const below = (folder: string): Array<string> =>
      foldersOf(folder).flatMap((name) => [name, ...below(join(folder, name))])
    const folders = new Set(["domain", "application", "adapters", "test"].flatMap(below))
    expect([...named].filter((folder) => !existsSync(join(root, folder)) && !folders.has(folder))).toEqual([])
  })
})
