import type { MethodData } from '../api/get-payment-country.ts';
import { methodName } from '../utils/method-name.ts';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

const TYPE_KEYS = { 1: 'common', 2: 'skin', 3: 'ecom', 4: 'giftCard' } as const;

/** Payment methods grouped by type (spec §3: 1 common, 2 skin, 3 ecom, 4 gift card). */
export function MethodList({ methods, selectedId, onSelect }: { methods: MethodData[]; selectedId: number | null; onSelect: (m: MethodData) => void }) {
  const t = useT();
  const groups = ([1, 2, 3, 4] as const)
    .map((type) => ({ type, list: methods.filter((m) => m.type === type).sort((a, b) => a.sort.desktop - b.sort.desktop) }))
    .filter((g) => g.list.length);
  return (
    <div className="methods">
      {groups.map((g) => (
        <section key={g.type} className="methods__group">
          <h2 className="heading-small">{t(`refill.types.${TYPE_KEYS[g.type]}`)}</h2>
          <div className="methods__grid">
            {g.list.map((m) => (
              <button key={m.id} type="button" className={`method${m.id === selectedId ? ' method--on' : ''}`} onClick={() => onSelect(m)} aria-pressed={m.id === selectedId} data-testid="pay-method">
                <Picture className="method__icon" src={m.icon} alt="" width={44} height={44} />
                <span className="method__name">{methodName(t, m)}</span>
                {m.bonusPercent > 0 && <span className="method__bonus">+{m.bonusPercent}%</span>}
              </button>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
