/**
 * Weights inside the service are whole grams; kilograms (as shops and the interface write them)
 * are converted at the edges only.
 */
import { Schema } from "effect"

export const GRAMS_PER_KILOGRAM = 1000

/** A weight in whole grams, >= 0. */
export const Grams = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
export type Grams = typeof Grams.Type

/** Kilograms (possibly fractional, e.g. 0.25) to whole grams. */
export const toGrams = (kilograms: number): number => Math.round(kilograms * GRAMS_PER_KILOGRAM)

/** Grams to the kilograms the edges show (250 → 0.25). */
export const toKilograms = (grams: number): number => grams / GRAMS_PER_KILOGRAM
