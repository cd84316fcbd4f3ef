/**
 * A region's name in the page's language ("Германия"), its code where the runtime cannot name it.
 * One `Intl.DisplayNames` per language: the first one loads the runtime's region data (16 ms on a
 * desktop, four times that on a phone); every later name is a lookup.
 */
const byLang = new Map<string, Intl.DisplayNames | null>();

export function regionName(code: string, lang: string): string {
  let names = byLang.get(lang);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([lang], { type: 'region' });
    } catch {
      names = null;
    }
    byLang.set(lang, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}
