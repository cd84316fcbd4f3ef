import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import type { Page } from '@playwright/test';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** The operator command, exactly as support staff run it, against the store under test. */
export async function grant(login: string, amount: number) {
  await run('npm', ['run', 'admin', '--', 'grant', '--login', login, '--amount', String(amount)], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '', REDIS_URL: '' },
  });
}

export const shotDir = path.resolve(import.meta.dirname, '../artifacts/screenshots');

export async function shoot(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(shotDir, `${name}-${width}.png`), fullPage: false });
  }
}
