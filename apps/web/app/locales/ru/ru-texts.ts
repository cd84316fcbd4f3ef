import common from './common.json';
import fair from './provably-fair.json';
import techies from './techies.json';
import account from './account.json';
import banners from './banners.json';
import shell from './shell.json';
import overlays from './overlays.json';
import alertCodes from './alerts.json';
import pages from './pages.json';
import pwa from './pwa.json';

/**
 * Every text of the players' interface in this language: a feature with many texts keeps a file of
 * its own (one top-level key each), merged into the one namespace. The operator console's texts
 * (`admin.json`) are a chunk of their own that only the console loads (`loadConsoleTexts`).
 */
export default { ...common, ...fair, ...techies, ...account, ...shell, ...overlays, ...alertCodes, ...pages, ...pwa, ...banners };
