import type { NotificationTemplate } from '@madreseh/contract/notifications/notifications.contract';

/**
 * Something that happened and that people hear about. Each event names its entity so that its
 * idempotency key (`key`) is the same however often the code that raises it runs.
 */
export type NotificationEvent =
  | { kind: 'invoice_issued'; invoiceId: number; studentId: number; title: string; amount: number; due: string }
  | {
      kind: 'due_reminder';
      invoiceId: number;
      studentId: number;
      title: string;
      amount: number;
      due: string;
      /** The Tehran day the reminder is for: one reminder per invoice and day. */
      day: string;
    }
  | { kind: 'payment_confirmed'; paymentId: number; studentId: number; title: string; amount: number }
  | { kind: 'receipt_approved'; paymentId: number; studentId: number; title: string; amount: number }
  | { kind: 'receipt_rejected'; paymentId: number; studentId: number; title: string; reason: string }
  | { kind: 'report_card_published'; studentId: number; groupId: number; term: string; round: string }
  | { kind: 'pre_register_status'; preRegistrationId: number; mobile: string; name: string; status: string }
  | { kind: 'staff_message'; messageId: string; studentId: number; text: string }
  /** A student marked absent: one per student and day, however often the sheet is saved. */
  | { kind: 'absence'; studentId: number; date: string; groupName: string };

export function templateOf(e: NotificationEvent): NotificationTemplate {
  return e.kind;
}

/** The part of every idempotency key that names the event. */
export function eventKey(e: NotificationEvent): string {
  switch (e.kind) {
    case 'invoice_issued':
      return `invoice_issued:${e.invoiceId}`;
    case 'due_reminder':
      return `due_reminder:${e.invoiceId}:${e.day}`;
    case 'payment_confirmed':
    case 'receipt_approved':
    case 'receipt_rejected':
      return `${e.kind}:${e.paymentId}`;
    case 'report_card_published':
      return `report_card_published:${e.studentId}:${e.term}:${e.round}`;
    case 'pre_register_status':
      return `pre_register_status:${e.preRegistrationId}:${e.status}`;
    case 'staff_message':
      // Not the student: two siblings' parent gets one SMS of one message.
      return `staff_message:${e.messageId}`;
    case 'absence':
      return `absence:${e.studentId}:${e.date}`;
  }
}
