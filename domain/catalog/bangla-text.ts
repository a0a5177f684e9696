/**
 * How Bangla text is compared in search (docs/contract/catalog.md "Search in Bangla"), as pure functions over
 * strings, used by every ProductSearch at indexing and at query time:
 * - `normaliseText`: one Unicode form (NFC, which writes ড় ঢ় য় as the letter and the nukta,
 *   U+09DC/09DD/09DF being composition exclusions), zero-width joiners and non-joiners removed,
 *   Bangla digits as ASCII digits;
 * - `spellingKey`: the confusable spellings of a word made one (ি/ী, ু/ূ, ই/ঈ, উ/ঊ, ন/ণ, শ/ষ/স,
 *   জ/য, ত/ৎ, র/ড়, hasanta and chandrabindu dropped);
 * - `phoneticKey`: a word in either script as its consonant skeleton in capital Latin letters
 *   (`sharee`, `saree`, `sari` and শাড়ি are all `SR`), so a Latin-letter ("Banglish") query meets
 *   the Bangla word it sounds like. Sources of the tables: docs/catalog-engine.md.
 */

const BANGLA = /[\u0980-\u09ff\u200c\u200d]/
const ZERO_WIDTH = /[\u200c\u200d]/g
const BANGLA_DIGITS = /[\u09e6-\u09ef]/g

/** The text holds a Bangla character (or a zero-width joiner, which only Indic text needs). */
export const hasBangla = (text: string): boolean => BANGLA.test(text)

/**
 * Text holding Bangla: NFC with the nukta letters decomposed, no ZWJ/ZWNJ, Bangla digits as ASCII.
 * Other text is kept as it is (its search is the plain substring match of docs/contract/catalog.md).
 */
export const normaliseText = (text: string): string =>
  hasBangla(text)
    ? text.replace(ZERO_WIDTH, "")
      .replace(BANGLA_DIGITS, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0x09e6 + 0x30))
      .normalize("NFC")
    : text

const NUKTA = "\u09bc"
/** One letter for each set of confusable letters (after `normaliseText`). */
const SPELLING: Readonly<Record<string, string>> = {
  "\u09c0": "\u09bf", // ী → ি
  "\u09c2": "\u09c1", // ূ → ু
  "\u0988": "\u0987", // ঈ → ই
  "\u098a": "\u0989", // ঊ → উ
  "\u09a3": "\u09a8", // ণ → ন
  "\u09b6": "\u09b8", // শ → স
  "\u09b7": "\u09b8", // ষ → স
  "\u09af": "\u099c", // য → জ
  "\u09ce": "\u09a4", // ৎ → ত
  "\u09cd": "", // hasanta
  "\u0981": "" // chandrabindu
}
const SPELLING_LETTERS = /[\u09c0\u09c2\u0988\u098a\u09a3\u09b6\u09b7\u09af\u09ce\u09cd\u0981]/g

/** The spelling key of normalised text: text outside the Bangla block is kept as it is. */
export const spellingKey = (text: string): string =>
  hasBangla(text)
    ? text
      .replaceAll("\u09a1" + NUKTA, "\u09b0") // ড় → র
      .replaceAll("\u09af" + NUKTA, "\u09df") // য় kept apart from য (one code point here)
      .replace(SPELLING_LETTERS, (letter) => SPELLING[letter]!)
    : text

// ---------------------------------------------------------------------------------------------
// phonetic keys

/** Bangla letters as sound classes; chandrabindu is dropped (Latin spellings rarely write it). */
const BANGLA_SOUNDS: Readonly<Record<string, string>> = {
  "ক": "K", "খ": "K", "গ": "G", "ঘ": "G", "ঙ": "NG", "ং": "NG",
  "চ": "S", "ছ": "S", "জ": "J", "ঝ": "J", "ঞ": "N", "য": "J",
  "ট": "T", "ঠ": "T", "ড": "D", "ঢ": "D", "ণ": "N",
  "ত": "T", "থ": "T", "দ": "D", "ধ": "D", "ন": "N", "ৎ": "T",
  "প": "P", "ফ": "P", "ব": "B", "ভ": "B", "ম": "M",
  "র": "R", "ল": "L", "শ": "S", "ষ": "S", "স": "S", "হ": "H",
  "ঋ": "R", "ৃ": "R", "\u09dc": "R", "\u09dd": "R"
}
/** Independent vowels, vowel signs and য় (a glide written between vowels). */
const BANGLA_VOWELS = /^[\u0985-\u0994\u09be-\u09c4\u09c7-\u09cc\u09d7\u09df\u09e0-\u09e3]$/u
/** Letters that never carry the inherent vowel after them. */
const NO_INHERENT_VOWEL = /^[\u0981-\u0983\u09ce]$/u
const HASANTA = "\u09cd"

