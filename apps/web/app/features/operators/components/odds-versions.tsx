import { useLang } from '#app/lib/use-lang.ts';
import type { CaseData } from '../utils/case-fields.ts';
import { formatTickets, formatWhen } from '../utils/case-format.ts';
import { percentOf } from '../utils/odds-editor.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * Every odds version of the case, newest first: when it was made, its return to player then and
 * the openings made with it (each opening keeps the table it used, and verifies against it).
 */
export function OddsVersions({ versions }: { versions: CaseData['oddsHistory'] }) {
  const t = useT();
  const lang = useLang();
  return (
    <section className="console-card" data-testid="odds-versions" aria-label={t('admin.cases.versions.title')}>
      <h2>{t('admin.cases.versions.title')}</h2>
      <p className="muted console-hint">{t('admin.cases.versions.hint')}</p>
      <div className="console-table-wrap">
        <table className="console-table">
          <thead>
            <tr>
              <th>{t('admin.cases.versions.id')}</th>
              <th>{t('admin.cases.versions.when')}</th>
              <th className="num">{t('admin.cases.versions.rtp')}</th>
              <th className="num">{t('admin.cases.versions.opens')}</th>
              <th aria-hidden="true" />
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.id} data-testid="odds-version" data-current={v.current}>
                <td>
                  <code>#{v.id}</code>
                </td>
                <td>{formatWhen(v.createdAt, lang)}</td>
                <td className="num">{percentOf(v.rtpAtCreation, lang)}</td>
                <td className="num">{formatTickets(v.opens, lang)}</td>
                <td>{v.current && <span className="badge badge--confirmed">{t('admin.cases.versions.current')}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
