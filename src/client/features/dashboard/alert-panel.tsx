import { type ReactNode, useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';

/** A link in a panel's line: a person's view. */
export const PANEL_LINK = 'text-primary font-medium underline-offset-4 hover:underline';

/** A Dashboard panel that asks for the office's action, shown only while it has lines: its title, what to do, and a line a thing. */
export function AlertPanel({ icon, title, description, className, children }: { icon: ReactNode; title: string; description: string; className: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className={`${className} gap-4`}>
      <CardHeader>
        <CardTitle>
          <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
            {icon}
            {title}
          </h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">{children}</ul>
      </CardContent>
    </Card>
  );
}
