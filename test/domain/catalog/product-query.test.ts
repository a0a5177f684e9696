import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Result, Schema } from "effect"
import {
  type AttributeFilter,
  DEFAULT_PAGE_SIZE,
  defaultSortOrder,
  MAX_PAGE_SIZE,
  parseAttributeFilter,
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
  it("one key with several values, several keys", () => {
    expect(parsed("color:red|blue,size:M")).toEqual([
      { key: "color", values: ["red", "blue"] },
      { key: "size", values: ["M"] }
    ])
    expect(parsed("color:red")).toEqual([{ key: "color", values: ["red"] }])
  })

  it("the empty string is no filter at all", () => {
    expect(parsed("")).toEqual([])
  })

  it("a backslash escapes , | : and \\ in keys and values", () => {
    expect(parsed("a\\,b:c\\|d")).toEqual([{ key: "a,b", values: ["c|d"] }])
    expect(parsed("ratio:16\\:9|4\\:3")).toEqual([{ key: "ratio", values: ["16:9", "4:3"] }])
    expect(parsed("path:C\\\\temp")).toEqual([{ key: "path", values: ["C\\temp"] }])
    expect(parsed("k\\:ey:v")).toEqual([{ key: "k:ey", values: ["v"] }])
    expect(parsed("x:a\\,b,y:c")).toEqual([{ key: "x", values: ["a,b"] }, { key: "y", values: ["c"] }])
  })

  it("keys and values are trimmed; inner spaces are kept", () => {
    expect(parsed(" color : dark red | blue ")).toEqual([{ key: "color", values: ["dark red", "blue"] }])
  })

  it("a repeated key merges its values, keeping the first position and dropping duplicates", () => {
    expect(parsed("color:red,size:M,color:blue|red")).toEqual([
      { key: "color", values: ["red", "blue"] },
      { key: "size", values: ["M"] }
    ])
    expect(parsed("color:red|red")).toEqual([{ key: "color", values: ["red"] }])
  })

  it("a repeated key's new values are deduplicated among themselves too", () => {
    expect(parsed("color:red,color:blue|blue")).toEqual([{ key: "color", values: ["red", "blue"] }])
  })

  it("empty segments between commas are tolerated", () => {
    expect(parsed("color:red,")).toEqual([{ key: "color", values: ["red"] }])
    expect(parsed(",color:red,,size:M")).toEqual([
      { key: "color", values: ["red"] },
      { key: "size", values: ["M"] }
    ])
  })

  it("a segment without a colon fails", () => {
    expect(failure("color")).toContain("key:value")
    expect(failure("color:red,size")).toContain("size")
    expect(failure("color\\:red")).toContain("key:value") // the only colon is escaped
  })

  it("an empty key or an empty value fails", () => {
    expect(failure(":red")).toContain("empty key")
    expect(failure("color:")).toContain("empty value")
    expect(failure("color:red|")).toContain("empty value")
    expect(failure("color:red||blue")).toContain("empty value")
    expect(failure("color: ")).toContain("empty value")
  })

  it("a trailing lone backslash fails", () => {
    expect(failure("color:red\\")).toContain("backslash")
    expect(failure("\\")).toContain("backslash")
  })

  it("an unescaped second colon, or a bar before the colon, fails", () => {
    expect(failure("ratio:16:9")).toContain(":")
    expect(failure("a|b:c")).toContain("|")
  })

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
    expect(splitCommaList("a,b")).toEqual(["a", "b"])
    expect(splitCommaList(" a , b ,, c ")).toEqual(["a", "b", "c"])
    expect(splitCommaList("")).toEqual([])
    expect(splitCommaList(",, ,")).toEqual([])
    expect(splitCommaList("single")).toEqual(["single"])
    expect(splitCommaList("dark red,blue")).toEqual(["dark red", "blue"])
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
