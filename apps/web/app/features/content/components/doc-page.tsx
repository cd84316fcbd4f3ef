import type { ReactNode } from 'react';
import { useT } from '#app/lib/use-t.ts';

/** A paragraph, or a list when the entry is itself a list of lines. */
export type DocBody = string | string[];

/**
 * One block of a long page: a heading with its text, or with a node of the page's own (the cookie
 * table). A block with neither is a part's heading (the event page's rules, then its privacy
 * policy); `sub` blocks sit under the part before them.
 */
export interface DocBlock {
  id: string;
  title: string;
  body?: DocBody[];
  content?: ReactNode;
  sub?: boolean;
}

interface DocPageProps {
  title: string;
  subtitle?: string;
  intro?: DocBody[];
  blocks: DocBlock[];
  /** The page's own test id; the blocks keep theirs (`doc-block`). */
  testId: string;
  /** Leave out the version date: the page is not a legal text. */
  undated?: boolean;
  footer?: ReactNode;
}

export function DocBodyView({ body }: { body: DocBody[] }) {
  return (
    <>
      {body.map((b, i) =>
        Array.isArray(b) ? (
          <ul key={i}>
            {b.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{b}</p>
        ),
      )}
    </>
  );
}

/**
 * A long text page (policies, the user agreement, event rules): a readable column, its contents as
 * links beside it on a wide screen and folded above it on a phone, every heading addressable by
 * `#id` so support can send a player straight to the paragraph.
 */
export function DocPage({ title, subtitle, intro, blocks, testId, undated, footer }: DocPageProps) {
  const t = useT();
  const toc = (
    <ol className="doc-toc__list">
      {blocks.map((b) => (
        <li key={b.id} className={b.sub ? 'doc-toc__sub' : undefined}>
          <a href={`#${b.id}`}>{b.title}</a>
        </li>
      ))}
    </ol>
  );
  return (
    <div className="doc" data-testid={testId}>
      <header className="doc__head">
        <h1 id="top">{title}</h1>
        {subtitle && <p className="doc__subtitle">{subtitle}</p>}
        {!undated && <p className="doc__updated muted">{t('pages.doc.updated')}</p>}
      </header>
      <div className="doc__layout">
        <nav className="doc-toc" aria-label={t('pages.doc.toc')}>
          <details className="doc-toc__fold">
            <summary>{t('pages.doc.toc')}</summary>
            {toc}
          </details>
          <div className="doc-toc__side">
            <p className="doc-toc__title">{t('pages.doc.toc')}</p>
            {toc}
          </div>
        </nav>
        <article className="doc__body">
          {intro && (
            <div className="doc__intro">
              <DocBodyView body={intro} />
            </div>
          )}
          {blocks.map((b) => {
            const part = !b.sub && !b.body && !b.content;
            const Heading = b.sub ? 'h3' : 'h2';
            return (
              <section key={b.id} id={b.id} className={part ? 'doc__part' : 'doc__block'} data-testid="doc-block">
                <Heading>{b.title}</Heading>
                {b.body && <DocBodyView body={b.body} />}
                {b.content}
              </section>
            );
          })}
          {footer}
          <p className="doc__top">
            <a href="#top">{t('pages.doc.toTop')} ↑</a>
          </p>
        </article>
      </div>
    </div>
  );
}
