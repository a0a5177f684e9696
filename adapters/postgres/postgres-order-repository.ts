/**
 * OrderRepository over `orders` and `order_items` (migrations 0004, 0005). What a customer sees
 * is domain/order/order-visibility.ts as a WHERE clause. An order and its lines are written by one
 * statement; a page of orders is read with its lines gathered as JSON text (the client's name
 * transforms must not touch option keys). Order numbers come from `order_number_seq`.
 * Money columns are bigint (quantities multiply prices) and are read as float8, exact for any
 * amount a shop can reach.
 */
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { OrderRepository } from "../../application/orders/order-repository.ts"
import { CancellationReason, Order, OrderLine } from "../../domain/order/order.ts"
import { OrderId } from "../../domain/shared/ids.ts"
import type { OrderViewer } from "../../domain/order/order-visibility.ts"
import { Address } from "../../domain/shipping/address.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { findOne } from "./store-query.ts"

const { tracking: _tracking, guestContact: _guestContact, cancellation: _cancellation, ...orderFields } = Order.fields

/** An order's row: the order's fields, its addresses and lines as JSON, tracking and guest contact in columns. */
const OrderRow = Schema.Struct({
  ...orderFields,
  shippingAddress: Schema.fromJsonString(Address),
  billingAddress: Schema.NullOr(Schema.fromJsonString(Address)),
  lines: Schema.fromJsonString(Schema.Array(OrderLine)),
  courierName: Schema.String,
  trackingStatus: Schema.String,
  trackingNumber: Schema.String,
  trackingUrl: Schema.String,
  guestEmail: Schema.NullOr(Schema.String),
  guestPhone: Schema.NullOr(Schema.String),
  cancelledAt: Schema.NullOr(Schema.Date),
  cancellationReason: Schema.NullOr(CancellationReason)
})

/** Rows that do not match mean the database holds something we never write: a defect. */
const decodeRows = Schema.decodeUnknownSync(Schema.Array(OrderRow))

const toOrders = (rows: ReadonlyArray<unknown>): ReadonlyArray<Order> =>
  decodeRows(rows).map((
    { courierName, trackingStatus, trackingNumber, trackingUrl, guestEmail, guestPhone, cancelledAt, cancellationReason, ...order }
  ) => ({
    ...order,
    tracking: { courierName, status: trackingStatus, trackingNumber, trackingUrl },
    guestContact: guestPhone === null ? null : { email: guestEmail, phone: guestPhone },
    cancellation: cancelledAt === null || cancellationReason === null ? null : { at: cancelledAt, reason: cancellationReason }
  }))

const decodeTokenHashes = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ orderTokenHash: Schema.String })))
const decodeOrderIds = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ id: OrderId })))

const lineRowsJson = (order: Order): string =>
  JSON.stringify(order.lines.map((line, position) => ({
    id: line.id,
    position,
    variant_id: line.variantId,
    product_id: line.productId,
    product_name: line.productName,
    product_sku: line.productSku,
    variant_sku: line.variantSku,
    images: line.images,
    option_values: line.optionValues,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    compare_at_price: line.compareAtPrice,
    line_total: line.lineTotal
  })))

