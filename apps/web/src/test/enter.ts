import userEvent from '@testing-library/user-event';

/**
 * Puts text into a field in one go, as a paste: typing it a key at a time renders the form once a key,
 * which made form tests slow (issue 46). Keep userEvent.type where the keys themselves are what is
 * tested (a mask, a filter on what may be typed, Enter to send).
 */
export async function enter(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}
