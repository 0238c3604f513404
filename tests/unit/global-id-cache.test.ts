/**
 * Node ids are encoded once per type and id and then answered from a cache
 * (server/graphql/builder.ts): the text is exactly Pothos' `encodeGlobalID`, before and after the
 * cache is dropped for being full.
 */
import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { cachedGlobalID } from '../../server/graphql/builder.ts';

describe('cached global ids', () => {
  it('are the same text as encodeGlobalID, for every type and id, across a full cache', () => {
    const types = ['Task', 'User', 'Project', 'TaskLog', 'ScheduleEntry'];
    for (let round = 0; round < 2; round++) {
      for (let id = 0; id < 25_000; id++) {
        for (const type of types) {
          const text = cachedGlobalID(type, String(id));
          if (text !== encodeGlobalID(type, String(id))) expect(text).toBe(encodeGlobalID(type, String(id)));
        }
      }
    }
    expect(cachedGlobalID('User', '-1')).toBe(encodeGlobalID('User', '-1'));
    expect(cachedGlobalID('Task', 'a:b')).toBe(encodeGlobalID('Task', 'a:b'));
    expect(decodeGlobalID(cachedGlobalID('Project', '42'))).toEqual({ typename: 'Project', id: '42' });
  });
});
