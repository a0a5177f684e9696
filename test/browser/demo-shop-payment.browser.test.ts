/**
 * Paying a prepaid order in the demo shop, in real headless Chromium against a fresh demo from
 * `npm start` (docs/payments.md): a guest puts a product in the cart, chooses Prepaid, places the
 * order, presses "Pay now", presses Pay on the demo gateway's page, comes back to the shop and
 * sees the order paid; the API agrees (the session read with the order token is paid). Then the
 * guest cancels the order there and the shop shows the payment refunded.
 */
import { describe, expect, it } from "@effect/vitest"
import { chooseStandardShipping, demoInChromium, shopPage, submitAddress } from "../support/chromium.ts"

const shop = demoInChromium()

describe("demo shop payment in Chromium", () => {
  it("a guest pays a prepaid order through the demo gateway and the shop shows it paid", async () => {
    const { demo, browser } = shop
    const pageOrigin = `http://localhost:${demo.port}`
    // the gateway's page is another site's: leaving for it aborts the shop's requests in flight
    const { page, problems } = await shopPage(browser, { failedRequests: false })

    await page.goto(`${pageOrigin}/?api=${encodeURIComponent(demo.base)}#/?inStock=true`)
    await page.waitForFunction(() => document.body.dataset["rendered"] === location.hash)
    await page.waitForSelector("#products .card")
    await page.locator("#products .product-link").first().click()
    await page.waitForSelector("#add-to-cart:not([disabled])")
    await page.click("#add-to-cart")
    await page.waitForFunction(() => document.getElementById("cart-count")!.textContent === "1")

    await page.click("#cart-link")
    await page.waitForSelector("#address-form")
    await submitAddress(page, { name: "Farhana Islam", phone: "+8801899000456", road: "Road 3", district: "Dhaka" })
    await chooseStandardShipping(page)
    const prepaid = page.waitForResponse((response) => response.url().endsWith("/payment-method") && response.status() === 200)
    await page.selectOption('select[name="paymentMethod"]', "prepaid")
    await prepaid
    await page.waitForFunction(() => document.querySelector('[data-total="cod"] td.num')?.textContent === "Tk 0")
    await page.waitForSelector("#checkout:not([disabled])")

    await page.click("#checkout")
    await page.waitForSelector("#pay-now")
    const orderNumber = (await page.locator("#order-number").textContent())!.trim()
    expect(orderNumber).toMatch(/^\d{6,}$/)

    // the demo gateway's page, on the API's origin
    await page.click("#pay-now")
    await page.waitForURL(`${demo.base}/demo-gateway/**`)
    expect(await page.locator("#amount").textContent()).toMatch(/BDT$/)
    await page.click("#pay")

    // back in the shop: the session read from the API says paid
    await page.waitForSelector("#payment-status")
    expect(new URL(page.url()).origin).toBe(pageOrigin)
    expect(await page.locator("#payment-status").getAttribute("data-status")).toBe("paid")
    expect(await page.locator("#payment-result h1").textContent()).toBe("Paid")
    const returned = new URL(page.url())
    const sessionId = returned.searchParams.get("paymentSession")!
    const orderId = decodeURIComponent(returned.hash).replace("#/payment/", "")
    const token = await page.evaluate((id) =>
      Object.entries(localStorage).find(([name]) => name.endsWith(`:orderToken:${id}`))?.[1], orderId)
    const session = await fetch(`${demo.base}/v1/store/orders/${orderId}/payment-sessions/${sessionId}`, {
      headers: { "x-publishable-api-key": "pk_demo_main_storefront", "x-order-token": JSON.parse(token!) as string }
    })
    expect(session.status).toBe(200)
    expect(await session.json()).toMatchObject({ status: "paid", provider: "demo" })

    // the guest changes their mind: cancelling the paid order refunds it, and the shop says so
    await page.click("#cancel-order")
    await page.waitForSelector("#order-cancelled")
    expect(await page.locator("#order-cancelled h1").textContent()).toBe("Order cancelled")
    expect(await page.locator("#refund-status").getAttribute("data-status")).toBe("refunded")
    expect(problems).toEqual([])
    await page.close()
  }, 120_000)
})
