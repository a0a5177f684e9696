/**
 * Email addresses. docs/contract/accounts.md: emails are normalised by trimming and lower-casing the WHOLE
 * address (local part included), for uniqueness, login and linking. Every email the domain
 * stores or compares is a {@link NormalisedEmail}.
 */
import { Option, Schema, SchemaTransformation } from "effect"

export const EMAIL_MAX_LENGTH = 254
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64

/** Trim surrounding whitespace, then lower-case the whole address (locale-independent). Idempotent. */
export const normaliseEmail = (raw: string): string => raw.trim().toLowerCase()

// dot-atom local part (RFC 5322 atext, plus Unicode letters/digits for internationalised mail)
const LOCAL_PART = /^[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~-]+)*$/u
// one DNS label: letters/digits/hyphens, no leading or trailing hyphen, 1..63 characters
const DOMAIN_LABEL = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u
const ALL_DIGITS = /^[0-9]+$/

/**
 * A reasonable (not RFC-complete) syntax check: `local@domain`, a dot-atom local part of at most
 * 64 characters, a domain of at least two labels whose last label is not numeric, at most 254
 * characters overall, no whitespace. Quoted local parts and IP-literal domains are rejected.
 */
export const isValidEmailAddress = (address: string): boolean => {
  if (address.length === 0 || address.length > EMAIL_MAX_LENGTH) return false
  const at = address.lastIndexOf("@")
  if (at <= 0 || at === address.length - 1) return false
  const local = address.slice(0, at)
  const domain = address.slice(at + 1)
  if (local.length > EMAIL_LOCAL_PART_MAX_LENGTH || !LOCAL_PART.test(local)) return false
  if (domain.length > 253) return false
  const labels = domain.split(".")
  if (labels.length < 2) return false
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return false
  const tld = labels[labels.length - 1] ?? ""
  return !ALL_DIGITS.test(tld)
}

/** Schema check for the email format (carries a generation pattern so `Arbitrary.schema` works). */
export const isEmailFormat = Schema.makeFilter<string>(
  (s) => isValidEmailAddress(s) || "Expected an email address",
  {
    expected: "an email address",
    arbitraryConstraint: {
      patterns: [{ source: "^[a-z0-9_+-]{1,20}(\\.[a-z0-9_+-]{1,10})?@[a-z0-9]{1,15}(\\.[a-z0-9]{1,10})?\\.[a-z]{2,6}$", flags: "" }]
    }
  }
)

const isNormalised = Schema.makeFilter<string>(
  (s) => s === normaliseEmail(s) || "Expected a trimmed, lower-case email address",
  { expected: "a trimmed, lower-case email address" }
)

/** A syntactically valid, normalised (trimmed, lower-case) email address. */
export const NormalisedEmail = Schema.String.check(isEmailFormat, isNormalised).pipe(Schema.brand("NormalisedEmail"))
export type NormalisedEmail = typeof NormalisedEmail.Type

/**
 * Request-side codec: any string that, once normalised, is a valid address. Decoding trims and
 * lower-cases (`"  Ann@Example.COM "` → `"ann@example.com"`); encoding is the identity.
 */
export const EmailFromInput = Schema.String.pipe(
  Schema.decodeTo(
    NormalisedEmail,
    SchemaTransformation.transform({
      decode: (raw: string) => normaliseEmail(raw),
      encode: (email: string) => email
    })
  )
)

/** Normalise and validate in one step; `undefined` when the address is not acceptable. */
export const parseEmail = (raw: string): NormalisedEmail | undefined =>
  Option.getOrUndefined(decodeNormalisedEmail(normaliseEmail(raw)))

const decodeNormalisedEmail = Schema.decodeUnknownOption(NormalisedEmail)
