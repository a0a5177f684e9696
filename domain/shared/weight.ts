/**
 * Weights inside the service are whole grams; kilograms (as shops and the interface write them)
 * are converted at the edges only.
 */
import { Schema } from "effect"

export const GRAMS_PER_KILOGRAM = 1000

/** A weight in whole grams, >= 0. */
export const Grams = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)).pipe(Schema.brand("Grams"))
export type Grams = typeof Grams.Type

/** Integer arithmetic over grams (a unit weight times a quantity, a sum) as grams, without a check. */
export const asGrams = (grams: number): Grams => grams as Grams

/** Kilograms (possibly fractional, e.g. 0.25) to whole grams. */
export const toGrams = (kilograms: number): Grams => Math.round(kilograms * GRAMS_PER_KILOGRAM) as Grams

/** Grams to the kilograms the edges show (250 → 0.25). */
export const toKilograms = (grams: Grams): number => grams / GRAMS_PER_KILOGRAM
