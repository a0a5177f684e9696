/**
 * Effect's Migrator runs, on a database, only the migrations numbered above the highest one it
 * has applied, and takes the number from the record's key. Two migrations with one number, or a
 * file the record does not list, would silently never run on some databases: each migration file
 * is listed under its own name, and the numbers are unique.
 */
import { readdirSync, readFileSync } from "node:fs"
import { describe, expect, it } from "@effect/vitest"

const folder = new URL("../../adapters/postgres/migrations/", import.meta.url)
const record = readFileSync(new URL("../../adapters/postgres/migrations.ts", import.meta.url), "utf8")

describe("schema migrations", () => {
  const files = readdirSync(folder).filter((name) => name.endsWith(".ts")).map((name) => name.replace(/\.ts$/, ""))

  it("are numbered uniquely", () => {
    const numbers = files.map((name) => Number(name.split("_")[0]))
    expect(numbers.every(Number.isInteger)).toBe(true)
    expect(new Set(numbers).size).toBe(numbers.length)
  })

  it("are each listed in the record under their own file name", () => {
    const keys = [...record.matchAll(/^\s*"(\d{4}_[a-z0-9_]+)":/gm)].map((match) => match[1])
    expect([...keys].sort()).toEqual([...files].sort())
    for (const name of files) expect(record).toContain(`./migrations/${name}.ts`)
  })
})
