const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for use inside the preview's HTML. */
export const escapeHtmlText = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
