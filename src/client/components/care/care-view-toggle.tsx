import { ListFilter } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { CARE_VIEWS, type CareView, nextCareView } from './care-view';

/** The list's view button (named after the next view) and a caption naming the rows shown now. */
export function CareViewToggle({ view, items, onChange }: { view: CareView; items: string; onChange: (view: CareView) => void }) {
  const words = CARE_VIEWS[view];
  return (
    <>
      <p className="text-sm text-muted-foreground max-sm:w-full" aria-live="polite">
        {words.caption(items)}
      </p>
      <Button variant="outline" onClick={() => onChange(nextCareView(view))}>
        <ListFilter aria-hidden />
        {words.buttonLabel}
      </Button>
    </>
  );
}
