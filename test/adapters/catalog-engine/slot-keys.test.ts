import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { SlotKeys } from "../../../adapters/catalog-engine/columns/slot-keys.ts"

// a few strings that collide often (so leads move between slots), with multi-byte and astral
// characters whose UTF-8 order differs from JavaScript's UTF-16 order (U+FF5E against U+1F600)
const TEXTS = ["a", "b", "ab", "shari", "শাড়ি", "শাড়ী", "\uff5e", "\u{1f600}", "x\uff5ey", "x\u{1f600}y", "", "long-".repeat(30)]

const Operation = Schema.Struct({
  kind: Schema.Literals(["write", "lead", "release"]),
  slot: Schema.Union([
    Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 8 })),
    Schema.Int.check(Schema.isBetween({ minimum: 1020, maximum: 1030 }))
  ]),
  text: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: TEXTS.length - 1 }))
})
const Operations = Schema.Array(Operation).check(Schema.isBetweenLength(1, 200))

/** The model: a string per slot and the slot each string leads to. */
interface Model {
  readonly strings: Map<number, string>
  readonly leads: Map<string, number>
}

const apply = (keys: SlotKeys, model: Model, operation: typeof Operation.Type): void => {
  const text = TEXTS[operation.text]!
  const slot = operation.slot
  if (operation.kind === "write") {
    const previous = model.strings.get(slot)
    // the caller's rule: release what the slot held before its string changes
    if (previous !== undefined && previous !== text) {
      const released = keys.release(previous, slot)
      expect(released).toBe(model.leads.get(previous) === slot)
      if (released) model.leads.delete(previous)
    }
    keys.write(slot, text)
    model.strings.set(slot, text)
  } else if (operation.kind === "lead") {
    const held = model.strings.get(slot)
    if (held === undefined) return
    keys.lead(slot)
    model.leads.set(held, slot)
  } else {
    const held = model.strings.get(slot)
    if (held === undefined) return
    const released = keys.release(held, slot)
    expect(released).toBe(model.leads.get(held) === slot)
    if (released) model.leads.delete(held)
  }
}

const expectSame = (keys: SlotKeys, model: Model): void => {
  for (const text of TEXTS) expect(keys.slotOf(text)).toBe(model.leads.get(text))
  // the order of pairs among the slots that were written to (the rest hold the same empty string)
  const ordered = [...model.strings].filter(([, text]) => text !== "").map(([slot]) => slot).slice(0, 40)
  for (const [slot, text] of model.strings) {
    expect(keys.at(slot)).toBe(text)
    expect(keys.holds(slot, text)).toBe(true)
    expect(keys.leads(slot)).toBe(model.leads.get(text) === slot)
  }
  for (const slot of ordered) {
    const text = model.strings.get(slot)!
    for (const other of ordered) {
      const otherText = model.strings.get(other)!
      expect(Math.sign(keys.compare(slot, other))).toBe(text < otherText ? -1 : text > otherText ? 1 : 0)
    }
  }
}

describe("SlotKeys", () => {
  it.prop("holds each slot's last string and leads each string where it was last led (Maps as the model)", [Arbitrary.schema(Operations)], ([operations]) => {
    const keys = new SlotKeys()
    const model: Model = { strings: new Map(), leads: new Map() }
    for (const operation of operations) apply(keys, model, operation)
    expectSame(keys, model)
  })

  it.prop("a column and back keeps the strings and the leads, and the copy goes on writing on its own", [Arbitrary.schema(Operations)], ([operations]) => {
    const keys = new SlotKeys()
    const model: Model = { strings: new Map(), leads: new Map() }
    // fill slots 0..size-1 first: a column has a string (maybe empty) per slot
    for (let slot = 0; slot <= 8; slot++) apply(keys, model, { kind: "write", slot, text: slot % TEXTS.length })
    for (const operation of operations) apply(keys, model, operation)
    for (let slot = 0; slot < keys.size; slot++) if (!model.strings.has(slot)) model.strings.set(slot, "")
    const column = keys.toColumn()
    const copy = SlotKeys.fromColumn(column, (slot) => keys.leads(slot))
    const second = SlotKeys.fromColumn(column, () => false)
    expectSame(copy, model)
    // writing to one copy leaves the other (same bytes) as it was
    copy.write(0, "changed-after-restore")
    expect(copy.at(0)).toBe("changed-after-restore")
    expect(second.at(0)).toBe(model.strings.get(0))
    expect(second.slotOf(model.strings.get(0)!)).toBeUndefined()
  })

  it("200,000 keys: every one found, none confused, the arena compacted as slugs change", () => {
    const keys = new SlotKeys()
    const count = 200_000
    for (let slot = 0; slot < count; slot++) {
      keys.write(slot, `product-${slot}`)
      keys.lead(slot)
    }
    // every slug changes twice: the old bytes become garbage the arena's growth drops
    for (let round = 1; round <= 2; round++) {
      for (let slot = 0; slot < count; slot++) {
        const previous = keys.at(slot)!
        expect(keys.release(previous, slot)).toBe(true)
        keys.write(slot, `product-${slot}-v${round}`)
        keys.lead(slot)
      }
    }
    for (const slot of [0, 1, 77_777, count - 1]) {
      expect(keys.slotOf(`product-${slot}-v2`)).toBe(slot)
      expect(keys.slotOf(`product-${slot}`)).toBeUndefined()
      expect(keys.slotOf(`product-${slot}-v1`)).toBeUndefined()
    }
    expect(keys.toColumn().bytes.byteLength).toBe(Array.from({ length: count }, (_, slot) => `product-${slot}-v2`.length).reduce((a, b) => a + b, 0))
  })
})
