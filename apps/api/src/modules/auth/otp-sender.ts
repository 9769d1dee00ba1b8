/**
 * How a parent's one-time sign-in code reaches their phone. The default is a fake sender that
 * keeps the last code of each mobile in this process's memory, for the demo and the tests — it
 * sends nothing and logs nothing. The notification system replaces it with a real SMS provider
 * through `setOtpSender`. A code is never written to a log, by any sender.
 */
export type OtpSender = (mobile: string, code: string) => Promise<void>;

const KEEP = 100;
const lastCodes = new Map<string, string>();

const fakeSender: OtpSender = async (mobile, code) => {
  lastCodes.delete(mobile);
  lastCodes.set(mobile, code);
  if (lastCodes.size > KEEP) lastCodes.delete(lastCodes.keys().next().value as string);
};

let current: OtpSender = fakeSender;

export function sendOtpSms(mobile: string, code: string): Promise<void> {
  return current(mobile, code);
}

/** Puts a real sender in place of the fake one (null: back to the fake). */
export function setOtpSender(sender: OtpSender | null): void {
  current = sender ?? fakeSender;
}

/** For tests and the demo only: the last code the fake sender was given for a mobile. */
export function lastOtpSentTo(mobile: string): string | undefined {
  return lastCodes.get(mobile);
}
