/**
 * Money in the shop currency. Every amount is held and computed in integer minor units
 * (1/100 of the major unit); only the edges (JSON, import files) use major units with at
 * most two decimals. Rounding is half-up to the minor unit.
 */
import { Schema } from "effect"

/** An amount in minor units: a safe, non-negative integer. The one money schema inside the service. */
export const MinorUnits = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)).pipe(Schema.brand("MinorUnits"))
export type MinorUnits = typeof MinorUnits.Type

/** A rate in basis points (1/100 of a percent: 1250 is 12.5 %), 0..10,000. The one rate unit inside. */
export const BasisPoints = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10_000 })).pipe(
  Schema.brand("BasisPoints")
)
export type BasisPoints = typeof BasisPoints.Type

/**
 * Integer arithmetic over minor units (a sum, a price times a quantity, a difference that cannot
 * go below zero) as minor units, without a check: for results of amounts already in minor units.
 */
export const asMinorUnits = (amount: number): MinorUnits => amount as MinorUnits

/** A percent with up to two decimals, as the edges write it (12.5), in basis points (1250). */
export const toBasisPoints = (percent: number): BasisPoints => Math.round(percent * 100) as BasisPoints

/** The percent a basis-point rate stands for, for the edges (1250 → 12.5). */
export const fromBasisPoints = (basisPoints: BasisPoints): number => basisPoints / 100

export const MINOR_PER_MAJOR = 100

/** A major-unit amount as it appears in JSON: a finite number >= 0 with at most 2 decimals. */
export const MajorAmount = Schema.Finite.check(
  Schema.isGreaterThanOrEqualTo(0),
  Schema.makeFilter((n: number) => hasAtMostTwoDecimals(n) || "Expected at most 2 decimal places")
)

export const hasAtMostTwoDecimals = (major: number): boolean =>
  Math.abs(major * MINOR_PER_MAJOR - Math.round(major * MINOR_PER_MAJOR)) < 1e-6

/** Major units (e.g. 1250.5) to minor units (125050). Callers validate the input first. */
export const toMinor = (major: number): MinorUnits => Math.round(major * MINOR_PER_MAJOR) as MinorUnits

/** Minor units (125050) to the JSON major-unit number (1250.5). */
export const toMajor = (minor: MinorUnits): number => minor / MINOR_PER_MAJOR

/** `basisPoints` of `amount`, rounded half-up to the minor unit; exact in integers. */
export const basisPointsOf = (amount: MinorUnits, basisPoints: BasisPoints): MinorUnits =>
  Math.floor((amount * basisPoints + 5_000) / 10_000) as MinorUnits

/**
 * A field that holds an amount or a rate, as a neighbouring type field says (a coupon's value, a
 * COD surcharge): minor units for `fixed`, basis points for `percentage`.
 */
export const AmountOrRate = Schema.Union([MinorUnits, BasisPoints])
export type AmountOrRate = typeof AmountOrRate.Type

/** What a `fixed` amount or a `percentage` rate (`value`) comes to on `base`. */
export const fixedOrPercentageOf = (
  type: "fixed" | "percentage",
  value: AmountOrRate,
  base: MinorUnits
): MinorUnits => type === "fixed" ? value as MinorUnits : basisPointsOf(base, value as BasisPoints)
