/**
 * The storefront HTTP API: one definition, from which the server, the OpenAPI document and
 * the typed test/client code are all derived. Every route is under /v1/store and scoped by a
 * publishable key; request decoding failures become problem+json.
 */
import { HttpApi, OpenApi } from "effect/http-api"
import { AddressBookApiGroup } from "./address-book-api-group.ts"
import { AuthApiGroup } from "./auth-api-group.ts"
import { AuthOtpApiGroup } from "./auth-otp-api-group.ts"
import { CartApiGroup } from "./cart-api-group.ts"
import { CatalogApiGroup } from "./catalog-api-group.ts"
import { CustomerApiGroup } from "./customer-api-group.ts"
import { refineOpenApiDocument } from "./openapi-refinements.ts"
import { OrderApiGroup } from "./order-api-group.ts"
import { OrderPaymentApiGroup } from "./order-payment-api-group.ts"
import { PublishableKeyMiddleware } from "./publishable-key-middleware.ts"
import { StoreOutage } from "./store-outage.ts"
import { ValidationMiddleware } from "./validation-middleware.ts"

const definition = HttpApi.make("storefront")
  .add(CatalogApiGroup)
  .add(AuthApiGroup, AuthOtpApiGroup, CustomerApiGroup)
  .add(AddressBookApiGroup)
  .add(CartApiGroup, OrderApiGroup)
  .add(OrderPaymentApiGroup)
  .middleware(ValidationMiddleware)
  .middleware(StoreOutage)
  .middleware(PublishableKeyMiddleware)
  .prefix("/v1/store")
  .annotate(HttpApi.PayloadParseOptions, { onExcessProperty: "error", errors: "all" })
  .annotate(HttpApi.QueryParseOptions, { errors: "all" })
  .annotateMerge(OpenApi.annotations({
    title: "Storefront API",
    version: "1.0.0",
    description: "Customer-facing API of the online shop: catalog, accounts, carts and orders.",
    servers: [{ url: "/", description: "The server that serves this document" }]
  }))

/** The OpenAPI document is refined as client generators need it (see openapi-refinements.ts). */
export class StorefrontApi
  extends definition.annotate(OpenApi.Transform, (spec) => refineOpenApiDocument(definition, spec))
{}
