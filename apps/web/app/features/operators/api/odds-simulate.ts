import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { simulateBody, simulationResult } from '@store/shared/api/operator-cases';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

type SimulateBody = z.infer<typeof simulateBody>;
type SimulationResult = z.infer<typeof simulationResult>;
export type SimulationData = Camel<SimulationResult>;

/** POST /api/v1/admin/cases/:id/simulate: n openings of the current table or of a draft, nothing written. */
export function useSimulateOdds(id: number) {
  const call = useApi();
  return useMutation({ mutationFn: (body: SimulateBody) => call<SimulationResult>(`/api/v1/admin/cases/${id}/simulate`, { body }) });
}
