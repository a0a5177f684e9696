/**
 * The demo shop page in real headless Chromium (Debian's `chromium`, driven by playwright-core),
 * against a fresh demo from `npm start`. The page is loaded from http://localhost:<port> and
 * calls the API at http://127.0.0.1:<port>: another origin, so every call goes through CORS
 * (the demo's default allows http://localhost:*). A shopper browses a category, filters by a
 * facet, opens a product, adds it to the cart, fills in the address, picks a shipping method,
 * applies a coupon and checks out as a guest, and sees the order number; then signs in by a code
 * sent to the order's phone and finds the order in the history.
 *
 * With SCREENSHOTS_DIR set, the main screens are saved there (README: docs/*.png).
 */
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import type { Page } from "playwright-core"
import { chooseStandardShipping, demoInChromium, shopPage, submitAddress } from "../support/chromium.ts"

const screenshotsDir = process.env["SCREENSHOTS_DIR"]
const screenshot = async (page: Page, name: string, fullPage = false) => {
  if (screenshotsDir === undefined) return
  mkdirSync(screenshotsDir, { recursive: true })
  await page.screenshot({ path: join(screenshotsDir, `demo-shop-${name}.png`), fullPage })
}

/** Waits until the page has rendered the state of its current hash, which must pass `test`. */
const rendered = (page: Page, test: string) =>
  page.waitForFunction(
    (pattern) => document.body.dataset["rendered"] === location.hash && new RegExp(pattern).test(decodeURIComponent(location.hash)),
    test
  )

const shop = demoInChromium()

