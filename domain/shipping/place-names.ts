/**
 * Canonical place names for zone rules (docs/contract/shipping.md). A place name compares trimmed,
 * case-insensitive and in Unicode NFC; the Bangla and English names of Bangladesh's 8 divisions
 * and 64 districts, with their older English spellings, are one value: `Dhaka`, `dhaka ` and
 * `ঢাকা` are the same place, as are `Chittagong`, `Chattogram` and `চট্টগ্রাম`.
 *
 * Sources: Wikipedia, "Districts of Bangladesh" (https://en.wikipedia.org/wiki/Districts_of_Bangladesh:
 * the 64 districts by division, and the English spellings the government changed in April 2018:
 * Bogra → Bogura, Barisal → Barishal, Jessore → Jashore, Chittagong → Chattogram, Comilla →
 * Cumilla), and the `nuhil/bangladesh-geocode` dataset (github.com/nuhil/bangladesh-geocode,
 * districts/districts.csv and divisions/divisions.csv) for the Bangla names. Current English
 * spellings are canonical; the older ones and common transliterations or Bangla spellings
 * (Jhalakathi, Khagrachari, মুন্সীগঞ্জ, …) are aliases.
 */

/** [canonical English name, Bangla name(s), other English spellings]: the 8 divisions. */
const DIVISIONS: ReadonlyArray<readonly [string, ReadonlyArray<string>, ReadonlyArray<string>]> = [
  ["Barishal", ["বরিশাল"], ["Barisal"]],
  ["Chattogram", ["চট্টগ্রাম", "চিটাগাং"], ["Chittagong", "Chattagram", "Chottogram"]],
  ["Dhaka", ["ঢাকা"], ["Dacca"]],
  ["Khulna", ["খুলনা"], []],
  ["Mymensingh", ["ময়মনসিংহ"], ["Mymensing"]],
  ["Rajshahi", ["রাজশাহী"], []],
  ["Rangpur", ["রংপুর"], []],
  ["Sylhet", ["সিলেট"], []]
]

/** The 64 districts, as {@link DIVISIONS} (a district named like its division is listed once, there). */
const DISTRICTS: ReadonlyArray<readonly [string, ReadonlyArray<string>, ReadonlyArray<string>]> = [
  // Barishal division
  ["Barguna", ["বরগুনা"], []],
  ["Bhola", ["ভোলা"], []],
  ["Jhalokati", ["ঝালকাঠি", "ঝালকাঠী"], ["Jhalakathi", "Jhalokathi", "Jhalakati"]],
  ["Patuakhali", ["পটুয়াখালী"], []],
  ["Pirojpur", ["পিরোজপুর"], []],
  // Chattogram division
  ["Bandarban", ["বান্দরবান", "বান্দরবন"], []],
  ["Brahmanbaria", ["ব্রাহ্মণবাড়িয়া", "ব্রাহ্মণবাড়ীয়া"], ["Brahmanbariya"]],
  ["Chandpur", ["চাঁদপুর"], []],
  ["Cox's Bazar", ["কক্সবাজার"], ["Coxsbazar", "Cox Bazar", "Coxbazar"]],
  ["Cumilla", ["কুমিল্লা"], ["Comilla"]],
  ["Feni", ["ফেনী"], []],
  ["Khagrachhari", ["খাগড়াছড়ি"], ["Khagrachari"]],
  ["Lakshmipur", ["লক্ষ্মীপুর", "লক্ষীপুর"], ["Laxmipur", "Lakshipur"]],
  ["Noakhali", ["নোয়াখালী"], []],
  ["Rangamati", ["রাঙ্গামাটি", "রাঙামাটি"], ["Rangamati Hill"]],
  // Dhaka division
  ["Faridpur", ["ফরিদপুর"], []],
  ["Gazipur", ["গাজীপুর"], []],
  ["Gopalganj", ["গোপালগঞ্জ"], ["Gopalgonj"]],
  ["Kishoreganj", ["কিশোরগঞ্জ"], ["Kishorganj", "Kishoregonj"]],
  ["Madaripur", ["মাদারীপুর"], []],
  ["Manikganj", ["মানিকগঞ্জ"], ["Manikgonj"]],
  ["Munshiganj", ["মুন্সিগঞ্জ", "মুন্সীগঞ্জ", "মুন্শিগঞ্জ"], ["Munshigonj"]],
  ["Narayanganj", ["নারায়ণগঞ্জ", "নারায়নগঞ্জ"], ["Narayangonj"]],
  ["Narsingdi", ["নরসিংদী"], ["Narshingdi", "Narsinghdi"]],
  ["Rajbari", ["রাজবাড়ী"], []],
  ["Shariatpur", ["শরীয়তপুর"], ["Shariyatpur"]],
  ["Tangail", ["টাঙ্গাইল", "টাঙাইল"], []],
  // Khulna division
  ["Bagerhat", ["বাগেরহাট"], []],
  ["Chuadanga", ["চুয়াডাঙ্গা", "চুয়াডাঙা"], []],
  ["Jashore", ["যশোর"], ["Jessore"]],
  ["Jhenaidah", ["ঝিনাইদহ", "ঝিনাইদাহ"], ["Jhenaida", "Jhenidah", "Jhinaidah"]],
  ["Kushtia", ["কুষ্টিয়া"], []],
  ["Magura", ["মাগুরা"], []],
  ["Meherpur", ["মেহেরপুর"], []],
  ["Narail", ["নড়াইল"], ["Norail"]],
  ["Satkhira", ["সাতক্ষীরা"], []],
  // Mymensingh division
  ["Jamalpur", ["জামালপুর"], []],
  ["Netrokona", ["নেত্রকোণা", "নেত্রকোনা"], ["Netrakona"]],
  ["Sherpur", ["শেরপুর"], []],
  // Rajshahi division
  ["Bogura", ["বগুড়া"], ["Bogra"]],
  ["Chapai Nawabganj", ["চাঁপাইনবাবগঞ্জ", "চাঁপাই নবাবগঞ্জ"], ["Chapainawabganj", "Nawabganj"]],
  ["Joypurhat", ["জয়পুরহাট"], ["Jaipurhat"]],
  ["Naogaon", ["নওগাঁ"], []],
  ["Natore", ["নাটোর"], []],
  ["Pabna", ["পাবনা"], []],
  ["Sirajganj", ["সিরাজগঞ্জ"], ["Serajganj", "Sirajgonj"]],
  // Rangpur division
  ["Dinajpur", ["দিনাজপুর"], []],
  ["Gaibandha", ["গাইবান্ধা"], []],
  ["Kurigram", ["কুড়িগ্রাম"], []],
  ["Lalmonirhat", ["লালমনিরহাট"], []],
  ["Nilphamari", ["নীলফামারী"], []],
  ["Panchagarh", ["পঞ্চগড়"], ["Panchagar"]],
  ["Thakurgaon", ["ঠাকুরগাঁও"], []],
  // Sylhet division
  ["Habiganj", ["হবিগঞ্জ"], ["Hobiganj"]],
  ["Moulvibazar", ["মৌলভীবাজার"], ["Maulvibazar", "Moulvi Bazar"]],
  ["Sunamganj", ["সুনামগঞ্জ"], []]
]

