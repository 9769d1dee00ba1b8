import { newsContract } from '@madreseh/contract/news/news.contract';
import { settingsContract } from '@madreseh/contract/settings/settings.contract';
import { afterEach, describe, expect, it } from 'vitest';
import { initialAnswer, resetInitialData } from './initial-data';

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
  it('starts a query from the answer the page carried for the same address, parsed, as old as the page', () => {
    carry([{ url: '/api/v1/general/news?page=1&pageSize=6', body: { items: [card], total: 1, page: 1, pageSize: 6 } }]);
    const options = initialAnswer(newsContract.publicList, { query: { page: 1, pageSize: 6 } });
    expect(options.initialData()).toEqual({ items: [card], total: 1, page: 1, pageSize: 6 });
    expect(options.initialDataUpdatedAt()).toBe(Date.parse('2026-11-24T09:00:00.000Z'));
  });

  it('gives nothing for another address, so the query asks the network', () => {
    carry([{ url: '/api/v1/general/news?page=1&pageSize=6', body: { items: [card], total: 1, page: 1, pageSize: 6 } }]);
    expect(initialAnswer(newsContract.publicList, { query: { page: 2, pageSize: 6 } }).initialData()).toBeUndefined();
    expect(initialAnswer(newsContract.publicGet, { params: { id: 7 } }).initialData()).toBeUndefined();
  });

  it('gives nothing for an answer its schema refuses, or when the page carried none', () => {
    expect(initialAnswer(settingsContract.publicProfile).initialData()).toBeUndefined();
    resetInitialData();
    carry([{ url: '/api/v1/general/school', body: { name: 42 } }]);
    expect(initialAnswer(settingsContract.publicProfile).initialData()).toBeUndefined();
  });
});
