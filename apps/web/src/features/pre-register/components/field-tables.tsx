import { Table, Text } from '@mantine/core';
import { Ltr } from '../../../ui/ltr';
import type { FieldRow } from '../fields';

/**
 * A pre-registration's fields, a table per section: in the office's drawer, or (`print`) smaller and
 * with column borders on the printed form. Plain text: whatever the applicant typed, nothing in it runs.
 */
export function FieldTables({
  sections,
  print = false,
}: {
  sections: { title: string; rows: FieldRow[] }[];
  print?: boolean;
}) {
  return (
    <>
      {sections.map((sec) => (
        <div key={sec.title}>
          <Text fw={700} fz={print ? 'sm' : undefined} mb={print ? 2 : 4}>
            {sec.title}
          </Text>
          <Table withTableBorder withColumnBorders={print || undefined}>
            <Table.Tbody>
              {sec.rows.map(([k, v, dir]) => (
                <Table.Tr key={k}>
                  <Table.Th w={print ? '35%' : '40%'}>{k}</Table.Th>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{dir ? <Ltr>{v}</Ltr> : v}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      ))}
    </>
  );
}
