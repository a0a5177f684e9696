/** Amounts, weights and rates written in tests, checked and branded (`minor(6_000)`). */
import { BasisPoints, MinorUnits } from "../../domain/shared/money.ts"
import { Grams } from "../../domain/shared/weight.ts"

export const minor = (amount: number): MinorUnits => MinorUnits.make(amount)
export const grams = (weight: number): Grams => Grams.make(weight)
export const basisPoints = (rate: number): BasisPoints => BasisPoints.make(rate)
