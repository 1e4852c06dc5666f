/** Debian's Chromium, or CHROME_PATH: the browser of the browser tests and of Lighthouse. */
export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

// The machine's network is closed: keep Chromium from reaching for Google's services.
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
