import { LogoMark } from '#app/components/layout/logo-mark.tsx';
import type { ConfigData } from '#app/lib/config.ts';

/** The store's mark for the screens that stand without the header (landing, welcome, tech-work). */
export function ShellLogo({ title, href, project }: { title: string; href?: string; project?: ConfigData['project'] | null }) {
  const mark = (
    <>
      <LogoMark project={project} />
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
