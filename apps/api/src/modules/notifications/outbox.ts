import { digitsToPersian } from '@madreseh/contract/digits';
import { JALALI_MONTHS, toJalali } from '@madreseh/contract/jalali';
import { formatMoney, type MoneyUnit } from '@madreseh/contract/money';
import { ESSENTIAL_TEMPLATES, smsParts } from '@madreseh/contract/notifications/notifications.contract';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notifications, smsOptOuts } from '../../db/schema/notifications';
import { moneyUnitOf } from '../payments/payment-settings';
import { getSchoolProfile } from '../settings/settings.service';
import { eventKey, type NotificationEvent, templateOf } from './events';
import { storedNotificationSettings } from './notification-settings';
import { recipientsOf } from './recipients';

const SCHOOL_FALLBACK = 'مدرسه';

/** A due date as people write it in a message: «۱۹ آذر ۱۴۰۵» (no slashes for the text direction to reorder). */
function jalaliText(iso: string): string {
  const { year, month, day } = toJalali(iso);
  return digitsToPersian(`${day} ${JALALI_MONTHS[month - 1] ?? ''} ${year}`);
}

/** The values of an event's placeholders; amounts in the school's money unit, as the pages write them. */
function varsOf(e: NotificationEvent, unit: MoneyUnit): Record<string, string> {
  switch (e.kind) {
    case 'invoice_issued':
    case 'due_reminder':
      return { title: e.title, amount: formatMoney(e.amount, unit), due: jalaliText(e.due) };
    case 'payment_confirmed':
    case 'receipt_approved':
      return { title: e.title, amount: formatMoney(e.amount, unit) };
    case 'receipt_rejected':
      return { title: e.title, reason: e.reason };
    case 'report_card_published':
      return { term: e.term };
    case 'pre_register_status':
      return { name: e.name, status: e.status };
    case 'staff_message':
      return { text: e.text };
    case 'absence':
      return { date: jalaliText(e.date), class: e.groupName };
  }
}

/** Fills `{name}` placeholders; an unknown one is left as written. */
export function render(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole).trim();
}

/**
 * Writes the messages of one or more events into the outbox, inside the caller's transaction: if
 * the transaction fails nothing is sent, and once it commits the sender job sends each SMS once.
 * A row whose idempotency key exists already is skipped (the event was told before). Non-essential
 * SMS skip numbers that opted out. Answers the number of rows written.
 */
export async function enqueue(
  tx: Tx,
  input: NotificationEvent | readonly NotificationEvent[],
  options: { sms?: boolean } = {},
): Promise<number> {
  const events = Array.isArray(input) ? (input as readonly NotificationEvent[]) : [input as NotificationEvent];
  if (!events.length) return 0;
  // One after the other: a transaction is one connection.
  const settings = await storedNotificationSettings(tx);
  const school = await getSchoolProfile(tx);
  const unit = await moneyUnitOf(tx);
  const recipients = await recipientsOf(tx, events);
  const mobiles = [...new Set(recipients.flatMap((r) => r.sms))];
  const optedOut = new Set(
    mobiles.length
      ? (await tx.select({ m: smsOptOuts.mobile }).from(smsOptOuts).where(inArray(smsOptOuts.mobile, mobiles))).map(
          (r) => r.m,
        )
      : [],
  );
  const now = new Date();
  const rows: (typeof notifications.$inferInsert)[] = [];
  events.forEach((e, i) => {
    const to = recipients[i];
    if (!to) return;
    const template = templateOf(e);
    const essential = ESSENTIAL_TEMPLATES.includes(template);
    const body = render(settings.templates[template], {
      school: school.name || SCHOOL_FALLBACK,
      ...to.vars,
      ...varsOf(e, unit),
    });
    const key = eventKey(e);
    for (const userId of to.inApp) {
      rows.push({
        channel: 'in_app',
        userId,
        template,
        body,
        essential,
        idempotencyKey: `${key}:in_app:${userId}`,
        // Nothing to send: it is in the bell as soon as the event commits.
        state: 'delivered',
        sentAt: now,
        deliveredAt: now,
      });
    }
    for (const mobile of options.sms === false ? [] : to.sms) {
      if (!essential && optedOut.has(mobile)) continue;
      rows.push({
        channel: 'sms',
        mobile,
        template,
        body,
        essential,
        idempotencyKey: `${key}:sms:${mobile}`,
        parts: smsParts(body),
      });
    }
  });
  let written = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const done = await tx
      .insert(notifications)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing({ target: notifications.idempotencyKey })
      .returning({ id: notifications.id });
    written += done.length;
  }
  return written;
}
