import { M } from './kit-classes';

/**
 * Shows rich text that the server has already sanitized with its allow-list (news bodies, the
 * about-us text). Never pass anything else here. Styled by Mantine's Typography rules (ui/kit-classes.ts).
 */
export function HtmlContent({ html }: { html: string }) {
  return (
    <div className={M.typography}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML sanitized by the server's allow-list */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
