/** Shimmering shapes shown in place of content while its data loads. */
export function Skeleton({ width, height, radius = 8 }: { width?: number | string; height: number | string; radius?: number }) {
  return <span className="skeleton" style={{ width: width ?? '100%', height, borderRadius: radius }} aria-hidden="true" />;
}

export function CardGridSkeleton({ count, height = 220 }: { count: number; height?: number }) {
  return (
    <div className="card-grid" data-testid="skeleton">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} radius={14} />
      ))}
    </div>
  );
}
