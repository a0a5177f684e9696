/**
 * Phone numbers that identify a person (docs/contract/accounts.md). One canonical form is used for uniqueness,
 * one-time codes (destination and lookup), login, linking and matching a guest order to a customer:
 *
 * - spaces, dashes, dots and parentheses are dropped (Bangla digits ০-৯ read as 0-9);
 * - a Bangladeshi mobile number written `01XXXXXXXXX`, `8801XXXXXXXXX`, `+8801XXXXXXXXX` or
 *   `008801XXXXXXXXX` is `+8801XXXXXXXXX` (E.164);
 * - any other number keeps a leading `+` and its digits;
 * - letters, any other character, a `+` that does not lead, fewer than 7 or more than 15 digits
 *   (E.164's maximum) are not a phone.
 *
 * A small function instead of libphonenumber-js: the contract names one national rule (BD mobile)
 * and keeps every other number as written, so the library's per-country metadata would validate
 * rules the contract does not ask for (and refuse numbers it keeps), and the domain imports only
 * `effect`.
 */
import { Option, Schema, SchemaTransformation } from "effect"

export const PHONE_MIN_DIGITS = 7
export const PHONE_MAX_DIGITS = 15
/** A raw value longer than this is refused before it is read (separators included). */
export const PHONE_MAX_LENGTH = 64

const SEPARATORS = /[\s.()\-]/gu
const BANGLA_DIGITS = /[\u09E6-\u09EF]/gu
const DIGITS_WITH_PLUS = /^\+?[0-9]+$/
/** The national mobile number `1XXXXXXXXX` (10 digits) after a `0`, `880`, `+880` or `00880` prefix. */
const BD_MOBILE = /^(?:0|880|\+880|00880)(1[0-9]{9})$/

/**
 * The canonical form of a phone written by a person, or `undefined` when it is not a phone
 * (letters, other characters, fewer than 7 or more than 15 digits). Idempotent.
 */
export const canonicalPhone = (raw: string): string | undefined => {
  if (raw.length > PHONE_MAX_LENGTH) return undefined
  const compact = raw
    .replace(BANGLA_DIGITS, (digit) => String(digit.charCodeAt(0) - 0x09E6))
    .replace(SEPARATORS, "")
  if (!DIGITS_WITH_PLUS.test(compact)) return undefined
  const bd = BD_MOBILE.exec(compact)
  if (bd !== null) return `+880${bd[1]}`
  const digits = compact.startsWith("+") ? compact.length - 1 : compact.length
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS ? compact : undefined
}

/** How many ASCII digits a written phone has. */
export const countDigits = (phone: string): number => phone.replace(/[^0-9]/g, "").length

/** The canonical form, or the value itself when it is not a phone (for matching stored text). */
export const comparablePhone = (phone: string): string => canonicalPhone(phone) ?? phone

/** Two written phones are one number. */
export const samePhone = (a: string, b: string): boolean => comparablePhone(a) === comparablePhone(b)

const isCanonical = Schema.makeFilter<string>(
  (s) => canonicalPhone(s) === s || "Expected a phone number in its canonical form",
  {
    expected: "a canonical phone number",
    arbitraryConstraint: { patterns: [{ source: "^(\\+8801[3-9][0-9]{8}|\\+[1-9][0-9]{6,14})$", flags: "" }] }
  }
)

/** A phone in its canonical form (what the customer record stores and shows). */
export const CanonicalPhone = Schema.String.check(isCanonical).pipe(Schema.brand("CanonicalPhone"))
export type CanonicalPhone = typeof CanonicalPhone.Type

const PHONE_MESSAGE = "Expected a phone number: at least 7 digits, with no letters " +
  "(spaces, dashes, dots and parentheses are ignored)"

/**
 * Request-side codec: any way a person writes a phone, decoded to its canonical form
 * (`"018-1912 3456"` → `"+8801819123456"`); a value that is not a phone fails on its field.
 */
export const PhoneFromInput = Schema.String.check(
  Schema.makeFilter((raw: string) => canonicalPhone(raw) !== undefined || PHONE_MESSAGE, {
    expected: "a phone number",
    arbitraryConstraint: { patterns: [{ source: "^(\\+8801[3-9][0-9]{8}|01[3-9]-?[0-9]{8})$", flags: "" }] }
  })
).pipe(
  Schema.decodeTo(
    CanonicalPhone,
    SchemaTransformation.transform({
      decode: (raw: string) => canonicalPhone(raw) ?? raw,
      encode: (phone: string) => phone
    })
  )
)

/** Canonicalise and brand in one step; `undefined` when the value is not a phone. */
export const parsePhone = (raw: string): CanonicalPhone | undefined =>
  Option.getOrUndefined(decodeCanonicalPhone(canonicalPhone(raw) ?? ""))

const decodeCanonicalPhone = Schema.decodeUnknownOption(CanonicalPhone)
