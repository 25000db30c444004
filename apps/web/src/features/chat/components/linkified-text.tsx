import { Anchor } from '@mantine/core';
import { Fragment } from 'react';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A candidate link: a scheme-like prefix up to the next whitespace. Only http(s) ones become links.
const CANDIDATE = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"]+|\bwww\.[^\s<>"]+/gi;
// Closing punctuation at a link's end belongs to the sentence ("see https://x.dk/a.").
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** A safe href for a candidate, or null: only http and https, parsed by the URL parser. */
export function safeHref(candidate: string): string | null {
  const withScheme = /^www\./i.test(candidate) ? `https://${candidate}` : candidate;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Splits plain text into text and link parts; everything not a safe http(s) link stays text. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const push = (t: string) => {
    if (!t) return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += t;
    else parts.push({ kind: 'text', text: t });
  };
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const raw = match[0];
    const trailing = TRAILING.exec(raw)?.[0] ?? '';
    const candidate = raw.slice(0, raw.length - trailing.length);
    const href = candidate ? safeHref(candidate) : null;
    push(text.slice(at, start));
    if (href) parts.push({ kind: 'link', text: candidate, href });
    else push(candidate);
    push(trailing);
    at = start + raw.length;
  }
  push(text.slice(at));
  return parts;
}

/**
 * A message's text as React text nodes (never HTML), its http(s) links clickable in a new tab that
 * cannot reach back to this one. Line breaks show as they were typed (white-space: pre-wrap).
 */
export function LinkifiedText({ text }: { text: string }) {
  // Each part keyed by where it starts in the text.
  let offset = 0;
  return (
    <>
      {splitLinks(text).map((part) => {
        const key = offset;
        offset += part.text.length;
        return part.kind === 'link' ? (
          <Anchor key={key} href={part.href} target="_blank" rel="noopener noreferrer" inherit underline="always">
            {part.text}
          </Anchor>
        ) : (
          <Fragment key={key}>{part.text}</Fragment>
        );
      })}
    </>
  );
}
