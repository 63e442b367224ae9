import { useState } from 'react';
import { useParams } from 'react-router';
import { DetailGrid, DetailItem } from '@/client/components/record/detail-dialog';
import { useTRPC } from '@/client/lib/trpc';
import { AddressSection } from '@/client/components/person/person-fields';
import { RenewScreen, renewForm } from '@/client/components/care/renew-screen';
import { todayIn } from '@/shared/dates';
import { packageDetails } from '@/shared/schemas/care';
import { complianceRefusal, fixedCarerOverrideField } from '@/client/components/carer-record/assignment-override';
import { AssignmentCheck } from './assignment-check';
import { LoadPackage, type StoredPackage } from './load-package';
import { PackageHeadlineItems } from './package-detail-dialog';
import { PackageNameField } from './package-fields';

const packageRenewForm = renewForm(packageDetails).extend({ override: fixedCarerOverrideField });

function CurrentPackage({ pkg }: { pkg: StoredPackage }) {
  const { details } = pkg;
  return (
    <DetailGrid>
      <PackageHeadlineItems pkg={pkg} />
      <DetailItem label="Location">{details.address.locality}</DetailItem>
      <DetailItem label="Services">{details.services.join(', ')}</DetailItem>
    </DetailGrid>
  );
}

/** The new package starts as a copy of the old one (spec §4: carer and request are kept). */
function RenewPackageForm({ pkg }: { pkg: StoredPackage }) {
  const trpc = useTRPC();
  // The renewal checks the kept carer as a new package would: the server's refusal asks for a reason.
  const [refusal, setRefusal] = useState<string>();
  return (
    <RenewScreen
      what="package"
      item={pkg}
      schema={packageRenewForm}
      defaultValues={{ endDate: todayIn(), startDate: '', details: pkg.details }}
      summary={<CurrentPackage pkg={pkg} />}
      fields={
        <>
          <AssignmentCheck carerId={pkg.carerId} requestId={pkg.requestId} asksReason refusal={refusal} />
          <PackageNameField />
        </>
      }
      address={<AddressSection editing={false} />}
      procedure={trpc.packages.renew}
      toInput={(oldPackage, newPackage, { override }) => {
        // The schema has checked the reason: it is empty or long enough.
        const reason = override?.reason.trim();
        return { oldPackage, newPackage, override: reason ? { reason } : undefined };
      }}
      onError={(error) => setRefusal(complianceRefusal(error))}
      renewedId={({ newPackage }) => newPackage.id}
    />
  );
}

/** /packages/renew/{id} */
export function RenewPackagePage() {
  const { id = '' } = useParams();
  return <LoadPackage id={id}>{(pkg) => <RenewPackageForm key={pkg.id} pkg={pkg} />}</LoadPackage>;
}
