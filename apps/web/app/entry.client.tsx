import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadConsoleTexts, loadTexts } from './lib/i18n.ts';
import { langFromPath, setLocalePrefix, stripLang } from './lib/lang.ts';

// React Router's default browser entry (7.x), after the page language's texts have come: the
// hydrated page must say what the server rendered, and only that language's chunk is fetched.
setLocalePrefix(document.querySelector<HTMLMetaElement>('meta[name="locale-prefix"]')?.content);
const lang = langFromPath(window.location.pathname);
// A console page also says the console's texts, a chunk of their own that players never load.
await (/^\/admin(\/|$)/.test(stripLang(window.location.pathname)) ? loadConsoleTexts(lang) : loadTexts(lang));
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
