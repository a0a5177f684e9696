import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Result, Schema } from "effect"
import {
  type AttributeFilter,
  DEFAULT_PAGE_SIZE,
  defaultSortOrder,
  MAX_PAGE_SIZE,
  normaliseSearchTerm,
  parseAttributeFilter,
  SearchTerm,
  splitCommaList
} from "../../../domain/catalog/product-query.ts"

const parsed = (raw: string): ReadonlyArray<AttributeFilter> => {
  const result = parseAttributeFilter(raw)
  if (Result.isFailure(result)) throw new Error(`expected "${raw}" to parse, got: ${result.failure}`)
  return result.success
}

const failure = (raw: string): string => {
  const result = parseAttributeFilter(raw)
  if (Result.isSuccess(result)) throw new Error(`expected "${raw}" to fail, got: ${JSON.stringify(result.success)}`)
  return result.failure
}

describe("parseAttributeFilter", () => {
  const red = { key: "color", values: ["red"] }
  const sizeM = { key: "size", values: ["M"] }
  const parses: ReadonlyArray<readonly [title: string, cases: ReadonlyArray<readonly [raw: string, filters: ReadonlyArray<AttributeFilter>]>]> = [
    ["one key with several values, several keys", [
      ["color:red|blue,size:M", [{ key: "color", values: ["red", "blue"] }, sizeM]],
      ["color:red", [red]]
    ]],
    ["the empty string is no filter at all", [["", []]]],
    ["a backslash escapes , | : and \\ in keys and values", [
      ["a\\,b:c\\|d", [{ key: "a,b", values: ["c|d"] }]],
      ["ratio:16\\:9|4\\:3", [{ key: "ratio", values: ["16:9", "4:3"] }]],
      ["path:C\\\\temp", [{ key: "path", values: ["C\\temp"] }]],
      ["k\\:ey:v", [{ key: "k:ey", values: ["v"] }]],
      ["x:a\\,b,y:c", [{ key: "x", values: ["a,b"] }, { key: "y", values: ["c"] }]]
    ]],
    ["keys and values are trimmed; inner spaces are kept", [[" color : dark red | blue ", [{ key: "color", values: ["dark red", "blue"] }]]]],
    ["a repeated key merges its values, keeping the first position and dropping duplicates", [
      ["color:red,size:M,color:blue|red", [{ key: "color", values: ["red", "blue"] }, sizeM]],
      ["color:red|red", [red]]
    ]],
    ["a repeated key's new values are deduplicated among themselves too", [["color:red,color:blue|blue", [{ key: "color", values: ["red", "blue"] }]]]],
    ["empty segments between commas are tolerated", [["color:red,", [red]], [",color:red,,size:M", [red, sizeM]]]]
  ]
  for (const [title, cases] of parses) {
    it(title, () => {
      for (const [raw, filters] of cases) expect(parsed(raw), raw).toEqual(filters)
    })
  }

  // each failing input with a word its message must contain
  const failures: ReadonlyArray<readonly [title: string, cases: ReadonlyArray<readonly [raw: string, mentions: string]>]> = [
    ["a segment without a colon fails", [
      ["color", "key:value"],
      ["color:red,size", "size"],
      ["color\\:red", "key:value"] // the only colon is escaped
    ]],
    ["an empty key or an empty value fails", [
      [":red", "empty key"],
      ["color:", "empty value"],
      ["color:red|", "empty value"],
      ["color:red||blue", "empty value"],
      ["color: ", "empty value"]
    ]],
    ["a trailing lone backslash fails", [["color:red\\", "backslash"], ["\\", "backslash"]]],
    ["an unescaped second colon, or a bar before the colon, fails", [["ratio:16:9", ":"], ["a|b:c", "|"]]]
  ]
  for (const [title, cases] of failures) {
    it(title, () => {
      for (const [raw, mentions] of cases) expect(failure(raw), raw).toContain(mentions)
    })
  }

  const Special = Schema.Literals(["a", "B", "z", "0", ",", "|", ":", "\\", "é"])
  const Token = Schema.Array(Special).check(Schema.isBetweenLength(1, 5))
  const Group = Schema.Struct({ key: Token, values: Schema.Array(Token).check(Schema.isBetweenLength(1, 3)) })
  const Groups = Arbitrary.schema(Schema.Array(Group).check(Schema.isBetweenLength(1, 4)))
  const escape = (chars: ReadonlyArray<string>) => chars.map((char) => (",|:\\".includes(char) ? `\\${char}` : char)).join("")

  it.prop("escaping every special character round-trips (repeated keys merged)", [Groups], ([groups]) => {
    const raw = groups.map((group) => `${escape(group.key)}:${group.values.map(escape).join("|")}`).join(",")
    const expected: Array<{ key: string; values: Array<string> }> = []
    for (const group of groups) {
      const key = group.key.join("")
      const values = group.values.map((value) => value.join(""))
      const existing = expected.find((entry) => entry.key === key)
      const target = existing ?? { key, values: [] }
      if (existing === undefined) expected.push(target)
      for (const value of values) if (!target.values.includes(value)) target.values.push(value)
    }
    expect(parsed(raw)).toEqual(expected)
  }, { arbitrary: { runs: 200 } })
})

describe("splitCommaList", () => {
  it("splits, trims and drops empty items", () => {
    const cases: ReadonlyArray<readonly [raw: string, items: ReadonlyArray<string>]> = [
      ["a,b", ["a", "b"]], [" a , b ,, c ", ["a", "b", "c"]], ["", []], [",, ,", []],
      ["single", ["single"]], ["dark red,blue", ["dark red", "blue"]]
    ]
    for (const [raw, items] of cases) expect(splitCommaList(raw), raw).toEqual(items)
  })

  it.prop("every item is non-empty, trimmed and comma-free", [Schema.String], ([raw]) => {
    for (const item of splitCommaList(raw)) {
      expect(item.length).toBeGreaterThan(0)
      expect(item).toBe(item.trim())
      expect(item).not.toContain(",")
    }
    expect(splitCommaList(raw).join(",")).toBe(raw.split(",").map((item) => item.trim()).filter((item) => item !== "").join(","))
  })
})

describe("defaultSortOrder and page sizes", () => {
  it("asc for name and price, desc for newest and bestselling", () => {
    expect(defaultSortOrder("name")).toBe("asc")
    expect(defaultSortOrder("price")).toBe("asc")
    expect(defaultSortOrder("newest")).toBe("desc")
    expect(defaultSortOrder("bestselling")).toBe("desc")
  })

  it("default page size 20, at most 100", () => {
    expect(DEFAULT_PAGE_SIZE).toBe(20)
    expect(MAX_PAGE_SIZE).toBe(100)
  })
})

describe("the search term", () => {
  it("is trimmed and lower-cased by the domain's schema; blank is no search", () => {
    expect(Schema.decodeUnknownSync(SearchTerm)("  Jamdani SAREE ")).toBe("jamdani saree")
    expect(normaliseSearchTerm("Saree")).toBe("saree")
    expect(normaliseSearchTerm("   ")).toBeUndefined()
    expect(normaliseSearchTerm(undefined)).toBeUndefined()
  })

  it.prop("normalising is idempotent and never leaves surrounding white space or capitals", [Schema.String], ([raw]) => {
    const once = normaliseSearchTerm(raw)
    expect(normaliseSearchTerm(once)).toBe(once)
    if (once !== undefined) {
      expect(once).toBe(once.trim())
      expect(once).toBe(once.toLowerCase())
    }
  })
})
