/** A small padlock (an emoji would need a font the phone may not have). */
export function LockIcon({ size = 12 }: { size?: number }) {
  return (
    <svg className="lock-icon" width={size} height={size} viewBox="0 0 16 16" aria-hidden="true">
      <rect x="2.5" y="7" width="11" height="8" rx="2" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}