/** Latin spellings, longest first, as sound classes; a, e, i, o, u, w, y are vowels. */
const LATIN_SOUNDS: ReadonlyArray<readonly [string, string]> = [
  ["chh", "S"], ["sh", "S"], ["ch", "S"], ["kh", "K"], ["gh", "G"], ["jh", "J"], ["th", "T"],
  ["dh", "D"], ["ph", "P"], ["bh", "B"], ["rh", "R"], ["ng", "NG"], ["x", "KS"], ["q", "K"],
  ["c", "K"], ["k", "K"], ["g", "G"], ["j", "J"], ["z", "J"], ["t", "T"], ["d", "D"], ["n", "N"],
  ["p", "P"], ["f", "P"], ["b", "B"], ["v", "B"], ["m", "M"], ["r", "R"], ["l", "L"], ["s", "S"],
  ["h", "H"]
]
const LATIN_VOWELS = /^[aeiouwy]$/

/** A vowel between sounds. */
const VOWEL = ""

/**
 * The key of a word's sounds (consonant classes and VOWELs): a leading vowel as `A`; `H` only at
 * the start (elsewhere it is an aspiration Latin spellings mark or not); an `N` right before another
 * consonant dropped (the nasal of ঞ্জ ঙ্গ ং ঁ, written n or not: `panjabi`/`pajabi`, `kantha`);
 * then vowels dropped and repeated classes once (`daal` = `dal` = `DL`).
 */
const skeleton = (sounds: ReadonlyArray<string>): string => {
  const letters: Array<string> = []
  sounds.forEach((sound, at) => {
    if (sound === VOWEL) letters.push(VOWEL)
    else for (const letter of sound) if (letter !== "H" || at === 0) letters.push(letter)
  })
  let key = letters[0] === VOWEL ? "A" : ""
  letters.forEach((letter, at) => {
    if (letter === VOWEL) return
    const next = letters[at + 1]
    if (letter === "N" && next !== undefined && next !== VOWEL) return
    if (!key.endsWith(letter)) key += letter
  })
  return key
}

const banglaKey = (word: string): string => {
  const letters = [...spellingFree(word)]
  const sounds: Array<string> = []
  letters.forEach((letter, at) => {
    const next = letters[at + 1]
    if (BANGLA_VOWELS.test(letter)) {
      sounds.push(VOWEL)
      return
    }
    // য after a hasanta is the ya-phala, which lengthens the consonant before it rather than sounding
    if (letter === "য" && letters[at - 1] === HASANTA) return
    const sound = BANGLA_SOUNDS[letter]
    if (sound === undefined) return
    sounds.push(sound)
    // a consonant before another consonant carries the inherent vowel unless a hasanta joins them
    if (next !== undefined && BANGLA_SOUNDS[next] !== undefined && !NO_INHERENT_VOWEL.test(letter) && letter !== "ং") {
      sounds.push(VOWEL)
    }
  })
  return skeleton(sounds)
}

/** ড় ঢ় য় as single letters, so the table can name them. */
const spellingFree = (word: string): string =>
  word.replaceAll("\u09a1" + NUKTA, "\u09dc").replaceAll("\u09a2" + NUKTA, "\u09dd").replaceAll("\u09af" + NUKTA, "\u09df")

const latinKey = (word: string): string => {
  const sounds: Array<string> = []
  let at = 0
  while (at < word.length) {
    if (LATIN_VOWELS.test(word[at]!)) {
      sounds.push(VOWEL)
      at++
      continue
    }
    // c before e, i or y sounds as s (piece, cinema)
    const found = word[at] === "c" && /[eiy]/.test(word[at + 1] ?? "")
      ? ["c", "S"] as const
      : LATIN_SOUNDS.find(([spelling]) => word.startsWith(spelling, at))
    if (found === undefined) {
      at++
      continue
    }
    sounds.push(found[1])
    at += found[0].length
  }
  return skeleton(sounds)
}

const LATIN_WORD = /^[a-z]+$/

/**
 * The phonetic key of one word (normalised, lower case): Bangla letters or Latin letters a-z;
 * undefined for a word of other characters (digits, other scripts) or with no sound.
 */
export const phoneticKey = (word: string): string | undefined => {
  const key = LATIN_WORD.test(word) ? latinKey(word) : hasBangla(word) && !/[^\u0980-\u09ff]/.test(word) ? banglaKey(word) : undefined
  return key === "" || key === "A" ? undefined : key
}

/** Marks the start and end of each word in a phonetic field, so keys match whole words only. */
export const KEY_MARK = "\u0001"

const WORDS = /[^\p{L}\p{M}\p{N}]+/u

/** The words of a (normalised) text. */
export const searchWords = (text: string): Array<string> => text.split(WORDS).filter((word) => word !== "")
