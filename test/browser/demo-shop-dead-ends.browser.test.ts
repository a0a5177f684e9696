/**
 * The demo shop without dead ends (issue 29), in real headless Chromium against a fresh demo:
 * a typo search shows what `didYouMean` finds and says so; suggestions appear as the shopper
 * types; no shipping fee is shown before a delivery method is chosen; a refused method's radio
 * goes back; amounts read as in Bangladesh (Tk 1,00,000, no stray decimals, the price facet
 * too, and no "Tk 0 – Tk 0" for an empty selection); and the reset link the demo prints opens a
 * page, on this demo's port, that sets the password.
 */
import { describe, expect, it } from "@effect/vitest"
import type { Page } from "playwright-core"
import { demoInChromium, shopPage, submitAddress } from "../support/chromium.ts"

const shop = demoInChromium()
const KEY = "pk_demo_main_storefront"

/** Taka as the page writes it: `Tk ` and lakh-grouped digits, paisa only when there are some. */
const BANGLADESHI_AMOUNT = /^−?Tk (?:\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3})(?:\.\d{2})?$/

const api = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${shop.demo.base}/v1/store${path}`, {
    method,
    headers: { "x-publishable-api-key": KEY, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return { status: response.status, body: await response.json().catch(() => undefined) as Record<string, unknown> }
}

const rendered = (page: Page, test: string) =>
  page.waitForFunction(
    (pattern) => document.body.dataset["rendered"] === location.hash && new RegExp(pattern).test(decodeURIComponent(location.hash)),
    test
  )

const openShop = async (hash = "") => {
  const { page, problems } = await shopPage(shop.browser)
  await page.goto(`${shop.demo.base}/${hash}`)
  await page.waitForFunction(() => document.body.dataset["rendered"] !== undefined)
  return { page, problems }
}

describe("demo shop without dead ends, in Chromium", () => {
  it("a typo search shows the corrected results and says so; suggestions appear as the shopper types", async () => {
    const typo = "waltin"
    const answer = await api("GET", `/products?search=${typo}&limit=1`)
    expect(answer.body["total"]).toBe(0)
    expect(answer.body["didYouMean"]).toBe("walton")

    const { page, problems } = await openShop(`#/?search=${typo}`)
    await rendered(page, `search=${typo}`)
    expect(await page.locator("#did-you-mean").textContent()).toBe(`Showing results for walton (nothing matches “${typo}”)`)
    expect(Number((await page.locator("#result-count").textContent())!.split(" ")[0])).toBeGreaterThan(0)
    expect(await page.locator("#products .card").count()).toBeGreaterThan(0)

    await page.fill("#search input", "walt")
    await page.waitForSelector("#suggestions:not([hidden]) .suggestion.product")
    const suggested = page.locator("#suggestions .suggestion.product").first()
    const name = (await suggested.textContent())!
    expect(name).toMatch(/Walton/)
    await suggested.click()
    await page.waitForSelector("#product-name")
    expect(name.startsWith((await page.locator("#product-name").textContent())!)).toBe(true)
    expect(await page.locator("#suggestions").isHidden()).toBe(true)
    expect(problems).toEqual([])
    await page.close()
  }, 60_000)

  it("a search that finds nothing, not even a correction, shows no price range (not Tk 0 – Tk 0)", async () => {
    const nothing = "qqxjzv"
    const answer = await api("GET", `/products?search=${nothing}&limit=1&includeFacets=true`)
    expect(answer.body["total"]).toBe(0)
    expect(answer.body["didYouMean"]).toBeUndefined()

    const { page, problems } = await openShop(`#/?search=${nothing}`)
    await rendered(page, `search=${nothing}`)
    expect(await page.locator("#result-count").textContent()).toBe("0 products")
    expect(await page.locator("#did-you-mean").count()).toBe(0)
    expect(await page.locator("#price-range .count").textContent()).toBe("No products in this selection")
    expect(problems).toEqual([])
    await page.close()
  }, 60_000)

  it("money reads as in Bangladesh: lakh grouping, no stray decimals, the price facet too", async () => {
    const { page, problems } = await openShop()
    await page.waitForSelector("#products .card")
    // the page's own module, imported in the page (a string, so the test runner leaves import() alone)
    const formatted = await page.evaluate(
      `import("/demo-shop/dom.js").then(({ money }) => [100000, 1234567.5, 99.999, 0, -100, 1500].map(money))`
    )
    expect(formatted).toEqual(["Tk 1,00,000", "Tk 12,34,567.50", "Tk 100", "Tk 0", "−Tk 100", "Tk 1,500"])
    const facet = (await page.locator("#price-range .count").textContent())!
    const [low, high] = facet.replace("In this selection: ", "").split(" – ")
    expect(low).toMatch(BANGLADESHI_AMOUNT)
    expect(high).toMatch(BANGLADESHI_AMOUNT)
    for (const price of await page.locator("#products .price").allTextContents()) {
      expect(price.replace(/^from /, "").split(/(?=Tk )/)[0]!.trim()).toMatch(BANGLADESHI_AMOUNT)
    }
    expect(problems).toEqual([])
    await page.close()
  }, 60_000)

  it("no shipping fee before a method is chosen; a refused method's radio goes back; ঢাকা gets Express", async () => {
    const { page, problems } = await openShop("#/?inStock=true")
    await page.waitForSelector("#products .card")
    await page.locator("#products .product-link").first().click()
    await page.waitForSelector("#add-to-cart:not([disabled])")
    await page.click("#add-to-cart")
    await page.waitForFunction(() => document.getElementById("cart-count")!.textContent === "1")
    await page.click("#cart-link")
    await page.waitForSelector("#address-form")

    const shippingCell = page.locator('[data-total="shipping"] td.num')
    expect(await shippingCell.textContent()).toBe("Choose a delivery method")
    expect(await page.locator('[data-total="total"] td').first().textContent()).toBe("Total before delivery")
    expect(await page.locator("#checkout").isDisabled()).toBe(true)

    // outside Dhaka: Express does not deliver there; its radio is not left chosen
    await submitAddress(page, { name: "Nasrin Akter", phone: "018-1912 3456", district: "সিলেট" })
    await page.waitForSelector('input[value="sm_demo_express"]:not([disabled])')
    expect(await shippingCell.textContent()).toBe("Choose a delivery method")
    await page.locator('input[value="sm_demo_express"]').check()
    await page.waitForSelector("#status.error:not([hidden])")
    expect(await page.locator("#status").textContent()).toMatch(/does not deliver|zone/i)
    expect(await page.locator('input[value="sm_demo_express"]').isChecked()).toBe(false)
    expect(await shippingCell.textContent()).toBe("Choose a delivery method")

    // the standard method prices the delivery; the fee is an amount now
    await page.locator('input[value="sm_demo_standard"]').check()
    await page.waitForSelector('input[value="sm_demo_standard"]:checked')
    await page.waitForSelector("#checkout:not([disabled])")
    await page.waitForFunction(() => document.querySelector('[data-total="shipping"] td.num')?.textContent?.startsWith("Tk "))
    for (const amount of await page.locator("#cart-totals td.num").allTextContents()) expect(amount).toMatch(BANGLADESHI_AMOUNT)

    // written in Bangla, Dhaka is inside the city: Express delivers there
    await page.fill('#address-form input[name="district"]', "")
    await submitAddress(page, { city: "ঢাকা" })
    await page.waitForSelector('input[value="sm_demo_express"]:not([disabled])')
    await page.locator('input[value="sm_demo_express"]').check()
    await page.waitForFunction(() => document.querySelector('[data-total="shipping"] td.num')?.textContent === "Tk 150")
    expect(await page.locator('input[value="sm_demo_express"]').isChecked()).toBe(true)
    expect(problems.filter((problem) => !problem.includes("422"))).toEqual([])
    await page.close()
  }, 90_000)

  it("the reset link points at this demo's port and opens a page that sets the password", async () => {
    const email = `reset-${Date.now()}@example.com`
    const registered = await api("POST", "/auth/register", { name: "Reset Tester", email, password: "violet-harbour-lantern" })
    expect(registered.status).toBe(201)
    expect((await api("POST", "/auth/forgot-password", { email })).status).toBe(202)
    const pattern = new RegExp(`Email to ${email.replace(/[.]/g, "\\.")} \\(reset_password\\): link ([^\\s"\\\\]+)`)
    await expect.poll(() => pattern.exec(shop.demo.process.output())?.[1]).toBeDefined()
    const link = pattern.exec(shop.demo.process.output())![1]!
    expect(link.startsWith(`http://localhost:${shop.demo.port}/reset-password?token=`)).toBe(true)

    const { page, problems } = await shopPage(shop.browser)
    await page.goto(link)
    await page.waitForSelector("#reset-password")
    await page.fill('#reset-password input[name="newPassword"]', "amber-lighthouse-meadow")
    await page.fill('#reset-password input[name="repeated"]', "amber-lighthouse-meadow")
    await page.click('#reset-password button[type="submit"]')
    await page.waitForSelector("#reset-done")
    expect(await page.locator("#account-link").textContent()).toBe("My account")
    expect((await api("POST", "/auth/login", { email, password: "amber-lighthouse-meadow" })).status).toBe(200)
    expect((await api("POST", "/auth/login", { email, password: "violet-harbour-lantern" })).status).toBe(401)
    expect(problems).toEqual([])
    await page.close()
  }, 60_000)
})
