/**
 * Types of the Storefront API, generated from its OpenAPI document (GET /openapi.json) by
 * openapi-typescript. Do not edit: run `npm run client:generate` after changing the API.
 */
export interface paths {
    "/v1/store/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products
         * @description A page of the products for sale in the key's shops, filtered (category, price range, tags, attributes `key:value,...`, stock, search) and sorted. With `includeFacets=true` the page also carries the counts of every filter value over the whole result (`facets`). Prices are in major units. Names and descriptions are in Bangla where translated when the request asks for it (`Accept-Language: bn` or `locale=bn`).
         */
        get: operations["catalog.listProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/products/suggest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Suggest as the shopper types
         * @description What to show under a search box: products, categories and completed queries whose words match every word typed, the last one as a prefix, ignoring case and accents and tolerating one typo in words of 4+ letters and two in words of 8+. Ranked exact word > prefix > typo, then best-selling. `limit` (1..20, default 8) applies to each list. Prices are in major units.
         */
        get: operations["catalog.suggestProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/products/by-slug/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a product by its slug
         * @description One product of the key's shops with its variants, options, stock flags, attributes and SEO fields.
         */
        get: operations["catalog.getProductBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List categories
         * @description The category tree of the key's shops: every category, only the roots (`rootOnly=true`) or the children of one category (`parentId`), each with its product count. Names and descriptions are in Bangla where translated when the request asks for it (`Accept-Language: bn` or `locale=bn`).
         */
        get: operations["catalog.listCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/categories/by-slug/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a category by its slug
         * @description One category with its children and product count, in Bangla where translated when the request asks for it.
         */
        get: operations["catalog.getCategoryBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/shop/shipping-methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List shipping methods
         * @description The active shipping methods of a shop with their zone rates and COD surcharge. `shopId` is needed only when the key sees several shops.
         */
        get: operations["catalog.listShippingMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a customer
         * @description Creates a customer with a password and signs them in (a new session). An email that a password-less customer already has (guest checkout) gets the password attached; the email stays unverified until a `verify_email` code proves it. 409 when the email already has a password.
         */
        post: operations["auth.register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description Starts a session: an access token (JWT, `expiresIn` seconds) and a refresh token. An unknown email and a wrong password answer the same 401; failed attempts are rate limited (429).
         */
        post: operations["auth.login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refresh the tokens
         * @description Exchanges a refresh token for a new pair; the presented token stops working. Presenting a token that was already exchanged revokes the whole session (401).
         */
        post: operations["auth.refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Revokes the session of the refresh token: its access tokens stop working on `/customers/me` at once. Idempotent.
         */
        post: operations["auth.logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset link
         * @description Emails a reset link (`RESET_URL_BASE?token=…`) when the email belongs to a customer; answers 202 either way so that nobody learns which emails are registered. One email per 60 s per address.
         */
        post: operations["auth.forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset the password
         * @description Sets a new password with the emailed token (`token`) or with a `reset_password` code (`verificationId` and `code`), revokes every session of the customer and signs them in anew.
         */
        post: operations["auth.resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/auth/otp/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a one-time code
         * @description Sends a 6-digit code by SMS or email for a purpose: `login`, `reset_password`, `verify_email` or `verify_phone` (the last two need the customer's bearer token). Answers 202 whether or not the destination belongs to a customer. One code per 60 s per destination.
         */
        post: operations["authOtp.requestOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/auth/otp/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a one-time code
         * @description A `login` code signs the customer in (AuthResult); a `verify_email` or `verify_phone` code marks that contact verified (`{verified: true}`). Five wrong codes close the verification.
         */
        post: operations["authOtp.verifyOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/customers/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get my profile
         * @description The signed-in customer, with whether their email and phone are verified.
         */
        get: operations["customer.getProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update my profile
         * @description Changes the name, email or phone (`null` clears a contact). A changed contact is unverified again until a code proves it. `defaultShippingAddressId` names one of my saved addresses (or `null`).
         */
        patch: operations["customer.updateProfile"];
        trace?: never;
    };
    "/v1/store/customers/me/addresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List my addresses
         * @description The signed-in customer's saved addresses (at most 20).
         */
        get: operations["addresses.listAddresses"];
        put?: never;
        /**
         * Save an address
         * @description Adds an address to the book; 422 `address_limit_reached` at 20.
         */
        post: operations["addresses.createAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/customers/me/addresses/{addressId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a saved address
         * @description Removes the address; when it was the default shipping address, the default is cleared.
         */
        delete: operations["addresses.deleteAddress"];
        options?: never;
        head?: never;
        /**
         * Change a saved address
         * @description Changes the given fields; the result must still have a city or a district (400).
         */
        patch: operations["addresses.updateAddress"];
        trace?: never;
    };
    "/v1/store/cart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a cart
         * @description A new cart in the key's shop (`shopId` when the key sees several), optionally with items. Signed in, the customer owns it. Retries with the same `Idempotency-Key` get the same cart.
         */
        post: operations["cart.createCart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/cart/{cartId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a cart
         * @description The cart with its lines, totals (major units) and `ETag`. A cart owned by a customer needs that customer's token.
         */
        get: operations["cart.getCart"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/cart/{cartId}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add an item
         * @description Adds a variant; a variant already in the cart has its quantity increased. Stock is checked (409). Send `If-Match` with the cart's ETag to refuse the change when the cart moved on (412).
         */
        post: operations["cart.addCartItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/cart/{cartId}/items/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove an item
         * @description Removes the line from the cart. Send `If-Match` with the cart's ETag to refuse the change when the cart moved on (412).
         */
        delete: operations["cart.removeCartItem"];
        options?: never;
        head?: never;
        /**
         * Change an item's quantity
         * @description Sets the line's quantity; 0 removes the line. Send `If-Match` with the cart's ETag to refuse the change when the cart moved on (412).
         */
        patch: operations["cart.updateCartItem"];
        trace?: never;
    };
    "/v1/store/cart/{cartId}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the order note
         * @description The customer's note for the order; an absent `note` clears it. Send `If-Match` with the cart's ETag to refuse the change when the cart moved on (412).
         */
        put: operations["cart.setCartNote"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/cart/{cartId}/shipping-address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the shipping address
         * @description Where the order goes; it decides the shipping zone and fee. `email` links a guest order to its customer once they prove that email. Signed in, `{addressId}` copies a saved address instead (/customers/me/addresses). Send `If-Match` with the cart's ETag to refuse the change when the cart moved on (412).
         */
        put: operations["cart.setShippingAddress"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/cart/{cartId}/billing-address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the billing address
         * @description The billing address, when it differs from the shipping address; signed in, `{addressId}` copies a saved address. Send `If-Match` with the cart's ETag to refuse the change when the cart moved on (412).
         */
        put: operations["cart.setBillingAddress"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/cart/{cartId}/shipping-method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Choose the shipping method
         * @description One of the shop's shipping methods (see `GET /shop/shipping-methods`); 422 when it does not serve the address's zone. Send `If-Match` with the cart's ETag to refuse the change when the cart moved on (412).
         */
        put: operations["cart.setShippingMethod"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/cart/{cartId}/payment-method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Choose the payment method
         * @description `cod` (cash on delivery, which may add the shipping method's COD fee) or `prepaid`. Send `If-Match` with the cart's ETag to refuse the change when the cart moved on (412).
         */
        put: operations["cart.setPaymentMethod"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/cart/{cartId}/coupon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Apply a coupon
         * @description Applies a coupon code, replacing any other; 422 `coupon_invalid` says why one does not apply. Send `If-Match` with the cart's ETag to refuse the change when the cart moved on (412).
         */
        put: operations["cart.applyCoupon"];
        post?: never;
        /**
         * Remove the coupon
         * @description Takes the coupon off the cart. Send `If-Match` with the cart's ETag to refuse the change when the cart moved on (412).
         */
        delete: operations["cart.removeCoupon"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/cart/{cartId}/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check out
         * @description Places the order from the cart (no body needed): needs items, a shipping address and a shipping method; takes the stock, completes the cart and answers 201 with the order and its `orderToken` (a guest's X-Order-Token for cancelling and paying it). Retries with the same `Idempotency-Key` get the same order. Signed in, the shipping address joins the address book unless the body is `{"saveAddress": false}`.
         */
        post: operations["cart.checkout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/customers/me/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List my orders
         * @description The signed-in customer's orders in the key's shops, newest first: those placed signed in and guest orders whose email or phone the customer proved. 403 while a linked account's email is unverified.
         */
        get: operations["orders.listOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/customers/me/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one of my orders
         * @description An order of the signed-in customer with its items, addresses and tracking; 404 for anyone else's.
         */
        get: operations["orders.getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/orders/{orderId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an order
         * @description Cancels a pending order: its stock and coupon use go back, a paid order is refunded through its gateway (or shows `refund_pending` where refunds are manual). Cancelling again answers the cancelled order. The owner's bearer token, or `X-Order-Token` for a guest order.
         */
        post: operations["orderPayments.cancelOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/orders/{orderId}/payment-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start paying an order
         * @description Opens a payment session for a prepaid order's total with `bkash`, `sslcommerz` or `demo` (the demo gateway of the embedded demo). Send the shopper to `redirectUrl`; afterwards they come back to `returnUrl` (on an allowed origin) with `paymentSession` and `outcome` in the query. The payment is verified with the gateway server to server; read the order or the session for the result.
         */
        post: operations["orderPayments.createPaymentSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store/orders/{orderId}/payment-sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a payment session
         * @description The session's status: `pending`, `paid`, `failed`, `cancelled`, `expired` or `refunded`.
         */
        get: operations["orderPayments.getPaymentSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        PublishableKeyRequiredEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "publishable_key_required";
            /** @enum {string} */
            type: "urn:storefront:error:publishable_key_required";
            /** @enum {number} */
            status?: 400;
            /** @enum {string} */
            title?: "Publishable key required";
        };
        InvalidJsonEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "invalid_json";
            /** @enum {string} */
            type: "urn:storefront:error:invalid_json";
            /** @enum {number} */
            status?: 400;
            /** @enum {string} */
            title?: "Malformed JSON body";
        };
        ValidationFailedEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "validation_failed";
            errors: {
                path: string;
                message: string;
            }[];
            /** @enum {string} */
            type: "urn:storefront:error:validation_failed";
            /** @enum {number} */
            status?: 400;
            /** @enum {string} */
            title?: "Request validation failed";
        };
        PublishableKeyRejectedEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "publishable_key_invalid";
            /** @enum {string} */
            type: "urn:storefront:error:publishable_key_invalid";
            /** @enum {number} */
            status?: 401;
            /** @enum {string} */
            title?: "Publishable key invalid";
        };
        UnauthorizedProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "unauthorized";
            /** @enum {string} */
            type: "urn:storefront:error:unauthorized";
            /** @enum {number} */
            status?: 401;
            /** @enum {string} */
            title?: "Unauthorized";
        };
        PaymentSessionNotFoundProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "payment_session_not_found";
            /** @enum {string} */
            type: "urn:storefront:error:payment_session_not_found";
            /** @enum {number} */
            status?: 404;
            /** @enum {string} */
            title?: "Payment session not found";
        };
        OrderNotFoundProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "order_not_found";
            /** @enum {string} */
            type: "urn:storefront:error:order_not_found";
            /** @enum {number} */
            status?: 404;
            /** @enum {string} */
            title?: "Order not found";
        };
        PaymentSession: {
            id: string;
            orderId: string;
            /** @enum {string} */
            provider: "bkash" | "sslcommerz" | "demo";
            /** @enum {string} */
            status: "pending" | "paid" | "failed" | "cancelled" | "expired" | "refunded";
            amount: number;
            currency: string;
            /** @description Send the shopper here to pay */
            redirectUrl: string;
            returnUrl: string;
            expiresAt: string;
            createdAt: string;
        };
        PaymentGatewayFailedProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "payment_gateway_failed";
            /** @enum {string} */
            type: "urn:storefront:error:payment_gateway_failed";
            /** @enum {number} */
            status?: 502;
            /** @enum {string} */
            title?: "Payment gateway failed";
        };
        PaymentProviderUnavailableProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "payment_provider_unavailable";
            /** @enum {string} */
            type: "urn:storefront:error:payment_provider_unavailable";
            /** @enum {number} */
            status?: 422;
            /** @enum {string} */
            title?: "Payment provider unavailable";
        };
        OrderNotPayableProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "order_not_payable";
            reason: string;
            /** @enum {string} */
            type: "urn:storefront:error:order_not_payable";
            /** @enum {number} */
            status?: 409;
            /** @enum {string} */
            title?: "Order cannot be paid";
        };
        CreatePaymentSessionBody: {
            /** @enum {string} */
            provider: "bkash" | "sslcommerz" | "demo";
            returnUrl: string;
        };
        OrderNotCancellableProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "order_not_cancellable";
            orderStatus: string;
            /** @enum {string} */
            type: "urn:storefront:error:order_not_cancellable";
            /** @enum {number} */
            status?: 409;
            /** @enum {string} */
            title?: "Order cannot be cancelled";
        };
        OrderDetail: {
            id: string;
            orderNumber: string;
            status: string;
            paymentStatus: string | null;
            paymentMethod: string | null;
            trackingNumber: string | null;
            customerNotes: string | null;
            subtotal: number;
            discountTotal: number;
            shippingFee: number;
            codFee: number;
            totalPrice: number;
            amountPaid: number;
            items: components["schemas"]["OrderItem"][];
            createdAt: string;
            shopId: string;
            couponCode: string;
            shippingMethodId: string;
            shippingMethodName: string;
            cancelledAt: string | null;
            cancellationReason: ("customer" | "payment_expired") | null;
            shippingAddress: components["schemas"]["Address"];
            billingAddress: components["schemas"]["Address"] | null;
            tracking: components["schemas"]["OrderTracking"];
        };
        OrderTracking: {
            courierName: string;
            status: string;
            trackingNumber: string;
            trackingUrl: string;
        };
        Address: {
            name: string;
            phone: string;
            house: string;
            road: string;
            thana: string;
            district: string;
            division: string;
            city: string;
            postcode: string;
            country: string;
            note: string;
            email?: string;
        };
        OrderItem: {
            id: string;
            quantity: number;
            price: number;
            lineTotal: number;
            productVariant: components["schemas"]["OrderProductVariant"];
        };
        OrderProductVariant: {
            id: string;
            sku: string;
            images: string[];
            optionValues: {
                [key: string]: string;
            };
            product: {
                id: string;
                name: string;
                sku: string;
            };
        };
        EmailVerificationRequiredProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "email_verification_required";
            /** @enum {string} */
            type: "urn:storefront:error:email_verification_required";
            /** @enum {number} */
            status?: 403;
            /** @enum {string} */
            title?: "Email verification required";
        };
        OrderPage: {
            data: components["schemas"]["OrderSummary"][];
            total: number;
            page: number;
            limit: number;
            totalPages: number;
        };
        OrderSummary: {
            id: string;
            orderNumber: string;
            status: string;
            paymentStatus: string | null;
            paymentMethod: string | null;
            trackingNumber: string | null;
            customerNotes: string | null;
            subtotal: number;
            discountTotal: number;
            shippingFee: number;
            codFee: number;
            totalPrice: number;
            amountPaid: number;
            items: components["schemas"]["OrderItem"][];
            createdAt: string;
            shopId: string;
            couponCode: string;
            shippingMethodId: string;
            shippingMethodName: string;
            cancelledAt: string | null;
            cancellationReason: ("customer" | "payment_expired") | null;
        };
        IdempotencyKeyReusedProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "idempotency_key_reused";
            /** @enum {string} */
            type: "urn:storefront:error:idempotency_key_reused";
            /** @enum {number} */
            status?: 422;
            /** @enum {string} */
            title?: "Idempotency key reused";
        };
        CartEmptyProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "cart_empty";
            /** @enum {string} */
            type: "urn:storefront:error:cart_empty";
            /** @enum {number} */
            status?: 422;
            /** @enum {string} */
            title?: "Cart is empty";
        };
        CouponInvalidProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "coupon_invalid";
            /** @enum {string} */
            reason: "not_found" | "wrong_shop" | "not_started" | "expired" | "usage_limit_reached" | "minimum_not_met";
            /** @enum {string} */
            type: "urn:storefront:error:coupon_invalid";
            /** @enum {number} */
            status?: 422;
            /** @enum {string} */
            title?: "Coupon invalid";
        };
        ShippingUnavailableForZoneProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "shipping_unavailable_for_zone";
            zoneType: string;
            /** @enum {string} */
            type: "urn:storefront:error:shipping_unavailable_for_zone";
            /** @enum {number} */
            status?: 422;
            /** @enum {string} */
            title?: "Shipping unavailable for this zone";
        };
        ShippingMethodRequiredProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "shipping_method_required";
            /** @enum {string} */
            type: "urn:storefront:error:shipping_method_required";
            /** @enum {number} */
            status?: 422;
            /** @enum {string} */
            title?: "Shipping method required";
        };
        ShippingAddressRequiredProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "shipping_address_required";
            /** @enum {string} */
            type: "urn:storefront:error:shipping_address_required";
            /** @enum {number} */
            status?: 422;
            /** @enum {string} */
            title?: "Shipping address required";
        };
        CartVersionMismatchProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "cart_version_mismatch";
            currentVersion: number;
            /** @enum {string} */
            type: "urn:storefront:error:cart_version_mismatch";
            /** @enum {number} */
            status?: 412;
            /** @enum {string} */
            title?: "Cart version mismatch";
        };
        CartExpiredProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "cart_expired";
            /** @enum {string} */
            type: "urn:storefront:error:cart_expired";
            /** @enum {number} */
            status?: 410;
            /** @enum {string} */
            title?: "Cart expired";
        };
        IdempotencyKeyInProgressProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "idempotency_key_in_progress";
            /** @enum {string} */
            type: "urn:storefront:error:idempotency_key_in_progress";
            /** @enum {number} */
            status?: 409;
            /** @enum {string} */
            title?: "Idempotency key in progress";
        };
        CartCompletedProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "cart_completed";
            /** @enum {string} */
            type: "urn:storefront:error:cart_completed";
            /** @enum {number} */
            status?: 409;
            /** @enum {string} */
            title?: "Cart already checked out";
        };
        InsufficientStockProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "insufficient_stock";
            variantId: string;
            requested: number;
            available: number;
            /** @enum {string} */
            type: "urn:storefront:error:insufficient_stock";
            /** @enum {number} */
            status?: 409;
            /** @enum {string} */
            title?: "Insufficient stock";
        };
        ShopNotFoundProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "shop_not_found";
            /** @enum {string} */
            type: "urn:storefront:error:shop_not_found";
            /** @enum {number} */
            status?: 404;
            /** @enum {string} */
            title?: "Shop not found";
        };
        ShippingMethodNotFoundProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "shipping_method_not_found";
            /** @enum {string} */
            type: "urn:storefront:error:shipping_method_not_found";
            /** @enum {number} */
            status?: 404;
            /** @enum {string} */
            title?: "Shipping method not found";
        };
        VariantNotFoundProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "variant_not_found";
            variantId: string;
            /** @enum {string} */
            type: "urn:storefront:error:variant_not_found";
            /** @enum {number} */
            status?: 404;
            /** @enum {string} */
            title?: "Variant not found";
        };
        CartItemNotFoundProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "cart_item_not_found";
            /** @enum {string} */
            type: "urn:storefront:error:cart_item_not_found";
            /** @enum {number} */
            status?: 404;
            /** @enum {string} */
            title?: "Cart item not found";
        };
        CartNotFoundProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "cart_not_found";
            /** @enum {string} */
            type: "urn:storefront:error:cart_not_found";
            /** @enum {number} */
            status?: 404;
            /** @enum {string} */
            title?: "Cart not found";
        };
        PlacedOrder: {
            id: string;
            orderNumber: string;
            status: string;
            paymentStatus: string | null;
            paymentMethod: string | null;
            trackingNumber: string | null;
            customerNotes: string | null;
            subtotal: number;
            discountTotal: number;
            shippingFee: number;
            codFee: number;
            totalPrice: number;
            amountPaid: number;
            items: components["schemas"]["OrderItem"][];
            createdAt: string;
            shopId: string;
            couponCode: string;
            shippingMethodId: string;
            shippingMethodName: string;
            cancelledAt: string | null;
            cancellationReason: ("customer" | "payment_expired") | null;
            shippingAddress: components["schemas"]["Address"];
            billingAddress: components["schemas"]["Address"] | null;
            tracking: components["schemas"]["OrderTracking"];
            /** @description Shown once: proves ownership of this order (X-Order-Token) for cancelling and paying it */
            orderToken: string;
        };
        /** @description Checkout options; no body or {} takes the defaults */
        CheckoutOptions: {
            /** @description Signed in: false keeps the shipping address out of the address book (default true) */
            saveAddress?: boolean;
        };
        Cart: {
            id: string;
            shopId: string;
            customerId: string;
            status: string;
            items: components["schemas"]["CartItem"][];
            itemCount: number;
            subtotal: number;
            discountTotal: number;
            couponCode: string;
            couponDiscount: number;
            shippingFee: number;
            codFee: number;
            total: number;
            shippingAddress: components["schemas"]["Address"];
            billingAddress: components["schemas"]["Address"];
            shippingMethodId: string;
            shippingMethodName: string;
            paymentMethod: string;
            customerNote: string;
            createdAt: string;
            updatedAt: string;
            expiresAt: string;
        };
        CartItem: {
            id: string;
            productId: string;
            variantId: string;
            quantity: number;
            unitPrice: number;
            compareAtPrice: number;
            lineTotal: number;
            product: {
                name: string;
                slug: string;
                thumbnail: string;
            };
            variant: {
                images: string[];
                inStock: boolean;
                lowStock: boolean;
                optionValues: {
                    [key: string]: string;
                };
            };
        };
        CouponCode: {
            code: string;
        };
        PaymentMethodChoice: {
            /** @enum {string} */
            paymentMethod: "cod" | "prepaid";
        };
        ShippingMethodChoice: {
            shippingMethodId: string;
        };
        AddressNotFoundProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "address_not_found";
            /** @enum {string} */
            type: "urn:storefront:error:address_not_found";
            /** @enum {number} */
            status?: 404;
            /** @enum {string} */
            title?: "Address not found";
        };
        CartAddressInput: {
            name?: string;
            phone?: string;
            house?: string;
            road?: string;
            thana?: string;
            district?: string;
            division?: string;
            city?: string;
            postcode?: string;
            country?: string;
            note?: string;
            email?: "" | string;
            /** @description One of the signed-in customer's saved addresses (/customers/me/addresses), copied onto the cart; then no other field */
            addressId?: string;
        };
        CartNote: {
            note?: string;
        };
        UpdateCartItem: {
            quantity: number;
        };
        AddCartItem: {
            variantId: string;
            quantity: number;
        };
        CreateCart: {
            shopId?: string;
            items?: {
                variantId: string;
                quantity: number;
            }[];
        };
        SavedAddress: {
            id: string;
            name: string;
            phone: string;
            house: string;
            road: string;
            thana: string;
            district: string;
            division: string;
            city: string;
            postcode: string;
            country: string;
            note: string;
            email?: string;
            createdAt: string;
            updatedAt: string;
        };
        AddressLimitReachedProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "address_limit_reached";
            limit: number;
            /** @enum {string} */
            type: "urn:storefront:error:address_limit_reached";
            /** @enum {number} */
            status?: 422;
            /** @enum {string} */
            title?: "Address book full";
        };
        SavedAddressList: {
            data: components["schemas"]["SavedAddress"][];
        };
        EmailAlreadyRegisteredProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "email_already_registered";
            /** @enum {string} */
            type: "urn:storefront:error:email_already_registered";
            /** @enum {number} */
            status?: 409;
            /** @enum {string} */
            title?: "Email already registered";
        };
        Customer: {
            id: string;
            name: string;
            email: string | null;
            phone: string | null;
            avatarUrl: string | null;
            defaultShippingAddressId: string | null;
            createdAt: string;
            emailVerified: boolean;
            phoneVerified: boolean;
        };
        VerificationNotFoundProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "verification_not_found";
            /** @enum {string} */
            type: "urn:storefront:error:verification_not_found";
            /** @enum {number} */
            status?: 404;
            /** @enum {string} */
            title?: "Verification not found";
        };
        InvalidOtpProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "invalid_otp";
            attemptsRemaining: number;
            /** @enum {string} */
            type: "urn:storefront:error:invalid_otp";
            /** @enum {number} */
            status?: 400;
            /** @enum {string} */
            title?: "Invalid code";
        };
        ContactVerified: {
            /** @enum {boolean} */
            verified: true;
        };
        AuthResult: {
            customerId: string;
            tokens: components["schemas"]["Tokens"];
        };
        Tokens: {
            accessToken: string;
            refreshToken: string;
            expiresIn: number;
        };
        RateLimitedProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "rate_limited";
            retryAfterSeconds: number;
            /** @enum {string} */
            type: "urn:storefront:error:rate_limited";
            /** @enum {number} */
            status?: 429;
            /** @enum {string} */
            title?: "Too many requests";
        };
        OtpRequested: {
            verificationId: string;
            expiresAt: string;
        };
        InvalidResetCredentialProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "invalid_reset_credential";
            /** @enum {string} */
            type: "urn:storefront:error:invalid_reset_credential";
            /** @enum {number} */
            status?: 401;
            /** @enum {string} */
            title?: "Invalid reset credential";
        };
        PasswordTooWeakProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "password_too_weak";
            /** @enum {string} */
            reason: "too_short" | "too_long" | "common";
            /** @enum {string} */
            type: "urn:storefront:error:password_too_weak";
            /** @enum {number} */
            status?: 422;
            /** @enum {string} */
            title?: "Password too weak";
        };
        /** @description An empty object: the request was accepted */
        Accepted: Record<string, never>;
        InvalidRefreshTokenProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "invalid_refresh_token";
            /** @enum {string} */
            type: "urn:storefront:error:invalid_refresh_token";
            /** @enum {number} */
            status?: 401;
            /** @enum {string} */
            title?: "Invalid refresh token";
        };
        InvalidCredentialsProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "invalid_credentials";
            /** @enum {string} */
            type: "urn:storefront:error:invalid_credentials";
            /** @enum {number} */
            status?: 401;
            /** @enum {string} */
            title?: "Invalid email or password";
        };
        ShippingMethod: {
            id: string;
            shopId: string;
            name: string;
            description: string | null;
            slaText: string | null;
            slaMinDays: number | null;
            slaMaxDays: number | null;
            minOrderValueForFreeShipping: number | null;
            codSurchargeEnabled: boolean;
            codSurchargeType: ("fixed" | "percentage") | null;
            codSurchargeValue: number | null;
            zones: {
                type: string;
                baseRate: number;
                baseWeightKg: number | null;
                additionalWeightPricePerKg: number | null;
            }[];
        };
        CategoryNotFoundProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "category_not_found";
            /** @enum {string} */
            type: "urn:storefront:error:category_not_found";
            /** @enum {number} */
            status?: 404;
            /** @enum {string} */
            title?: "Category not found";
        };
        Category: {
            id: string;
            name: string;
            slug: string;
            description: string | null;
            image: string | null;
            level: number;
            parentId: string | null;
            seo: {
                metaTitle: string | null;
                metaDescription: string | null;
                ogImage: string | null;
            };
            productCount: number;
            children: components["schemas"]["Category"][];
            ancestors: {
                id: string;
                name: string;
                slug: string;
            }[];
            /** @description The category's name and description in other languages by language tag (`bn`), when it has any; a request in Bangla (`Accept-Language: bn` or `locale=bn`) is already answered with them in `name` and `description` */
            translations?: {
                [key: string]: {
                    name?: string;
                    description?: string;
                };
            };
        };
        ProductNotFoundProblemEncoded: {
            detail?: string;
            instance?: string;
            /** @enum {string} */
            code: "product_not_found";
            /** @enum {string} */
            type: "urn:storefront:error:product_not_found";
            /** @enum {number} */
            status?: 404;
            /** @enum {string} */
            title?: "Product not found";
        };
        Product: {
            id: string;
            slug: string | null;
            name: string;
            description: string;
            sku: string;
            originalPrice: number;
            salePrice: number | null;
            priceRange: {
                minPrice: number;
                maxPrice: number;
            };
            thumbnail: string | null;
            images: string[];
            tags: string[];
            productType: string | null;
            unitName: string | null;
            availableForSale: boolean;
            requiresShipping: boolean;
            attributes: {
                [key: string]: {
                    type: string;
                    value: string;
                };
            } | null;
            seo: {
                metaTitle: string | null;
                metaDescription: string | null;
                metaKeywords: string[];
                ogImage: string | null;
            };
            sizeGuide: {
                id: string;
                name: string;
                content: string;
                imageUrl: string;
            } | null;
            categories: {
                id: string;
                name: string;
                slug: string;
            }[];
            variants: {
                id: string;
                sku: string;
                originalPrice: number;
                salePrice: number | null;
                inStock: boolean;
                lowStock: boolean;
                images: string[];
                optionValues: {
                    [key: string]: string;
                };
            }[];
            variantOptions: {
                key: string;
                values: string[];
                position: number;
            }[];
            createdAt: string;
            /** @description The product's texts in other languages by language tag (`bn`), when it has any; a request in Bangla (`Accept-Language: bn` or `locale=bn`) is already answered with them in `name` and `description` */
            translations?: {
                [key: string]: {
                    name?: string;
                    description?: string;
                };
            };
        };
        Suggestions: {
            products: components["schemas"]["SuggestedProduct"][];
            categories: components["schemas"]["SuggestedCategory"][];
            queries: string[];
        };
        SuggestedCategory: {
            id: string;
            slug: string;
            name: string;
        };
        SuggestedProduct: {
            id: string;
            slug: string;
            name: string;
            thumbnail: string | null;
            price: number;
        };
        ProductListingPage: {
            data: components["schemas"]["Product"][];
            total: number;
            page: number;
            limit: number;
            totalPages: number;
            facets?: components["schemas"]["Facets"];
            didYouMean?: string;
        };
        Facets: {
            attributes: {
                key: string;
                values: {
                    value: string;
                    count: number;
                }[];
            }[];
            availability: {
                inStock: number;
                outOfStock: number;
            };
            categories: {
                id: string;
                name: string;
                slug: string;
                count: number;
            }[];
            priceRange: {
                min: number;
                max: number;
            };
            tags: {
                value: string;
                count: number;
            }[];
        };
        /** @description An RFC 9457 problem; `code` names the problem (docs/contract/errors.md) */
        Problem: {
            /** @example urn:storefront:error:service_unavailable */
            type: string;
            title: string;
            status: number;
            code: string;
            detail?: string;
        };
    };
    responses: {
        /** @description Not modified: `If-None-Match` names the current `ETag`; no body */
        NotModified: {
            headers: {
                /** @description The representation: the catalog's generation and the request */
                etag?: string;
                /** @description `public, max-age=N, stale-while-revalidate=M` (`CATALOG_CACHE_MAX_AGE`, `CATALOG_CACHE_SWR`) */
                "cache-control"?: string;
                /** @description `x-publishable-api-key, Accept-Encoding` */
                vary?: string;
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Problem codes: `validation_failed`: Request validation failed; `invalid_json`: Malformed JSON body; `publishable_key_required`: Publishable key required; `malformed_request`: Malformed request, refused before routing */
        ValidationFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ValidationFailedEncoded"] | components["schemas"]["InvalidJsonEncoded"] | components["schemas"]["PublishableKeyRequiredEncoded"] | components["schemas"]["Problem"];
            };
        };
        /** @description Problem codes: `publishable_key_invalid`: Publishable key invalid */
        PublishableKeyInvalid: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["PublishableKeyRejectedEncoded"];
            };
        };
        /** @description `request_timeout`: the request's headers or body did not arrive in time */
        RequestTimeout: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `header_fields_too_large`: the request's header fields exceed Node's limit (16 KiB) */
        HeaderFieldsTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `internal_error`: an unexpected failure (a defect), never a bad request */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `service_unavailable`: the database does not answer; retry after `Retry-After` seconds */
        ServiceUnavailable: {
            headers: {
                /** @description Seconds to wait before retrying */
                "retry-after": number;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem codes: `category_not_found`: Category not found */
        CategoryNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["CategoryNotFoundProblemEncoded"];
            };
        };
        /** @description AuthResult */
        AuthResult: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["AuthResult"];
            };
        };
        /** @description Problem codes: `email_already_registered`: Email already registered */
        EmailAlreadyRegistered: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["EmailAlreadyRegisteredProblemEncoded"];
            };
        };
        /** @description `payload_too_large`: the body exceeds the service's `MAX_BODY_BYTES` */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `unsupported_media_type`: a body that is not `application/json` */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem codes: `password_too_weak`: Password too weak */
        PasswordTooWeak: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["PasswordTooWeakProblemEncoded"];
            };
        };
        /** @description Problem codes: `rate_limited`: Too many requests */
        RateLimited: {
            headers: {
                "retry-after": string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["RateLimitedProblemEncoded"];
            };
        };
        /** @description <No Content> */
        NoContent: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Problem codes: `invalid_otp`: Invalid code; `validation_failed`: Request validation failed; `invalid_json`: Malformed JSON body; `publishable_key_required`: Publishable key required; `malformed_request`: Malformed request, refused before routing */
        InvalidOtp: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["InvalidOtpProblemEncoded"] | components["schemas"]["ValidationFailedEncoded"] | components["schemas"]["InvalidJsonEncoded"] | components["schemas"]["PublishableKeyRequiredEncoded"] | components["schemas"]["Problem"];
            };
        };
        /** @description Problem codes: `verification_not_found`: Verification not found */
        VerificationNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["VerificationNotFoundProblemEncoded"];
            };
        };
        /** @description Problem codes: `unauthorized`: Unauthorized; `publishable_key_invalid`: Publishable key invalid */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["UnauthorizedProblemEncoded"] | components["schemas"]["PublishableKeyRejectedEncoded"];
            };
        };
        /** @description Problem codes: `email_verification_required`: Email verification required */
        EmailVerificationRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["EmailVerificationRequiredProblemEncoded"];
            };
        };
        /** @description Problem codes: `address_not_found`: Address not found */
        AddressNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["AddressNotFoundProblemEncoded"];
            };
        };
        /** @description SavedAddress */
        SavedAddress: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["SavedAddress"];
            };
        };
        /** @description Cart */
        Cart: {
            headers: {
                etag: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Cart"];
            };
        };
        /** @description Problem codes: `cart_not_found`: Cart not found; `cart_item_not_found`: Cart item not found; `variant_not_found`: Variant not found; `shipping_method_not_found`: Shipping method not found; `shop_not_found`: Shop not found */
        CartNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["CartNotFoundProblemEncoded"] | components["schemas"]["CartItemNotFoundProblemEncoded"] | components["schemas"]["VariantNotFoundProblemEncoded"] | components["schemas"]["ShippingMethodNotFoundProblemEncoded"] | components["schemas"]["ShopNotFoundProblemEncoded"];
            };
        };
        /** @description Problem codes: `insufficient_stock`: Insufficient stock; `cart_completed`: Cart already checked out; `idempotency_key_in_progress`: Idempotency key in progress */
        InsufficientStock: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["InsufficientStockProblemEncoded"] | components["schemas"]["CartCompletedProblemEncoded"] | components["schemas"]["IdempotencyKeyInProgressProblemEncoded"];
            };
        };
        /** @description Problem codes: `cart_expired`: Cart expired */
        CartExpired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["CartExpiredProblemEncoded"];
            };
        };
        /** @description Problem codes: `cart_version_mismatch`: Cart version mismatch */
        CartVersionMismatch: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["CartVersionMismatchProblemEncoded"];
            };
        };
        /** @description Problem codes: `shipping_address_required`: Shipping address required; `shipping_method_required`: Shipping method required; `shipping_unavailable_for_zone`: Shipping unavailable for this zone; `coupon_invalid`: Coupon invalid; `cart_empty`: Cart is empty; `idempotency_key_reused`: Idempotency key reused */
        ShippingAddressRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ShippingAddressRequiredProblemEncoded"] | components["schemas"]["ShippingMethodRequiredProblemEncoded"] | components["schemas"]["ShippingUnavailableForZoneProblemEncoded"] | components["schemas"]["CouponInvalidProblemEncoded"] | components["schemas"]["CartEmptyProblemEncoded"] | components["schemas"]["IdempotencyKeyReusedProblemEncoded"];
            };
        };
        /** @description Problem codes: `cart_not_found`: Cart not found; `cart_item_not_found`: Cart item not found; `variant_not_found`: Variant not found; `shipping_method_not_found`: Shipping method not found; `shop_not_found`: Shop not found; `address_not_found`: Address not found */
        CartNotFound_2: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["CartNotFoundProblemEncoded"] | components["schemas"]["CartItemNotFoundProblemEncoded"] | components["schemas"]["VariantNotFoundProblemEncoded"] | components["schemas"]["ShippingMethodNotFoundProblemEncoded"] | components["schemas"]["ShopNotFoundProblemEncoded"] | components["schemas"]["AddressNotFoundProblemEncoded"];
            };
        };
        /** @description OrderDetail */
        OrderDetail: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OrderDetail"];
            };
        };
        /** @description Problem codes: `order_not_found`: Order not found */
        OrderNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["OrderNotFoundProblemEncoded"];
            };
        };
        /** @description PaymentSession */
        PaymentSession: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PaymentSession"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "catalog.listProducts": {
        parameters: {
            query?: {
                /** @description The answer's language (`bn` or `en`), instead of Accept-Language: product and category names and descriptions in Bangla where translated, English otherwise (`Content-Language` says which) */
                locale?: string;
                /**
                 * @description The page, from 1 (default 1)
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Products per page (default 20)
                 * @example 24
                 */
                limit?: number;
                /** @description Text matched in name, sku, description and tags; by relevance without sortBy */
                search?: string;
                /** @description A category; its descendants included */
                categoryId?: string;
                /** @description Several categories (repeated or comma-separated): products in any of them */
                categoryIds?: string | string[];
                /**
                 * @description A category by slug; its descendants included
                 * @example women
                 */
                categorySlug?: string;
                /**
                 * @description Lowest effective price (major units) of some variant
                 * @example 500
                 */
                minPrice?: number;
                /**
                 * @description Highest effective price (major units) of some variant
                 * @example 5000
                 */
                maxPrice?: number;
                /** @description Comma-separated tags: products having any of them */
                tags?: string;
                /** @description `key:v1|v2,key2:v3`: any value within a key, every key; `\` escapes `, | : \` */
                attributes?: string;
                /** @description Only products with (true) or without (false) stock */
                inStock?: boolean;
                /**
                 * @description Default `newest` (relevance with search)
                 * @example price
                 */
                sortBy?: "bestselling" | "name" | "newest" | "price";
                /**
                 * @description Default `asc` for name and price, `desc` otherwise
                 * @example asc
                 */
                sortOrder?: "asc" | "desc";
                /**
                 * @description Add `facets`: counts of every filter value (default false)
                 * @example true
                 */
                includeFacets?: boolean;
            };
            header?: {
                /** @description The `ETag` of a representation held: answered 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ProductListingPage */
            200: {
                headers: {
                    /** @description The representation: the catalog's generation and the request */
                    etag?: string;
                    /** @description `public, max-age=N, stale-while-revalidate=M` (`CATALOG_CACHE_MAX_AGE`, `CATALOG_CACHE_SWR`) */
                    "cache-control"?: string;
                    /** @description `x-publishable-api-key, Accept-Encoding` */
                    vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductListingPage"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["PublishableKeyInvalid"];
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "catalog.suggestProducts": {
        parameters: {
            query: {
                /** @description The answer's language (`bn` or `en`), instead of Accept-Language: product and category names and descriptions in Bangla where translated, English otherwise (`Content-Language` says which) */
                locale?: string;
                /**
                 * @description What the shopper has typed so far
                 * @example sharee
                 */
                q: string;
                /**
                 * @description Entries per list (default 8)
                 * @example 8
                 */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of a representation held: answered 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Suggestions */
            200: {
                headers: {
                    /** @description The representation: the catalog's generation and the request */
                    etag?: string;
                    /** @description `public, max-age=N, stale-while-revalidate=M` (`CATALOG_CACHE_MAX_AGE`, `CATALOG_CACHE_SWR`) */
                    "cache-control"?: string;
                    /** @description `x-publishable-api-key, Accept-Encoding` */
                    vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Suggestions"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["PublishableKeyInvalid"];
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "catalog.getProductBySlug": {
        parameters: {
            query?: {
                /** @description The answer's language (`bn` or `en`), instead of Accept-Language: product and category names and descriptions in Bangla where translated, English otherwise (`Content-Language` says which) */
                locale?: string;
            };
            header?: {
                /** @description The `ETag` of a representation held: answered 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                /** @example aarong-cotton-kurti */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Product */
            200: {
                headers: {
                    /** @description The representation: the catalog's generation and the request */
                    etag?: string;
                    /** @description `public, max-age=N, stale-while-revalidate=M` (`CATALOG_CACHE_MAX_AGE`, `CATALOG_CACHE_SWR`) */
                    "cache-control"?: string;
                    /** @description `x-publishable-api-key, Accept-Encoding` */
                    vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["PublishableKeyInvalid"];
            /** @description Problem codes: `product_not_found`: Product not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProductNotFoundProblemEncoded"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "catalog.listCategories": {
        parameters: {
            query?: {
                /** @description The answer's language (`bn` or `en`), instead of Accept-Language: product and category names and descriptions in Bangla where translated, English otherwise (`Content-Language` says which) */
                locale?: string;
                /**
                 * @description Only the root categories
                 * @example true
                 */
                rootOnly?: boolean;
                /** @description Only the direct children of this category */
                parentId?: string;
            };
            header?: {
                /** @description The `ETag` of a representation held: answered 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The representation: the catalog's generation and the request */
                    etag?: string;
                    /** @description `public, max-age=N, stale-while-revalidate=M` (`CATALOG_CACHE_MAX_AGE`, `CATALOG_CACHE_SWR`) */
                    "cache-control"?: string;
                    /** @description `x-publishable-api-key, Accept-Encoding` */
                    vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Category"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["PublishableKeyInvalid"];
            404: components["responses"]["CategoryNotFound"];
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "catalog.getCategoryBySlug": {
        parameters: {
            query?: {
                /** @description The answer's language (`bn` or `en`), instead of Accept-Language: product and category names and descriptions in Bangla where translated, English otherwise (`Content-Language` says which) */
                locale?: string;
            };
            header?: {
                /** @description The `ETag` of a representation held: answered 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                /** @example women-clothing */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Category */
            200: {
                headers: {
                    /** @description The representation: the catalog's generation and the request */
                    etag?: string;
                    /** @description `public, max-age=N, stale-while-revalidate=M` (`CATALOG_CACHE_MAX_AGE`, `CATALOG_CACHE_SWR`) */
                    "cache-control"?: string;
                    /** @description `x-publishable-api-key, Accept-Encoding` */
                    vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["PublishableKeyInvalid"];
            404: components["responses"]["CategoryNotFound"];
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "catalog.listShippingMethods": {
        parameters: {
            query?: {
                /**
                 * @description The shop, when the key sees several
                 * @example shop_main
                 */
                shopId?: string;
            };
            header?: {
                /** @description The `ETag` of a representation held: answered 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description The representation: the catalog's generation and the request */
                    etag?: string;
                    /** @description `public, max-age=N, stale-while-revalidate=M` (`CATALOG_CACHE_MAX_AGE`, `CATALOG_CACHE_SWR`) */
                    "cache-control"?: string;
                    /** @description `x-publishable-api-key, Accept-Encoding` */
                    vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        methods: components["schemas"]["ShippingMethod"][];
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["PublishableKeyInvalid"];
            /** @description Problem codes: `shop_not_found`: Shop not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ShopNotFoundProblemEncoded"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Nusrat Jahan",
                 *       "email": "nusrat@example.com",
                 *       "password": "correct horse battery staple",
                 *       "phone": "+8801712345678"
                 *     }
                 */
                "application/json": {
                    name: string & (unknown & unknown);
                    email: string;
                    password: string;
                    phone?: string | null;
                };
            };
        };
        responses: {
            201: components["responses"]["AuthResult"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["PublishableKeyInvalid"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["EmailAlreadyRegistered"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["PasswordTooWeak"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "nusrat@example.com",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            200: components["responses"]["AuthResult"];
            400: components["responses"]["ValidationFailed"];
            /** @description Problem codes: `invalid_credentials`: Invalid email or password; `publishable_key_invalid`: Publishable key invalid */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["InvalidCredentialsProblemEncoded"] | components["schemas"]["PublishableKeyRejectedEncoded"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "refreshToken": "rt_5kq2w7e9r3t8y1u4i6o0p2a5s7d9f1g3h5j7k9l"
                 *     }
                 */
                "application/json": {
                    refreshToken: string;
                };
            };
        };
        responses: {
            /** @description Tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tokens"];
                };
            };
            400: components["responses"]["ValidationFailed"];
            /** @description Problem codes: `invalid_refresh_token`: Invalid refresh token; `publishable_key_invalid`: Publishable key invalid */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["InvalidRefreshTokenProblemEncoded"] | components["schemas"]["PublishableKeyRejectedEncoded"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "refreshToken": "rt_5kq2w7e9r3t8y1u4i6o0p2a5s7d9f1g3h5j7k9l"
                 *     }
                 */
                "application/json": {
                    refreshToken: string;
                };
            };
        };
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["PublishableKeyInvalid"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.forgotPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "nusrat@example.com"
                 *     }
                 */
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description An empty object: the request was accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example {} */
                    "application/json": components["schemas"]["Accepted"];
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["PublishableKeyInvalid"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.resetPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "newPassword": "a new and long passphrase",
                 *       "token": "rst_3v8k2m9q4w7e1r5t6y0u"
                 *     }
                 */
                "application/json": {
                    newPassword: string;
                    token: string;
                } | {
                    newPassword: string;
                    verificationId: string;
                    code: string;
                };
            };
        };
        responses: {
            200: components["responses"]["AuthResult"];
            400: components["responses"]["InvalidOtp"];
            /** @description Problem codes: `invalid_reset_credential`: Invalid reset credential; `publishable_key_invalid`: Publishable key invalid */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["InvalidResetCredentialProblemEncoded"] | components["schemas"]["PublishableKeyRejectedEncoded"];
                };
            };
            404: components["responses"]["VerificationNotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["PasswordTooWeak"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "authOtp.requestOtp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "channel": "sms",
                 *       "phone": "+8801712345678",
                 *       "purpose": "login"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    channel: "sms" | "email";
                    phone?: string;
                    email?: string;
                    /** @enum {string} */
                    purpose: "login" | "reset_password" | "verify_email" | "verify_phone";
                };
            };
        };
        responses: {
            /** @description OtpRequested */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtpRequested"];
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["EmailVerificationRequired"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "authOtp.verifyOtp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "verificationId": "ver_7q2m5k8w3e6r9t1y4u0i",
                 *       "code": "493027"
                 *     }
                 */
                "application/json": {
                    verificationId: string;
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthResult"] | components["schemas"]["ContactVerified"];
                };
            };
            400: components["responses"]["InvalidOtp"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["EmailVerificationRequired"];
            404: components["responses"]["VerificationNotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "customer.getProfile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "cus_4f7k2m9q3w8e1r6t5y0u",
                     *       "name": "Nusrat Jahan",
                     *       "email": "nusrat@example.com",
                     *       "phone": "+8801712345678",
                     *       "avatarUrl": null,
                     *       "defaultShippingAddressId": null,
                     *       "createdAt": "2026-11-20T09:30:00.000Z",
                     *       "emailVerified": true,
                     *       "phoneVerified": false
                     *     }
                     */
                    "application/json": components["schemas"]["Customer"];
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "customer.updateProfile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Nusrat J.",
                 *       "phone": "+8801812345678"
                 *     }
                 */
                "application/json": {
                    name?: string & (unknown & unknown);
                    email?: string | null;
                    phone?: string | null;
                    defaultShippingAddressId?: string | null;
                };
            };
        };
        responses: {
            /** @description Customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["EmailVerificationRequired"];
            404: components["responses"]["AddressNotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["EmailAlreadyRegistered"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "addresses.listAddresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description SavedAddressList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "addr_9k2m5q8w1e4r7t0y3u6i",
                     *           "name": "Nusrat Jahan",
                     *           "phone": "+8801712345678",
                     *           "house": "House 12",
                     *           "road": "Road 7",
                     *           "thana": "Gulshan",
                     *           "district": "Dhaka",
                     *           "division": "Dhaka",
                     *           "city": "Dhaka",
                     *           "postcode": "1212",
                     *           "country": "BD",
                     *           "note": "",
                     *           "createdAt": "2026-11-20T09:30:00.000Z",
                     *           "updatedAt": "2026-11-20T09:30:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SavedAddressList"];
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "addresses.createAddress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Nusrat Jahan",
                 *       "phone": "+8801712345678",
                 *       "house": "House 12",
                 *       "road": "Road 7",
                 *       "thana": "Gulshan",
                 *       "district": "Dhaka",
                 *       "division": "Dhaka",
                 *       "city": "Dhaka",
                 *       "postcode": "1212",
                 *       "country": "BD",
                 *       "note": ""
                 *     }
                 */
                "application/json": {
                    name: string;
                    phone: string;
                    house?: string;
                    road?: string;
                    thana?: string;
                    district?: string;
                    division?: string;
                    city?: string;
                    postcode?: string;
                    country?: string;
                    note?: string;
                    email?: "" | string;
                };
            };
        };
        responses: {
            201: components["responses"]["SavedAddress"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Problem codes: `address_limit_reached`: Address book full */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["AddressLimitReachedProblemEncoded"];
                };
            };
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "addresses.deleteAddress": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example addr_9k2m5q8w1e4r7t0y3u6i */
                addressId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["AddressNotFound"];
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "addresses.updateAddress": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example addr_9k2m5q8w1e4r7t0y3u6i */
                addressId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "road": "Road 9",
                 *       "postcode": "1213"
                 *     }
                 */
                "application/json": {
                    name?: string;
                    phone?: string;
                    house?: string;
                    road?: string;
                    thana?: string;
                    district?: string;
                    division?: string;
                    city?: string;
                    postcode?: string;
                    country?: string;
                    note?: string;
                    email?: "" | string;
                };
            };
        };
        responses: {
            200: components["responses"]["SavedAddress"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["AddressNotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart.createCart": {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "items": [
                 *         {
                 *           "variantId": "var_3h6j9k2l5z8x1c4v7b0n",
                 *           "quantity": 2
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateCart"];
            };
        };
        responses: {
            201: components["responses"]["Cart"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CartNotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["InsufficientStock"];
            410: components["responses"]["CartExpired"];
            412: components["responses"]["CartVersionMismatch"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ShippingAddressRequired"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart.getCart": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example cart_2b5n8m1k4j7h0g3f6d9s */
                cartId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Cart"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CartNotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["InsufficientStock"];
            410: components["responses"]["CartExpired"];
            412: components["responses"]["CartVersionMismatch"];
            422: components["responses"]["ShippingAddressRequired"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart.addCartItem": {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: string;
            };
            path: {
                /** @example cart_2b5n8m1k4j7h0g3f6d9s */
                cartId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "variantId": "var_3h6j9k2l5z8x1c4v7b0n",
                 *       "quantity": 1
                 *     }
                 */
                "application/json": components["schemas"]["AddCartItem"];
            };
        };
        responses: {
            200: components["responses"]["Cart"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CartNotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["InsufficientStock"];
            410: components["responses"]["CartExpired"];
            412: components["responses"]["CartVersionMismatch"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ShippingAddressRequired"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart.removeCartItem": {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: string;
            };
            path: {
                /** @example cart_2b5n8m1k4j7h0g3f6d9s */
                cartId: string;
                /** @example item_6t9y2u5i8o1p4a7s0d3f */
                itemId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Cart"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CartNotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["InsufficientStock"];
            410: components["responses"]["CartExpired"];
            412: components["responses"]["CartVersionMismatch"];
            422: components["responses"]["ShippingAddressRequired"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart.updateCartItem": {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: string;
            };
            path: {
                /** @example cart_2b5n8m1k4j7h0g3f6d9s */
                cartId: string;
                /** @example item_6t9y2u5i8o1p4a7s0d3f */
                itemId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "quantity": 3
                 *     }
                 */
                "application/json": components["schemas"]["UpdateCartItem"];
            };
        };
        responses: {
            200: components["responses"]["Cart"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CartNotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["InsufficientStock"];
            410: components["responses"]["CartExpired"];
            412: components["responses"]["CartVersionMismatch"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ShippingAddressRequired"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart.setCartNote": {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: string;
            };
            path: {
                /** @example cart_2b5n8m1k4j7h0g3f6d9s */
                cartId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "note": "Please call before delivery"
                 *     }
                 */
                "application/json": components["schemas"]["CartNote"];
            };
        };
        responses: {
            200: components["responses"]["Cart"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CartNotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["InsufficientStock"];
            410: components["responses"]["CartExpired"];
            412: components["responses"]["CartVersionMismatch"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ShippingAddressRequired"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart.setShippingAddress": {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: string;
            };
            path: {
                /** @example cart_2b5n8m1k4j7h0g3f6d9s */
                cartId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Nusrat Jahan",
                 *       "phone": "+8801712345678",
                 *       "house": "House 12",
                 *       "road": "Road 7",
                 *       "thana": "Gulshan",
                 *       "district": "Dhaka",
                 *       "division": "Dhaka",
                 *       "city": "Dhaka",
                 *       "postcode": "1212",
                 *       "country": "BD",
                 *       "email": "nusrat@example.com"
                 *     }
                 */
                "application/json": components["schemas"]["CartAddressInput"];
            };
        };
        responses: {
            200: components["responses"]["Cart"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CartNotFound_2"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["InsufficientStock"];
            410: components["responses"]["CartExpired"];
            412: components["responses"]["CartVersionMismatch"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ShippingAddressRequired"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart.setBillingAddress": {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: string;
            };
            path: {
                /** @example cart_2b5n8m1k4j7h0g3f6d9s */
                cartId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Nusrat Jahan",
                 *       "phone": "+8801712345678",
                 *       "house": "House 12",
                 *       "road": "Road 7",
                 *       "thana": "Gulshan",
                 *       "district": "Dhaka",
                 *       "division": "Dhaka",
                 *       "city": "Dhaka",
                 *       "postcode": "1212",
                 *       "country": "BD",
                 *       "email": "nusrat@example.com"
                 *     }
                 */
                "application/json": components["schemas"]["CartAddressInput"];
            };
        };
        responses: {
            200: components["responses"]["Cart"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CartNotFound_2"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["InsufficientStock"];
            410: components["responses"]["CartExpired"];
            412: components["responses"]["CartVersionMismatch"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ShippingAddressRequired"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart.setShippingMethod": {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: string;
            };
            path: {
                /** @example cart_2b5n8m1k4j7h0g3f6d9s */
                cartId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "shippingMethodId": "sm_demo_standard"
                 *     }
                 */
                "application/json": components["schemas"]["ShippingMethodChoice"];
            };
        };
        responses: {
            200: components["responses"]["Cart"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CartNotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["InsufficientStock"];
            410: components["responses"]["CartExpired"];
            412: components["responses"]["CartVersionMismatch"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ShippingAddressRequired"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart.setPaymentMethod": {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: string;
            };
            path: {
                /** @example cart_2b5n8m1k4j7h0g3f6d9s */
                cartId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "paymentMethod": "cod"
                 *     }
                 */
                "application/json": components["schemas"]["PaymentMethodChoice"];
            };
        };
        responses: {
            200: components["responses"]["Cart"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CartNotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["InsufficientStock"];
            410: components["responses"]["CartExpired"];
            412: components["responses"]["CartVersionMismatch"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ShippingAddressRequired"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart.applyCoupon": {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: string;
            };
            path: {
                /** @example cart_2b5n8m1k4j7h0g3f6d9s */
                cartId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "WELCOME10"
                 *     }
                 */
                "application/json": components["schemas"]["CouponCode"];
            };
        };
        responses: {
            200: components["responses"]["Cart"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CartNotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["InsufficientStock"];
            410: components["responses"]["CartExpired"];
            412: components["responses"]["CartVersionMismatch"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ShippingAddressRequired"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart.removeCoupon": {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: string;
            };
            path: {
                /** @example cart_2b5n8m1k4j7h0g3f6d9s */
                cartId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Cart"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CartNotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["InsufficientStock"];
            410: components["responses"]["CartExpired"];
            412: components["responses"]["CartVersionMismatch"];
            422: components["responses"]["ShippingAddressRequired"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart.checkout": {
        parameters: {
            query?: never;
            header?: {
                "if-match"?: string;
                "idempotency-key"?: string;
            };
            path: {
                /** @example cart_2b5n8m1k4j7h0g3f6d9s */
                cartId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CheckoutOptions"];
            };
        };
        responses: {
            /** @description PlacedOrder */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlacedOrder"];
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CartNotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["InsufficientStock"];
            410: components["responses"]["CartExpired"];
            412: components["responses"]["CartVersionMismatch"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ShippingAddressRequired"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "orders.listOrders": {
        parameters: {
            query?: {
                /**
                 * @description The page, from 1 (default 1)
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Orders per page (default 20)
                 * @example 10
                 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OrderPage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderPage"];
                };
            };
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["EmailVerificationRequired"];
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "orders.getOrder": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ord_8c3v6b9n2m5k1j4h7g0f */
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["OrderDetail"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["EmailVerificationRequired"];
            404: components["responses"]["OrderNotFound"];
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "orderPayments.cancelOrder": {
        parameters: {
            query?: never;
            header?: {
                "x-order-token"?: string;
            };
            path: {
                /** @example ord_8c3v6b9n2m5k1j4h7g0f */
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["OrderDetail"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["OrderNotFound"];
            408: components["responses"]["RequestTimeout"];
            /** @description Problem codes: `order_not_cancellable`: Order cannot be cancelled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["OrderNotCancellableProblemEncoded"];
                };
            };
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "orderPayments.createPaymentSession": {
        parameters: {
            query?: never;
            header?: {
                "x-order-token"?: string;
            };
            path: {
                /** @example ord_8c3v6b9n2m5k1j4h7g0f */
                orderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "provider": "bkash",
                 *       "returnUrl": "https://shop.example/orders/thanks"
                 *     }
                 */
                "application/json": components["schemas"]["CreatePaymentSessionBody"];
            };
        };
        responses: {
            201: components["responses"]["PaymentSession"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["OrderNotFound"];
            408: components["responses"]["RequestTimeout"];
            /** @description Problem codes: `order_not_payable`: Order cannot be paid */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["OrderNotPayableProblemEncoded"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Problem codes: `payment_provider_unavailable`: Payment provider unavailable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["PaymentProviderUnavailableProblemEncoded"];
                };
            };
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            /** @description Problem codes: `payment_gateway_failed`: Payment gateway failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["PaymentGatewayFailedProblemEncoded"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "orderPayments.getPaymentSession": {
        parameters: {
            query?: never;
            header?: {
                "x-order-token"?: string;
            };
            path: {
                /** @example ord_8c3v6b9n2m5k1j4h7g0f */
                orderId: string;
                /** @example pay_4k7j0h3g6f9d2s5a8p1o */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["PaymentSession"];
            400: components["responses"]["ValidationFailed"];
            401: components["responses"]["Unauthorized"];
            /** @description Problem codes: `order_not_found`: Order not found; `payment_session_not_found`: Payment session not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["OrderNotFoundProblemEncoded"] | components["schemas"]["PaymentSessionNotFoundProblemEncoded"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
