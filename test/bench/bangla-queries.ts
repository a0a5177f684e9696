/**
 * The labelled query set of the Bangla relevance figure (bangla-relevance.ts): a bilingual
 * catalog of Bangla products (concepts, each written in its dictionary spelling, in a variant
 * spelling or in another Unicode form) and English ones, and queries whose relevant products
 * are written by rule from how the catalog was made, not from what the search answers:
 * - `bangla`: a concept's dictionary spelling → that concept's products;
 * - `variant`: the spelling with one confusable letter swapped (the rules below) → the same;
 * - `unicode`: the spelling with ড় ঢ় য় precomposed, or a ZWJ/ZWNJ inside it → the same;
 * - `banglish`: spellings in Latin letters as shoppers write them (listed by hand per concept,
 *   from common usage, not from the key function) → the same;
 * - `digits`: a quantity with Bangla or ASCII digits → the products of that quantity;
 * - `english`: an English word → the products whose name holds it (the plain substring rule).
 */
export type QueryClass = "bangla" | "variant" | "unicode" | "banglish" | "digits" | "english"

export interface Concept {
  readonly bangla: string
  readonly english: string
  readonly banglish: ReadonlyArray<string>
  /** a unit for grocery concepts: their products carry a quantity */
  readonly unit?: "কেজি" | "লিটার" | "গ্রাম"
}

export const CONCEPTS: ReadonlyArray<Concept> = [
  { bangla: "শাড়ি", english: "Saree", banglish: ["sharee", "saree", "sari", "shari"] },
  { bangla: "জামদানি শাড়ি", english: "Jamdani Saree", banglish: ["jamdani", "jamdani sharee", "jamdaani"] },
  { bangla: "পাঞ্জাবি", english: "Panjabi", banglish: ["panjabi", "punjabi", "panjaabi"] },
  { bangla: "লুঙ্গি", english: "Lungi", banglish: ["lungi", "lunghi"] },
  { bangla: "গামছা", english: "Gamcha Towel", banglish: ["gamcha", "gamsa", "gamchha"] },
  { bangla: "ইলিশ মাছ", english: "Hilsa Fish", banglish: ["ilish", "elish", "ilish mach", "ilish maach"], unit: "কেজি" },
  { bangla: "মসুর ডাল", english: "Red Lentils", banglish: ["masoor dal", "mosur dal", "masur daal"], unit: "কেজি" },
  { bangla: "নকশি কাঁথা", english: "Nakshi Kantha", banglish: ["nakshi kantha", "nokshi kantha", "nakshi"] },
  { bangla: "চাল", english: "Rice", banglish: ["chal", "chaal"], unit: "কেজি" },
  { bangla: "সরিষার তেল", english: "Mustard Oil", banglish: ["sorishar tel", "shorishar tel", "sarishar tel"], unit: "লিটার" },
  { bangla: "ঘি", english: "Ghee", banglish: ["ghee", "ghi"], unit: "গ্রাম" },
  { bangla: "মুড়ি", english: "Puffed Rice", banglish: ["muri", "moori", "murhi"], unit: "কেজি" },
  { bangla: "চিনি", english: "Sugar", banglish: ["chini", "cheeni"], unit: "কেজি" },
  { bangla: "লবণ", english: "Salt", banglish: ["lobon", "labon", "lobon"], unit: "কেজি" },
  { bangla: "পেঁয়াজ", english: "Onion", banglish: ["peyaj", "piyaj", "peyaz", "piaj"], unit: "কেজি" },
  { bangla: "রসুন", english: "Garlic", banglish: ["roshun", "rosun", "rashun"], unit: "কেজি" },
  { bangla: "আলু", english: "Potato", banglish: ["alu", "aloo"], unit: "কেজি" },
  { bangla: "মিষ্টি", english: "Sweets", banglish: ["mishti", "misti", "mishty"], unit: "কেজি" },
  { bangla: "দই", english: "Yogurt", banglish: ["doi", "dohi"], unit: "কেজি" },
  { bangla: "চা পাতা", english: "Tea Leaves", banglish: ["cha pata", "chaa paata"], unit: "গ্রাম" },
  { bangla: "তাঁতের শাড়ি", english: "Tant Saree", banglish: ["tanter sharee", "tanter sari"] },
  { bangla: "ফতুয়া", english: "Fotua", banglish: ["fotua", "fatua", "photua", "fotuya"] },
  { bangla: "খেজুর গুড়", english: "Date Molasses", banglish: ["khejur gur", "khejur"], unit: "কেজি" },
  { bangla: "বালিশ", english: "Pillow", banglish: ["balish", "balis"] },
  { bangla: "কম্বল", english: "Blanket", banglish: ["kombol", "kambal", "kombal"] },
  { bangla: "চাদর", english: "Bed Sheet", banglish: ["chador", "chadar"] },
  { bangla: "সুতি থ্রি পিস", english: "Cotton Three Piece", banglish: ["suti three piece", "shuti"] },
  { bangla: "ব্যাগ", english: "Bag", banglish: ["bag", "byag"] }
]

