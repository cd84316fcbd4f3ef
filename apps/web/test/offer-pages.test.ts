import { describe, expect, it } from 'vitest';
import { isCasePage } from '#app/features/offers/api/use-triggers.ts';

describe('where a fired offer waits', () => {
  it("waits on a case's page in either language, and shows on any other", () => {
    expect(isCasePage('/open/fracture')).toBe(true);
    expect(isCasePage('/en/open/diretide-chest')).toBe(true);
    for (const page of ['/', '/en', '/battles', '/en/daily-cases', '/profile/12', '/event/coin-cases', '/opening-times']) expect(isCasePage(page)).toBe(false);
  });
});
