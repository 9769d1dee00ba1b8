import type { PreRegisterStatus } from '@madreseh/contract/pre-register/pre-register.contract';

export const STATUS_COLORS: Record<PreRegisterStatus, string> = {
  new: 'blue',
  reviewing: 'indigo',
  accepted: 'green',
  rejected: 'red',
  waitlisted: 'grape',
};