describe("demo shop in Chromium", () => {
  it("a guest browses, filters, adds to the cart, checks out and sees the order number, all through CORS", async () => {
    const { demo, browser } = shop
    const pageOrigin = `http://localhost:${demo.port}`
    const { page, problems } = await shopPage(browser)
    const apiResponses: Array<{ url: string; status: number; allowOrigin: string | undefined }> = []
    page.on("response", (response) => {
      if (response.url().startsWith(`${demo.base}/v1/`)) {
        apiResponses.push({ url: response.url(), status: response.status(), allowOrigin: response.headers()["access-control-allow-origin"] })
      }
    })

    await page.goto(`${pageOrigin}/?api=${encodeURIComponent(demo.base)}`)
    await page.waitForSelector("#products .card")
    expect(await page.locator("#api-base").textContent()).toBe(demo.base)
    await screenshot(page, "listing")

    // browse: a root category from the tree
    await page.locator(".tree").getByRole("link", { name: "Men", exact: true }).click()
    await rendered(page, "categorySlug=men")
    const inCategory = Number((await page.locator("#result-count").textContent())!.split(" ")[0])
    expect(inCategory).toBeGreaterThan(0)

    // filter: "in stock" and the first brand, each a facet checkbox
    await page.locator('[data-facet="inStock"] input').check()
    await rendered(page, "inStock=true")
    const brand = page.locator('[data-facet="attribute-brand"] input').first()
    const brandName = await brand.getAttribute("value")
    await brand.check()
    await rendered(page, `inStock=true.*brand:${brandName}`)
    const filtered = Number((await page.locator("#result-count").textContent())!.split(" ")[0])
    expect(filtered).toBeGreaterThan(0)
    expect(filtered).toBeLessThan(inCategory)
    expect(await page.locator('[data-facet="attribute-brand"] input:checked').count()).toBe(1)
    await screenshot(page, "filtered")

    // the product page: a variant in stock, two of it into the cart
    await page.locator("#products .product-link").first().click()
    await page.waitForSelector("#add-to-cart:not([disabled])")
    const productName = (await page.locator("#product-name").textContent())!
    expect(productName).toContain(brandName!)
    await expect.poll(() => page.locator("#variant-stock").textContent()).toMatch(/In stock|Only a few left/)
    await page.fill('input[name="quantity"]', "2")
    await page.click("#add-to-cart")
    await page.waitForFunction(() => document.getElementById("cart-count")!.textContent === "2")
    await screenshot(page, "product")

    // the cart: address (thana, district), shipping method, coupon
    await page.click("#cart-link")
    await page.waitForSelector("#address-form")
    expect(await page.locator("#cart-items").textContent()).toContain(productName)
    await submitAddress(page, {
      name: "Nasrin Akter",
      phone: "+8801899000123",
      email: "nasrin@example.com",
      road: "Road 7",
      thana: "Tongi",
      district: "Gazipur"
    })
    await chooseStandardShipping(page)
    await page.fill('#coupon-form input[name="code"]', "flat100")
    await page.click('#coupon-form button[type="submit"]')
    await page.waitForSelector("#coupon-form >> text=FLAT100")
    const totals = (await page.locator("#cart-totals").textContent())!
    expect(totals).toContain("Discount (FLAT100)")
    expect(totals).toContain("−Tk 100")
    expect(await page.locator('[data-total="cod"] td.num').textContent()).not.toBe("Tk 0")
    await screenshot(page, "cart", true)
    const cartId = await page.evaluate(() =>
      Object.entries(localStorage).find(([name]) => name.endsWith(":cartId"))?.[1]
    )

    // guest checkout: the order number is shown and the cart is completed
    await page.click("#checkout")
    await page.waitForSelector("#order-number")
    const orderNumber = (await page.locator("#order-number").textContent())!.trim()
    expect(orderNumber).toMatch(/^\d{6,}$/)
    expect(await page.locator("#cart-count").textContent()).toBe("0")
    await screenshot(page, "order")
    const cart = await fetch(`${demo.base}/v1/store/cart/${JSON.parse(cartId!)}`, {
      headers: { "x-publishable-api-key": "pk_demo_main_storefront" }
    })
    expect(((await cart.json()) as { status: string }).status).toBe("completed")

    // the guest signs in by a code sent to the phone of the order (the demo prints it in its
    // console); that proves the phone, so the order shows in the history
    await page.click("#account-link")
    await page.waitForSelector("#phone-sign-in")
    await page.fill('#phone-sign-in input[name="phone"]', "+8801899000123")
    await page.click('#phone-sign-in button:has-text("Send code")')
    await page.waitForSelector('#phone-sign-in input[name="code"]:visible')
    const code = await expect.poll(() => /SMS to \+8801899000123 \(login\): code (\d{6})/.exec(demo.process.output())?.[1]).toMatch(/^\d{6}$/)
      .then(() => /SMS to \+8801899000123 \(login\): code (\d{6})/.exec(demo.process.output())![1]!)
    await page.fill('#phone-sign-in input[name="code"]', code)
    await page.click('#phone-sign-in button:has-text("Verify")')
    await page.waitForSelector("#orders")
    expect(await page.locator("#orders").textContent()).toContain(`#${orderNumber}`)
    expect(await page.locator("#account-link").textContent()).toBe("My account")
    await screenshot(page, "orders")

    // every call crossed origins and was allowed by CORS; nothing failed in the page
    expect(new URL(pageOrigin).origin).not.toBe(new URL(demo.base).origin)
    expect(apiResponses.length).toBeGreaterThan(10)
    for (const response of apiResponses) {
      expect(response.allowOrigin, response.url).toBe(pageOrigin)
      expect(response.status, response.url).toBeLessThan(400)
    }
    expect(problems).toEqual([])
    await page.close()
  }, 120_000)
  it("the language switch shows the products and the category tree named in Bangla, the answers saying so", async () => {
    const { demo, browser } = shop
    const { page, problems } = await shopPage(browser)
    const languages: Array<string | undefined> = []
    page.on("response", (response) => {
      if (response.url().startsWith(`${demo.base}/v1/store/products`)) languages.push(response.headers()["content-language"])
    })
    await page.goto(`http://localhost:${demo.port}/?api=${encodeURIComponent(demo.base)}`)
    await page.waitForSelector("#products .card")
    const bangla = /[\u0980-\u09FF]/
    const englishNames = await page.locator("#products .product-link").allTextContents()
    expect(englishNames.some((name) => bangla.test(name))).toBe(false)

    await page.selectOption("#language", "bn")
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll("#products .product-link")).some((link) => /[\u0980-\u09FF]/.test(link.textContent ?? ""))
    )
    expect(languages).toContain("bn")
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("bn")
    // the category tree is in Bangla too
    await page.waitForFunction(() => /[\u0980-\u09FF]/.test(document.querySelector(".tree")?.textContent ?? ""))
    expect(await page.locator(".tree").getByRole("link", { name: "ছেলেদের", exact: true }).count()).toBe(1)
    // a translated product's page is in Bangla too
    await page.locator("#products .product-link").filter({ hasText: bangla }).first().click()
    await page.waitForSelector("#product-name")
    expect(await page.locator("#product-name").textContent()).toMatch(bangla)

    // back to English: the same page in English, and the choice kept on the next visit
    await page.selectOption("#language", "en")
    await page.waitForFunction(() => !/[\u0980-\u09FF]/.test(document.getElementById("product-name")?.textContent ?? "\u0980"))
    await page.goto(`http://localhost:${demo.port}/?api=${encodeURIComponent(demo.base)}`)
    await page.waitForSelector("#products .card")
    expect((await page.locator("#products .product-link").allTextContents()).some((name) => bangla.test(name))).toBe(false)
    expect(problems).toEqual([])
    await page.close()
  })
})
