import { describe, expect, it } from 'vitest';
import { frameChunk } from '#app/lib/frame-chunk.ts';

describe('the frame chunk: what the root and the default layout import statically', () => {
  const graph: Record<string, string[]> = {
    '/app/root.tsx': ['/app/lib/a.ts', '/node_modules/react/index.js'],
    '/app/routes/layout.tsx': ['/app/lib/b.ts?x'],
    '/app/lib/a.ts': ['/app/lib/a.ts'],
    '/app/lib/b.ts?x': [],
    '/node_modules/react/index.js': [],
    '/app/routes/home.tsx': ['/app/lib/c.ts'],
  };
  const ctx = { getModuleInfo: (id: string) => (graph[id] ? { importedIds: graph[id] } : null) };
  const { name } = frameChunk(['/app/root.tsx', '/app/routes/layout.tsx']);

  it('takes their imports, libraries included, and leaves the route modules and the rest alone', () => {
    expect(['/app/lib/a.ts', '/node_modules/react/index.js', '/app/lib/b.ts'].map((id) => name(id, ctx))).toEqual([
      'frame',
      'frame',
      'frame',
    ]);
    expect(['/app/root.tsx', '/app/routes/layout.tsx', '/app/routes/home.tsx', '/app/lib/c.ts'].map((id) => name(id, ctx))).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
