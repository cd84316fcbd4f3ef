import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const appDir = new URL('../app/', import.meta.url).pathname;
function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return cssFiles(file);
    return name.endsWith('.css') ? [file] : [];
  });
}
const sheets = cssFiles(appDir).map((file) => ({ file: path.relative(appDir, file), css: readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '') }));

/** The declarations of every rule whose selector is exactly `selector`, in any sheet. */
function rules(selector: string): Array<{ file: string; decls: Record<string, string> }> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  return sheets.flatMap(({ file, css }) =>
    [...css.matchAll(new RegExp(`(?:^|\\})[ \\t]*${escaped}\\s*\\{([^}]*)\\}`, 'gm'))].map((m) => ({
      file,
      decls: Object.fromEntries(
        (m[1] ?? '')
          .split(';')
          .map((d) => d.split(':').map((s) => s.trim()))
          .filter((d) => d.length === 2 && d[0])
          .map(([k, v]) => [k, v]),
      ) as Record<string, string>,
    })),
  );
}

describe('buttons (spec §9 Interface)', () => {
  it('come in the sizes L 50px/16, M 40px/14, S 32px/12 and XS 28px/10, defined once', () => {
    const sizes = { l: ['50px', '16px'], m: ['40px', '14px'], s: ['32px', '12px'], xs: ['28px', '10px'] };
    for (const [size, [height, fontSize]] of Object.entries(sizes)) {
      const found = rules(`.btn--${size}`);
      expect(found, `.btn--${size}`).toHaveLength(1);
      expect(found[0]?.decls, `.btn--${size}`).toMatchObject({ height, 'font-size': fontSize });
    }
  });

  it('have the presets accent, burger, primary, quicksale and secondary, each with its own look', () => {
    for (const preset of ['accent', 'burger', 'primary', 'quicksale', 'secondary']) {
      const found = rules(`.btn--${preset}`);
      expect(found.length, `.btn--${preset}`).toBeGreaterThan(0);
      expect(found.some((r) => r.decls.background), `.btn--${preset} has a background`).toBe(true);
    }
  });

  it('the header menu button is the burger preset at size M', () => {
    const header = readFileSync(new URL('../app/components/layout/header.tsx', import.meta.url), 'utf8');
    expect(header).toMatch(/className="btn btn--m btn--burger"[^\n]*data-testid="menu-button"/);
  });
});
