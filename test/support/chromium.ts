/**
 * Debian's Chromium for the browser tests, driven by playwright-core: headless, no sandbox, no
 * GPU, no background networking.
 */
import { execFileSync } from "node:child_process"
import { chromium } from "playwright-core"

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
