import { academicYearLabel } from '@madreseh/contract/jalali';
import {
  PRE_REGISTER_STATUS_LABELS,
  type PreRegistration,
} from '@madreseh/contract/pre-register/pre-register.contract';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { digitsToPersian, formatJalaliDate, formatJalaliDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/school-profile';
import { fa } from '../../../messages/fa';
import { Brand } from '../../../ui/brand';
import { CopyableCode } from '../../../ui/copyable-code';
import { SignatureBox } from '../../../ui/signature-box';
import { preRegistrationQuery } from '../api';
import { FieldTables } from '../components/field-tables';
import { fieldSections } from '../fields';
import { preRegFa } from '../messages';

/** An A4 official form of one pre-registration, with places for signatures. */
export function Component() {
  const { id } = useParams();
  const numericId = Number(id);
  const record = useQuery({
    ...preRegistrationQuery(numericId),
    enabled: Number.isInteger(numericId) && numericId > 0,
  });
  const r = record.data;
  usePageTitle(preRegFa.printTitle);

  if (record.isError) {
    return (
      <Alert color="red" m="md">
        {record.error instanceof ApiError ? record.error.message : fa.errors.internalLine}
      </Alert>
    );
  }
  if (!r) return <Text p="md">{fa.app.name}</Text>;
  return (
    <Stack gap="sm" data-testid="print-sheet" className="print-sheet">
      <style>{`
        @media print { .no-print { display: none !important; } body { background: #fff; } }
        .print-sheet table { font-size: 12px; }
        .print-sheet th, .print-sheet td { padding: 4px 8px !important; }
      `}</style>
      <Group justify="space-between" className="no-print">
        <Button component={Link} to="/dashboard/pre-register" variant="default" size="xs">
          {preRegFa.backToList}
        </Button>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} size="xs">
          {preRegFa.printButton}
        </Button>
      </Group>
      <SheetHead r={r} />
      <FieldTables sections={fieldSections(r)} print />
      {r.statusChangedAt && (
        <Text fz="xs" c="dimmed">
          {preRegFa.changedBy(r.statusChangedBy ?? '', formatJalaliDateTime(r.statusChangedAt))}
        </Text>
      )}
      <Group justify="space-between" mt="md" wrap="nowrap" fz="sm">
        <SignatureBox label={preRegFa.signatureParent} />
        <SignatureBox label={preRegFa.signatureSchool} stamp />
      </Group>
    </Stack>
  );
}

/** The school, the form's title and year, and the tracking code, date and status. */
function SheetHead({ r }: { r: PreRegistration }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={2}>
        {/* The school's logo and name, as on every printed paper (the app's mark until a logo is set). */}
        <Brand size={52} full />
        <Title order={1} fz="h3">
          {preRegFa.printTitle}
        </Title>
        <Text fz="sm">
          {preRegFa.academicYear}: {digitsToPersian(academicYearLabel(r.academicYear))}
        </Text>
      </Stack>
      <Stack gap={2} ta="left" fz="sm">
        <Text fz="sm">
          {preRegFa.trackingCode}: <CopyableCode code={r.trackingCode} fz="sm" />
        </Text>
        <Text fz="sm">
          {preRegFa.created}: {formatJalaliDate(r.createdAt)}
        </Text>
        <Text fz="sm">
          {preRegFa.status}: <b>{PRE_REGISTER_STATUS_LABELS[r.status]}</b>
        </Text>
      </Stack>
    </Group>
  );
}
