/**
 * The storefront rendering of categories (the interface's Category): each node carries its
 * whole subtree in `children`, its `ancestors` root-first, its depth as `level` and the number
 * of visible products in it or any descendant as `productCount`.
 */
import { Schema } from "effect"
import { ProductTranslations } from "./catalog-product.ts"
import { type CategoryRecord, CategoryRef, CategorySeo, effectiveParents } from "./category.ts"

export interface CategoryView {
  readonly id: string
  readonly name: string
  readonly slug: string
  readonly description: string | null
  readonly image: string | null
  readonly level: number
  readonly parentId: string | null
  readonly seo: typeof CategorySeo.Type
  readonly productCount: number
  readonly children: ReadonlyArray<CategoryView>
  readonly ancestors: ReadonlyArray<CategoryRef>
  readonly translations?: ProductTranslations
}

export const CategoryView: Schema.Codec<CategoryView> = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  slug: Schema.String,
  description: Schema.NullOr(Schema.String),
  image: Schema.NullOr(Schema.String),
  level: Schema.Int,
  parentId: Schema.NullOr(Schema.String),
  seo: CategorySeo,
  productCount: Schema.Int,
  children: Schema.Array(Schema.suspend((): Schema.Codec<CategoryView> => CategoryView)),
  ancestors: Schema.Array(CategoryRef),
  translations: Schema.optionalKey(ProductTranslations.annotate({
    description: "The category's name and description in other languages by language tag (`bn`), when it has any; " +
      "a request in Bangla (`Accept-Language: bn` or `locale=bn`) is already answered with them in `name` and `description`"
  }))
}).annotate({ identifier: "Category" })

/** Siblings are ordered by position, then name (then id, so the order is total). */
const bySiblingOrder = (left: CategoryRecord, right: CategoryRecord): number =>
  left.position - right.position ||
  (left.name < right.name ? -1 : left.name > right.name ? 1 : 0) ||
  (left.id < right.id ? -1 : left.id > right.id ? 1 : 0)

export interface CategoryTree {
  /** Every category rendered with its subtree, by id. */
  readonly byId: ReadonlyMap<string, CategoryView>
  readonly bySlug: ReadonlyMap<string, CategoryView>
  /** Every category in tree order (depth-first, siblings ordered). */
  readonly all: ReadonlyArray<CategoryView>
  readonly roots: ReadonlyArray<CategoryView>
}

/**
 * Assembles the rendered tree. A category whose parent is unknown, or that sits on a parent
 * cycle, is treated as a root (see effectiveParents), so a damaged tree still renders every
 * category exactly once.
 */
export const buildCategoryTree = (
  categories: ReadonlyArray<CategoryRecord>,
  productCount: (categoryId: string) => number
): CategoryTree => {
  const parents = effectiveParents(categories)
  const parentOf = (category: CategoryRecord): string | null => parents.get(category.id) ?? null
  const childrenOf = new Map<string | null, Array<CategoryRecord>>()
  for (const category of categories) {
    const parent = parentOf(category)
    const siblings = childrenOf.get(parent) ?? []
    siblings.push(category)
    childrenOf.set(parent, siblings)
  }
  for (const siblings of childrenOf.values()) siblings.sort(bySiblingOrder)

  const render = (category: CategoryRecord, ancestors: ReadonlyArray<CategoryRef>): CategoryView => {
    const ref = { id: category.id, name: category.name, slug: category.slug }
    const children = (childrenOf.get(category.id) ?? []).map((child) => render(child, [...ancestors, ref]))
    return {
      id: category.id,
      name: category.name,
      slug: category.slug,
      description: category.description,
      image: category.image,
      level: ancestors.length,
      parentId: parentOf(category),
      seo: category.seo,
      productCount: productCount(category.id),
      children,
      ancestors,
      ...(category.translations === undefined ? {} : { translations: category.translations })
    }
  }
  const roots = (childrenOf.get(null) ?? []).map((root) => render(root, []))
  const depthFirst = (view: CategoryView): ReadonlyArray<CategoryView> => [view, ...view.children.flatMap(depthFirst)]
  const all = roots.flatMap(depthFirst)
  return {
    byId: new Map(all.map((view) => [view.id, view])),
    bySlug: new Map(all.map((view) => [view.slug, view])),
    all,
    roots
  }
}
