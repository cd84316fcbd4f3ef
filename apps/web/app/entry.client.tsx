import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadTexts } from './lib/i18n.ts';
import { langFromPath, setLocalePrefix } from './lib/lang.ts';

// React Router's default browser entry (7.x), after the page language's texts have come: the
// hydrated page must say what the server rendered, and only that language's chunk is fetched.
setLocalePrefix(document.querySelector<HTMLMetaElement>('meta[name="locale-prefix"]')?.content);
await loadTexts(langFromPath(window.location.pathname));
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
