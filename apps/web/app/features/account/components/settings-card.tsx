import type { ReactNode } from 'react';

/** One section of the settings page: a heading and its content. */
export function SettingsCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="settings-card" data-testid={testId} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
