import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EventCoinsNotice } from '@store/shared/api/events';
import { EVENT_COINS_EVENT } from '@store/shared/channels';
import { useAlert } from '#app/components/alerts.tsx';
import { camelize, type Camel } from '#app/lib/api.ts';
import { afterReveals } from '#app/lib/reveal-hold.ts';
import { meKey, useMe, useSetFinance } from '#app/lib/use-me.ts';
import { useUserChannel } from '#app/lib/use-user-channel.ts';
import { anyBattlePassKey } from '../api/get-battle-pass.ts';
import { anyCurrentEventKey } from '../api/get-current-event.ts';
import { anyEventCasesKey } from '../api/get-event-cases.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * A task of the event was completed and paid (`event_coins` on the player's private channel): the
 * header's coins move and a small toast says so, both after any animation still playing (the
 * opening that completed the task). The pass and the player are read again for the rest.
 */
export function EventCoinsListener() {
  const t = useT();
  const me = useMe();
  const client = useQueryClient();
  const alert = useAlert();
  const setFinance = useSetFinance();
  // Notices that arrived during an animation and wait for its end.
  const [waiting, setWaiting] = useState(0);
  const live = useUserChannel<EventCoinsNotice>(me?.userId ?? null, EVENT_COINS_EVENT, (raw) => {
    const notice: Camel<EventCoinsNotice> = camelize(raw);
    setWaiting((n) => n + 1);
    afterReveals(() => {
      setWaiting((n) => n - 1);
      setFinance({ coinBalance: notice.coinBalance, balance: notice.balance });
      alert.success(
        notice.reward.coins > 0
          ? t('event.taskDoneCoins', { count: notice.reward.coins })
          : t('event.taskDone', { task: notice.description }),
      );
      void client.invalidateQueries({ queryKey: anyBattlePassKey });
      void client.invalidateQueries({ queryKey: anyCurrentEventKey });
      void client.invalidateQueries({ queryKey: anyEventCasesKey });
      void client.invalidateQueries({ queryKey: meKey, exact: true });
    });
  });
  // Says when task news can arrive, and whether some waits for an animation (the browser tests wait on both).
  return me ? <span hidden data-testid="event-coins-listener" data-live={live ? 'on' : 'off'} data-waiting={waiting} /> : null;
}
