import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { normaliseText, phoneticKey, spellingKey } from "../../../domain/catalog/bangla-text.ts"
import { searchFields, searchMatch, searchTerms } from "../../../domain/catalog/search-forms.ts"

const PROPERTY = { arbitrary: { runs: 300 } }

/** Bangla letters, signs and digits, with the zero-width joiners and both forms of ড় ঢ় য়. */
const BANGLA_PIECES = [
  ..."অআইঈউঊএওকখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহৎংঃঁািীুূৃেৈোৌ্০১২৩৪৫৬৭৮৯",
  "\u09dc", "\u09a1\u09bc", "\u09dd", "\u09a2\u09bc", "\u09df", "\u09af\u09bc", "\u200c", "\u200d"
]
const Pieces = (pool: ReadonlyArray<string>) =>
  Arbitrary.schema(Schema.Array(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: pool.length - 1 }))).check(Schema.isMaxLength(12)))
    .pipe(Arbitrary.map((picks) => picks.map((at) => pool[at]!).join("")))
const BanglaText = Pieces([...BANGLA_PIECES, " ", "a", "K"])
const LatinText = Pieces([..."abcdehiklmnoprstuy -%_1"])

/** Each set of letters the search treats as one spelling (after normalisation). */
const CONFUSABLE: ReadonlyArray<ReadonlyArray<string>> = [
  ["ি", "ী"], ["ু", "ূ"], ["ই", "ঈ"], ["উ", "ঊ"], ["ন", "ণ"], ["শ", "ষ", "স"], ["জ", "য"], ["ত", "ৎ"],
  ["র", "\u09dc", "\u09a1\u09bc"], ["্", ""], ["ঁ", ""]
]
/** Words in which each confusable letter stands at a place it can take: `{}` marks the place. */
const FRAMES = ["ক{}ল", "{}াম", "প{}র", "ম{}ক"]
const Substitution = Arbitrary.schema(Schema.Tuple([
  Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: CONFUSABLE.length - 1 })),
  Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 })),
  Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 })),
  Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: FRAMES.length - 1 }))
]))

describe("normaliseText", () => {
  it("writes ড় ঢ় য় one way, drops zero-width joiners and reads Bangla digits as ASCII", () => {
    expect(normaliseText("শা\u09dcি")).toBe(normaliseText("শাড\u09bcি"))
    expect(normaliseText("\u09dd\u09df")).toBe("\u09a2\u09bc\u09af\u09bc")
    expect(normaliseText("র\u200d্যাব\u200c")).toBe("র্যাব")
    expect(normaliseText("মসুর ডাল ১ কেজি, ২০২৫")).toBe("মসুর ডাল 1 কেজি, 2025")
  })

  it.prop("is idempotent and keeps ASCII text as it is", [BanglaText, LatinText], ([bangla, latin]) => {
    expect(normaliseText(normaliseText(bangla))).toBe(normaliseText(bangla))
    expect(normaliseText(latin)).toBe(latin)
    expect(normaliseText(bangla)).not.toMatch(/\u200c|\u200d|[\u09e6-\u09ef\u09dc\u09dd\u09df]/)
  }, PROPERTY)
})

describe("spellingKey", () => {
  it.prop("makes every confusable spelling of a word one key", [Substitution], ([[set, first, second, frame]]) => {
    const letters = CONFUSABLE[set]!
    const word = (letter: string) => normaliseText(FRAMES[frame]!.replace("{}", letter))
    const left = letters[first % letters.length]!
    const right = letters[second % letters.length]!
    expect(spellingKey(word(left))).toBe(spellingKey(word(right)))
  }, PROPERTY)

  it.prop("is idempotent and keeps text without Bangla as it is", [BanglaText, LatinText], ([bangla, latin]) => {
    const key = spellingKey(normaliseText(bangla))
    expect(spellingKey(key)).toBe(key)
    expect(spellingKey(latin)).toBe(latin)
  }, PROPERTY)

  it("keeps distinct words apart", () => {
    expect(spellingKey("শাড়ি")).not.toBe(spellingKey("শাল"))
    expect(spellingKey(normaliseText("য়"))).not.toBe(spellingKey("জ"))
  })
})

