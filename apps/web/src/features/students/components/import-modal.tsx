import type { ImportResult } from '@madreseh/contract/students/students.contract';
import { Alert, Button, FileInput, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download';
import { digitsToPersian, formatNumber } from '../../../lib/format';
import { fileToBase64, templateUrl, useImport } from '../api';
import { studentsFa as t } from '../messages';

/** Upload a sheet, see every bad row, then save all rows (or none). */
export function ImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useImport();

  const send = async (commit: boolean) => {
    if (!file) return;
    setError(null);
    const data = await fileToBase64(file);
    run.mutate(
      { fileName: file.name, data, commit },
      {
        onSuccess: (r) => {
          setResult(r);
          if (commit && r.created > 0) {
            notifications.show({ color: 'green', message: t.importExport.saved(formatNumber(r.created)) });
            if (r.parentsLinked > 0) {
              notifications.show({
                color: 'green',
                message: t.importExport.parents(formatNumber(r.parentsCreated), formatNumber(r.parentsLinked)),
              });
            }
            close();
          }
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  const close = () => {
    setFile(null);
    setResult(null);
    setError(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t.importExport.title} size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.importExport.help}
        </Text>
        <TemplateButton />
        <FileInput
          label={t.importExport.file}
          placeholder={t.importExport.filePlaceholder}
          accept=".xlsx,.csv"
          leftSection={<IconFileSpreadsheet size={18} />}
          value={file}
          onChange={(f) => {
            setFile(f);
            setResult(null);
          }}
          data-testid="import-file"
        />
        {error && <Alert color="red">{error}</Alert>}
        {result && <ImportReport result={result} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t.cancel}
          </Button>
          {result && result.errors.length === 0 ? (
            <Button loading={run.isPending} onClick={() => void send(true)}>
              {t.importExport.save(formatNumber(result.total))}
            </Button>
          ) : (
            <Button loading={run.isPending} disabled={!file} onClick={() => void send(false)}>
              {t.importExport.check}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** Downloads the blank sheet to fill in. */
function TemplateButton() {
  return (
    <Group>
      <Button
        variant="light"
        leftSection={<IconDownload size={16} />}
        onClick={() =>
          downloadFile(templateUrl(), 'students-template.xlsx').catch(() =>
            notifications.show({ color: 'red', message: t.importExport.downloadFailed }),
          )
        }
      >
        {t.importExport.template}
      </Button>
    </Group>
  );
}

/** A checked sheet: all rows fine, or each bad row with its reasons. */
function ImportReport({ result }: { result: ImportResult }) {
  return (
    <>
      {result.errors.length === 0 && (
        <Alert color="green" data-testid="import-ok">
          {t.importExport.ok(formatNumber(result.total))}
        </Alert>
      )}
      {result.errors.length > 0 && (
        <>
          <Alert color="red" data-testid="import-errors">
            {t.importExport.bad(formatNumber(result.errors.length))}
          </Alert>
          <ScrollArea.Autosize mah={300}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>{t.importExport.row}</Table.Th>
                  <Table.Th>{t.importExport.reason}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.errors.map((e) => (
                  <Table.Tr key={e.row}>
                    <Table.Td>{digitsToPersian(e.row)}</Table.Td>
                    <Table.Td>{e.messages.join(' ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      )}
    </>
  );
}
