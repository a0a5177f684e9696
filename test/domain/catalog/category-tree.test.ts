import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import type { CategoryRecord } from "../../../domain/catalog/category.ts"
import { buildCategoryTree, CategoryView } from "../../../domain/catalog/category-tree.ts"
import type { CategoryTree } from "../../../domain/catalog/category-tree.ts"
import { makeCategories, SmallInt } from "../../support/catalog-fixtures.ts"
import { CategoryId } from "../../../domain/shared/ids.ts"

const category = (id: string, parentId: string | null, position = 0, name = id): CategoryRecord => ({
  id: CategoryId.make(id),
  slug: `${id}-slug`,
  name,
  description: null,
  image: null,
  parentId: parentId === null ? null : CategoryId.make(parentId),
  position,
  seo: { metaTitle: null, metaDescription: null, ogImage: null }
})

const shape = (views: ReadonlyArray<CategoryView>): Array<unknown> =>
  views.map((view) => (view.children.length === 0 ? view.id : { [view.id]: shape(view.children) }))

/** Every view reachable from the roots, depth-first. */
const reachable = (tree: CategoryTree): Array<CategoryView> => {
  const out: Array<CategoryView> = []
  const visit = (view: CategoryView) => {
    out.push(view)
    view.children.forEach(visit)
  }
  tree.roots.forEach(visit)
  return out
}

