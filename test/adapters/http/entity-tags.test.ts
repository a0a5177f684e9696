/** If-None-Match lists (RFC 9110 §8.8.3, §13.1.2): parsing and the weak comparison. */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { noneMatchFails, parseEntityTags } from "../../../adapters/http/representation/entity-tags.ts"

// etagc: any visible ASCII but the double quote (commas and slashes included)
const Opaque = Schema.String.check(Schema.isPattern(/^[!#-~]{0,12}$/))
const Tag = Schema.Struct({ weak: Schema.Boolean, opaque: Opaque })
const Tags = Schema.Array(Tag).check(Schema.isMinLength(1), Schema.isMaxLength(5))
const Separator = Schema.Literals([",", ", ", " ,", " , ", ",,", ",\t"])

const render = (tags: ReadonlyArray<typeof Tag.Type>, separator: string) =>
  tags.map((tag) => `${tag.weak ? "W/" : ""}"${tag.opaque}"`).join(separator)

describe("parseEntityTags", () => {
  it("reads *, single tags, weak tags and lists", () => {
    expect(parseEntityTags(" * ")).toBe("*")
    expect(parseEntityTags("\"a\"")).toEqual([{ weak: false, opaque: "a" }])
    expect(parseEntityTags("W/\"a\", \"b,c\"")).toEqual([{ weak: true, opaque: "a" }, { weak: false, opaque: "b,c" }])
    expect(parseEntityTags("")).toEqual([])
  })

  it("stops at the first malformed member", () => {
    expect(parseEntityTags("\"a\", b, \"c\"")).toEqual([{ weak: false, opaque: "a" }])
    expect(parseEntityTags("\"a\", \"unterminated")).toEqual([{ weak: false, opaque: "a" }])
    expect(parseEntityTags("w/\"a\"")).toEqual([])
  })

  it.prop("a rendered list reads back as it was", [Arbitrary.schema(Tags), Arbitrary.schema(Separator)], ([tags, separator]) => {
    expect(parseEntityTags(render(tags, separator))).toEqual(tags)
  })
})

describe("noneMatchFails", () => {
  it.prop(
    "a list names the current tag exactly when one member has its opaque value, weak or strong",
    [Arbitrary.schema(Tags), Arbitrary.schema(Opaque)],
    ([tags, current]) => {
      expect(noneMatchFails(render(tags, ", "), current)).toBe(tags.some((tag) => tag.opaque === current))
    }
  )

  it("* names any current representation", () => {
    expect(noneMatchFails("*", "anything")).toBe(true)
    expect(noneMatchFails("W/\"x\"", "x")).toBe(true)
    expect(noneMatchFails("\"x\"", "y")).toBe(false)
  })
})
