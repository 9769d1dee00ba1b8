import { fa } from '../../messages/fa';

/** The public site's own links, in the header and in the phone menu. */
export const PUBLIC_LINKS = [
  { to: '/', label: fa.nav.home, end: true },
  { to: '/Gallery', label: fa.nav.gallery },
  { to: '/about-us', label: fa.nav.about },
  { to: '/contact-us', label: fa.nav.contact },
  { to: '/pre-register', label: fa.nav.preRegister },
] as const;