describe("buildCategoryTree", () => {
  const records = [
    category("shoes", "men", 1, "Shoes"),
    category("men", null, 0, "Men"),
    category("boots", "shoes", 0, "Boots"),
    category("shirts", "men", 0, "Shirts"),
    category("women", null, 0, "Women"),
    category("accessories", null, 0, "Accessories"),
    category("sale", null, -1, "Sale")
  ]

  it("nests children and orders siblings by position, then name", () => {
    const tree = buildCategoryTree(records, () => 0)
    expect(shape(tree.roots)).toEqual([
      "sale",
      "accessories",
      { men: ["shirts", { shoes: ["boots"] }] },
      "women"
    ])
    expect(tree.all.map((view) => view.id)).toEqual(["sale", "accessories", "men", "shirts", "shoes", "boots", "women"])
  })

  it("ancestors root-first, level = depth, parentId, leaves have empty children", () => {
    const boots = buildCategoryTree(records, () => 0).byId.get("boots")!
    expect(boots.ancestors).toEqual([
      { id: "men", name: "Men", slug: "men-slug" },
      { id: "shoes", name: "Shoes", slug: "shoes-slug" }
    ])
    expect(boots.level).toBe(2)
    expect(boots.parentId).toBe("shoes")
    expect(boots.children).toEqual([])
    const men = buildCategoryTree(records, () => 0).bySlug.get("men-slug")!
    expect(men.level).toBe(0)
    expect(men.ancestors).toEqual([])
    expect(men.parentId).toBeNull()
  })

  it("productCount comes from the callback, asked by category id", () => {
    const asked: Array<string> = []
    const tree = buildCategoryTree(records, (id) => {
      asked.push(id)
      return id.length
    })
    for (const view of tree.all) expect(view.productCount).toBe(view.id.length)
    expect(new Set(asked)).toEqual(new Set(records.map((record) => record.id)))
  })

  it("equal position and name fall back to id, so the order is total", () => {
    const tree = buildCategoryTree([category("b", null, 0, "Same"), category("a", null, 0, "Same")], () => 0)
    expect(tree.roots.map((view) => view.id)).toEqual(["a", "b"])
  })

  it("a category whose parent is unknown is a root, and keeps its own children", () => {
    const tree = buildCategoryTree([category("orphan", "gone"), category("child", "orphan")], () => 0)
    expect(shape(tree.roots)).toEqual([{ orphan: ["child"] }])
    expect(tree.byId.get("orphan")!.parentId).toBeNull()
    expect(tree.byId.get("orphan")!.level).toBe(0)
    expect(tree.byId.get("child")!.ancestors.map((ref) => ref.id)).toEqual(["orphan"])
  })

  it("categories on a cycle are roots, each rendered once", () => {
    const tree = buildCategoryTree([category("a", "b"), category("b", "a"), category("self", "self")], () => 0)
    expect(shape(tree.roots)).toEqual(["a", "b", "self"])
    expect(tree.all.map((view) => view.id)).toEqual(["a", "b", "self"])
    for (const view of tree.all) {
      expect(view.parentId).toBeNull()
      expect(view.level).toBe(0)
    }
  })

  it("a category below a cycle (not on it) stays under its parent", () => {
    // a <-> b is a cycle; c is a plain child of a
    const tree = buildCategoryTree([category("a", "b"), category("b", "a"), category("c", "a")], () => 0)
    expect(tree.all).toHaveLength(3)
    expect(tree.byId.get("c")!.parentId).toBe("a")
    expect(shape(tree.roots)).toEqual([{ a: ["c"] }, "b"])
  })

  it("renders valid Category documents", () => {
    const tree = buildCategoryTree(records, () => 3)
    for (const view of tree.all) expect(Schema.is(CategoryView)(view)).toBe(true)
  })

  it("an empty category list is an empty tree", () => {
    const tree = buildCategoryTree([], () => 0)
    expect(tree.roots).toEqual([])
    expect(tree.all).toEqual([])
    expect(tree.byId.size).toBe(0)
  })

  const ForestSeeds = Arbitrary.schema(
    Schema.Array(Schema.Struct({ parent: SmallInt(12), position: SmallInt(2), name: SmallInt(5) })).check(Schema.isMaxLength(12))
  )

  it.prop("random forests: every category once, nested under its parent, ancestors and levels consistent", [ForestSeeds], ([seeds]) => {
    const categories = makeCategories(seeds)
    const records = new Map(categories.map((record) => [record.id, record]))
    const tree = buildCategoryTree(categories, (id) => Number(id.slice("cat_".length)))
    const views = reachable(tree)
    expect(views.map((view) => view.id)).toEqual(tree.all.map((view) => view.id))
    expect(new Set(views.map((view) => view.id))).toEqual(new Set(categories.map((record) => record.id)))
    expect(views).toHaveLength(categories.length)
    expect(tree.roots.map((view) => view.id).sort()).toEqual(
      categories.filter((record) => record.parentId === null).map((record) => record.id).sort()
    )
    for (const view of views) {
      const record = records.get(CategoryId.make(view.id))!
      expect(view.parentId).toBe(record.parentId)
      expect(view.productCount).toBe(Number(view.id.slice("cat_".length)))
      expect(view.level).toBe(view.ancestors.length)
      // ancestors root-first = the parent chain reversed
      const chain: Array<string> = []
      for (let parent = record.parentId; parent !== null; parent = records.get(parent)!.parentId) chain.unshift(parent)
      expect(view.ancestors.map((ref) => ref.id)).toEqual(chain)
      for (const child of view.children) expect(child.parentId).toBe(view.id)
      for (let index = 1; index < view.children.length; index++) {
        const left = view.children[index - 1]!
        const right = view.children[index]!
        const leftRecord = records.get(CategoryId.make(left.id))!
        const rightRecord = records.get(CategoryId.make(right.id))!
        const ordered = leftRecord.position < rightRecord.position ||
          (leftRecord.position === rightRecord.position &&
            (left.name < right.name || (left.name === right.name && left.id < right.id)))
        expect(ordered).toBe(true)
      }
      expect(tree.byId.get(view.id)).toBe(view)
      expect(tree.bySlug.get(view.slug)).toBe(view)
    }
  })

  const GraphSeeds = Arbitrary.schema(Schema.Array(SmallInt(9)).check(Schema.isBetweenLength(1, 9)))

  it.prop("any parent graph (cycles, self-loops, orphans): every category rendered exactly once", [GraphSeeds], ([parents]) => {
    // at most 9 categories (c0..c8): parent c9 is unknown; any other parent may close a cycle
    const categories = parents.map((parent, index) => category(`c${index}`, `c${parent}`, 0, `n${index}`))
    const tree = buildCategoryTree(categories, () => 0)
    const views = reachable(tree)
    expect(views.map((view) => view.id).sort()).toEqual(categories.map((record) => record.id).sort())
    expect(tree.all).toHaveLength(categories.length)
    for (const view of views) {
      expect(view.level).toBe(view.ancestors.length)
      if (view.parentId !== null) expect(tree.byId.get(view.parentId)!.children).toContain(view)
      else expect(tree.roots).toContain(view)
    }
  })
})
