import type { BattleMemberData } from '../api/get-battle.ts';
import { BotIcon } from './icons.tsx';

/** A seated player's avatar, a bot's mark, or an empty seat. */
export function SeatAvatar({ member, size = 40 }: { member: Pick<BattleMemberData, 'isBot' | 'name' | 'user'> | null; size?: number }) {
  if (!member) return <span className="seat-avatar seat-avatar--empty" style={{ width: size, height: size }} aria-hidden="true" />;
  if (member.isBot || !member.user)
    return (
      <span className="seat-avatar seat-avatar--bot" style={{ width: size, height: size }} title={member.name} aria-hidden="true">
        <BotIcon size={Math.round(size * 0.6)} />
      </span>
    );
  return <img className="seat-avatar" src={member.user.avatar} alt="" width={size} height={size} title={member.name} />;
}