export const DIVISION_COUNT = DIVISIONS.length
/** Each division has a district of its name (Barishal, Chattogram, Dhaka, …), listed once. */
export const DISTRICT_COUNT = DISTRICTS.length + DIVISIONS.length

/** Trimmed, NFC, lower-case: how any place name compares. */
export const basicPlaceName = (name: string): string => name.normalize("NFC").trim().toLowerCase()

/** The zero-width non-joiner and joiner, which Bangla keyboards insert unseen (product search ignores them too). */
const JOINERS = /[\u200C\u200D]/gu
const SUFFIX = /\s+(?:division|district|zila|zilla|বিভাগ|জেলা)$/u
const IGNORED = /[\s'’.\-]/gu

/**
 * The key a name is looked up by: also without zero-width (non-)joiners, a "division"/"district"
 * suffix, spaces, apostrophes, dots or dashes.
 */
const lookupKey = (name: string): string =>
  basicPlaceName(name.replace(JOINERS, "")).replace(SUFFIX, "").replace(IGNORED, "")

const KNOWN: ReadonlyMap<string, string> = new Map(
  [...DIVISIONS, ...DISTRICTS].flatMap(([canonical, bangla, english]) =>
    [canonical, ...bangla, ...english].map((name) => [lookupKey(name), basicPlaceName(canonical)] as const)
  )
)

/**
 * The canonical form of a place name: a division's or district's current English name
 * (lower-case) for any of its Bangla or English names, else the name trimmed, in NFC and
 * lower-case. Idempotent.
 */
export const canonicalPlaceName = (name: string): string => KNOWN.get(lookupKey(name)) ?? basicPlaceName(name)

/** Every name of the table, with the canonical name it stands for (for tests and documentation). */
export const knownPlaceNames = (): ReadonlyArray<readonly [name: string, canonical: string]> =>
  [...DIVISIONS, ...DISTRICTS].flatMap(([canonical, bangla, english]) =>
    [canonical, ...bangla, ...english].map((name) => [name, basicPlaceName(canonical)] as const)
  )
