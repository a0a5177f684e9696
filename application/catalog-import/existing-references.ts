/**
 * What the store already holds that a document may refer to without containing it: shops,
 * size guides, and categories with their parents (to find cycles through stored categories).
 */
export interface ExistingCategory {
  readonly slug: string
  readonly parentSlug: string | null
}

export interface ExistingReferences {
  readonly shopIds: ReadonlyArray<string>
  readonly sizeGuideIds: ReadonlyArray<string>
  readonly categories: ReadonlyArray<ExistingCategory>
}
