import type { newsContract } from '@madreseh/contract/news/news.contract';
import { notificationsContract } from '@madreseh/contract/notifications/notifications.contract';
import type { settingsContract } from '@madreseh/contract/settings/settings.contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ownInitialData } from './endpoint-query';
import { initialAnswer, resetInitialData, takeOwnAnswer } from './initial-data';
import { publicRead } from './public-api';

const newsList = publicRead<typeof newsContract.publicList>('general/news');
const newsItem = publicRead<typeof newsContract.publicGet>('general/news/:id');
const school = publicRead<typeof settingsContract.publicProfile>('general/school');

const card = { id: 7, title: 'اردو', summary: '', cover: null, pinned: false, publishAt: '2026-11-20T08:00:00.000Z' };

function carry(answers: { url: string; body: unknown }[], at = '2026-11-24T09:00:00.000Z') {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'initial-data';
  el.textContent = JSON.stringify({ at, answers });
  document.body.appendChild(el);
}

afterEach(() => {
  document.getElementById('initial-data')?.remove();
  resetInitialData();
});

describe('initialAnswer', () => {
  it('starts a query from the answer the page carried for the same address, as old as the page', () => {
    carry([{ url: '/api/v1/general/news?page=1&pageSize=6', body: { items: [card], total: 1, page: 1, pageSize: 6 } }]);
    const options = initialAnswer(newsList, { query: { page: 1, pageSize: 6 } });
    expect(options.initialData()).toEqual({ items: [card], total: 1, page: 1, pageSize: 6 });
    expect(options.initialDataUpdatedAt()).toBe(Date.parse('2026-11-24T09:00:00.000Z'));
  });

  it('gives nothing for another address, so the query asks the network', () => {
    carry([{ url: '/api/v1/general/news?page=1&pageSize=6', body: { items: [card], total: 1, page: 1, pageSize: 6 } }]);
    expect(initialAnswer(newsList, { query: { page: 2, pageSize: 6 } }).initialData()).toBeUndefined();
    expect(initialAnswer(newsItem, { params: { id: 7 } }).initialData()).toBeUndefined();
  });

  it('gives nothing when the page carried no data, no answer or an empty one', () => {
    expect(initialAnswer(school).initialData()).toBeUndefined();
    expect(initialAnswer(school).initialDataUpdatedAt()).toBeUndefined();
    resetInitialData();
    carry([{ url: '/api/v1/general/school', body: null }]);
    expect(initialAnswer(school).initialData()).toBeUndefined();
  });
});

describe("the visitor's own answers (the student's home, decision 0030)", () => {
  const own = (answers: { url: string; body: unknown }[]) => {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = 'initial-data';
    el.textContent = JSON.stringify({ at: '2026-11-24T09:00:00.000Z', answers: [], own: answers });
    document.body.appendChild(el);
  };

  it('gives the answer once: a later query of the same address asks the network', () => {
    own([{ url: '/api/v1/student/notifications/unread', body: { count: 2 } }]);
    const unread = ownInitialData<{ count: number }>(
      notificationsContract.unread,
      '/api/v1/student/notifications/unread',
    );
    expect(unread.initialData()).toEqual({ count: 2 });
    expect(unread.initialData()).toBeUndefined();
    // Stale at once: the app asks the network as soon as the page is on screen.
    expect(unread.initialDataUpdatedAt).toBe(0);
  });

  it('parses the answer with the endpoint schema and gives nothing for one that does not fit', () => {
    own([{ url: '/api/v1/student/notifications/unread', body: { count: 'two' } }]);
    expect(ownInitialData(notificationsContract.unread, '/api/v1/student/notifications/unread').initialData()).toBe(
      undefined,
    );
  });

  it('is never a public answer, and a public answer is never taken as one', () => {
    carry([{ url: '/api/v1/general/school', body: { name: 'مدرسه' } }]);
    expect(takeOwnAnswer('/api/v1/general/school')).toBeUndefined();
    expect(initialAnswer(school).initialData()).toEqual({ name: 'مدرسه' });
  });
});
