/**
 * Pathao's location lists (city-list, cities/{id}/zone-list), fetched once and kept for the life
 * of the process, and an address placed on them: its city (the address's city, else district)
 * and zone (its thana, else its city) by name, case and spacing aside. An address that matches no
 * city or no zone is not guessed: the booking is refused and flagged for the back office.
 */
import { Effect, Schema } from "effect"
import type { DeliveryFailed } from "../../application/notifications/delivery-failed.ts"
import type { Address } from "../../domain/shipping/address.ts"

const CityList = Schema.Struct({ data: Schema.Struct({ data: Schema.Array(Schema.Struct({ city_id: Schema.Number, city_name: Schema.String })) }) })
const ZoneList = Schema.Struct({ data: Schema.Struct({ data: Schema.Array(Schema.Struct({ zone_id: Schema.Number, zone_name: Schema.String })) }) })
export const PathaoCityList = CityList
export const PathaoZoneList = ZoneList

const normal = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ")

export interface Placement {
  readonly cityId: number
  readonly zoneId: number
}

export const makePathaoLocations = (fetch: {
  readonly cities: Effect.Effect<typeof CityList.Type, DeliveryFailed>
  readonly zones: (cityId: number) => Effect.Effect<typeof ZoneList.Type, DeliveryFailed>
}) => {
  let cities: Map<string, number> | undefined
  const zones = new Map<number, Map<string, number>>()
  const citiesOnce = Effect.suspend(() =>
    cities !== undefined
      ? Effect.succeed(cities)
      : Effect.map(fetch.cities, (list) => (cities = new Map(list.data.data.map((city) => [normal(city.city_name), city.city_id]))))
  )
  const zonesOf = (cityId: number) =>
    Effect.suspend(() => {
      const known = zones.get(cityId)
      if (known !== undefined) return Effect.succeed(known)
      return Effect.map(fetch.zones(cityId), (list) => {
        const byName = new Map(list.data.data.map((zone) => [normal(zone.zone_name), zone.zone_id]))
        zones.set(cityId, byName)
        return byName
      })
    })
  /** The address on Pathao's lists; `null` when it matches none. */
  const place = (address: Address): Effect.Effect<Placement | null, DeliveryFailed> =>
    Effect.gen(function*() {
      const byName = yield* citiesOnce
      const cityId = byName.get(normal(address.city)) ?? byName.get(normal(address.district))
      if (cityId === undefined) return null
      const zoneNames = yield* zonesOf(cityId)
      const zoneId = zoneNames.get(normal(address.thana)) ?? zoneNames.get(normal(address.city))
      return zoneId === undefined ? null : { cityId, zoneId }
    })
  return { place }
}
