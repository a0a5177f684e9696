/**
 * Money in the shop currency. Every amount is held and computed in integer minor units
 * (1/100 of the major unit); only the edges (JSON, import files) use major units with at
 * most two decimals. Rounding is half-up to the minor unit.
 */
import { Schema } from "effect"

/** An amount in minor units: a safe, non-negative integer. The one money schema inside the service. */
export const MinorUnits = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
export type MinorUnits = typeof MinorUnits.Type

/** A rate in basis points (1/100 of a percent: 1250 is 12.5 %), 0..10,000. The one rate unit inside. */
export const BasisPoints = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10_000 }))
export type BasisPoints = typeof BasisPoints.Type

/** A percent with up to two decimals, as the edges write it (12.5), in basis points (1250). */
export const toBasisPoints = (percent: number): number => Math.round(percent * 100)

/** The percent a basis-point rate stands for, for the edges (1250 → 12.5). */
export const fromBasisPoints = (basisPoints: number): number => basisPoints / 100

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

/** `basisPoints` of `amount` (minor units), rounded half-up to the minor unit; exact in integers. */
export const basisPointsOf = (amount: number, basisPoints: number): number =>
  Math.floor((amount * basisPoints + 5_000) / 10_000)
