/** Problem `type` URNs (`urn:storefront:error:<code>`, CONTRACT §2) and the problem classes built on them. */
import { Schema } from "effect"
import { HttpApiError } from "effect/http-api"

export const problemType = <const Code extends string>(code: Code): `urn:storefront:error:${Code}` =>
  `urn:storefront:error:${code}`

/**
 * A typed problem of the storefront: its `code` is written once and gives both the `type` URN
 * and the `code` member of the body.
 * `class X extends StorefrontProblem<X>()("X", { code: "x", status: 404, title: "X" }, { ...fields }) {}`
 */
export const StorefrontProblem = <Self = never>() =>
<
  const Tag extends string,
  const Code extends string,
  const Status extends number,
  const Fields extends HttpApiError.ProblemExtensionFields = {}
>(
  tag: Tag,
  problem: { readonly code: Code; readonly status: Status; readonly title: string },
  fields?: Fields
) =>
  HttpApiError.Problem<Self>()(
    tag,
    { type: problemType(problem.code), status: problem.status, title: problem.title },
    { code: Schema.tag(problem.code), ...fields } as { readonly code: Schema.tag<Code> } & Fields
  )
