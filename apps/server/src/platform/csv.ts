/** One cell of an export: text, a number, a moment, or empty. */
export type CsvCell = string | number | boolean | Date | null;

/**
 * One page of an export, read by keyset from where the last page stopped (`after`, the source's
 * own cursor), never by offset and never the whole period at once.
 */
export interface CsvExportSource {
  columns: readonly string[];
  page(o: { from: Date; to: Date; after: string | null; limit: number }): Promise<{ cells: CsvCell[][]; after: string | null }>;
}

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break, quotes
 * doubled. Text a spreadsheet would run as a formula gets a leading apostrophe; numbers stay numbers.
 */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = value instanceof Date ? value.toISOString() : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The export as CSV text, a page at a time: the header, then each page's lines as one chunk, so
 * a long period streams out with one page in memory. `done` learns how many rows went out, the
 * whole export or as far as the reader took it before it went away.
 */
export async function* csvChunks(source: CsvExportSource, o: { from: Date; to: Date; pageSize: number; done: (rows: number, complete: boolean) => Promise<void> }) {
  let rows = 0;
  let complete = false;
  try {
    yield csvLine(source.columns);
    let after: string | null = null;
    for (;;) {
      const page = await source.page({ from: o.from, to: o.to, after, limit: o.pageSize });
      // Counted as handed to the stream: a reader that leaves now has been sent this page.
      rows += page.cells.length;
      if (page.cells.length) yield page.cells.map(csvLine).join('');
      if (page.after === null || page.cells.length < o.pageSize) break;
      after = page.after;
    }
    complete = true;
  } finally {
    await o.done(rows, complete);
  }
}
