import '#app/styles/overlays.css';
import { useChunkReload } from '../hooks/use-chunk-reload.ts';
import { useNewBuild } from '../hooks/use-new-build.ts';
import { useT } from '#app/lib/use-t.ts';

/** Mounted once in the root: the new-version notice and the reload after a failed route chunk. */
export function BuildWatch() {
  const t = useT();
  useChunkReload();
  const outdated = useNewBuild();
  if (!outdated) return null;
  return (
    <div className="build-notice" role="status" data-testid="new-build">
      <span>{t('overlays.build.text')}</span>
      <button type="button" className="btn btn--accent btn--s" onClick={() => location.reload()}>
        {t('overlays.build.reload')}
      </button>
    </div>
  );
}
