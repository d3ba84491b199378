import { CensusChoiceMessages, censusChoiceIssues, censusChoices, offeredOptions, type CensusChoiceIssue } from './census-choices';
import { OPTION_LISTS } from './option-lists';

const all = { accessGroupIds: OPTION_LISTS.accessGroup.map((o) => o.id), officeIds: OPTION_LISTS.office.map((o) => o.id) };
const fullTimeAtHq = { accessGroupIds: [1], officeIds: [1] };
const noOffices = { accessGroupIds: [1, 2], officeIds: [] };
const partTime = CensusChoiceMessages.accessGroupNotOffered('Part-Time Employees');
const east = CensusChoiceMessages.officeNotOffered('East Coast Office');

describe('censusChoices: what a client stored → what its census offers', () => {
  it.each([
    ['never chosen (null): every option', { accessGroupIds: null, officeIds: null }, all],
    ['chosen lists as stored', { accessGroupIds: [3, 1], officeIds: [2] }, { accessGroupIds: [3, 1], officeIds: [2] }],
    ['no offices chosen: none', { accessGroupIds: [1], officeIds: [] }, { accessGroupIds: [1], officeIds: [] }],
  ])('%s', (_, stored, expected) => {
    expect(censusChoices(stored)).toEqual(expected);
  });
});

describe('censusChoiceIssues: an employee takes only the client’s access groups and offices', () => {
  const cases: Array<[string, Parameters<typeof censusChoiceIssues>, CensusChoiceIssue[]]> = [
    ['offered group and office', [fullTimeAtHq, { groupId: 1, officeId: 1 }], []],
    ['no office given', [fullTimeAtHq, { groupId: 1 }], []],
    ['nulls are not choices', [fullTimeAtHq, { groupId: null, officeId: null }], []],
    ['a group the client does not use', [fullTimeAtHq, { groupId: 2, officeId: 1 }], [{ path: 'groupId', message: partTime }]],
    ['an office the client does not use', [fullTimeAtHq, { groupId: 1, officeId: 2 }], [{ path: 'officeId', message: east }]],
    ['both wrong: both named', [fullTimeAtHq, { groupId: 2, officeId: 2 }], [{ path: 'groupId', message: partTime }, { path: 'officeId', message: east }]],
    ['a client without offices refuses any office', [noOffices, { groupId: 2, officeId: 2 }], [{ path: 'officeId', message: east }]],
    ['every option while never chosen', [all, { groupId: 5, officeId: 4 }], []],
    ['an edit keeps a value the client dropped', [fullTimeAtHq, { groupId: 2, officeId: 2 }, { groupId: 2, officeId: 2 }], []],
    ['an edit may not move to a dropped value', [fullTimeAtHq, { groupId: 2, officeId: 1 }, { groupId: 1, officeId: 1 }], [{ path: 'groupId', message: partTime }]],
    ['an unknown id is named as such', [fullTimeAtHq, { groupId: 99 }], [{ path: 'groupId', message: CensusChoiceMessages.accessGroupNotOffered('Option 99') }]],
  ];
  it.each(cases)('%s', (_, args, expected) => {
    expect(censusChoiceIssues(...args)).toEqual(expected);
  });
});

describe('offeredOptions: the form lists the client’s options, and the record’s own', () => {
  it.each([
    ['the chosen ones in list order', [3, 1], null, [1, 3]],
    ['the record’s dropped value too', [1], 4, [1, 4]],
    ['none chosen, none held', [], undefined, []],
  ] as const)('%s', (_, ids, current, expected) => {
    expect(offeredOptions(OPTION_LISTS.office, ids, current).map((o) => o.id)).toEqual(expected);
  });
});
