import type { CSSProperties } from 'react';
import { levelBand } from '@store/shared/levels';
import { readableTextOn } from '#app/lib/contrast.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * A player's level in the colour of its band (spec §9 level colours), wherever a player appears.
 * Level 0 means unknown and shows nothing.
 */
export function LevelBadge({ level, size = 's', className, testId }: { level: number; size?: 'xs' | 's' | 'm' | 'l'; className?: string; testId?: string }) {
  const t = useT();
  if (!(level > 0)) return null;
  const color = levelBand(level).color;
  const style = { '--level': color, '--level-text': readableTextOn(color) } as CSSProperties;
  return (
    <span className={`level-badge level-badge--${size}${className ? ` ${className}` : ''}`} style={style} title={t('levels.levelN', { n: level })} data-testid={testId} data-level={level}>
      {level}
    </span>
  );
}