describe("phoneticKey", () => {
  it("meets the common Latin spellings of a Bangla word with the word", () => {
    const meet = (bangla: string, ...latin: ReadonlyArray<string>) => {
      const key = phoneticKey(normaliseText(bangla))
      expect(key).toBeDefined()
      for (const spelling of latin) expect(phoneticKey(spelling), spelling).toBe(key)
    }
    meet("শাড়ি", "sharee", "saree", "sari", "shari")
    meet("শা\u09dcি", "sharee")
    meet("পাঞ্জাবি", "panjabi", "punjabi")
    meet("ডাল", "dal", "daal")
    meet("গামছা", "gamcha", "gamsa", "gamchha")
    meet("ইলিশ", "ilish", "elish")
    meet("মসুর", "masoor", "mosur", "masur")
    meet("জামদানি", "jamdani", "jamdany")
    meet("লুঙ্গি", "lungi", "lunggi")
    meet("নকশি", "nakshi", "noksi")
    meet("কাঁথা", "kantha", "katha")
    meet("পেঁয়াজ", "peyaj", "piyaj", "piaj", "peyaz")
    meet("দই", "doi", "dohi")
    meet("বাংলা", "bangla")
    meet("পিস", "piece", "pis")
    meet("ঠান্ডা", "thanda")
  })

  it.prop("a Latin word's key ignores doubled letters and the vowels inside it", [LatinText], ([text]) => {
    // words that start with a consonant and hold no two-letter sound (sh, ng …), no x and no c (soft before e, i, y)
    const words = text.split(/[^a-z]+/).filter((piece) => /^[bdfgjklmnprstvz]/.test(piece) && !/[hxc]|ng/.test(piece))
    for (const word of words) {
      expect(phoneticKey(word.replace(/([a-z])/g, "$1$1"))).toBe(phoneticKey(word))
      expect(phoneticKey(word.replace(/[aeiou]/g, "o"))).toBe(phoneticKey(word))
    }
  }, PROPERTY)

  it("has no key for digits, other scripts or vowels alone", () => {
    expect(phoneticKey("123")).toBeUndefined()
    expect(phoneticKey("a")).toBeUndefined()
    expect(phoneticKey("привет")).toBeUndefined()
  })
})

describe("search fields and terms", () => {
  const match = (fields: ReadonlyArray<string>, term: string) => searchMatch(searchFields(fields), searchTerms(term))

  it.prop("Latin text and terms match exactly as a substring, the name ranking first", [
    LatinText,
    LatinText,
    LatinText
  ], ([name, description, term]) => {
    const fields = [name, description]
    const expected = fields[0]!.includes(term) ? 3 : fields.some((field) => field.includes(term)) ? 2 : 0
    expect(match(fields, term)).toBe(expected)
  }, PROPERTY)

  it("finds variants, other Unicode forms, Banglish and digits loosely, the exact spelling in the name first", () => {
    const fields = ["জামদানি শাড\u09bcি", "sku-1", "হাতে বোনা, ১ পিস"]
    expect(match(fields, "শাড\u09bcি")).toBe(3)
    expect(match(fields, "শা\u09dcি")).toBe(3)
    // a name stored in another form is matched in its normalised form, after the names that hold the term
    expect(match(["শা\u09dcি"], "শাড\u09bcি")).toBe(2)
    expect(match(fields, "জামদানী শাড়ী")).toBe(1)
    expect(match(fields, "sharee")).toBe(1)
    expect(match(fields, "jamdani sari")).toBe(1)
    expect(match(fields, "1 পিস")).toBe(2)
    expect(match(fields, "শাল")).toBe(0)
    expect(match(fields, "shal")).toBe(0)
    expect(match(["classic tee"], "klassik")).toBe(0)
  })
})
