/** What the application tests of the buying path run on: the use cases over the memory stores and the fixture catalog. */
import { Layer } from "effect"
import { catalogReadModel } from "../../config/catalog-read-model.ts"
import { buyingServices } from "../../config/application-services.ts"
import type { Address } from "../../domain/shipping/address.ts"
import { buyingFixture } from "./buying-fixture.ts"
import { memoryBuyingTestStores } from "./buying-stores.ts"
import { testAccountSecurity } from "./account-test-layers.ts"
import { type TestPaymentOptions, testPayments } from "./payment-test-layers.ts"

/** The buying use cases over the memory stores, with the payment gateways of `payments` (and `couriers`, when given). */
export const memoryBuyingServicesWith = <C = never>(payments: TestPaymentOptions, couriers: Layer.Layer<C> = Layer.empty as Layer.Layer<C>) =>
  buyingServices.pipe(
    Layer.provideMerge(couriers),
    Layer.provideMerge(catalogReadModel({ pollInterval: "1 second" })),
    Layer.provideMerge(testPayments(payments)),
    Layer.provideMerge(testAccountSecurity),
    Layer.provideMerge(memoryBuyingTestStores(buyingFixture()))
  )

export const memoryBuyingServices = memoryBuyingServicesWith({})

/** An address in Dhaka as a cart stores it (every field given, no email). */
export const DHAKA_HOME: Address = {
  name: "Rahim Uddin", phone: "01711000000", house: "12", road: "Lake Road", thana: "Gulshan", district: "Dhaka",
  division: "Dhaka", city: "Dhaka", postcode: "1212", country: "BD", note: "", email: ""
}
