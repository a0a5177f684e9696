/**
 * A courier that holds state, for the application tests of booking and tracking: its parcels by
 * order number (a booking asked again answers the parcel it holds, as the real couriers' invoice
 * / merchant order id rule makes them), a status per parcel the test sets, and faults: down for
 * the next N calls, an answer lost after the parcel was made, a parcel refused for good.
 */
import { Context, Effect, Layer } from "effect"
import { type Courier, Couriers, type Parcel } from "../../application/fulfilment/courier.ts"
import { DeliveryFailed } from "../../application/notifications/delivery-failed.ts"
import type { TrackingStatus } from "../../domain/order/tracking.ts"
import { couriersOf } from "../../config/fulfilment.ts"

export interface FakeParcel {
  readonly parcel: Parcel
  readonly consignmentId: string
  status: TrackingStatus
}

export interface FakeCourierFaults {
  /** The next calls fail as if the courier were unreachable. */
  down: number
  /** The next bookings make the parcel, then the answer is lost. */
  loseAnswers: number
  /** The next bookings are refused for good (a 4xx). */
  refuse: number
  /** Whether the courier's API can cancel a booking. */
  cancellable: boolean
  /** The next bookings make the parcel, then the process dies before it hears the answer. */
  crashAfterBooking: number
}

export class FakeCourier extends Context.Service<FakeCourier, {
  readonly parcels: Map<string, FakeParcel>
  readonly faults: FakeCourierFaults
  /** Calls of `book`, lost and failed ones included. */
  readonly bookCalls: () => number
}>()("test/FakeCourier") {}

const unreachable = () => new DeliveryFailed({ permanent: false, reason: "courier unreachable" })

export const makeFakeCourier = () => {
  const parcels = new Map<string, FakeParcel>()
  const faults: FakeCourierFaults = { down: 0, loseAnswers: 0, refuse: 0, cancellable: true, crashAfterBooking: 0 }
  let bookCalls = 0
  const courier: Courier = {
    name: "steadfast",
    displayName: "Fake courier",
    trackingUrl: (booking) => `https://courier.example/track/${booking.trackingNumber}`,
    book: (parcel) =>
      Effect.suspend(() => {
        bookCalls++
        if (faults.down > 0) return faults.down--, Effect.fail(unreachable())
        if (faults.refuse > 0) {
          faults.refuse--
          return Effect.fail(new DeliveryFailed({ permanent: true, reason: "recipient_phone must be 11 digits" }))
        }
        const held = parcels.get(parcel.orderNumber) ??
          { parcel, consignmentId: `C${parcel.orderNumber}`, status: "booked" as TrackingStatus }
        parcels.set(parcel.orderNumber, held)
        if (faults.loseAnswers > 0) return faults.loseAnswers--, Effect.fail(unreachable())
        if (faults.crashAfterBooking > 0) return faults.crashAfterBooking--, Effect.die(new Error("crashed between booking and recording it"))
        return Effect.succeed({ consignmentId: held.consignmentId, trackingNumber: `T${parcel.orderNumber}` })
      }),
    status: (shipment) =>
      Effect.suspend(() => {
        if (faults.down > 0) return faults.down--, Effect.fail(unreachable())
        const held = parcels.get(shipment.orderNumber)
        return Effect.succeed(held === undefined ? null : { status: held.status, collected: null })
      }),
    cancel: (shipment) =>
      Effect.sync(() => {
        const held = parcels.get(shipment.orderNumber)
        if (!faults.cancellable || held === undefined) return false
        held.status = "cancelled"
        return true
      })
  }
  return { courier, service: FakeCourier.of({ parcels, faults, bookCalls: () => bookCalls }) }
}

/** Couriers with the fake one (as "steadfast") as every shop's default, and the FakeCourier to drive it. */
export const fakeCourierLayer = Layer.effectContext(Effect.sync(() => {
  const fake = makeFakeCourier()
  return Context.make(FakeCourier, fake.service).pipe(Context.add(Couriers, couriersOf([fake.courier], "steadfast")))
}))
