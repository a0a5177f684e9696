/**
 * A code that reached its destination proves the customer holds that destination: after a
 * successful OTP (login, reset, verify_*) the email or phone it was sent to is marked verified,
 * if it is still the customer's.
 */
import type { Verification } from "../../domain/auth/verification.ts"
import { type Customer, markEmailVerified, markPhoneVerified } from "../../domain/customer/customer.ts"
import { parseEmail } from "../../domain/customer/email.ts"

/** The email or phone the code was sent to is still the customer's. */
export const holdsContact = (customer: Customer, verification: Verification): boolean =>
  verification.channel === "sms" ? customer.phone === verification.destination : customer.email === verification.destination

export const markContactVerified = (customer: Customer, verification: Verification): Customer => {
  if (verification.channel === "sms") return markPhoneVerified(customer, verification.destination)
  const email = parseEmail(verification.destination)
  return email === undefined ? customer : markEmailVerified(customer, email)
}
