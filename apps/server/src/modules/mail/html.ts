const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A letter's HTML body made from its text, so the wording is written once: paragraphs at blank
 * lines, line breaks kept, addresses made links. Everything from the text is escaped, a nickname too.
 */
export function htmlOfText(lang: string, subject: string, text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) =>
      p
        .split('\n')
        .map((line) =>
          line
            .split(/(https?:\/\/\S+)/)
            .map((part, i) => (i % 2 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
            .join(''),
        )
        .join('<br>'),
    )
    .map((p) => `<p>${p}</p>`)
    .join('\n');
  return `<!doctype html>\n<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>\n${paragraphs}\n</body></html>\n`;
}
