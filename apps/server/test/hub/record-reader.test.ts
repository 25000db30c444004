import { describe, expect, it } from 'vitest';
import { MessageTooLargeError, nestsDeeperThan, RecordReader, RS } from '../../src/hub/protocol.js';

describe('RecordReader', () => {
  it('hands out whole records, however the text is cut', () => {
    const reader = new RecordReader(1000);
    expect(reader.push('{"a"')).toEqual([]);
    expect(reader.push(':1}')).toEqual([]);
    expect(reader.push(`${RS}{"b":2}${RS}{"c"`)).toEqual(['{"a":1}', '{"b":2}']);
    expect(reader.push(`:3}${RS}`)).toEqual(['{"c":3}']);
    expect(reader.push(`${RS}`)).toEqual(['']);
    expect(reader.push('')).toEqual([]);
  });

  it('counts the bytes of a record across the pieces it came in, and starts again after each record', () => {
    const reader = new RecordReader(10);
    expect(reader.push('ééé')).toEqual([]); // 6 bytes
    expect(reader.push(`éé${RS}`)).toEqual(['ééééé']); // 10 bytes: at the limit
    expect(reader.push('ééé')).toEqual([]);
    expect(reader.push('éé')).toEqual([]);
    expect(() => reader.push('x')).toThrow(MessageTooLargeError);
    expect(() => new RecordReader(10).push(`${'x'.repeat(11)}${RS}`)).toThrow(MessageTooLargeError);
  });

  it('puts a record that came in many tiny pieces back together whole', () => {
    const reader = new RecordReader(1_000_000);
    const pieces = 100_000;
    for (let i = 0; i < pieces; i++) expect(reader.push(i % 2 ? 'y' : 'x')).toEqual([]);
    const [record] = reader.push(RS);
    expect(record).toBe('xy'.repeat(pieces / 2));
  });
});

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":[[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[","b":{}}', 2)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\\\","b":[[[]]]}', 3)).toBe(true);
    expect(nestsDeeperThan('[{}, {}, [], [[]]]', 3)).toBe(false);
  });
});
