/**
 * The browser's bar colour (the theme-color meta) for each game's look: the page background of
 * styles/themes.css, so a phone's bar runs into the page. The CS store's dark blue otherwise.
 */
const BARS: Record<string, string> = { dota: '#0e0b0a' };

export const themeColor = (theme: string | undefined): string => BARS[theme ?? ''] ?? '#0f1119';
