import { NavLink as RouterNavLink } from 'react-router';
import { fa } from '../../messages/fa';
import { Anchor } from '../../ui/kit-text';

/** The public site's own links, in the header and in the phone menu. */
const PUBLIC_LINKS = [
  { to: '/', label: fa.nav.home, end: true },
  { to: '/Gallery', label: fa.nav.gallery },
  { to: '/about-us', label: fa.nav.about },
  { to: '/contact-us', label: fa.nav.contact },
  { to: '/pre-register', label: fa.nav.preRegister },
] as const;

/** The public links, each marked while its page is open: a row in the header, a column in the phone menu. */
export function PublicLinks({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <>
      {PUBLIC_LINKS.map((l) => (
        <Anchor
          key={l.to}
          component={RouterNavLink}
          to={l.to}
          end={'end' in l}
          onClick={onClick}
          className={className}
          underline="never"
        >
          {l.label}
        </Anchor>
      ))}
    </>
  );
}
