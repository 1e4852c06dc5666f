import type { Page } from "@playwright/test";

/** Whether React has taken over the page (event handlers attached to #main), so clicks and keys reach it. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.getElementById("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps"));
  });
}
