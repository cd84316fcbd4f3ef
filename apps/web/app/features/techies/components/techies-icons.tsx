/** The gem under a safe cell. */
export function GemIcon() {
  return (
    <svg className="techies-icon techies-icon--gem" viewBox="0 0 48 48" aria-hidden="true">
      <defs>
        <linearGradient id="techies-gem" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#b8ffe0" />
          <stop offset=".5" stopColor="#35d991" />
          <stop offset="1" stopColor="#119a5e" />
        </linearGradient>
      </defs>
      <path d="M14 8h20l10 12-20 22L4 20z" fill="url(#techies-gem)" />
      <path d="M4 20h40M14 8l10 34M34 8 24 42M14 8l-2 12M34 8l2 12" fill="none" stroke="#0b6b40" strokeOpacity=".55" strokeWidth="1.4" />
      <path d="M15 11h8l-5 7z" fill="#fff" fillOpacity=".55" />
    </svg>
  );
}

/** A mine; `blast` adds the explosion behind it (the mine that ended the game). */
export function MineIcon({ blast = false }: { blast?: boolean }) {
  return (
    <svg className="techies-icon techies-icon--mine" viewBox="0 0 48 48" aria-hidden="true">
      <defs>
        <radialGradient id="techies-mine" cx=".35" cy=".35" r=".75">
          <stop offset="0" stopColor="#8a93b8" stopOpacity=".55" />
          <stop offset="1" stopColor="#0b0d14" stopOpacity=".6" />
        </radialGradient>
      </defs>
      {blast && (
        <path
          className="techies-blast"
          d="M24 1l4.5 10 9-6-2 10.6 11-1.2-7.6 8.2L48 28l-10.6 2 5 9.8-10.4-4-2.6 10.8L24 38l-5.4 8.6-2.6-10.8-10.4 4 5-9.8L0 28l9.1-5.4L1.5 14.4l11 1.2-2-10.6 9 6z"
          fill="#ff7a2e"
        />
      )}
      <g stroke="#7a83a6" strokeWidth="3.2" strokeLinecap="round">
        <path d="M24 8v32M8 24h32M12.7 12.7l22.6 22.6M35.3 12.7 12.7 35.3" />
      </g>
      <circle cx="24" cy="24" r="11.5" fill="#3a4160" stroke="#0b0d14" strokeWidth="1.5" />
      <circle cx="24" cy="24" r="11.5" fill="url(#techies-mine)" />
      <circle cx="20" cy="20" r="3.4" fill="#ff5b5f" />
    </svg>
  );
}
