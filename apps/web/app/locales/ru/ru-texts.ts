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
import admin from './admin.json';

/** Every text of the interface in this language: a feature with many texts keeps a file of its own (one top-level key each), merged into the one namespace. */
export default { ...common, ...fair, ...techies, ...account, ...shell, ...overlays, ...alertCodes, ...pages, ...pwa, ...banners, ...admin };
