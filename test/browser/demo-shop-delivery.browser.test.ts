/**
 * A cash-on-delivery order's parcel in the demo shop, in real headless Chromium against a fresh
 * demo from `npm start` (docs/fulfilment.md): a shopper registers, places a COD order, sees it
 * booked with the demo courier on the order page (tracking number linking to the courier's
 * page, status, timeline), moves the parcel along on the demo courier's page to delivered, and
 * sees the order delivered and paid for the cash the courier collected, and the order history
 * listing its tracking number.
 *
 * With SCREENSHOTS_DIR set, the delivered order's page is saved there.
 */
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import type { Page } from "playwright-core"
import { chooseStandardShipping, demoInChromium, shopPage, submitAddress } from "../support/chromium.ts"

const shop = demoInChromium()
const screenshotsDir = process.env["SCREENSHOTS_DIR"]

/**
 * Reloads the order page, once it has rendered, until its parcel shows `status` in words (the
 * booking relay and the courier's events reach the order asynchronously).
 */
const untilTracking = (page: Page, status: string) =>
  expect.poll(async () => {
    await page.waitForFunction(() => document.body.dataset["rendered"] === location.hash)
    const shown = await page.locator("#tracking-status").textContent({ timeout: 100 }).catch(() => null)
    if (shown !== status) await page.reload()
    return shown
  }, { timeout: 30_000, interval: 500 }).toBe(status)

const reachedSteps = (page: Page) => page.locator("#tracking-timeline li.reached").evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset["step"]))

describe("demo shop delivery in Chromium", () => {
  it("a COD order is booked, moved to delivered on the demo courier's page, and shown delivered and paid", async () => {
    const { demo, browser } = shop
    const pageOrigin = `http://localhost:${demo.port}`
    const { page, problems } = await shopPage(browser)

    // a new customer, signed in
    await page.goto(`${pageOrigin}/?api=${encodeURIComponent(demo.base)}#/account`)
    await page.waitForSelector("#register")
    await page.fill('#register input[name="name"]', "Nusrat Jahan")
    await page.fill('#register input[name="email"]', `nusrat-${Date.now()}@example.com`)
    await page.fill('#register input[name="password"]', "Kx9-parcel-at-the-door")
    await page.click('#register button[type="submit"]')
    await page.waitForFunction(() => document.body.dataset["rendered"] === "#/orders")

    // a cash-on-delivery order
    await page.goto(`${pageOrigin}/?api=${encodeURIComponent(demo.base)}#/?inStock=true`)
    await page.waitForSelector("#products .card")
    await page.locator("#products .product-link").first().click()
    await page.waitForSelector("#add-to-cart:not([disabled])")
    await page.click("#add-to-cart")
    await page.waitForFunction(() => document.getElementById("cart-count")!.textContent === "1")
    await page.click("#cart-link")
    await page.waitForSelector("#address-form")
    await submitAddress(page, { name: "Nusrat Jahan", phone: "+8801899000789", road: "Road 7", district: "Dhaka" })
    await chooseStandardShipping(page)
    expect(await page.inputValue('select[name="paymentMethod"]')).toBe("cod")
    await page.click("#checkout")
    await page.waitForSelector("#order-number")
    const orderNumber = (await page.locator("#order-number").textContent())!.trim()

    // the order page: booked with the demo courier by the booking relay
    await page.click('a[href="#/orders"]')
    await page.waitForSelector("#orders")
    await page.click(`#orders a:has-text("#${orderNumber}")`)
    await untilTracking(page, "Booked")
    const trackingNumber = `DEMO-${orderNumber}`
    expect(await page.locator("#tracking").textContent()).toContain("Demo courier")
    expect(await page.locator("#tracking-number").textContent()).toBe(trackingNumber)
    expect(await page.locator("#tracking-number").getAttribute("href")).toBe(`${demo.base}/demo-courier/${trackingNumber}`)
    expect(await page.locator("#order-status").textContent()).toBe("processing")
    expect(await reachedSteps(page)).toEqual(["booked"])
    expect(await page.locator("#tracking-timeline li.upcoming").count()).toBe(4)
    // until pickup the shopper may still cancel
    expect(await page.locator("#cancel-order").count()).toBe(1)
    const total = (await page.locator(".totals tr:last-child td.num").textContent())!

    // the demo courier's page, opened from the tracking number, moves the parcel to the door
    const [courier] = await Promise.all([page.context().waitForEvent("page"), page.click("#tracking-number")])
    await courier.waitForSelector("#to-picked_up")
    expect(await courier.locator("#tracking-number").textContent()).toBe(trackingNumber)
    for (const [status, words] of [["picked_up", "picked up"], ["in_transit", "in transit"], ["out_for_delivery", "out for delivery"], ["delivered", "delivered"]]) {
      await courier.click(`#to-${status}`)
      await courier.waitForFunction((shown) => document.getElementById("status")?.textContent === shown, words)
    }
    expect(await courier.locator("body").textContent()).toContain("journey has ended")
    await courier.close()

    // back in the shop: delivered, and paid for what the courier collected
    await untilTracking(page, "Delivered")
    expect(await page.locator("#order-status").textContent()).toBe("delivered")
    expect(await page.locator("#order-payment-status").getAttribute("data-status")).toBe("paid")
    expect(await reachedSteps(page)).toEqual(["booked", "picked_up", "in_transit", "out_for_delivery", "delivered"])
    expect(await page.locator("#amount-collected").textContent()).toBe(`Cash collected by the courier: ${total}.`)
    expect(await page.locator("#cancel-order").count()).toBe(0)
    if (screenshotsDir !== undefined) {
      mkdirSync(screenshotsDir, { recursive: true })
      await page.screenshot({ path: join(screenshotsDir, "demo-shop-delivered.png"), fullPage: true })
    }
    // the order history lists it with its tracking number
    await page.click('a[href="#/orders"]')
    await page.waitForSelector("#orders")
    expect(await page.locator(`#orders tr:has-text("#${orderNumber}")`).textContent()).toContain(trackingNumber)
    expect(problems).toEqual([])
    await page.close()
  }, 120_000)
})
