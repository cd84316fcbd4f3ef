import { STORAGE_ENTRIES, STORAGE_GROUPS } from '../utils/storage-inventory.ts';
import { useT } from '#app/lib/use-t.ts';

/** What an entry is for and how long it lasts, in the page's language (the cookie policy's loader data). */
export type StorageEntryTexts = Record<string, { purpose: string; lifetime: string }>;

/**
 * The cookie policy's list: a table on a wide screen, one card per entry on a phone (the same
 * markup; the stylesheet lays the cells out as labelled lines).
 */
export function StorageTable({ entries }: { entries: StorageEntryTexts }) {
  const t = useT();
  const columns = ['name', 'where', 'purpose', 'lifetime'] as const;
  return (
    <div className="storage" data-testid="storage-table">
      {STORAGE_GROUPS.map((group) => (
        <table key={group} className="storage__table">
          <caption>{t(`pages.cookies.groups.${group}`)}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {t(`pages.cookies.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {STORAGE_ENTRIES.filter((e) => e.group === group).map((e) => (
              <tr key={e.key} data-testid="storage-entry" data-names={e.names.join(' ')}>
                <td data-label={t('pages.cookies.columns.name')}>
                  {e.names.map((n) => (
                    <code key={n}>{n}</code>
                  ))}
                </td>
                <td data-label={t('pages.cookies.columns.where')}>{t(`pages.cookies.kinds.${e.kind}`)}</td>
                <td data-label={t('pages.cookies.columns.purpose')}>{entries[e.key]?.purpose}</td>
                <td data-label={t('pages.cookies.columns.lifetime')}>{entries[e.key]?.lifetime}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
