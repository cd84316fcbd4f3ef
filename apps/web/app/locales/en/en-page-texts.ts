import common from './common.json';
import fair from './provably-fair.json';
import techies from './techies.json';
import account from './account.json';
import shell from './shell.json';
import overlays from './overlays.json';
import pages from './pages.json';
import pwa from './pwa.json';

/**
 * The texts of every page beyond the main one, the dialogs included: a feature with many texts
 * keeps a file of its own (one top-level key each). A key the frame also has (`shell`, `event`...)
 * holds here only what the frame does not say: the two are deep-merged into the one namespace
 * (`mergeTexts`, lib/i18n.ts). The operator console's texts (`admin.json`) are a chunk of their own.
 */
export default { ...common, ...fair, ...techies, ...account, ...shell, ...overlays, ...pages, ...pwa };
