/** Problem `type` URNs: `urn:storefront:error:<code>` (CONTRACT §2). */
export const problemType = <const Code extends string>(code: Code): `urn:storefront:error:${Code}` =>
  `urn:storefront:error:${code}`
