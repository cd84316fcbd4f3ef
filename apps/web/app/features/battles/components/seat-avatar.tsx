import { LevelBadge } from '#app/components/level-badge.tsx';
import { useUserLevel } from '#app/lib/use-user-level.ts';
import type { BattleMemberData } from '../api/get-battle.ts';
import { BotIcon } from './icons.tsx';
import { Picture } from '#app/components/picture.tsx';

/** A seated player's avatar with their level badge, a bot's mark, or an empty seat. */
export function SeatAvatar({ member, size = 40 }: { member: Pick<BattleMemberData, 'isBot' | 'name' | 'user'> | null; size?: number }) {
  // The seat data names no level: the levels of every seat on screen come in one batched call.
  const level = useUserLevel(member && !member.isBot ? member.user?.id : null);
  if (!member) return <span className="seat-avatar seat-avatar--empty" style={{ width: size, height: size }} aria-hidden="true" />;
  if (member.isBot || !member.user)
    return (
      <span className="seat-avatar seat-avatar--bot" style={{ width: size, height: size }} title={member.name} aria-hidden="true">
        <BotIcon size={Math.round(size * 0.6)} />
      </span>
    );
  return (
    <span className="seat-avatar-wrap">
      <Picture className="seat-avatar" src={member.user.avatar} alt="" width={size} height={size} title={member.name} loading="eager" />
      <LevelBadge level={level} size="xs" className="seat-avatar__level" testId="seat-level" />
    </span>
  );
}
