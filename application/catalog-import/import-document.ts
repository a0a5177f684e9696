/**
 * The catalog import document (docs/contract/catalog-import.md), as it arrives: money in major units with at most
 * two decimals, weights in kilograms, timestamps as ISO 8601 strings.
 *
 * Required are the natural keys and what cannot be guessed (names, prices, stock, a product's
 * shops, variants and `createdAt`, a method's zones, a coupon's type and value, a customer's
 * name). Nullable fields, lists and flags may be left out and take the obvious default (null,
 * empty, `enabled`/`requiresShipping` true, counts 0, positions from the document order).
 * Properties the format does not know are ignored.
 *
 * Decoding reports every problem at once (`errors: "all"`), each as a `{path, message}`.
 */
import { Effect, Result, Schema, SchemaIssue } from "effect"
import { isValidEmailAddress, normaliseEmail } from "../../domain/customer/email.ts"
import { canonicalPhone } from "../../domain/customer/phone.ts"
import { CourierName } from "../../domain/fulfilment/shipment.ts"
import { ZoneRule, ZoneType } from "../../domain/shipping/zone-rules.ts"
import {
  Count,
  defaultEmpty,
  defaultNull,
  Identifier,
  Money,
  Name,
  NullableText,
  NullableTimestamp,
  Position,
  Slug,
  TextList,
  Timestamp,
  WeightKg
} from "./import-fields.ts"
import type { ImportProblem } from "./import-problem.ts"

export { MAX_MAJOR_AMOUNT } from "./import-fields.ts"

/** A shop named by the document (a shop of it, or one a key, product, method or coupon belongs to). */
const ShopIdentifier = Identifier.pipe(Schema.brand("ShopId"))

export const ImportShop = Schema.Struct({
  id: ShopIdentifier,
  name: Name,
  zoneRules: Schema.Array(ZoneRule).pipe(Schema.withDecodingDefaultKey(defaultEmpty)),
  defaultZoneType: ZoneType,
  /** The shop's courier; null or absent: DEFAULT_COURIER (docs/contract/catalog-import.md). */
  courier: Schema.NullOr(CourierName).pipe(Schema.withDecodingDefaultKey(defaultNull))
})
export type ImportShop = typeof ImportShop.Type

export const ImportPublishableKey = Schema.Struct({
  key: Identifier,
  title: Schema.String.pipe(Schema.withDecodingDefaultKey(Effect.succeed(""))),
  shopIds: Schema.Array(ShopIdentifier),
  revokedAt: NullableTimestamp
})
export type ImportPublishableKey = typeof ImportPublishableKey.Type

/** A language tag: `bn`, `en-GB` (the subtag case as BCP 47 writes it). */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Z]{2})?$/

/** Per language, a product's or a category's translated texts (docs/contract/catalog-import.md). */
const ImportTranslations = Schema.Record(Schema.String, Schema.Struct({
  name: Schema.optionalKey(Name),
  description: Schema.optionalKey(Schema.String)
})).check(Schema.makeFilter((translations: Record<string, unknown>) => {
  const bad = Object.keys(translations).find((tag) => !LANGUAGE_TAG.test(tag))
  return bad === undefined || { path: [bad], issue: "Expected a language tag such as bn or en-GB" }
}))

export const ImportCategory = Schema.Struct({
  slug: Slug,
  name: Name,
  description: NullableText,
  image: NullableText,
  parentSlug: Schema.NullOr(Slug).pipe(Schema.withDecodingDefaultKey(defaultNull)),
  seo: Schema.Struct({
    metaTitle: NullableText,
    metaDescription: NullableText,
    ogImage: NullableText
  }).pipe(Schema.withDecodingDefaultKey(Effect.succeed({}))),
  position: Position.pipe(Schema.withDecodingDefaultKey(Effect.succeed(0))),
  translations: Schema.optionalKey(ImportTranslations)
})
export type ImportCategory = typeof ImportCategory.Type

