/** The authorisation matrix of the letters module's writes, on both doors (see ../content-matrix.ts). */
import { describeContentMatrix, gid, m, newLetterFor, POLICY, userIds, type Case } from '../content-matrix.ts';

const CASES: Case[] = [
  {
    name: 'send a letter',
    allowed: POLICY['letter.send'],
    gql: async () => ({ query: m('sendLetter', 'SendLetterInput'), variables: { input: { recipientIds: [gid('User', userIds.manager)], title: 'Hi', content: '<p>x</p>' } } }),
    rest: async () => ({ path: '/api/admin/sns/letter/send.htm', json: { recipientIds: [userIds.manager], title: 'Hi', content: '<p>x</p>' } }),
  },
  {
    name: "mark one's own letter read (detail on the legacy door)",
    allowed: POLICY['letter.own'],
    gql: async (role) => ({ query: m('markLetterRead', 'LetterIdsInput'), variables: { input: { letterIds: [gid('Letter', await newLetterFor(role))] } } }),
    rest: async (role) => ({ path: '/api/admin/sns/letter/detail.htm', json: { id: await newLetterFor(role) } }),
  },
  {
    name: "mark one's own letter unread",
    allowed: POLICY['letter.own'],
    gql: async (role) => ({ query: m('markLetterUnread', 'LetterIdsInput'), variables: { input: { letterIds: [gid('Letter', await newLetterFor(role))] } } }),
    rest: async (role) => ({ path: '/api/admin/sns/letter/updateMyLetterByReadState.htm', json: { ids: [await newLetterFor(role)], readState: 0 } }),
  },
];

describeContentMatrix('letters', CASES);
