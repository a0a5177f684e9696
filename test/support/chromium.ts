/**
 * Debian's Chromium for the browser tests, driven by playwright-core: headless, no sandbox, no
 * GPU, no background networking.
 */
import { execFileSync } from "node:child_process"
import { afterAll, beforeAll } from "@effect/vitest"
import { type Browser, chromium, type Page } from "playwright-core"
import { DEMO_START_TIMEOUT_MILLIS, type DemoServer, startDemoServer } from "./demo-server.ts"

const chromiumPath = (): string => {
  try {
    return execFileSync("/bin/sh", ["-c", "command -v chromium"], { encoding: "utf8" }).trim()
  } catch {
    throw new Error("Chromium is missing: install Debian's package (apt-get install -y chromium); .ci/run does")
  }
}

export const launchChromium = () =>
  chromium.launch({
    executablePath: chromiumPath(),
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
  })

/** A fresh demo (`npm start`) and Chromium for the suite: started before its tests, stopped after. */
export const demoInChromium = () => {
  const shop = {} as { demo: DemoServer; browser: Browser }
  beforeAll(async () => {
    shop.demo = await startDemoServer()
    shop.browser = await launchChromium()
  }, DEMO_START_TIMEOUT_MILLIS + 30_000)
  afterAll(async () => {
    await shop.browser?.close()
    await shop.demo?.stop()
  })
  return shop
}

/**
 * A new page of the demo shop's size and the problems it reports: uncaught page errors and
 * console errors, and requests that failed unless `failedRequests` is false (a test that leaves
 * the page for another site aborts some of its requests).
 */
export const shopPage = async (
  browser: Browser,
  options: { readonly failedRequests?: boolean } = {}
): Promise<{ readonly page: Page; readonly problems: Array<string> }> => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const problems: Array<string> = []
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`))
  if (options.failedRequests !== false) {
    page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`))
  }
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`)
  })
  return { page, problems }
}

/** Fills the cart's address form (inputs by name) and sends it. */
export const submitAddress = async (page: Page, fields: Readonly<Record<string, string>>) => {
  for (const [name, value] of Object.entries(fields)) await page.fill(`#address-form input[name="${name}"]`, value)
  await page.click('#address-form button[type="submit"]')
}

/** Chooses the demo's standard shipping once the address has made it available, and waits for checkout to open. */
export const chooseStandardShipping = async (page: Page) => {
  await page.waitForSelector('input[value="sm_demo_standard"]:not([disabled])')
  await page.locator('input[value="sm_demo_standard"]').check()
  await page.waitForSelector('input[value="sm_demo_standard"]:checked')
  await page.waitForSelector("#checkout:not([disabled])")
}