export const ImportSizeGuide = Schema.Struct({
  id: Identifier,
  name: Name,
  content: Schema.String.pipe(Schema.withDecodingDefaultKey(Effect.succeed(""))),
  imageUrl: Schema.String.pipe(Schema.withDecodingDefaultKey(Effect.succeed("")))
})
export type ImportSizeGuide = typeof ImportSizeGuide.Type

/** A sale price above the original price is refused: it would show a "discount" that costs more. */
export const ImportVariant = Schema.Struct({
  sku: Identifier,
  originalPrice: Money,
  salePrice: Schema.NullOr(Money).pipe(Schema.withDecodingDefaultKey(defaultNull)),
  stock: Count,
  weightKg: WeightKg.pipe(Schema.withDecodingDefaultKey(Effect.succeed(0))),
  images: TextList,
  optionValues: Schema.Record(Schema.String, Schema.String).pipe(Schema.withDecodingDefaultKey(Effect.succeed({})))
}).check(
  Schema.makeFilter((variant: { readonly originalPrice: number; readonly salePrice: number | null }) =>
    variant.salePrice === null || variant.salePrice <= variant.originalPrice
      ? undefined
      : { path: ["salePrice"], issue: "Expected a sale price not above the original price" }
  )
)
export type ImportVariant = typeof ImportVariant.Type

export const ImportProduct = Schema.Struct({
  slug: Slug,
  name: Name,
  description: NullableText,
  sku: Schema.String.pipe(Schema.withDecodingDefaultKey(Effect.succeed(""))),
  productType: NullableText,
  unitName: NullableText,
  thumbnail: NullableText,
  images: TextList,
  tags: TextList,
  attributes: Schema.NullOr(Schema.Record(Schema.String, Schema.Struct({ type: Schema.String, value: Schema.String })))
    .pipe(Schema.withDecodingDefaultKey(defaultNull)),
  seo: Schema.Struct({
    metaTitle: NullableText,
    metaDescription: NullableText,
    metaKeywords: TextList,
    ogImage: NullableText
  }).pipe(Schema.withDecodingDefaultKey(Effect.succeed({}))),
  sizeGuideId: Schema.NullOr(Identifier).pipe(Schema.withDecodingDefaultKey(defaultNull)),
  translations: Schema.optionalKey(ImportTranslations),
  categorySlugs: Schema.Array(Slug).pipe(Schema.withDecodingDefaultKey(defaultEmpty)),
  shopIds: Schema.Array(ShopIdentifier),
  enabled: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(true))),
  requiresShipping: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(true))),
  salesCount: Count.pipe(Schema.withDecodingDefaultKey(Effect.succeed(0))),
  createdAt: Timestamp,
  variantOptions: Schema.Array(Schema.Struct({
    key: Schema.String,
    values: Schema.Array(Schema.String),
    position: Position.pipe(Schema.withDecodingDefaultKey(Effect.succeed(0)))
  })).pipe(Schema.withDecodingDefaultKey(defaultEmpty)),
  variants: Schema.Array(ImportVariant).check(Schema.isMinLength(1, { message: "Expected at least one variant" }))
})
export type ImportProduct = typeof ImportProduct.Type

export const ImportShippingZone = Schema.Struct({
  type: ZoneType,
  baseRate: Money,
  baseWeightKg: Schema.NullOr(WeightKg).pipe(Schema.withDecodingDefaultKey(defaultNull)),
  additionalWeightPricePerKg: Schema.NullOr(Money).pipe(Schema.withDecodingDefaultKey(defaultNull))
})
export type ImportShippingZone = typeof ImportShippingZone.Type

const NullableDays = Schema.NullOr(Count).pipe(Schema.withDecodingDefaultKey(defaultNull))

interface ShippingMethodRules {
  readonly slaMinDays: number | null
  readonly slaMaxDays: number | null
  readonly codSurchargeEnabled: boolean
  readonly codSurchargeType: "fixed" | "percentage" | null
  readonly codSurchargeValue: number | null
  readonly zones: ReadonlyArray<{ readonly type: string }>
}

