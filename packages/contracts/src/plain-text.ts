import { z } from 'zod';

/**
 * Characters plain text shown to other people must not carry: the C0 and C1 control characters but
 * tab, line feed and carriage return (BEL, backspace, vertical tab, ESC and its colour sequences, ...),
 * and the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), which make
 * text read as something else ('invoice\u202Efdp.txt' reads 'invoicetxt.pdf'). Zero-width joiners
 * stay: emoji sequences need them.
 */
// Cc is exactly the C0 and C1 controls (U+0000-U+001F, U+007F-U+009F).
export const UNSAFE_TEXT_CHARACTERS = /(?![\t\n\r])[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/** The text without UNSAFE_TEXT_CHARACTERS. */
export const stripUnsafeText = (text: string) => text.replace(UNSAFE_TEXT_CHARACTERS, '');

/**
 * A plain-text field that other people see (names, titles, chat messages, notes): a string whose unsafe
 * characters are removed before any later check, so `.trim().min(1)` refuses one made only of them.
 * Takes z.string's parameters (`{ error: 'required' }`).
 */
export const plainText = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(stripUnsafeText);
