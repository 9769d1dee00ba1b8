import { CONTACT_LIMIT } from '@madreseh/contract/contact/contact.contract';
import { contract } from '@madreseh/contract/endpoints';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/site';
import { expectInvalid } from '../../test/expect-invalid';
import { addressOf, useTestApp } from '../../test/test-app';

const t = useTestApp();
let admin: Record<string, string>;

beforeAll(async () => {
  // Start from no demo content: these tests count what they create.
  await t.db.delete(contactMessages);
  admin = t.as(await t.sessionFor('admin'));
});

const message = {
  name: 'رضا کاظمی',
  replyTo: '۰۹۱۲۳۴۵۶۷۸۹',
  subject: 'ثبت‌نام پایهٔ هفتم',
  message: 'سلام، آیا برای پایهٔ هفتم ظرفیت خالی دارید؟',
};

function send(payload: Record<string, unknown>, ip = '10.0.0.1') {
  return t.inject({ method: 'POST', url: addressOf(contract.contact.send), payload, remoteAddress: ip });
}

describe('contact messages', () => {
  it('takes a message (Persian digits in the mobile) and shows it to staff unread first', async () => {
    expect((await send(message)).statusCode).toBe(201);
    expect((await send({ ...message, name: 'مینا', replyTo: 'Mina@Example.org', subject: 'دوم' })).statusCode).toBe(
      201,
    );
    const list = await t.call(contract.contact.list, { headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, unread: 2 });
    expect(list.json().items[1]).toMatchObject({ name: 'رضا کاظمی', replyTo: '09123456789', read: false });
    expect(list.json().items[0].replyTo).toBe('mina@example.org');
  });

  it('marks read on opening, unread on request, and searches', async () => {
    const list = await t.call(contract.contact.list, { headers: admin });
    const reza = list.json().items.find((i: { name: string }) => i.name === 'رضا کاظمی');
    const open = await t.call(contract.contact.get, { params: { id: reza.id }, headers: admin });
    expect(open.json().read).toBe(true);
    const after = await t.call(contract.contact.list, { headers: admin });
    expect(after.json().unread).toBe(1);
    expect(after.json().items[1].id).toBe(reza.id);
    const unread = await t.call(contract.contact.setRead, {
      params: { id: reza.id },
      headers: admin,
      body: { read: false },
    });
    expect(unread.json().read).toBe(false);
    // ي/ك (Arabic) in the query find ی/ک in the text.
    const q = await t.call(contract.contact.list, { query: { q: 'كاظمي' }, headers: admin });
    expect(q.json().items.map((i: { id: number }) => i.id)).toEqual([reza.id]);
  });

  it('bulk marks read and deletes', async () => {
    const list = await t.call(contract.contact.list, { headers: admin });
    const ids = list.json().items.map((i: { id: number }) => i.id);
    const read = await t.call(contract.contact.bulk, { headers: admin, body: { ids, action: 'read' } });
    expect(read.json()).toEqual({ ok: true, count: 2 });
    const del = await t.call(contract.contact.bulk, { headers: admin, body: { ids, action: 'delete' } });
    expect(del.json()).toEqual({ ok: true, count: 2 });
    expect((await t.call(contract.contact.list, { headers: admin })).json().total).toBe(0);
    expect((await t.call(contract.contact.remove, { params: { id: ids[0] }, headers: admin })).statusCode).toBe(404);
  });

  it('refuses a bad mobile or an empty message with Persian messages', async () => {
    const res = await send({ ...message, replyTo: '0912345', message: '' }, '10.0.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      replyTo: 'شمارهٔ همراه (۰۹xxxxxxxxx) یا ایمیل معتبر وارد کنید.',
      message: 'متن پیام دست‌کم ۵ حرف باشد.',
    });
  });

  it('keeps nothing from a bot that fills the hidden field', async () => {
    expect((await send({ ...message, website: 'http://spam.example' }, '10.0.0.3')).statusCode).toBe(201);
    expect((await t.call(contract.contact.list, { headers: admin })).json().total).toBe(0);
  });

  it('answers 429 with a Persian message to a flood from one address', async () => {
    for (let i = 0; i < CONTACT_LIMIT.perWindow; i++) expect((await send(message, '10.0.0.9')).statusCode).toBe(201);
    const res = await send(message, '10.0.0.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/پیام‌های زیادی/);
    expect((await send(message, '10.0.0.10')).statusCode).toBe(201);
  });

  it('deletes one message', async () => {
    expect((await send({ ...message, subject: 'برای حذف' }, '10.0.0.20')).statusCode).toBe(201);
    const list = await t.call(contract.contact.list, { query: { unread: 1 }, headers: admin });
    const item = list.json().items.find((i: { subject: string }) => i.subject === 'برای حذف');
    const del = await t.call(contract.contact.remove, { params: { id: item.id }, headers: admin });
    expect(del.json()).toEqual({ ok: true });
    expect((await t.call(contract.contact.get, { params: { id: item.id }, headers: admin })).statusCode).toBe(404);
  });

  it('refuses malformed pages, ids, flags and bulk actions with 400 and Persian messages', async () => {
    expectInvalid(await t.call(contract.contact.list, { query: { pageSize: 1000 }, headers: admin }), ['pageSize']);
    expectInvalid(await t.call(contract.contact.list, { query: { unread: 'yes' }, headers: admin }), ['unread']);
    expectInvalid(await t.call(contract.contact.get, { params: { id: 'abc' }, headers: admin }), ['id']);
    expectInvalid(await t.call(contract.contact.remove, { params: { id: 0 }, headers: admin }), ['id']);
    expectInvalid(
      await t.call(contract.contact.setRead, { params: { id: 1 }, body: { read: 'yes' }, headers: admin }),
      ['read'],
    );
    for (const payload of [
      { ids: [], action: 'read' },
      { ids: [1], action: 'archive' },
    ]) {
      expectInvalid(await t.call(contract.contact.bulk, { headers: admin, body: payload }));
    }
    expectInvalid(await send({ name: '', replyTo: 'x', subject: '', message: 'سلام سلام' }, '10.0.0.21'), [
      'name',
      'replyTo',
    ]);
  });
});
