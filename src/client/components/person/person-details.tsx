import type { ReactNode } from 'react';
import { DetailGrid, DetailItem } from '@/client/components/record/detail-dialog';
import { EmptyState } from '@/client/components/record/empty-state';
import { Badge } from '@/client/components/ui/badge';
import { formatDate } from '@/client/lib/format';

/**
 * The first tab of a person's view dialog: name, their id, date of birth, the record's own items, then
 * whether the record is archived.
 */
export function PersonDetailGrid({
  person,
  idLabel,
  id,
  children,
}: {
  person: { archived: 'Y' | 'N'; dateOfBirth: string; details: { name: string } };
  idLabel: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <DetailGrid>
      <DetailItem label="Name">{person.details.name}</DetailItem>
      <DetailItem label={idLabel}>{id}</DetailItem>
      <DetailItem label="Date of birth">{formatDate(person.dateOfBirth, 'Unknown')}</DetailItem>
      {children}
      <DetailItem label="Status">{person.archived === 'Y' ? 'Archived' : 'Active'}</DetailItem>
    </DetailGrid>
  );
}

/** Phone and e-mail, each a link that calls or writes to the person. */
export function ContactItems({ phone, email }: { phone: string; email: string }) {
  return (
    <>
      <DetailItem label="Phone">{phone && <a href={`tel:${phone}`}>{phone}</a>}</DetailItem>
      <DetailItem label="E-mail">{email && <a href={`mailto:${email}`}>{email}</a>}</DetailItem>
    </>
  );
}

/** The address; where its post code has no coordinates (`onMap` false), says that travel to it is not estimated. */
export function AddressItem({ address: a, onMap = true }: { address: { streetAddress: string; locality: string; county: string; postCode: string }; onMap?: boolean }) {
  return (
    <DetailItem label="Address">
      <span className="flex flex-col">
        <span>{[a.streetAddress, a.locality, a.county, a.postCode].filter(Boolean).join(', ')}</span>
        {!onMap && <span className="text-muted-foreground">No map position for {a.postCode}: travel is left out of suggestions and planning</span>}
      </span>
    </DetailItem>
  );
}

/** The services a person gives or receives, as badges. */
export function ServiceBadges({ services }: { services: string[] }) {
  if (services.length === 0) return <EmptyState>No services found</EmptyState>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Services">
      {services.map((s) => (
        <li key={s}>
          <Badge variant="secondary">{s}</Badge>
        </li>
      ))}
    </ul>
  );
}
