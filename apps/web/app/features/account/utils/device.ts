/**
 * A short name for a session's browser from its User-Agent ("Chrome · Windows"); null when it
 * says nothing we know. Only for the player to tell their sessions apart, never for decisions.
 */
export function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = [
    ['Edg/', 'Edge'],
    ['OPR/', 'Opera'],
    ['YaBrowser/', 'Yandex'],
    ['Firefox/', 'Firefox'],
    ['Chrome/', 'Chrome'],
    ['Safari/', 'Safari'],
  ].find(([token]) => userAgent.includes(token!))?.[1];
  const os = [
    ['Android', 'Android'],
    ['iPhone', 'iOS'],
    ['iPad', 'iPadOS'],
    ['Windows', 'Windows'],
    ['Mac OS X', 'macOS'],
    ['Linux', 'Linux'],
  ].find(([token]) => userAgent.includes(token!))?.[1];
  const parts = [browser, os].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
