import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { frameTextsSuffice, loadConsoleTexts, loadFrameTexts, loadTexts } from './lib/i18n.ts';
import { installImageFallback } from './lib/image-fallback.ts';
import { installImagePlaceholders } from './lib/image-placeholder.ts';
import { langFromPath, setLocalePrefix, stripLang } from './lib/lang.ts';
import { documentNonce, NonceContext } from './lib/nonce.ts';
import { whenIdle } from './lib/when-idle.ts';

// First of all, before the texts are awaited: a real picture that fails shows the server's drawing.
installImageFallback(document);
// And a picture's placeholder goes once it has loaded, those loaded before this script included.
installImagePlaceholders(document);

// React Router's default browser entry (7.x), after the page language's texts have come: the
// hydrated page must say what the server rendered, and only that language's chunks are fetched.
setLocalePrefix(document.querySelector<HTMLMetaElement>('meta[name="locale-prefix"]')?.content);
const { pathname } = window.location;
const lang = langFromPath(pathname);
const mainPage = frameTextsSuffice(pathname);
// The main page says only the frame's texts (decision 041); a console page also the console's, a
// chunk of their own that players never load; every other page all that players see.
await (mainPage ? loadFrameTexts(lang) : /^\/admin(\/|$)/.test(stripLang(pathname)) ? loadConsoleTexts(lang) : loadTexts(lang));
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext.Provider value={documentNonce(document)}>
        <HydratedRouter />
      </NonceContext.Provider>
    </StrictMode>,
  );
});
// The pages' texts, fetched once the main page is idle so a click away from it rarely waits
// for them (the default layout shows the page's skeleton if it does).
if (mainPage) whenIdle(() => void loadTexts(lang).catch(() => undefined));
