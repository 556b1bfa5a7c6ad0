import { AppError, ErrorCode } from '@kanban/access';
import { contactSortProperty, normalizeContactInput } from './contact.rules';

function fieldOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.Validation);
    return (error as AppError).field;
  }
  throw new Error('expected a validation error');
}

describe('normalizeContactInput', () => {
  it('requires a last name on create and never lets it become empty', () => {
    expect(fieldOf(() => normalizeContactInput({ first_name: 'A' }, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeContactInput({ name: '  ' }, 'update'))).toBe('name');
    expect(normalizeContactInput({ name: ' Berger ', first_name: ' Anna' }, 'create')).toEqual({
      name: 'Berger',
      first_name: 'Anna',
    });
    expect(normalizeContactInput({ job_title: 'x' }, 'update')).toEqual({ job_title: 'x' });
  });

  it('accepts an empty or valid e-mail address only', () => {
    expect(normalizeContactInput({ email: '' }, 'update')).toEqual({ email: '' });
    expect(normalizeContactInput({ email: ' a.b@example.com ' }, 'update')).toEqual({
      email: 'a.b@example.com',
    });
    for (const bad of ['a@b', 'no-at.example.com', 'a b@example.com', 'a@@example.com']) {
      expect(fieldOf(() => normalizeContactInput({ email: bad }, 'update'))).toBe('email');
    }
  });

  it('checks gender and lengths', () => {
    expect(fieldOf(() => normalizeContactInput({ gender: 'x' as never }, 'update'))).toBe('gender');
    expect(normalizeContactInput({ gender: 'd' }, 'update')).toEqual({ gender: 'd' });
    expect(fieldOf(() => normalizeContactInput({ tel_mobile: '1'.repeat(51) }, 'update'))).toBe('tel_mobile');
  });

  it('sorts by allowed columns, else by last name', () => {
    expect(contactSortProperty('first_name')).toBe('firstName');
    expect(contactSortProperty('nope')).toBe('name');
  });
});
