import { Typography } from '@mantine/core';
import classes from './rich-text.module.css';

/** Rich text as the server stored it: sanitized there with the editor's allow-list, rendered as is. */
export function RichText({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's one sanitizer (storage/rich-text.ts) cleaned it before storing.
  return <Typography className={classes.richText} dangerouslySetInnerHTML={{ __html: html }} />;
}
