import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { FaqCategoryData } from '../api/get-faq.ts';
import { filterFaq, questionCount } from '../utils/faq-search.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

interface FaqBrowserProps {
  categories: FaqCategoryData[];
  supportMail: string | null;
}

/** The question a `#id` in the address names, if the FAQ has it. */
const hashQuestion = (categories: FaqCategoryData[]): string | null => {
  const id = decodeURIComponent(window.location.hash.slice(1));
  return categories.some((c) => c.questions.some((q) => q.id === id)) ? id : null;
};

/**
 * The FAQ: a search that narrows the questions as the player types, the topics as jump links, and
 * questions that fold open. `/faq#<question id>` opens that question and scrolls to it; opening a
 * question puts its id in the address, so the address bar holds a link to share.
 */
export function FaqBrowser({ categories, supportMail }: FaqBrowserProps) {
  const t = useT();
  const to = useLocalePath();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const shown = useMemo(() => filterFaq(categories, query), [categories, query]);
  const count = questionCount(shown);
  const searching = query.trim() !== '';

  const openFromHash = useCallback(() => {
    const id = hashQuestion(categories);
    if (!id) return;
    setQuery('');
    setOpen((s) => new Set(s).add(id));
    // After the fold opens, so the whole answer is in view.
    requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
  }, [categories]);

  // The fragment exists only in the browser: the page is rendered closed, then the named question
  // opens on the first frame after hydration (and again whenever the fragment changes).
  useEffect(() => {
    const frame = requestAnimationFrame(openFromHash);
    window.addEventListener('hashchange', openFromHash);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('hashchange', openFromHash);
    };
  }, [openFromHash]);

  const toggle = (id: string, isOpen: boolean) => {
    setOpen((s) => {
      if (s.has(id) === isOpen) return s;
      const next = new Set(s);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });
    // The router's own history entry is kept; only the fragment changes.
    if (isOpen) window.history.replaceState(window.history.state, '', `#${id}`);
  };

  return (
    <div className="faq" data-testid="faq">
      <div className="faq__search">
        <svg className="faq__search-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('pages.faq.searchPlaceholder')}
          aria-label={t('pages.faq.searchLabel')}
          maxLength={100}
          data-testid="faq-search"
        />
        {searching && (
          <button type="button" className="faq__clear" onClick={() => setQuery('')} aria-label={t('pages.faq.clear')}>
            ×
          </button>
        )}
      </div>

      {searching ? (
        <p className="faq__count muted" aria-live="polite" data-testid="faq-count" data-count={count}>
          {count > 0 ? t('pages.faq.found', { count }) : ''}
        </p>
      ) : (
        <nav className="faq__topics" aria-label={t('pages.faq.topics')}>
          {categories.map((c) => (
            <a key={c.id} href={`#topic-${c.id}`} className="faq__topic">
              {c.title}
            </a>
          ))}
        </nav>
      )}

      {count === 0 ? (
        <div className="faq__empty" data-testid="faq-empty" role="status">
          <b>{t('pages.faq.nothingTitle')}</b>
          <p className="muted">{t('pages.faq.nothingText', { query: query.trim() })}</p>
          <button type="button" className="btn btn--secondary btn--m" onClick={() => setQuery('')}>
            {t('pages.faq.clear')}
          </button>
        </div>
      ) : (
        shown.map((c) => (
          <section key={c.id} id={`topic-${c.id}`} className="faq__category" data-testid="faq-category" data-category={c.id}>
            <h2>{c.title}</h2>
            <div className="faq__list">
              {c.questions.map((q) => (
                <details
                  key={q.id}
                  id={q.id}
                  className="faq__item"
                  open={open.has(q.id)}
                  onToggle={(e) => toggle(q.id, e.currentTarget.open)}
                  data-testid="faq-question"
                >
                  <summary>
                    <span>{q.question}</span>
                    <span className="faq__chevron" aria-hidden="true" />
                  </summary>
                  <div className="faq__answer">
                    {q.answer.map((p) => (
                      <p key={p}>{p}</p>
                    ))}
                    {q.links.length > 0 && (
                      <p className="faq__links">
                        {q.links.map((l) => (
                          <Link key={l.path} to={to(l.path)} className="btn btn--secondary btn--s">
                            {l.label} →
                          </Link>
                        ))}
                      </p>
                    )}
                  </div>
                </details>
              ))}
            </div>
          </section>
        ))
      )}

      {supportMail && (
        <aside className="faq__more" data-testid="faq-more">
          <div>
            <b>{t('pages.faq.moreTitle')}</b>
            <p className="muted">{t('pages.faq.moreText')}</p>
          </div>
          <a className="btn btn--accent btn--m" href={`mailto:${supportMail}`}>
            {t('pages.faq.write')}
          </a>
        </aside>
      )}
    </div>
  );
}
