/**
 * WAL positions as the replica lag compares them: `high/low` in hexadecimal, ordered as
 * PostgreSQL orders pg_lsn (the high half first). The lag itself is measured against a real
 * streaming replica in the topology suite (test/topology).
 */
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { walPosition } from "../../adapters/postgres/replica-lag.ts"

/** A position as two 32-bit halves, as pg_lsn's text form writes it. */
const Half = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 0xFFFFFFFF }))
const lsnText = (high: number, low: number) => `${high.toString(16).toUpperCase()}/${low.toString(16).toUpperCase()}`

describe("walPosition", () => {
  it("reads PostgreSQL's text form", () => {
    expect(walPosition("0/0")).toBe(0n)
    expect(walPosition("0/3016038")).toBe(0x3016038n)
    expect(walPosition("16/B374D848")).toBe((0x16n << 32n) + 0xB374D848n)
  })

  it("orders 1/0 after 0/FFFFFFFF", () => {
    expect(walPosition("1/0")).toBeGreaterThan(walPosition("0/FFFFFFFF"))
  })

  it.prop("orders positions as pg_lsn does: the high half first, then the low half", [Half, Half, Half, Half], ([h1, l1, h2, l2]) => {
    const before = h1 < h2 || (h1 === h2 && l1 < l2)
    expect(walPosition(lsnText(h1, l1)) < walPosition(lsnText(h2, l2))).toBe(before)
  })
})
