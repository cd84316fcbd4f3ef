import { Coins, EventCoinIcon } from '#app/components/event-coin.tsx';
import { CoinIcon, Money } from '#app/components/money.tsx';
import { Picture } from '#app/components/picture.tsx';
import { useLang } from '#app/lib/use-lang.ts';
import { formatAmount } from '@store/shared/money';
import { useT } from '#app/lib/use-t.ts';

interface RewardLike {
  coins: number;
  money: number;
  cases: readonly { amount: number; img: string; name: string; slug: string }[];
}

/**
 * What a level or a task pays: its cases (art and count), coins and money. Large on a level card
 * and in the claim animation (the prize is the picture), one line in a task row.
 */
export function PassReward({ reward, lazy = false, compact = false }: { reward: RewardLike; lazy?: boolean; compact?: boolean }) {
  const t = useT();
  const lang = useLang();
  const size = compact ? 40 : 88;
  const nothing = !reward.cases.length && reward.coins <= 0 && reward.money <= 0;
  return (
    <span className={`pass-reward${compact ? ' pass-reward--compact' : ''}`}>
      {reward.cases.map((c) => (
        <span key={c.slug} className="pass-reward__case" title={c.name}>
          {/* Lazy on a level card, in the slider's margin; at once in the claim's animation. */}
          <Picture src={c.img} width={size} height={size} loading={lazy ? 'lazy' : 'eager'} draggable={false} />
          {c.amount > 1 && <b className="pass-reward__amount">×{c.amount}</b>}
          {!compact && <small className="pass-reward__name">{c.name}</small>}
        </span>
      ))}
      {reward.coins > 0 &&
        (compact ? (
          <Coins value={reward.coins} className="pass-reward__coins" />
        ) : (
          <span className="pass-reward__big pass-reward__big--coins" data-testid="reward-coins" data-value={reward.coins}>
            <EventCoinIcon size={48} />
            <b>{formatAmount(reward.coins, { locale: lang })}</b>
          </span>
        ))}
      {reward.money > 0 &&
        (compact ? (
          <Money value={reward.money} className="pass-reward__money" />
        ) : (
          <span className="pass-reward__big pass-reward__big--money" data-testid="reward-money" data-value={reward.money}>
            <CoinIcon size={48} />
            <b>{formatAmount(reward.money, { locale: lang })}</b>
          </span>
        ))}
      {nothing && <span className="muted">{t('event.noReward')}</span>}
    </span>
  );
}
