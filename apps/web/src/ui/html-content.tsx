import { Typography } from '@mantine/core';

/**
 * Shows rich text that the server has already sanitized with its allow-list (news bodies, the
 * about-us text). Never pass anything else here.
 */
export function HtmlContent({ html }: { html: string }) {
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML sanitized by the server's allow-list */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
