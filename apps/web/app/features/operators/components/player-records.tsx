import type { LedgerData } from '../api/get-player-ledger.ts';
import { LedgerTable } from './ledger-table.tsx';
import { PlayerGames } from './player-games.tsx';
import { PlayerItems } from './player-items.tsx';
import { PlayerMessages } from './player-messages.tsx';
import { PlayerPromoUses } from './player-promo-uses.tsx';
import { PlayerSessions } from './player-sessions.tsx';
import { useT } from '#app/lib/use-t.ts';

/** The records an operator looks through on a player's page, one tab at a time (the ledger is the first). */
export const RECORD_TABS = ['ledger', 'items', 'games', 'sessions', 'promo', 'messages'] as const;
export type RecordTab = (typeof RECORD_TABS)[number];

function RecordTabs({ tab, onTab }: { tab: RecordTab; onTab: (tab: RecordTab) => void }) {
  const t = useT();
  return (
    <div className="tabs console-tabs" role="tablist" aria-label={t('admin.records.label')}>
      {RECORD_TABS.map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={tab === key}
          className={tab === key ? 'on' : undefined}
          onClick={() => onTab(key)}
          data-testid={`records-tab-${key}`}
        >
          {t(`admin.records.tabs.${key}`)}
        </button>
      ))}
    </div>
  );
}

/** The tab bar and the one record open under it; each tab is its own file and loads its rows when it opens. */
export function PlayerRecords({
  playerId,
  ledger,
  mayRevoke,
  tab,
  onTab,
}: {
  playerId: number;
  /** The ledger's first page, which comes with the page. */
  ledger: LedgerData;
  mayRevoke: boolean;
  tab: RecordTab;
  onTab: (tab: RecordTab) => void;
}) {
  return (
    <>
      <RecordTabs tab={tab} onTab={onTab} />
      {tab === 'ledger' && <LedgerTable playerId={playerId} first={ledger} />}
      {tab === 'items' && <PlayerItems playerId={playerId} />}
      {tab === 'games' && <PlayerGames playerId={playerId} />}
      {tab === 'sessions' && <PlayerSessions playerId={playerId} mayRevoke={mayRevoke} />}
      {tab === 'promo' && <PlayerPromoUses playerId={playerId} />}
      {tab === 'messages' && <PlayerMessages playerId={playerId} />}
    </>
  );
}
