/** Small line icons of the battle screens (drawn, so they look the same without an emoji font). */
export function EyeIcon({ size = 14 }: { size?: number }) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M1.5 12S5.5 5 12 5s10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12z" />
      <circle cx="12" cy="12" r="3.2" />
    </svg>
  );
}

export function CrownIcon({ size = 22 }: { size?: number }) {
  return (
    <svg className="icon icon--crown" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" fill="#f5b73b" stroke="#b37a10" strokeWidth="1.2" strokeLinejoin="round" />
      <circle cx="12" cy="14.5" r="1.6" fill="#fff3c4" />
    </svg>
  );
}

export function BotIcon({ size = 24 }: { size?: number }) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <rect x="4" y="8" width="16" height="11" rx="3" />
      <path d="M12 4v4M9 13h.01M15 13h.01M9.5 16.5h5" />
      <circle cx="12" cy="3.5" r="1" fill="currentColor" />
    </svg>
  );
}
