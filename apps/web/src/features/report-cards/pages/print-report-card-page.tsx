import { GRADE_LEVEL_LABELS } from '@madreseh/contract/groups/groups.contract';
import type { ReportCard } from '@madreseh/contract/report-cards/report-cards.contract';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { digitsToPersian, formatAcademicYear, formatJalaliDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/school-profile';
import { useViewer, viewerPath, wordsFor } from '../../../lib/viewer';
import { Brand } from '../../../ui/brand';
import { Ltr } from '../../../ui/ltr';
import { SignatureBox } from '../../../ui/signature-box';
import { myReportCardQuery } from '../api';
import { ReportCardTable, termTitle } from '../components/report-card-view';
import { reportCardsFa as t } from '../messages';
import classes from '../report-cards.module.css';
import { useTermChoice } from './my-report-card-page';

/** The A4 print view of the caller's report card, laid out like the school's official paper. */
export function Component() {
  const viewer = useViewer();
  const { choice, params } = useTermChoice();
  const q = useQuery(myReportCardQuery(choice, viewer));
  const card = q.data?.card ?? null;
  usePageTitle(t.officialTitle);
  const back = `${viewerPath(viewer, 'report-card')}${params.toString() ? `?${params}` : ''}`;
  if (q.isPending) return <Skeleton h={600} />;
  if (!card) {
    return (
      <Stack>
        <Alert color="gray">{q.isError ? q.error.message : wordsFor(viewer, t.none)}</Alert>
        <Anchor component={Link} to={back}>
          {t.back}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="md" className={classes.sheet} data-testid="report-card-print">
      <Group justify="space-between" className="no-print">
        <Anchor component={Link} to={back}>
          {t.back}
        </Anchor>
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          {t.printNow}
        </Button>
      </Group>
      <Group justify="space-between" align="center" wrap="nowrap">
        <Brand size={52} full />
        <Stack gap={0} align="center">
          <Title order={1} fz={24}>
            {t.officialTitle}
          </Title>
          <Text fw={600}>{termTitle(card)}</Text>
        </Stack>
        <Text size="sm">{card.publishedAt ? t.publishedAt(formatJalaliDate(card.publishedAt)) : ''}</Text>
      </Group>
      <IdentityTable card={card} />
      {/* No grey stripes on the official paper. */}
      <ReportCardTable card={card} striped={false} />
      <Text size="sm">{t.passMark(digitsToPersian(card.passMark))}</Text>
      <AttendanceRow card={card} />
      <table>
        <tbody>
          <tr>
            <th style={{ width: '20%' }}>{t.remarks}</th>
            <td style={{ height: 60 }}>{card.remarks ?? ''}</td>
          </tr>
        </tbody>
      </table>
      <div className={classes.signatures}>
        <SignatureBox label={t.teacher} />
        <SignatureBox label={t.principal} stamp />
      </div>
    </Stack>
  );
}

/** Who the card is for: name, number, father, national code, class and school year. */
function IdentityTable({ card }: { card: ReportCard }) {
  return (
    <table>
      <tbody>
        <tr>
          <th>{t.studentName}</th>
          <td>{card.studentName}</td>
          <th>{t.studentNumber}</th>
          <td className="tabular">{card.studentNumber ? digitsToPersian(card.studentNumber) : '—'}</td>
        </tr>
        <tr>
          <th>{t.fatherName}</th>
          <td>{card.fatherName ?? '—'}</td>
          <th>{t.nationalCode}</th>
          <td>
            <Ltr>{digitsToPersian(card.nationalCode)}</Ltr>
          </td>
        </tr>
        <tr>
          <th>{t.group}</th>
          <td>{`${card.groupName} (پایهٔ ${GRADE_LEVEL_LABELS[card.gradeLevel - 1] ?? ''})`}</td>
          <th>{t.schoolYear}</th>
          <td className="tabular">{formatAcademicYear(card.academicYear)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** Discipline and rank (written by hand) and the term's attendance. */
function AttendanceRow({ card }: { card: ReportCard }) {
  return (
    <table>
      <tbody>
        {/* One row, so that the term's attendance does not push a 16-subject card onto a second page. */}
        <tr>
          <th style={{ width: '13%' }}>{t.discipline}</th>
          <td style={{ width: '12%', height: 32 }} />
          <th style={{ width: '13%' }}>{t.rank}</th>
          <td style={{ width: '12%' }} />
          <th style={{ width: '13%' }}>{t.absentDays}</th>
          <td style={{ width: '12%' }} data-testid="absent-days">
            {digitsToPersian(card.attendance.absentDays)}
          </td>
          <th style={{ width: '13%' }}>{t.lates}</th>
          <td style={{ width: '12%' }} data-testid="lates">
            {digitsToPersian(card.attendance.lates)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
