import { stripLang } from '#app/lib/lang.ts';
import { CardGridSkeleton, Skeleton } from '../skeleton.tsx';

/** What a page looks like while its data loads, shaped like the page that is coming. */
export function PageSkeleton({ path }: { path: string }) {
  const bare = stripLang(path);
  if (bare.startsWith('/open/')) {
    return (
      <div className="page" data-testid="page-skeleton">
        <div className="open-hero">
          <Skeleton height={32} width={280} />
          <Skeleton height={220} width={220} radius={24} />
          <Skeleton height={50} width={260} radius={12} />
        </div>
        <CardGridSkeleton count={12} height={170} />
      </div>
    );
  }
  if (bare.startsWith('/battles')) {
    const one = /^\/battles\/[0-9A-Z]{26}$/.test(bare);
    return (
      <div className="page" data-testid="page-skeleton">
        <Skeleton height={44} radius={12} />
        {one ? (
          <>
            <Skeleton height={72} radius={12} />
            <div className="arena-skeleton">
              <Skeleton height={360} radius={14} />
              <Skeleton height={360} radius={14} />
            </div>
          </>
        ) : (
          <div className="battle-list">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} height={220} radius={14} />
            ))}
          </div>
        )}
      </div>
    );
  }
  if (bare === '/leaderboard') {
    return (
      <div className="page" data-testid="page-skeleton">
        <Skeleton height={60} width={320} />
        <div className="top-skeleton">
          <Skeleton height={236} radius={18} />
          <Skeleton height={236} radius={18} />
        </div>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={60} radius={14} />
        ))}
      </div>
    );
  }
  if (bare === '/event' || bare.startsWith('/event/')) {
    return (
      <div className="page event-page" data-testid="page-skeleton">
        <Skeleton height={200} radius={22} />
        <Skeleton height={50} width="min(520px, 100%)" radius={14} />
        <CardGridSkeleton count={6} height={250} />
      </div>
    );
  }
  if (bare.startsWith('/profile')) {
    return (
      <div className="page" data-testid="page-skeleton">
        <Skeleton height={120} radius={16} />
        <CardGridSkeleton count={10} height={190} />
      </div>
    );
  }
  return (
    <div className="page" data-testid="page-skeleton">
      {[0, 1].map((i) => (
        <div key={i} className="case-section">
          <Skeleton height={28} width={220} />
          <CardGridSkeleton count={6} />
        </div>
      ))}
    </div>
  );
}
