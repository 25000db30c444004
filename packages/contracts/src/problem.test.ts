import { describe, expect, it } from 'vitest';
import { timeZoneSchema } from './problem.js';

const valid = (zone: string) => timeZoneSchema.safeParse(zone).success;

describe('timeZoneSchema', () => {
  it('takes the zones the runtime knows, again once it has accepted them, in any case', () => {
    for (const zone of ['Europe/Copenhagen', 'Europe/Copenhagen', 'UTC', 'America/Argentina/Buenos_Aires']) {
      expect({ zone, valid: valid(zone) }).toEqual({ zone, valid: true });
    }
    expect(valid('europe/COPENHAGEN')).toBe(true);
  });

  it('refuses names the runtime does not know, every time, and offsets', () => {
    for (const zone of ['Europe/Atlantis', 'Europe/Atlantis', 'Mars/Olympus_Mons', '+01:00', 'UTC+1:00', '']) {
      expect({ zone, valid: valid(zone) }).toEqual({ zone, valid: false });
    }
  });
});
