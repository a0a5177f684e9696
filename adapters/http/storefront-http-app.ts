/**
 * Every route of the service as one router layer: the storefront API (with its handlers and
 * middleware, and /openapi.json generated from the same definition), the system routes, the
 * demo shop page when asked for, and the global HTTP edge (request ids, body rules,
 * problem+json, response compression, no-store on customer and cart responses).
 */
import { Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { StorefrontApi } from "./api/storefront-api.ts"
import { DEMO_SHOP_ROUTES, DemoShopRoutes } from "./demo-shop-routes.ts"
import { AddressBookHandlers } from "./handlers/address-book-handlers.ts"
import { AuthHandlers } from "./handlers/auth-handlers.ts"
import { AuthOtpHandlers } from "./handlers/auth-otp-handlers.ts"
import { CartHandlers } from "./handlers/cart-handlers.ts"
import { CatalogHandlers } from "./handlers/catalog-handlers.ts"
import { CustomerHandlers } from "./handlers/customer-handlers.ts"
import { OrderHandlers } from "./handlers/order-handlers.ts"
import { OrderPaymentHandlers } from "./handlers/order-payment-handlers.ts"
import { DEMO_GATEWAY_ROUTES, DemoGatewayRoutes } from "./demo-gateway-routes.ts"
import { PAYMENT_CALLBACK_ROUTES, PAYMENT_FORM_PATH_PREFIXES, PaymentCallbackRoutes } from "./payment-callback-routes.ts"
import { CustomerAuthLive, OptionalCustomerAuthLive } from "./middleware/customer-auth-live.ts"
import type { CorsOptions } from "./middleware/cors.ts"
import { httpEdgeLayer } from "./middleware/http-edge.ts"
import { PublishableKeyLive } from "./middleware/publishable-key-live.ts"
import { StoreOutageLive } from "./middleware/store-outage-live.ts"
import { ValidationLive } from "./middleware/validation-live.ts"
import {
  type CatalogCacheSettings,
  CatalogHttpCaching,
  DEFAULT_CATALOG_CACHE
} from "./representation/catalog-http-caching.ts"
import { privateResponsesMiddleware } from "./representation/private-responses.ts"
import { responseCompressionMiddleware } from "./representation/response-compression.ts"
import { noCorsOrigins } from "./request/cors-origins.ts"
import { SYSTEM_ROUTES, systemRoutes } from "./system-routes.ts"

export interface StorefrontHttpOptions {
  readonly maxBodyBytes: number
  /** CORS for browser storefronts; none by default. */
  readonly cors?: CorsOptions
  /** Cache-Control of catalog GETs; 60 s fresh, 300 s stale-while-revalidate by default. */
  readonly catalogCache?: CatalogCacheSettings
  /** Filled in on the API reference page when the catalog knows it (the demo key). */
  readonly docsPublishableKey?: string | undefined
  /** Serve the demo shop page at `/` (the demo on the embedded database). */
  readonly demoShop?: boolean
  /** Serve the demo gateway's page (/demo-gateway/{sessionId}; needs DemoGateway): the embedded demo only. */
  readonly demoGateway?: boolean
}

export const storefrontHttpApp = (options: StorefrontHttpOptions) =>
  Layer.mergeAll(
    HttpApiBuilder.layer(StorefrontApi, { openapiPath: "/openapi.json" }).pipe(
      Layer.provide(CatalogHandlers),
      Layer.provide(Layer.succeed(CatalogHttpCaching, options.catalogCache ?? DEFAULT_CATALOG_CACHE)),
      Layer.provide([AuthHandlers, AuthOtpHandlers, CustomerHandlers]),
      Layer.provide(AddressBookHandlers),
      Layer.provide([CartHandlers, OrderHandlers, OrderPaymentHandlers]),
      Layer.provide([PublishableKeyLive, ValidationLive, StoreOutageLive, CustomerAuthLive, OptionalCustomerAuthLive])
    ),
    systemRoutes({ docsPublishableKey: options.docsPublishableKey }),
    options.demoShop === true ? DemoShopRoutes : Layer.empty,
    PaymentCallbackRoutes,
    options.demoGateway === true ? DemoGatewayRoutes : Layer.empty,
    httpEdgeLayer({
      api: StorefrontApi,
      extraRoutes: [
        ...SYSTEM_ROUTES,
        ...PAYMENT_CALLBACK_ROUTES,
        ...(options.demoShop === true ? DEMO_SHOP_ROUTES : []),
        ...(options.demoGateway === true ? DEMO_GATEWAY_ROUTES : [])
      ],
      formPathPrefixes: PAYMENT_FORM_PATH_PREFIXES,
      maxBodyBytes: options.maxBodyBytes,
      cors: options.cors ?? { origins: noCorsOrigins, maxAgeSeconds: 0 }
    }),
    responseCompressionMiddleware,
    privateResponsesMiddleware
  )
