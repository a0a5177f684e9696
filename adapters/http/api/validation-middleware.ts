/** Turns request decoding failures into 400 validation_failed (or invalid_json) problems. */
import { HttpApiMiddleware } from "effect/http-api"
import { InvalidJson, ValidationFailed } from "../problems/request-problems.ts"

export class ValidationMiddleware extends HttpApiMiddleware.Service<ValidationMiddleware>()(
  "storefront/http/ValidationMiddleware",
  { error: [ValidationFailed, InvalidJson] }
) {}
