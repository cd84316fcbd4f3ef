import type { ReactNode } from 'react';

export type BonusIcon = 'daily' | 'free' | 'promo' | 'pass' | 'pwa' | 'missions' | 'deposit';

/** One stroke icon per way to get a bonus; drawn here so the page needs no image requests. */
const paths: Record<BonusIcon, ReactNode> = {
  daily: (
    <>
      <rect x="4" y="5" width="16" height="15" rx="3" />
      <path d="M4 10h16M9 3v4M15 3v4M10 15l2 2 3-4" />
    </>
  ),
  free: (
    <>
      <rect x="4" y="9" width="16" height="11" rx="2" />
      <path d="M3 9h18M12 9v11M12 9c-2-4-7-4-6-1 .5 1.5 3 1 6 1 3 0 5.5.5 6-1 1-3-4-3-6 1" />
    </>
  ),
  promo: (
    <>
      <path d="M4 8a2 2 0 0 0 0 4v4h16v-4a2 2 0 0 1 0-4V4H4z" transform="translate(0 2)" />
      <path d="M10 9l4 6M10.5 9.5h0M13.5 14.5h0" />
    </>
  ),
  pass: (
    <>
      <path d="M6 4h12v5a6 6 0 0 1-12 0z" />
      <path d="M6 6H3v2a3 3 0 0 0 3 3M18 6h3v2a3 3 0 0 1-3 3M12 15v4M8 20h8" />
    </>
  ),
  pwa: (
    <>
      <rect x="7" y="2.5" width="10" height="19" rx="2.5" />
      <path d="M12 7v7M9 11l3 3 3-3M11 18.5h2" />
    </>
  ),
  missions: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <circle cx="12" cy="12" r="4.5" />
      <circle cx="12" cy="12" r="1" />
    </>
  ),
  deposit: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M9 15l6-6M9.5 9.5h0M14.5 14.5h0" />
    </>
  ),
};

interface BonusCardProps {
  icon: BonusIcon;
  title: string;
  text: string;
  /** The button: a link or an action, made by the page. */
  action: ReactNode;
  testId: string;
}

export function BonusCard({ icon, title, text, action, testId }: BonusCardProps) {
  return (
    <article className={`bonus-card bonus-card--${icon}`} data-testid={testId}>
      <span className="bonus-card__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
          {paths[icon]}
        </svg>
      </span>
      <h2>{title}</h2>
      <p className="muted">{text}</p>
      <div className="bonus-card__action">{action}</div>
    </article>
  );
}
