/** The archive forms' rules (client/src/screens/archives/shared/fields.ts): what is sent, what is said. */
import { describe, expect, it } from 'vitest';
import { fieldsOf, problemsOf, toInput, toValues } from '../../client/src/screens/archives/shared/fields.ts';
import { sectionOf } from '../../shared/archive-sections.ts';
import { translate, type MessageKey } from '../../server/i18n/catalogue.ts';
import { archivesMessages } from '../../server/modules/archives/archives.messages.ts';

/** The one catalogue's Chinese, with the archives module's own texts (registered at run time). */
const t = (key: string, params?: Record<string, unknown>) => (key in archivesMessages ? archivesMessages[key as keyof typeof archivesMessages].zh : translate('zh', key as MessageKey, params as Record<string, string>));

describe('archive section forms', () => {
  it('never sends a masked field back (no right to personal data), and sends the others typed', () => {
    const bio = sectionOf('bio');
    const fields = fieldsOf(bio, { showScore: false });
    const values = toValues(fields, { surName: '王', phone: '138******78', birthday: '2012-**-**', submitGrade: 9, onlyChild: true });
    const masked = toInput(fields, values, false);
    expect(masked).not.toHaveProperty('phone');
    expect(masked).not.toHaveProperty('birthday');
    expect(masked).toMatchObject({ surName: '王', submitGrade: 9, onlyChild: true, enName: null });
    expect(toInput(fields, values, true)).toHaveProperty('phone', '138******78');
  });

  it('shows each exam only its own scores, and award scores only to their editors', () => {
    expect(
      fieldsOf(sectionOf('ssat'), { showScore: false })
        .map((f) => f.name)
        .sort(),
    ).toEqual(['examDate', 'note', 'percentile', 'prepType', 'quantitative', 'reading', 'total', 'verbal']);
    expect(fieldsOf(sectionOf('vericant'), { showScore: false }).map((f) => f.name)).toContain('interviewType');
    expect(fieldsOf(sectionOf('awards'), { showScore: false }).map((f) => f.name)).not.toContain('score');
    expect(fieldsOf(sectionOf('awards'), { showScore: true }).map((f) => f.name)).toContain('score');
  });

  it("says the rules in the catalogue's words before the server does", () => {
    const members = sectionOf('familyMembers');
    const fields = fieldsOf(members, { showScore: false });
    expect(problemsOf(members, fields, { ...toValues(fields, {}), kind: '1', email: 'nope' }, true, t)).toEqual({ relation: '请选择与学员关系', email: '请输入正确的邮箱格式' });
    expect(problemsOf(members, fields, { ...toValues(fields, {}), kind: '3' }, true, t)).toEqual({});
    const cards = sectionOf('cards');
    const cardFields = fieldsOf(cards, { showScore: false });
    expect(problemsOf(cards, cardFields, { ...toValues(cardFields, {}), last4: '4111111111111111', expiry: '13/27' }, true, t)).toEqual({ last4: '卡号只保存后四位，请输入4位数字', expiry: '有效期格式应为MM/yy' });
    const edu = sectionOf('educations');
    const eduFields = fieldsOf(edu, { showScore: false });
    expect(problemsOf(edu, eduFields, { ...toValues(eduFields, {}), beginDate: '2020-09-01', endDate: '2019-06-30' }, true, t)).toEqual({ endDate: '结束日期不能早于开始日期' });
  });
});
