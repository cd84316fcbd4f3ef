import '#app/styles/shell.css';
import { useT } from '#app/lib/use-t.ts';

const HIGHLIGHTS = [
  { key: 'withdraw', icon: '⇱' },
  { key: 'fair', icon: '✓' },
  { key: 'daily', icon: '◷' },
  { key: 'modes', icon: '⚔' },
] as const;

/** What the store promises (spec §1 SEO text: withdrawal to Steam within a minute), in four cards. */
export function Highlights({ testId = 'highlights' }: { testId?: string }) {
  const t = useT();
  return (
    <ul className="highlights" data-testid={testId}>
      {HIGHLIGHTS.map((h) => (
        <li key={h.key} className="highlight">
          <span className="highlight__icon" aria-hidden="true">
            {h.icon}
          </span>
          <b>{t(`shell.highlights.${h.key}.title`)}</b>
          <p className="muted">{t(`shell.highlights.${h.key}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}
