/**
 * CommonPasswords adapter over the `passwords-common` dictionary of @zxcvbn-ts/language-common
 * (about 49,000 passwords ordered by frequency; docs/contract/accounts.md asks for at least the 10,000 most
 * common). The whole list is used; comparison is case-insensitive (see commonPasswordsFromList).
 */
import { dictionary } from "@zxcvbn-ts/language-common"
import { Effect, Layer } from "effect"
import { CommonPasswords, commonPasswordsFromList } from "../../domain/customer/common-passwords.ts"

/** The raw list, most common first. */
export const zxcvbnCommonPasswordList = (): ReadonlyArray<string> => dictionary["passwords-common"]

/** Builds the lookup set once, when the layer is built (the dictionary is decompressed at import). */
export const layer: Layer.Layer<CommonPasswords> = Layer.effect(
  CommonPasswords,
  Effect.sync(() => commonPasswordsFromList(zxcvbnCommonPasswordList()))
)
