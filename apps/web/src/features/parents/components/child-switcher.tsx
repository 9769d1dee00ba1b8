import { Avatar, Group, ScrollArea, Skeleton, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { childrenQuery } from '../api';
import { parentFa as t } from '../messages';
import classes from './child-switcher.module.css';

/**
 * The row of the parent's children at the top of every parent page: choosing a child keeps the
 * page (invoices stay invoices) and shows it for that child.
 */
export function ChildSwitcher() {
  const { data, isPending } = useQuery(childrenQuery());
  const { childId } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (isPending) return <Skeleton h={48} radius="xl" mb="md" />;
  if (!data || data.items.length === 0) return null;
  // The part after /parent/:childId (e.g. "invoices"), kept when another child is chosen;
  // a page of one record (a news item, a payment) goes back to its list.
  const rest = pathname.split('/').slice(3);
  const keep = ['news', 'invoices', 'report-card', 'attendance'].includes(rest[0] ?? '') ? rest[0] : (rest[0] ?? '');
  const choose = (id: number) => navigate(`/parent/${id}${keep && keep !== 'payment' ? `/${keep}` : ''}`);
  return (
    <ScrollArea type="never" mb="md">
      <Group gap="xs" wrap="nowrap" role="radiogroup" aria-label={t.switcherLabel} data-testid="child-switcher">
        {data.items.map((c) => {
          const active = String(c.id) === childId;
          return (
            <UnstyledButton
              key={c.id}
              role="radio"
              aria-checked={active}
              className={classes.chip}
              data-active={active || undefined}
              onClick={() => choose(c.id)}
            >
              <Avatar src={c.photoUrl} size={32} radius="xl" color="brand" alt="">
                {c.fullName.slice(0, 1)}
              </Avatar>
              <span>
                <span className={classes.name}>{c.fullName}</span>
                <span className={classes.group}>{c.groupName ?? t.noClass}</span>
              </span>
            </UnstyledButton>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
