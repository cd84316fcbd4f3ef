import frame from './frame.json';
import alertCodes from './alerts.json';
import banners from './banners.json';

/**
 * The frame's texts: what the root, the default layout and the main page say (the header, menus,
 * footer, alerts, the main page's sections). The main page loads only these before hydrating; the
 * rest is `ru-page-texts.ts`. The chunk keeps this module's name because the server preloads
 * `ru-texts-*.js` on every page (apps/server/src/http/ssr.ts). A key the frame says must be here:
 * test/frame-texts.test.ts walks the frame's imports to check (decision 041).
 */
export default { ...frame, ...alertCodes, ...banners };
