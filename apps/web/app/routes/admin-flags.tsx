import { mayDo } from '@store/shared/operators';
import type { Route } from './+types/admin-flags';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { getFlags, useFlags } from '#app/features/operators/api/get-flags.ts';
import { FlagsTable } from '#app/features/operators/components/flags-table.tsx';
import { TechWorkCard } from '#app/features/operators/components/techwork-card.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useMe } from '#app/lib/use-me.ts';
import { useT } from '#app/lib/use-t.ts';

/** /admin/flags: the feature flags and the tech-work page; support reads them, an admin switches them. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  return { flags: await asOperator(() => getFlags(api.call)) };
}

export default function AdminFlags({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const role = useMe()?.role ?? null;
  const { data } = useFlags(loaderData.flags);
  return (
    <div className="stack console-section" data-testid="console-flags">
      <h1>{t('admin.flags.title')}</h1>
      {!mayDo(role, 'flags.write') && (
        <p className="console-note" data-testid="flags-read-only">
          {t('admin.flags.readOnly')}
        </p>
      )}
      <TechWorkCard techwork={data.techwork} canChange={mayDo(role, 'techwork.write')} />
      <FlagsTable flags={data.flags} canChange={mayDo(role, 'flags.write')} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
