import { ShellLogo } from './shell-logo.tsx';
import type { ConfigData } from '#app/lib/config.ts';
import '#app/styles/shell.css';
import { useT } from '#app/lib/use-t.ts';

type Socials = Record<'instagram' | 'telegram' | 'vk' | 'steam', string>;

/**
 * Spec §2: replaces the whole app while the monitoring status says offline. Plain links only: the
 * page must work with nothing behind it but this render (the server answers it with 503).
 */
export function TechWorkPage({ title, project, socials, home }: { title: string; project?: ConfigData['project'] | null; socials: Socials | null; home: string }) {
  const t = useT();
  return (
    <div className="shell-screen shell-screen--tech" data-testid="tech-work">
      <div className="shell-screen__bar">
        <ShellLogo title={title} project={project} />
      </div>
      <main className="shell-screen__main">
        <section className="shell-hero shell-hero--center">
          <div className="tech-work__gear" aria-hidden="true">
            ⚙
          </div>
          <h1>{t('shell.techWork.title')}</h1>
          <p className="muted">{t('shell.techWork.text')}</p>
          <p>{t('shell.techWork.safe')}</p>
          <a href={home} className="btn btn--accent btn--l" data-testid="tech-work-retry">
            {t('shell.techWork.retry')}
          </a>
          {socials && (
            <>
              <p className="muted">{t('shell.techWork.follow')}</p>
              <div className="socials socials--center">
                {(['telegram', 'vk', 'instagram', 'steam'] as const).map((s) => (
                  <a key={s} href={socials[s]} target="_blank" rel="noreferrer noopener" className={`social social--${s}`} data-testid={`tech-work-social-${s}`}>
                    {t(`social.${s}`)}
                  </a>
                ))}
              </div>
            </>
          )}
        </section>
      </main>
    </div>
  );
}
