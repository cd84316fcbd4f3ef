import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { LevelCaseRef } from '@store/shared/api/levels';
import { levelFromExp } from '@store/shared/levels';
import type { Camel } from '#app/lib/api.ts';
import { useExpGains } from '#app/lib/exp-gain.ts';
import { lazyPart } from '#app/lib/lazy-part.tsx';
import { levelSpan } from '#app/lib/level-span.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { meKey, type MeData } from '#app/lib/use-me.ts';
import { LevelBadge } from '../level-badge.tsx';
import { Picture } from '../picture.tsx';
import { delay } from '@store/shared/timing';
import { useT } from '#app/lib/use-t.ts';

type CaseRef = Camel<LevelCaseRef>;
type Levels = MeData['levels'];

// Experience is counted from the activity stream just after the game commits; a refetch can come
// a moment too early, so it is asked again a few times before the bar settles.
const RECHECKS = [0, 1200, 2500];
// The popup of a new level waits for "+N XP" to finish floating into the bar.
const FLOAT_MS = 1800;
// Opens on a new level only: fetched then, not with every page.
const LevelUpDialog = lazyPart(() => import('../level-up-dialog.tsx').then((m) => m.LevelUpDialog));

/**
 * The avatar with the player's level badge and a thin experience bar under it. After a game's
 * animation the page announces the experience it earned: "+N XP" floats up, the bar fills, the
 * player is read again, and a new level opens a popup naming the level case it unlocked.
 */
export function HeaderLevel({ me }: { me: MeData }) {
  const t = useT();
  const to = useLocalePath();
  const client = useQueryClient();
  const [gain, setGain] = useState<{ key: number; amount: number } | null>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const [levelUp, setLevelUp] = useState<{ level: number; unlocked: CaseRef | null; next: CaseRef | null } | null>(null);
  const levels = me.levels;

  useExpGains(async (amount) => {
    const started = Date.now();
    const before = client.getQueryData<MeData | null>(meKey)?.levels ?? levels;
    const expected = before.currentExp + amount;
    if (amount > 0) {
      const after = levelFromExp(expected);
      setGain({ key: Date.now(), amount });
      setPreview(after.level > before.userLevel ? 100 : after.percentToNextLevel);
    }
    let fresh: Levels | undefined;
    for (const wait of RECHECKS) {
      await delay(wait);
      await client.refetchQueries({ queryKey: meKey, exact: true });
      fresh = client.getQueryData<MeData | null>(meKey)?.levels;
      if (!fresh || fresh.currentExp >= expected) break;
    }
    const leveledUp = !!fresh && fresh.userLevel > before.userLevel;
    // A new level: the bar stays full until "+N XP" has landed, then starts the new level.
    if (leveledUp && amount > 0) await delay(FLOAT_MS - (Date.now() - started));
    setPreview(null);
    if (fresh && leveledUp) {
      const had = new Set(before.availableCases.map((c) => c.link));
      setLevelUp({ level: fresh.userLevel, unlocked: fresh.availableCases.find((c) => !had.has(c.link)) ?? null, next: fresh.nextLevelCaseData });
    }
  });

  const percent = Math.min(100, Math.max(0, preview ?? levels.percentToNextLevel));
  const { into, span } = levelSpan(levels);
  const label = t('levels.progress', { n: levels.userLevel, into, span });
  return (
    <>
      <Link to={to(`/profile/${me.userId}`)} className="avatar-link" aria-label={`${t('nav.profile')} · ${label}`} title={label} data-testid="profile-link">
        <Picture src={me.avatar} alt="" width={36} height={36} loading="eager" />
        <LevelBadge level={levels.userLevel} size="xs" className="avatar-link__level" testId="header-level" />
        <span className="avatar-link__xp" data-testid="header-xp" data-exp={levels.currentExp} data-percent={percent} aria-hidden="true">
          <span style={{ width: `${percent}%` }} />
        </span>
        {gain && (
          <span key={gain.key} className="xp-float" onAnimationEnd={() => setGain(null)} data-testid="xp-float" aria-live="polite">
            +{gain.amount} XP
          </span>
        )}
      </Link>
      {levelUp && <LevelUpDialog {...levelUp} onClose={() => setLevelUp(null)} />}
    </>
  );
}
