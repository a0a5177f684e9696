/**
 * The language of a message to a customer: English (the default) or Bangla, chosen from the
 * request's Accept-Language (RFC 9110 §12.5.4: the highest-weighted of the two, a tag or its
 * primary subtag; equal weights keep the header's order) and stored with the notification.
 */
import { Schema } from "effect"

export const MessageLocale = Schema.Literals(["en", "bn"])
export type MessageLocale = typeof MessageLocale.Type

export const DEFAULT_MESSAGE_LOCALE: MessageLocale = "en"

const weightOf = (parameters: ReadonlyArray<string>): number => {
  for (const parameter of parameters) {
    const [name, value] = parameter.split("=").map((part) => part.trim())
    if (name?.toLowerCase() === "q") {
      const weight = Number(value)
      return Number.isFinite(weight) && weight >= 0 && weight <= 1 ? weight : 0
    }
  }
  return 1
}

/** The locale an Accept-Language header asks for; English when it names neither (or is absent). */
export const localeFromAcceptLanguage = (header: string | undefined): MessageLocale => {
  if (header === undefined) return DEFAULT_MESSAGE_LOCALE
  let best: { readonly locale: MessageLocale; readonly weight: number } | undefined
  for (const range of header.slice(0, 1024).split(",")) {
    const [tag = "", ...parameters] = range.split(";")
    const primary = tag.trim().toLowerCase().split("-")[0]
    if (primary !== "en" && primary !== "bn") continue
    const weight = weightOf(parameters)
    if (weight > 0 && (best === undefined || weight > best.weight)) best = { locale: primary, weight }
  }
  return best?.locale ?? DEFAULT_MESSAGE_LOCALE
}
