/**
 * Money in the shop currency. Every amount is held and computed in integer minor units
 * (1/100 of the major unit); only the edges (JSON, import files) use major units with at
 * most two decimals. Rounding is half-up to the minor unit.
 */
import { Schema } from "effect"

/** An amount in minor units: a safe, non-negative integer. */
export const MinorUnits = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)).pipe(Schema.brand("MinorUnits"))
export type MinorUnits = typeof MinorUnits.Type

export const MINOR_PER_MAJOR = 100

/** A major-unit amount as it appears in JSON: a finite number >= 0 with at most 2 decimals. */
export const MajorAmount = Schema.Finite.check(
  Schema.isGreaterThanOrEqualTo(0),
  Schema.makeFilter((n: number) => hasAtMostTwoDecimals(n) || "Expected at most 2 decimal places")
)

export const hasAtMostTwoDecimals = (major: number): boolean =>
  Math.abs(major * MINOR_PER_MAJOR - Math.round(major * MINOR_PER_MAJOR)) < 1e-6

/** Major units (e.g. 1250.5) to minor units (125050). Callers validate the input first. */
export const toMinor = (major: number): number => Math.round(major * MINOR_PER_MAJOR)

/** Minor units (125050) to the JSON major-unit number (1250.5). */
export const toMajor = (minor: number): number => minor / MINOR_PER_MAJOR

/**
 * `percent` % of `amount` (minor units), rounded half-up to the minor unit.
 * `percent` may carry up to two decimals (e.g. 1.25 %); the arithmetic is exact in integers.
 */
export const percentageOf = (amount: number, percent: number): number => {
  const basisPoints = Math.round(percent * 100)
  return Math.floor((amount * basisPoints + 5_000) / 10_000)
}
