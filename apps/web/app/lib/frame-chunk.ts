/** What the bundler's chunking pass tells of a module (Rolldown's `ChunkingContext`, the part used here). */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * A code-splitting group for the client build (vite.config.ts): the modules the given route
 * modules import statically, libraries included, become one chunk, `frame`. Left to itself the
 * bundler makes one small chunk per set of pages sharing a module, some sixty of them on every
 * page, and gzip compresses each apart: together they weigh about 15 KB less (README, page
 * weight). The route modules stay chunks of their own, as React Router needs, and so does all
 * that is imported dynamically: the lazy dialogs, the texts of each language, the SEO table.
 */
export function frameChunk(entries: readonly string[]) {
  const file = (id: string) => id.split('?')[0]!;
  // One walk per chunking pass: the context object is that pass's.
  const frames = new WeakMap<ChunkingContext, Set<string>>();
  const frameOf = (ctx: ChunkingContext) => {
    let frame = frames.get(ctx);
    if (!frame) {
      const found = new Set<string>();
      const seen = new Set<string>();
      const walk = (id: string) => {
        if (seen.has(id)) return;
        seen.add(id);
        const info = ctx.getModuleInfo(id);
        if (!info) return;
        found.add(file(id));
        info.importedIds.forEach(walk);
      };
      entries.forEach(walk);
      frame = found;
      frames.set(ctx, frame);
    }
    return frame;
  };
  return {
    // The group's name in the bundler's timing report (`name` below is a function, which names no group).
    debugName: 'frame',
    name: (id: string, ctx: ChunkingContext): string | null => {
      const path = file(id);
      // zod stays out: the root reads one setting of it (lib/zod-jitless.ts), and as part of the
      // frame every schema the console's pages use would ride along on every player's page.
      return !entries.includes(path) && !path.includes('/node_modules/zod/') && frameOf(ctx).has(path) ? 'frame' : null;
    },
  };
}
