import {
  type StaffMessageAudience,
  type StaffMessageInput,
  type StaffMessagePreview,
  staffMessageSchema,
} from '@madreseh/contract/notifications/notifications.contract';
import { useState } from 'react';
import { digitsToPersian } from '../../lib/format';
import { useFormState } from '../../lib/use-form-state';
import { toastError, toastSuccess } from '../../ui/toasts';
import { usePreviewMessage, useSendMessage } from './api';
import { notifyFa } from './messages';

export type Form = { audience: StaffMessageAudience; groupId: string | null; text: string; sms: boolean };

const toBody = (v: Form): StaffMessageInput => ({
  audience: v.audience,
  groupId: v.audience === 'group' && v.groupId ? Number(v.groupId) : undefined,
  text: v.text,
  sms: v.sms,
});

/** A staff message as written, its preview (stale after any change) and sending it once confirmed. */
export function useStaffMessage() {
  const preview = usePreviewMessage();
  const send = useSendMessage();
  const [shown, setShown] = useState<StaffMessagePreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useFormState<Form>({ audience: 'group', groupId: null, text: '', sms: true });
  // Any change makes the shown preview stale: it is asked for again before sending.
  const change = <K extends keyof Form>(key: K, value: Form[K]) => {
    form.set(key, value);
    setShown(null);
    setConfirming(false);
  };
  const valid = (v: Form) => {
    if (!form.check(staffMessageSchema, toBody(v))) return false;
    if (v.audience === 'group' && !v.groupId) {
      form.setErrors({ groupId: notifyFa.groupRequired });
      return false;
    }
    return true;
  };
  const fail = (err: unknown) => {
    form.showServerErrors(err);
    toastError(err);
  };
  const onPreview = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!valid(form.values)) return;
    try {
      setShown(await preview.mutateAsync(toBody(form.values)));
    } catch (err) {
      fail(err);
    }
  };
  const onSend = async () => {
    try {
      const r = await send.mutateAsync(toBody(form.values));
      toastSuccess(notifyFa.sent(digitsToPersian(r.queued)));
      form.reset();
      setShown(null);
      setConfirming(false);
    } catch (err) {
      fail(err);
    }
  };
  return {
    form,
    change,
    shown,
    confirming,
    setConfirming,
    onPreview,
    onSend,
    previewing: preview.isPending,
    sending: send.isPending,
  };
}

export type StaffMessage = ReturnType<typeof useStaffMessage>;
