/** Problem `type` URNs (`urn:storefront:error:<code>`, docs/contract/errors.md) and the problem classes built on them. */
import { Schema } from "effect"
import { HttpApiError } from "effect/http-api"

export const problemType = <const Code extends string>(code: Code): `urn:storefront:error:${Code}` =>
  `urn:storefront:error:${code}`

/** `cart_not_found` → `CartNotFound`. */
type PascalCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Capitalize<Head>}${PascalCase<Tail>}`
  : Capitalize<S>

const pascalCase = (code: string): string => code.split("_").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("")

/**
 * A typed problem of the storefront, declared by its status, code and title (and the extension
 * members it carries): the code gives the `type` URN, the `code` member of the body and the
 * class's tag (`cart_not_found` → `CartNotFoundProblem`, unless a tag is given).
 * `class CartNotFoundProblem extends StorefrontProblem<CartNotFoundProblem>()(404, "cart_not_found", "Cart not found") {}`
 */
export const StorefrontProblem = <Self = never>() =>
<
  const Status extends number,
  const Code extends string,
  const Fields extends HttpApiError.ProblemExtensionFields = {},
  const Tag extends string = `${PascalCase<Code>}Problem`
>(
  status: Status,
  code: Code,
  title: string,
  fields?: Fields,
  tag?: Tag
) =>
  HttpApiError.Problem<Self>()(
    tag ?? `${pascalCase(code)}Problem` as Tag,
    { type: problemType(code), status, title },
    { code: Schema.tag(code), ...fields } as { readonly code: Schema.tag<Code> } & Fields
  )
