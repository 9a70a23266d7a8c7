import type { Locator, Page } from 'playwright-core';

/**
 * Picks an option of an antd Select the way a user does: click, type into its search, click the option;
 * then waits until the select shows the choice. A click that lands while the popup list is still being
 * rebuilt (its options arriving, the virtual list measuring itself) is lost without a trace; on a busy
 * machine that happened often enough to fail journeys whose subject was something else, so the pick is
 * tried again (at most three times) rather than the journey failing 30 s later somewhere unrelated.
 *
 * `input` is the selector of the select's search input (its form field id, for example `#address_countryCode`);
 * `option` narrows the options by attribute, by default the one whose title is exactly `search`.
 */
export async function pickOption(
  page: Page,
  input: string,
  search: string,
  option = `[title="${search}"]`,
): Promise<void> {
  const shown = (title: string) =>
    page.locator(`.ant-select:has(${input}) .ant-select-content-has-value[title="${title}"]`);
  for (let attempt = 1; ; attempt += 1) {
    await page.locator(input).click();
    await page.locator(input).fill(search);
    const choice = page.locator(`.ant-select-dropdown:visible .ant-select-item-option${option}`);
    const title = (await choice.getAttribute('title')) ?? search;
    await choice.click();
    try {
      await shown(title).waitFor({ timeout: 5000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Chooses an item of an antd Dropdown menu (`trigger` opens it) and waits for `chosen`, what the page shows
 * once the choice took effect. Like `pickOption`, a click that lands while the menu is still animating in is
 * lost on a busy machine, so the choice is tried again (at most three times).
 */
export async function pickMenuItem(
  page: Page,
  trigger: string,
  item: string,
  chosen: Locator,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (!(await page.locator('.ant-dropdown:visible').count())) await page.locator(trigger).click();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: item }).click();
    try {
      await chosen.waitFor({ timeout: 5000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
