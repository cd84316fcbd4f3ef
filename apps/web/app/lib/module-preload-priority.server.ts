import { Transform } from 'node:stream';

/**
 * The head's module preloads ask for low priority (decision 055). React Router writes a
 * `<link rel="modulepreload">` for every module of the page and gives no way to set its priority;
 * Chromium would fetch them at high priority, beside the style sheets the first paint waits for.
 * They still start at once, in parallel; only the order the connection serves them changes. If the
 * router ever writes the tag differently nothing matches and the preloads keep the browser's
 * default priority, which is how a page loaded before; routes.spec.ts reads the lowered preloads,
 * so that change is seen there.
 */
export function lowerModulePreloads(head: string): string {
  return head.replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');
}

/** The longest a head can be before it is let through untouched: a page's head is a few KB. */
const HEAD_LIMIT = 256 * 1024;

/**
 * A pass-through for the rendered HTML that applies `lowerModulePreloads` to the head: it holds
 * the first chunks until `</head>` (the shell's first write carries it whole), then lets everything
 * through as it comes, so streaming is unchanged after the head.
 */
export function headTransform(onFinal: () => void): Transform {
  // Bytes, not text: a chunk may end inside a character, and `</head>` is plain ASCII.
  let pending = Buffer.alloc(0);
  let done = false;
  const rewritten = (bytes: Buffer, end: number) =>
    Buffer.concat([Buffer.from(lowerModulePreloads(bytes.subarray(0, end).toString('utf8'))), bytes.subarray(end)]);
  return new Transform({
    transform(chunk: Buffer | string, _enc, callback) {
      if (done) return callback(null, chunk);
      pending = Buffer.concat([pending, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
      const end = pending.indexOf('</head>');
      if (end === -1 && pending.length < HEAD_LIMIT) return callback();
      done = true;
      const out = end === -1 ? pending : rewritten(pending, end);
      pending = Buffer.alloc(0);
      callback(null, out);
    },
    flush(callback) {
      onFinal();
      callback(null, pending.length ? pending : undefined);
    },
  });
}
