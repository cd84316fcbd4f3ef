/** The store's mark for the screens that stand without the header (landing, welcome, tech-work). */
export function ShellLogo({ title, href }: { title: string; href?: string }) {
  const mark = (
    <>
      <span className="logo__mark" aria-hidden="true">
        CS
      </span>
      <span className="logo__text">
        Case<b>Store</b>
      </span>
    </>
  );
  return href ? (
    <a href={href} className="logo" aria-label={title}>
      {mark}
    </a>
  ) : (
    <span className="logo" aria-label={title}>
      {mark}
    </span>
  );
}
