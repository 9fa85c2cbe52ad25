import { describe, expect, it } from 'vitest';
import { draftToInput, emptyDraft } from './experience-draft.ts';
import { checkAvailability, checkExperience } from './form-checks.ts';

const week = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

describe("the editors' checks", () => {
  it("gives the schema's messages by field for an empty experience", () => {
    const result = checkExperience(draftToInput(emptyDraft('EUR')));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.title).toBe('Give the experience a title');
    expect(result.errors.category).toBe('Choose a category');
    expect(result.errors.languages).toBe('Choose at least one language');
    expect(result.errors.price).toBeUndefined();
  });

  it('keys nested fields by their path and says plainly what zod words for developers', () => {
    const draft = {
      ...emptyDraft('EUR'),
      title: 'Old town walk',
      category: 'Culture & History',
      languages: ['English'],
      minGroup: '',
      maxGroup: '3',
      lat: '41.4',
      included: ['Coffee', '  '],
    };
    const result = checkExperience(draftToInput(draft));
    if (result.ok) throw new Error('expected errors');
    expect(result.errors.minGroup).toBe('Use a whole number from 1 to 20');
    expect(result.errors['meetingPoint.lng']).toBe('Give both latitude and longitude, or neither');
    expect(result.errors['included.1']).toBe('Remove the empty line');
  });

  it('passes a complete draft, trimmed', () => {
    const draft = {
      ...emptyDraft('EUR'),
      title: '  Old town walk ',
      category: 'Culture & History',
      languages: ['English'],
      price: '45',
    };
    const result = checkExperience(draftToInput(draft));
    expect(result).toMatchObject({ ok: true, data: { title: 'Old town walk', price: 45 } });
  });

  it('checks availability ranges by day and position', () => {
    const result = checkAvailability({
      weekly: { ...week, tue: [{ start: '09:00', end: '09:00' }] },
      exceptions: [
        { date: '2026-07-01', kind: 'blocked' },
        { date: '2026-07-01', kind: 'blocked' },
      ],
      noticeHours: 24,
      bufferMinutes: 30,
      maxPerDay: 0,
    });
    if (result.ok) throw new Error('expected errors');
    expect(result.errors['weekly.tue.0.end']).toBe('A range needs an end different from its start');
    expect(result.errors.exceptions).toBe('One exception per date');
    expect(result.errors.maxPerDay).toBe('At least one tour a day');
  });
});
