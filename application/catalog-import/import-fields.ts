/**
 * The field types of the catalog import document (import-document.ts): natural keys, slugs,
 * names, money in major units, weights in kilograms to the gram, counts and positions that fit
 * the store's integer columns, ISO 8601 timestamps with a zone, and the defaults of fields that
 * may be left out.
 */
import { Effect, Schema } from "effect"
import { MajorAmount } from "../../domain/shared/money.ts"

const INT4_MAX = 2_147_483_647
/** The largest amount whose minor units fit the store's integer columns. */
export const MAX_MAJOR_AMOUNT = INT4_MAX / 100

export const defaultNull = Effect.succeed(null)
export const defaultEmpty = Effect.succeed([])

export const NullableText = Schema.NullOr(Schema.String).pipe(Schema.withDecodingDefaultKey(defaultNull))
export const TextList = Schema.Array(Schema.String).pipe(Schema.withDecodingDefaultKey(defaultEmpty))

/** A natural key (shop id, method id, sku, ...): non-empty, no surrounding whitespace. */
export const Identifier = Schema.String.check(
  Schema.isMinLength(1),
  Schema.isMaxLength(200),
  Schema.makeFilter((s: string) => s.trim() === s || "Expected no leading or trailing whitespace")
)

/** URL-safe without escaping: letters, digits and `- . _ ~`, starting with a letter or digit. */
export const Slug = Schema.String.check(
  Schema.isMaxLength(200),
  Schema.isPattern(/^[A-Za-z0-9][A-Za-z0-9._~-]*$/, {
    expected: "a slug (letters, digits and - . _ ~, starting with a letter or digit)"
  })
)

export const Name = Schema.String.check(
  Schema.makeFilter((s: string) => s.trim().length > 0 || "Expected a non-blank name")
)

export const Money = MajorAmount.check(Schema.isLessThanOrEqualTo(MAX_MAJOR_AMOUNT))

const hasAtMostThreeDecimals = (n: number): boolean => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6

/** Kilograms, to the gram. */
export const WeightKg = Schema.Finite.check(
  Schema.isGreaterThanOrEqualTo(0),
  Schema.isLessThanOrEqualTo(INT4_MAX / 1000),
  Schema.makeFilter((n: number) => hasAtMostThreeDecimals(n) || "Expected at most 3 decimal places (grams)")
)

export const Count = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: INT4_MAX }))
export const Position = Schema.Int.check(Schema.isBetween({ minimum: -INT4_MAX, maximum: INT4_MAX }))

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/

/** An ISO 8601 date-time with a zone, e.g. `2026-11-21T10:00:00.000Z`. */
export const Timestamp = Schema.String.check(
  Schema.makeFilter((s: string) =>
    (ISO_TIMESTAMP.test(s) && !Number.isNaN(Date.parse(s))) ||
    "Expected an ISO 8601 timestamp with a time zone, e.g. 2026-11-21T10:00:00.000Z"
  )
)
export const NullableTimestamp = Schema.NullOr(Timestamp).pipe(Schema.withDecodingDefaultKey(defaultNull))
