import {
  type LinkedParent,
  PARENT_RELATION_LABELS,
  PARENT_RELATIONS,
  type ParentCredentials,
  type ParentRelation,
} from '@madreseh/contract/parents/parents.contract';
import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconLinkOff, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { digitsToPersian } from '../../../lib/format';
import { optionsOf } from '../../../lib/options';
import { studentParentsQuery, useParentLinks } from '../api';
import { studentsFa as t } from '../messages';

const RELATION_OPTIONS = optionsOf(PARENT_RELATIONS, PARENT_RELATION_LABELS);

type Links = ReturnType<typeof useParentLinks>;

/**
 * The student's parents on the drawer: link a parent by mobile (an existing parent account, or a
 * new one), unlink, and issue a parent's password on a login slip.
 */
export function ParentsSection({ studentId }: { studentId: number }) {
  const list = useQuery(studentParentsQuery(studentId));
  const links = useParentLinks(studentId);
  const navigate = useNavigate();
  const slip = (c: ParentCredentials) =>
    navigate('/dashboard/student/login-slip', {
      state: {
        parent: true,
        credentials: [
          {
            studentId: -c.parentId,
            fullName: c.fullName,
            groupName: c.children.join('، ') || null,
            username: c.username,
            password: c.password,
          },
        ],
      },
    });

  return (
    <Card withBorder mt="md" data-testid="parents-section">
      <Title order={3} fz="h5" mb="xs">
        {t.parents.title}
      </Title>
      <Stack gap="xs">
        {list.data?.items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t.parents.none}
          </Text>
        )}
        {list.data?.items.map((p) => (
          <LinkedParentRow key={p.id} parent={p} links={links} onSlip={slip} />
        ))}
        <AddParentForm link={links.link} />
      </Stack>
    </Card>
  );
}

function LinkedParentRow({
  parent: p,
  links: { resetPassword, unlink },
  onSlip,
}: {
  parent: LinkedParent;
  links: Links;
  onSlip: (c: ParentCredentials) => void;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="linked-parent">
      <Stack gap={0}>
        <Group gap={6}>
          <Text fw={600}>{p.fullName}</Text>
          <Badge variant="light">{PARENT_RELATION_LABELS[p.relation]}</Badge>
        </Group>
        <Text size="sm" dir="ltr" ta="right">
          {digitsToPersian(p.mobile)}
        </Text>
        {p.children > 1 && (
          <Text size="xs" c="dimmed">
            {t.parents.children(digitsToPersian(p.children))}
          </Text>
        )}
      </Stack>
      <Group gap={6}>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconKey size={14} />}
          loading={resetPassword.isPending && resetPassword.variables === p.id}
          onClick={() =>
            resetPassword.mutate(p.id, {
              onSuccess: onSlip,
              onError: (err) => notifications.show({ color: 'red', message: err.message }),
            })
          }
        >
          {p.hasPassword ? t.parents.newPassword : t.parents.issuePassword}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconLinkOff size={14} />}
          onClick={() => {
            if (window.confirm(t.parents.confirmUnlink(p.fullName))) unlink.mutate(p.id);
          }}
        >
          {t.parents.unlink}
        </Button>
      </Group>
    </Group>
  );
}

/** Links a parent by mobile: an existing parent account, or a new one with the name and national code. */
function AddParentForm({ link }: { link: Links['link'] }) {
  const [mobile, setMobile] = useState('');
  const [fullName, setFullName] = useState('');
  const [nationalCode, setNationalCode] = useState('');
  const [relation, setRelation] = useState<ParentRelation | null>('father');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const add = () => {
    link.mutate(
      { mobile, fullName, nationalCode, relation: relation ?? 'guardian' },
      {
        onSuccess: ({ created }) => {
          notifications.show({ color: 'green', message: created ? t.parents.created : t.parents.linked });
          setMobile('');
          setFullName('');
          setNationalCode('');
          setErrors({});
        },
        onError: (err) => {
          setErrors(err instanceof ApiError ? (err.fields ?? {}) : {});
          notifications.show({ color: 'red', message: err.message });
        },
      },
    );
  };

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
        <TextInput
          label={t.parents.mobile}
          dir="ltr"
          inputMode="tel"
          value={mobile}
          onChange={(e) => setMobile(e.currentTarget.value)}
          error={errors.mobile}
        />
        <TextInput
          label={t.parents.fullName}
          value={fullName}
          onChange={(e) => setFullName(e.currentTarget.value)}
          error={errors.fullName}
        />
        <TextInput
          label={t.parents.nationalCode}
          dir="ltr"
          inputMode="numeric"
          maxLength={10}
          value={nationalCode}
          onChange={(e) => setNationalCode(e.currentTarget.value)}
          error={errors.nationalCode}
        />
        <Select
          label={t.parents.relation}
          data={RELATION_OPTIONS}
          value={relation}
          onChange={(v) => setRelation(v as ParentRelation | null)}
          allowDeselect={false}
          error={errors.relation}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button leftSection={<IconUserPlus size={16} />} variant="light" loading={link.isPending} onClick={add}>
          {t.parents.add}
        </Button>
      </Group>
    </>
  );
}
