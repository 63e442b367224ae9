import { useTRPC } from '@/client/lib/trpc';
import type { CarerKind } from '@/shared/carer-kind';

/** The tRPC procedures of one kind of carer; both kinds have the same shapes but for updateName. */
export function useCarerApi(kind: CarerKind) {
  const trpc = useTRPC();
  return kind === 'mp' ? trpc.mps : trpc.volunteers;
}
