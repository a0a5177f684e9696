/**
 * Every route of the service as one router layer: the storefront API (with its handlers and
 * middleware, and /openapi.json generated from the same definition), the system routes, the
 * demo shop page when asked for, and the global HTTP edge (request ids, body rules,
 * problem+json, response compression, no-store on customer and cart responses).
 */
import { Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { StorefrontApi } from "./api/storefront-api.ts"
import { DEMO_SHOP_ROUTES } from "./demo-shop-routes.ts"
import * as DemoShopRoutes from "./demo-shop-routes.ts"
import * as AddressBookHandlers from "./handlers/address-book-handlers.ts"
import * as AuthHandlers from "./handlers/auth-handlers.ts"
import * as AuthOtpHandlers from "./handlers/auth-otp-handlers.ts"
import * as CartHandlers from "./handlers/cart-handlers.ts"
import * as CatalogHandlers from "./handlers/catalog-handlers.ts"
import * as CustomerHandlers from "./handlers/customer-handlers.ts"
import * as OrderHandlers from "./handlers/order-handlers.ts"
import * as OrderPaymentHandlers from "./handlers/order-payment-handlers.ts"
import { COURIER_WEBHOOK_ROUTES } from "./courier-webhooks/courier-webhook-routes.ts"
import * as CourierWebhookRoutes from "./courier-webhooks/courier-webhook-routes.ts"
import { DEMO_COURIER_ROUTES } from "./demo-courier-routes.ts"
import * as DemoCourierRoutes from "./demo-courier-routes.ts"
import { DEMO_GATEWAY_ROUTES } from "./demo-gateway-routes.ts"
import * as DemoGatewayRoutes from "./demo-gateway-routes.ts"
import { PAYMENT_CALLBACK_ROUTES, PAYMENT_FORM_PATH_PREFIXES } from "./payment-callback-routes.ts"
import * as PaymentCallbackRoutes from "./payment-callback-routes.ts"
import * as CustomerAuth from "./middleware/customer-auth.ts"
import type { CorsOptions } from "./middleware/cors.ts"
import * as HttpEdge from "./middleware/http-edge.ts"
import * as PublishableKeyCheck from "./middleware/publishable-key.ts"
import * as StoreOutageAnswer from "./middleware/store-outage.ts"
import * as ValidationProblems from "./middleware/validation.ts"
import {
  type CatalogCacheSettings,
  CatalogHttpCaching,
  DEFAULT_CATALOG_CACHE
} from "./representation/catalog-http-caching.ts"
import * as PrivateResponses from "./representation/private-responses.ts"
import * as ResponseCompression from "./representation/response-compression.ts"
import { noCorsOrigins } from "./request/cors-origins.ts"
import { SYSTEM_ROUTES } from "./system-routes.ts"
import * as SystemRoutes from "./system-routes.ts"

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
  /** Serve the demo courier's page (/demo-courier/{trackingNumber}; needs DemoCourier): the embedded demo only. */
  readonly demoCourier?: boolean
}

export const layer = (options: StorefrontHttpOptions) =>
  Layer.mergeAll(
    HttpApiBuilder.layer(StorefrontApi, { openapiPath: "/openapi.json" }).pipe(
      Layer.provide(CatalogHandlers.layer),
      Layer.provide(Layer.succeed(CatalogHttpCaching, options.catalogCache ?? DEFAULT_CATALOG_CACHE)),
      Layer.provide([AuthHandlers.layer, AuthOtpHandlers.layer, CustomerHandlers.layer]),
      Layer.provide(AddressBookHandlers.layer),
      Layer.provide([CartHandlers.layer, OrderHandlers.layer, OrderPaymentHandlers.layer]),
      Layer.provide([PublishableKeyCheck.layer, ValidationProblems.layer, StoreOutageAnswer.layer, CustomerAuth.layer])
    ),
    SystemRoutes.layer({ docsPublishableKey: options.docsPublishableKey }),
    options.demoShop === true ? DemoShopRoutes.layer : Layer.empty,
    PaymentCallbackRoutes.layer,
    CourierWebhookRoutes.layer,
    options.demoGateway === true ? DemoGatewayRoutes.layer : Layer.empty,
    options.demoCourier === true ? DemoCourierRoutes.layer : Layer.empty,
    HttpEdge.layer({
      api: StorefrontApi,
      extraRoutes: [
        ...SYSTEM_ROUTES,
        ...PAYMENT_CALLBACK_ROUTES,
        ...COURIER_WEBHOOK_ROUTES,
        ...(options.demoShop === true ? DEMO_SHOP_ROUTES : []),
        ...(options.demoGateway === true ? DEMO_GATEWAY_ROUTES : []),
        ...(options.demoCourier === true ? DEMO_COURIER_ROUTES : [])
      ],
      formPathPrefixes: [...PAYMENT_FORM_PATH_PREFIXES, "/demo-courier/"],
      maxBodyBytes: options.maxBodyBytes,
      cors: options.cors ?? { origins: noCorsOrigins, maxAgeSeconds: 0 }
    }),
    ResponseCompression.layer,
    PrivateResponses.layer
  )
