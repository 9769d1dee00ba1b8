import sanitizeHtml from 'sanitize-html';

/**
 * Rich text that others will read (news, about-us): only formatting tags survive, links keep
 * http(s)/mailto/tel targets and open safely; scripts, event handlers, styles, iframes and
 * images are dropped (images go through the upload pipeline, not through HTML).
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'mark',
      'h2',
      'h3',
      'h4',
      'ul',
      'ol',
      'li',
      'blockquote',
      'a',
      'hr',
      'code',
      'pre',
      'sub',
      'sup',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'], p: ['dir', 'style'], h2: ['dir'], h3: ['dir'], h4: ['dir'] },
    allowedStyles: { p: { 'text-align': [/^(left|right|center|justify)$/] } },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
      }),
    },
    disallowedTagsMode: 'discard',
  }).trim();
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * A plain-text field others will read (title, description): every tag is removed with its
 * script/style content, the text itself kept (React escapes it when shown).
 */
export function plainText(text: string): string {
  const stripped = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
  return stripped.replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m).trim();
}
