/**
 * Search and link-preview crawlers by their user agent (spec §2: bots are not shown the error
 * page). A miss only costs a crawler the full not-found page; a false hit only costs a person the
 * short 404, so the list names crawlers by their own tokens rather than guessing from "bot".
 */
const CRAWLERS = [
  'googlebot',
  'google-inspectiontool',
  'adsbot-google',
  'mediapartners-google',
  'storebot-google',
  'yandexbot',
  'yandexmobilebot',
  'yandeximages',
  'yandexaccessibilitybot',
  'bingbot',
  'bingpreview',
  'msnbot',
  'duckduckbot',
  'baiduspider',
  'slurp',
  'applebot',
  'petalbot',
  'seznambot',
  'mail.ru_bot',
  'ahrefsbot',
  'semrushbot',
  'mj12bot',
  'dotbot',
  'facebookexternalhit',
  'twitterbot',
  'telegrambot',
  'vkshare',
  'discordbot',
  'slackbot',
  'linkedinbot',
  'whatsapp',
];

export function isCrawler(userAgent: string | undefined | null): boolean {
  if (!userAgent) return false;
  const ua = userAgent.toLowerCase();
  return CRAWLERS.some((name) => ua.includes(name));
}

/** The whole answer a crawler gets for a missing page: the status says it all. */
export const CRAWLER_NOT_FOUND_BODY = '<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>404 Not Found</title></head><body>404 Not Found</body></html>';