const shippingMethodProblems = (method: ShippingMethodRules): Array<Schema.FilterIssue> => {
  const problems: Array<Schema.FilterIssue> = []
  if (method.slaMinDays !== null && method.slaMaxDays !== null && method.slaMinDays > method.slaMaxDays) {
    problems.push({ path: ["slaMaxDays"], issue: "Expected slaMaxDays not below slaMinDays" })
  }
  if (method.codSurchargeEnabled && method.codSurchargeType === null) {
    problems.push({ path: ["codSurchargeType"], issue: "Expected a COD surcharge type when codSurchargeEnabled is true" })
  }
  if (method.codSurchargeEnabled && method.codSurchargeValue === null) {
    problems.push({ path: ["codSurchargeValue"], issue: "Expected a COD surcharge value when codSurchargeEnabled is true" })
  }
  if (method.codSurchargeType === "percentage" && method.codSurchargeValue !== null && method.codSurchargeValue > 100) {
    problems.push({ path: ["codSurchargeValue"], issue: "Expected a percentage of at most 100" })
  }
  const seen = new Set<string>()
  method.zones.forEach((zone, index) => {
    if (seen.has(zone.type)) problems.push({ path: ["zones", index, "type"], issue: `Duplicate zone type "${zone.type}"` })
    seen.add(zone.type)
  })
  return problems
}

/** `codSurchargeValue`: major units for `fixed`, a percent (up to 2 decimals) for `percentage`. */
export const ImportShippingMethod = Schema.Struct({
  id: Identifier.pipe(Schema.brand("ShippingMethodId")),
  shopId: ShopIdentifier,
  name: Name,
  description: NullableText,
  slaText: NullableText,
  slaMinDays: NullableDays,
  slaMaxDays: NullableDays,
  minOrderValueForFreeShipping: Schema.NullOr(Money).pipe(Schema.withDecodingDefaultKey(defaultNull)),
  codSurchargeEnabled: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(false))),
  codSurchargeType: Schema.NullOr(Schema.Literals(["fixed", "percentage"])).pipe(Schema.withDecodingDefaultKey(defaultNull)),
  codSurchargeValue: Schema.NullOr(Money).pipe(Schema.withDecodingDefaultKey(defaultNull)),
  zones: Schema.Array(ImportShippingZone),
  position: Schema.optionalKey(Position)
}).check(Schema.makeFilter(shippingMethodProblems))
export type ImportShippingMethod = typeof ImportShippingMethod.Type

interface CouponRules {
  readonly type: "percentage" | "fixed"
  readonly value: number
  readonly startsAt: string | null
  readonly endsAt: string | null
}

const couponProblems = (coupon: CouponRules): Array<Schema.FilterIssue> => {
  const problems: Array<Schema.FilterIssue> = []
  if (coupon.type === "percentage" && coupon.value > 100) {
    problems.push({ path: ["value"], issue: "Expected a percentage of at most 100" })
  }
  if (coupon.startsAt !== null && coupon.endsAt !== null && Date.parse(coupon.endsAt) <= Date.parse(coupon.startsAt)) {
    problems.push({ path: ["endsAt"], issue: "Expected endsAt after startsAt" })
  }
  return problems
}

/** `value`: a percent (up to 2 decimals) for `percentage`, major units for `fixed`. Codes are case-insensitive. */
export const ImportCoupon = Schema.Struct({
  code: Identifier,
  shopId: ShopIdentifier,
  type: Schema.Literals(["percentage", "fixed"]),
  value: Money,
  minSubtotal: Money.pipe(Schema.withDecodingDefaultKey(Effect.succeed(0))),
  startsAt: NullableTimestamp,
  endsAt: NullableTimestamp,
  usageLimit: Schema.NullOr(Count).pipe(Schema.withDecodingDefaultKey(defaultNull))
}).check(Schema.makeFilter(couponProblems))
export type ImportCoupon = typeof ImportCoupon.Type