export const makePostgresOrderRepository = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  /** isOrderVisibleTo (domain/order/order-visibility.ts) in SQL; a NULL contact matches nothing. */
  const visibleTo = (viewer: OrderViewer) =>
    sql`o.customer_id = ${viewer.customerId} AND (o.guest_phone IS NULL
      OR o.guest_email = ${viewer.verifiedEmail} OR o.guest_phone = ${viewer.verifiedPhone})`

  const selectOrders = sql.literal(`
    SELECT o.id, o.order_number::text AS order_number, o.shop_id, o.customer_id, o.cart_id, o.status,
      o.payment_status, o.payment_method, o.customer_notes, o.coupon_code,
      o.subtotal::float8 AS subtotal, o.discount_total::float8 AS discount_total,
      o.shipping_fee::float8 AS shipping_fee, o.cod_fee::float8 AS cod_fee, o.total::float8 AS total,
      o.amount_paid::float8 AS amount_paid, o.shipping_address::text AS shipping_address,
      o.billing_address::text AS billing_address, o.shipping_method_id, o.shipping_method_name,
      o.courier_name, o.tracking_status, o.tracking_number, o.tracking_url, o.guest_email, o.guest_phone, o.created_at,
      o.cancelled_at, o.cancellation_reason, o.order_token_hash,
      (SELECT coalesce(json_agg(json_build_object(
          'id', i.id, 'variantId', i.variant_id, 'productId', i.product_id, 'productName', i.product_name,
          'productSku', i.product_sku, 'variantSku', i.variant_sku, 'images', i.images,
          'optionValues', i.option_values, 'quantity', i.quantity, 'unitPrice', i.unit_price,
          'compareAtPrice', i.compare_at_price, 'lineTotal', i.line_total
        ) ORDER BY i.position), '[]')::text
       FROM order_items i WHERE i.order_id = o.id) AS lines
    FROM orders o`)

  const insert = (order: Order, orderTokenHash: string) =>
    orStoreUnavailable(sql`
      WITH inserted AS (
        INSERT INTO orders (id, order_number, shop_id, customer_id, cart_id, status, payment_status, payment_method,
          customer_notes, coupon_code, subtotal, discount_total, shipping_fee, cod_fee, total, amount_paid,
          shipping_address, billing_address, shipping_method_id, shipping_method_name,
          courier_name, tracking_status, tracking_number, tracking_url, guest_email, guest_phone, created_at,
          order_token_hash)
        VALUES (${order.id}, ${order.orderNumber}::bigint, ${order.shopId}, ${order.customerId}, ${order.cartId},
          ${order.status}, ${order.paymentStatus}, ${order.paymentMethod}, ${order.customerNotes}, ${order.couponCode},
          ${order.subtotal}, ${order.discountTotal}, ${order.shippingFee}, ${order.codFee}, ${order.total},
          ${order.amountPaid}, ${JSON.stringify(order.shippingAddress)}::jsonb,
          ${order.billingAddress === null ? null : JSON.stringify(order.billingAddress)}::jsonb,
          ${order.shippingMethodId}, ${order.shippingMethodName}, ${order.tracking.courierName},
          ${order.tracking.status}, ${order.tracking.trackingNumber}, ${order.tracking.trackingUrl},
          ${order.guestContact?.email ?? null}, ${order.guestContact?.phone ?? null}, ${order.createdAt},
          ${orderTokenHash})
        RETURNING id)
      INSERT INTO order_items (id, order_id, position, variant_id, product_id, product_name, product_sku, variant_sku,
        images, option_values, quantity, unit_price, compare_at_price, line_total)
      SELECT t.id, inserted.id, t.position, t.variant_id, t.product_id, t.product_name, t.product_sku, t.variant_sku,
        t.images, t.option_values, t.quantity, t.unit_price, t.compare_at_price, t.line_total
      FROM inserted, json_to_recordset(${lineRowsJson(order)}::json) AS t(
        id text, position integer, variant_id text, product_id text, product_name text, product_sku text,
        variant_sku text, images jsonb, option_values jsonb, quantity integer, unit_price bigint,
        compare_at_price bigint, line_total bigint)`).pipe(Effect.asVoid)

  const orders = OrderRepository.of({
    nextOrderNumber: findOne({
      Request: Schema.Void,
      Result: Schema.Struct({ number: Schema.String }),
      execute: () => sql`SELECT nextval('order_number_seq')::text AS number`
    })(undefined).pipe(
      Effect.flatMap(Option.match({
        onNone: () => Effect.die(new Error("order_number_seq returned nothing")),
        onSome: (row) => Effect.succeed(row.number)
      }))
    ),
    insert,
    findForUpdate: (orderId) =>
      orStoreUnavailable(sql`${selectOrders} WHERE o.id = ${orderId} FOR UPDATE OF o`).pipe(
        Effect.map((rows) => {
          const order = toOrders(rows)[0]
          const hash = decodeTokenHashes(rows)[0]
          return order === undefined || hash === undefined
            ? Option.none()
            : Option.some({ order, orderTokenHash: hash.orderTokenHash })
        })
      ),
    updateState: (order) =>
      orStoreUnavailable(sql`
        UPDATE orders SET status = ${order.status}, payment_status = ${order.paymentStatus},
          amount_paid = ${order.amountPaid}, cancelled_at = ${order.cancellation?.at ?? null},
          cancellation_reason = ${order.cancellation?.reason ?? null}, courier_name = ${order.tracking.courierName},
          tracking_status = ${order.tracking.status}, tracking_number = ${order.tracking.trackingNumber},
          tracking_url = ${order.tracking.trackingUrl}
        WHERE id = ${order.id}`).pipe(Effect.asVoid),
    awaitingPaymentSince: (placedBefore, limit) =>
      orStoreUnavailable(sql`
        SELECT id FROM orders
        WHERE status = 'pending' AND payment_method = 'prepaid' AND payment_status = 'unpaid' AND created_at < ${placedBefore}
        ORDER BY created_at LIMIT ${limit}`).pipe(Effect.map((rows) => decodeOrderIds(rows).map((row) => row.id))),
    listForCustomer: (query) =>
      Effect.gen(function*() {
        const counted = yield* findOne({
          Request: Schema.Void,
          Result: Schema.Struct({ total: Schema.Int }),
          execute: () =>
            sql`
              SELECT count(*)::int AS total FROM orders o
              WHERE ${visibleTo(query.viewer)} AND o.shop_id = ANY(${[...query.shopIds]}::text[])`
        })(undefined)
        const rows = yield* orStoreUnavailable(sql`
          ${selectOrders}
          WHERE ${visibleTo(query.viewer)} AND o.shop_id = ANY(${[...query.shopIds]}::text[])
          ORDER BY o.created_at DESC, o.order_number DESC
          LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`)
        return { orders: toOrders(rows), total: Option.match(counted, { onNone: () => 0, onSome: (row) => row.total }) }
      }),
    findForCustomer: (orderId, viewer, shopIds) =>
      orStoreUnavailable(sql`
        ${selectOrders}
        WHERE o.id = ${orderId} AND ${visibleTo(viewer)} AND o.shop_id = ANY(${[...shopIds]}::text[])`).pipe(
        Effect.map((rows) => Option.fromNullishOr(toOrders(rows)[0]))
      )
  })
  return orders
})

export const layer = Layer.effect(OrderRepository, makePostgresOrderRepository)
