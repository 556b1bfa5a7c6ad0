import { type DueRules, runStatement } from './requisition.sql';

const DUE: DueRules[] = [{ kind: 'rule', ruleId: 7 }, { kind: 'pending' }, { kind: 'slot', weekday: 'monday', slot: '06:00' }];
const statement = (due: DueRules, backorderRuleIds: number[] = []) =>
  runStatement({ companyId: 3, runId: 11, trigger: 'stock', due, today: '2026-11-23', now: new Date('2026-11-23T10:00:00Z'), userId: null, backorderRuleIds });

describe('the run statement text', () => {
  it.each(DUE.flatMap((due) => [[due, []], [due, [5, 6]]] as [DueRules, number[]][]))('%j (backorders %j): one statement, one placeholder per parameter', (due, backorders) => {
    const { sql, params } = statement(due, backorders);
    // the embedded driver runs a text with a semicolon as several statements (and answers no rows)
    expect(sql).not.toContain(';');
    expect(sql.split('?').length - 1).toBe(params.length);
  });
});
