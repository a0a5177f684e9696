/** The shops a request may see, resolved from its publishable key by the key middleware. */
import { Context } from "effect"
import type { KeyScope } from "../../../application/catalog/publishable-key-scope.ts"

export class StoreScope extends Context.Service<StoreScope, KeyScope>()("storefront/http/StoreScope") {}
