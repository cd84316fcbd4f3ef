import { describe, expect, it } from 'vitest';
import { projects } from '../src/config/projects.ts';
import { simulate } from '../src/admin/simulate.ts';
import { readCatalogueFile } from '../src/modules/catalogue/seed-catalogue.ts';

/** The operator's economics check (decision 006) on the committed catalogue, no database. */
const catalogue = readCatalogueFile('cs')
  .file.items.map((i) => ({ key: i.key, price: i.price }))
  .sort((a, b) => a.price - b.price);
const project = projects.cs;

describe('simulation of the games', () => {
  it.each(['upgrades', 'contracts', 'techies'] as const)('%s return the configured RTP within 1 pp over 100000 plays', (game) => {
    const report = simulate({ game, n: 100_000, catalogue, project, seed: 1 });
    const configured = game === 'upgrades' ? project.upgrades.rate : game === 'contracts' ? project.contracts.rtp : project.techies.rtp;
    expect(report.configured_rtp).toBe(configured);
    // Techies pays multipliers rounded down to hundredths: a little under the configured return.
    expect(Math.abs(report.expected_rtp - configured)).toBeLessThan(game === 'techies' ? 0.003 : 0.001);
    expect(Math.abs(report.observed_rtp - configured)).toBeLessThanOrEqual(0.01);
    // A game of multipliers up to ×10 spreads wider than an upgrade's or a contract's.
    expect(report.standard_error).toBeLessThan(game === 'techies' ? 0.01 : 0.005);
  });
});
