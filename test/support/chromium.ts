/**
 * Debian's Chromium for the browser tests, driven by playwright-core: headless, no sandbox, no
 * GPU, no background networking.
 */
import { execFileSync } from "node:child_process"
import { afterAll, beforeAll } from "@effect/vitest"
import { type Browser, chromium } from "playwright-core"
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
