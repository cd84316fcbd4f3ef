/** A player's default avatar: a colour from the id and a simple mark, so no upload is needed. */
export function avatarSvg(userId: number): string {
  const hue = (userId * 137) % 360;
  const mark = (userId % 36).toString(36).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 70% 35%)"/></linearGradient></defs><rect width="64" height="64" rx="14" fill="url(#g)"/><circle cx="32" cy="25" r="11" fill="rgba(255,255,255,.85)"/><path d="M12 56c3-12 12-17 20-17s17 5 20 17" fill="rgba(255,255,255,.85)"/><text x="52" y="60" font-family="sans-serif" font-size="10" fill="rgba(0,0,0,.45)" text-anchor="end">${mark}</text></svg>`;
}
