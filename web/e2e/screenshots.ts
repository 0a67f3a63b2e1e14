import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';

// Screenshots of the case screens for review: 1280 and 375 px, light and dark (web/e2e-artifacts/).

export const ARTIFACTS = resolve(import.meta.dirname, '../e2e-artifacts');
export const SHOTS = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 375 },
  { theme: 'dark', width: 375 },
] as const;

/** Applies the theme before the app starts and sizes the viewport. */
export async function prepareShot(page: Page, shot: (typeof SHOTS)[number]): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.setViewportSize({ width: shot.width, height: shot.width > 400 ? 900 : 812 });
  await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), shot.theme);
}

export async function shoot(page: Page, name: string, shot: (typeof SHOTS)[number]): Promise<void> {
  // Let toasts and transitions settle.
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${ARTIFACTS}/${name}-${shot.theme}-${shot.width}.png`, fullPage: true });
}
