import { authContract } from './auth/auth.contract';
import { contactContract } from './contact/contact.contract';
import { dashboardContract } from './dashboard/dashboard.contract';
import type { Endpoint } from './endpoint';
import { galleryContract } from './gallery/gallery.contract';
import { newsContract } from './news/news.contract';
import { settingsContract } from './settings/settings.contract';
import { systemContract } from './system/system.contract';

/**
 * Every endpoint of the API, by domain. The server registers routes from this table and the
 * authorization test walks it; an endpoint that is not here does not exist.
 */
export const contract = {
  auth: authContract,
  system: systemContract,
  settings: settingsContract,
  news: newsContract,
  gallery: galleryContract,
  dashboard: dashboardContract,
  contact: contactContract,
} as const;

export function allEndpoints(): Endpoint[] {
  return Object.values(contract).flatMap((domain) => Object.values(domain) as Endpoint[]);
}
