import { Link } from 'react-router';
import { Money } from '#app/components/money.tsx';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';
import type { BattleSummaryData } from '../api/get-battles.ts';
import { Picture } from '#app/components/picture.tsx';

/** The player's battles: when, which mode and cases, the entry, and how it ended for them. */
export function BattleHistoryList({ battles, meId }: { battles: BattleSummaryData[]; meId: number }) {
  const t = useT();
  const to = useLocalePath();
  const lang = useLang();
  return (
    <ul className="battle-history">
      {battles.map((b) => {
        const me = b.members.find((m) => m.user?.id === meId);
        const over = b.status === 'finished';
        const win = over && !!me?.isWinner;
        return (
          <li key={b.ulid} className={`battle-history__row${over ? (win ? ' is-win' : ' is-loss') : ''}`} data-testid="battle-history-row">
            <time dateTime={b.createdAt}>{formatDateTime(b.createdAt, lang)}</time>
            <span className="battle-card__mode">{t(`battles.modes.${b.mode}`)}</span>
            <span className="battle-history__cases">
              {b.cases.slice(0, 4).map((l) => (
                <Picture key={l.case.slug} src={l.case.image} alt={l.case.name} title={`${l.case.name} ×${l.count}`} width={36} height={36} />
              ))}
            </span>
            <Money value={b.price} className="battle-history__price" />
            <b className={`battle-history__result${over ? (win ? ' win' : ' loss') : ''}`} data-testid="battle-history-result">
              {over ? (win ? t('battles.history.win') : t('battles.history.lose')) : t(`battles.status.${b.status}`)}
            </b>
            <span className="battle-history__amount">
              {over && (win ? <Money value={me?.won ?? 0} className="win" /> : <span className="loss">−<Money value={b.price} /></span>)}
            </span>
            <Link to={to(`/battles/${b.ulid}`)} className="btn btn--secondary btn--s">
              {t('battles.history.open')}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