/** English-only products: their words are the English controls. */
export const ENGLISH_NAMES: ReadonlyArray<string> = [
  "Leather Wallet", "Steel Water Bottle", "Cotton T-Shirt", "Denim Jeans", "Running Shoes",
  "Wireless Earbuds", "Phone Case", "Desk Lamp", "Ceramic Mug", "Backpack", "Wrist Watch",
  "Sunglasses", "Notebook", "Ballpoint Pen", "Umbrella", "Rain Jacket", "Baseball Cap", "Belt",
  "Socks Pack", "Power Bank"
]
export const ENGLISH_QUERIES: ReadonlyArray<string> = [
  "wallet", "bottle", "cotton", "denim", "shoes", "earbuds", "phone", "lamp", "mug", "backpack",
  "watch", "glasses", "notebook", "pen", "umbrella", "jacket", "cap", "socks", "power bank", "leather"
]

/** The variant-spelling rules: each swap of one confusable letter (first occurrence). */
const SWAPS: ReadonlyArray<readonly [string, string]> = [
  ["ি", "ী"], ["ী", "ি"], ["ু", "ূ"], ["ূ", "ু"], ["ন", "ণ"], ["ণ", "ন"], ["শ", "ষ"], ["শ", "স"], ["ষ", "শ"],
  ["স", "শ"], ["জ", "য"], ["ড়", "র"], ["ঁ", ""], ["্", ""]
]

/** Spellings of `word` with one confusable letter swapped (none equal to the word). */
export const variantsOf = (word: string): Array<string> =>
  [...new Set(SWAPS.filter(([from]) => word.includes(from)).map(([from, to]) => word.replace(from, to)))]
    .filter((variant) => variant !== word)

/** Another Unicode form of `word`: ড় ঢ় য় precomposed, else a ZWJ after its first hasanta, else a ZWNJ after its first letter. */
export const otherFormOf = (word: string): string => {
  const composed = word.normalize("NFC")
    .replaceAll("\u09a1\u09bc", "\u09dc").replaceAll("\u09a2\u09bc", "\u09dd").replaceAll("\u09af\u09bc", "\u09df")
  if (composed !== word.normalize("NFC")) return composed
  const hasanta = word.indexOf("্")
  if (hasanta >= 0) return `${word.slice(0, hasanta + 1)}\u200d${word.slice(hasanta + 1)}`
  return `${word.slice(0, 1)}\u200c${word.slice(1)}`
}

export const QUANTITIES: ReadonlyArray<number> = [1, 2, 5]
const BANGLA_DIGITS = "০১২৩৪৫৬৭৮৯"
export const banglaNumber = (value: number): string => [...String(value)].map((digit) => BANGLA_DIGITS[Number(digit)]).join("")
