import { cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MantineRoot } from '../../../app/mantine';
import { CodeBox } from './code-box';

afterEach(cleanup);

let latest = '';
function Harness() {
  const [code, setCode] = useState('');
  latest = code;
  return <CodeBox value={code} onChange={setCode} label="کد شش‌رقمی ورود" error={false} />;
}

const boxes = () => [
  ...document.querySelectorAll<HTMLInputElement>('[aria-label="کد شش‌رقمی ورود"] input:not([type=hidden])'),
];

describe('the one-time code box', () => {
  it('takes Persian and Arabic digits typed one by one, as Latin digits', () => {
    render(
      <MantineRoot>
        <Harness />
      </MantineRoot>,
    );
    const typed = ['۱', '۲', '۳', '٤', '٥', '6'];
    typed.forEach((d, i) => {
      const box = boxes()[i];
      if (!box) throw new Error(`no box ${i}`);
      fireEvent.keyDown(box, { key: d });
      fireEvent.change(box, { target: { value: d } });
    });
    expect(latest).toBe('123456');
    expect(boxes()[0]?.getAttribute('inputmode')).toBe('numeric');
    // Each box is named in Persian for a screen reader, not with the kit's English "PinInput".
    expect(boxes().map((b) => b.getAttribute('aria-label'))).toEqual(
      ['۱', '۲', '۳', '۴', '۵', '۶'].map((n) => `کد شش‌رقمی ورود، رقم ${n}`),
    );
  });

  it('takes a pasted code in Persian digits', () => {
    render(
      <MantineRoot>
        <Harness />
      </MantineRoot>,
    );
    const first = boxes()[0];
    if (!first) throw new Error('no box');
    fireEvent.paste(first, { clipboardData: { getData: () => '۶۵۴۳۲۱' } });
    expect(latest).toBe('654321');
    // Letters are still refused.
    fireEvent.change(boxes()[0] as HTMLInputElement, { target: { value: 'a' } });
    expect(latest).toBe('54321');
  });
});