/** Any spelling that trims and lower-cases to a valid address (it is stored normalised). */
const CustomerEmail = Schema.String.check(
  Schema.makeFilter((s: string) => isValidEmailAddress(normaliseEmail(s)) || "Expected an email address")
)
/** Any way of writing a phone that has a canonical form (it is stored canonical, docs/contract/accounts.md). */
const CustomerPhone = Schema.String.check(
  Schema.makeFilter((s: string) => canonicalPhone(s) !== undefined || "Expected a phone number (at least 7 digits, no letters)")
)

/** A password-less customer (e.g. from a chat channel), known by email or phone or both. */
export const ImportCustomer = Schema.Struct({
  name: Name,
  email: Schema.NullOr(CustomerEmail).pipe(Schema.withDecodingDefaultKey(defaultNull)),
  phone: Schema.NullOr(CustomerPhone).pipe(Schema.withDecodingDefaultKey(defaultNull)),
  source: Identifier.pipe(Schema.withDecodingDefaultKey(Effect.succeed("import")))
}).check(
  Schema.makeFilter((customer: { readonly email: string | null; readonly phone: string | null }) =>
    customer.email !== null || customer.phone !== null || { path: ["email"], issue: "Expected an email or a phone" }
  )
)
export type ImportCustomer = typeof ImportCustomer.Type

/**
 * A top-level list; a missing one is empty. (Deliberately not `withDecodingDefaultKey`: a default
 * makes the whole list a transformation, whose decoded-side checks, such as "sale price not
 * above the original price", are skipped as soon as any entry of the list has another problem.)
 */
const listOf = <S extends Schema.Top>(item: S) => Schema.optionalKey(Schema.Array(item))

/** The document schema; missing lists decode as absent, `decodeImportDocument` fills them in. */
export const ImportDocumentSchema = Schema.Struct({
  version: Schema.Literal(1),
  shops: listOf(ImportShop),
  publishableKeys: listOf(ImportPublishableKey),
  categories: listOf(ImportCategory),
  sizeGuides: listOf(ImportSizeGuide),
  products: listOf(ImportProduct),
  shippingMethods: listOf(ImportShippingMethod),
  coupons: listOf(ImportCoupon),
  customers: listOf(ImportCustomer)
})

/** The decoded document, every list present. */
export interface ImportDocument {
  readonly version: 1
  readonly shops: ReadonlyArray<ImportShop>
  readonly publishableKeys: ReadonlyArray<ImportPublishableKey>
  readonly categories: ReadonlyArray<ImportCategory>
  readonly sizeGuides: ReadonlyArray<ImportSizeGuide>
  readonly products: ReadonlyArray<ImportProduct>
  readonly shippingMethods: ReadonlyArray<ImportShippingMethod>
  readonly coupons: ReadonlyArray<ImportCoupon>
  readonly customers: ReadonlyArray<ImportCustomer>
}

const withAllLists = (document: typeof ImportDocumentSchema.Type): ImportDocument => ({
  version: document.version,
  shops: document.shops ?? [],
  publishableKeys: document.publishableKeys ?? [],
  categories: document.categories ?? [],
  sizeGuides: document.sizeGuides ?? [],
  products: document.products ?? [],
  shippingMethods: document.shippingMethods ?? [],
  coupons: document.coupons ?? [],
  customers: document.customers ?? []
})

const decode = Schema.decodeUnknownResult(ImportDocumentSchema)
const toStandard = SchemaIssue.makeFormatterStandardSchemaV1()

export const problemsOf = (error: Schema.SchemaError): Array<ImportProblem> =>
  toStandard(error.issue).issues.map((issue) => ({
    path: (issue.path ?? []).map((segment) => String(segment)).join("."),
    message: issue.message === "Missing key" ? "Missing required field" : issue.message
  }))

/** The document, or every problem the schema finds in it (cross-references are checked elsewhere). */
export const decodeImportDocument = (input: unknown): Result.Result<ImportDocument, Array<ImportProblem>> =>
  Result.mapBoth(decode(input, { errors: "all" }), { onFailure: problemsOf, onSuccess: withAllLists })
