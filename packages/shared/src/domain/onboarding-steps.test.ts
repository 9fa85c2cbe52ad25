import { describe, expect, it } from 'vitest';
import {
  displayLanguages,
  emptyAssessment,
  isAssessmentStepValid,
  isGuideStepValid,
  isTouristStepValid,
  progressPercent,
  specialtiesFor,
  toggleLanguage,
} from './onboarding-steps.ts';

const tourist = {
  firstName: 'Ana',
  lastName: 'Silva',
  phone: '+351912345678',
  phoneVerified: true,
  occupation: 'Writer',
};
const guide = {
  firstName: 'Rui',
  lastName: 'Costa',
  city: 'Lisbon',
  phone: '+351912345678',
  phoneVerified: true,
  gender: 'male' as const,
  customGender: '',
  pronouns: '',
};

describe('tourist wizard steps', () => {
  it('step 1 needs both names, not blank', () => {
    expect(isTouristStepValid(1, tourist)).toBe(true);
    expect(isTouristStepValid(1, { ...tourist, lastName: '  ' })).toBe(false);
    expect(isTouristStepValid(1, { ...tourist, firstName: '' })).toBe(false);
  });
  it('step 2 needs a phone of at least 10 characters that is verified', () => {
    expect(isTouristStepValid(2, tourist)).toBe(true);
    expect(isTouristStepValid(2, { ...tourist, phoneVerified: false })).toBe(false);
    expect(isTouristStepValid(2, { ...tourist, phone: '+35191234' })).toBe(false);
  });
  it('step 3 needs an occupation', () => {
    expect(isTouristStepValid(3, tourist)).toBe(true);
    expect(isTouristStepValid(3, { ...tourist, occupation: ' ' })).toBe(false);
  });
});

describe('guide wizard steps', () => {
  it('step 1 needs both names and the city', () => {
    expect(isGuideStepValid(1, guide)).toBe(true);
    expect(isGuideStepValid(1, { ...guide, city: '  ' })).toBe(false);
    expect(isGuideStepValid(1, { ...guide, lastName: '' })).toBe(false);
  });
  it('step 3 needs a gender, and customGender and pronouns for other', () => {
    expect(isGuideStepValid(3, guide)).toBe(true);
    expect(isGuideStepValid(3, { ...guide, gender: '' })).toBe(false);
    expect(isGuideStepValid(3, { ...guide, gender: 'other' })).toBe(false);
    expect(isGuideStepValid(3, { ...guide, gender: 'other', customGender: 'Non-binary' })).toBe(false);
    expect(
      isGuideStepValid(3, { ...guide, gender: 'other', customGender: 'Non-binary', pronouns: 'they/them' }),
    ).toBe(true);
  });
  it('step 4 (welcome) is always valid; steps 1-2 as the tourist', () => {
    expect(isGuideStepValid(4, { ...guide, gender: '' })).toBe(true);
    expect(isGuideStepValid(2, { ...guide, phoneVerified: false })).toBe(false);
  });
  it('progress is step divided by total', () => {
    // The steps saved: nothing on the first step, never 100 % before the last one is saved.
    expect(progressPercent(1, 4)).toBe(0);
    expect(progressPercent(2, 4)).toBe(25);
    expect(progressPercent(3, 3)).toBe(67);
    expect(progressPercent(5, 5)).toBe(80);
    expect(progressPercent(5, 5, true)).toBe(100);
    expect(progressPercent(4, 4, true)).toBe(100);
  });
});

describe('assessment steps', () => {
  const d = emptyAssessment();
  it('has the defaults of the spec', () => {
    expect(d.musicPreference).toEqual({ rap: 3, techno: 3, rock: 3 });
    expect(d.drinks).toBe(false);
    expect(d.lgbtqFriendly).toBe(true);
    expect(d.cannabisComfort).toBe(3);
    expect(d.animeKdrama).toBe('');
  });
  it('step 1: a language and a non-blank occupation', () => {
    expect(isAssessmentStepValid(1, d)).toBe(false);
    expect(isAssessmentStepValid(1, { ...d, languages: ['English'], occupation: '  ' })).toBe(false);
    expect(isAssessmentStepValid(1, { ...d, languages: ['English'], occupation: 'Painter' })).toBe(true);
  });
  it('step 2: at least one experience', () => {
    expect(isAssessmentStepValid(2, d)).toBe(false);
    expect(isAssessmentStepValid(2, { ...d, experiences: ['Pub Crawls'] })).toBe(true);
  });
  it('step 3 is always valid', () => {
    expect(isAssessmentStepValid(3, d)).toBe(true);
  });
  it('step 4: anime/drama and orientation', () => {
    expect(isAssessmentStepValid(4, { ...d, animeKdrama: 'yes' })).toBe(false);
    expect(isAssessmentStepValid(4, { ...d, animeKdrama: 'no', orientation: 'gay' })).toBe(true);
  });
  it('step 5: relationship status and a non-blank handle', () => {
    expect(isAssessmentStepValid(5, { ...d, relationshipStatus: 'no', socialMedia: ' ' })).toBe(false);
    expect(isAssessmentStepValid(5, { ...d, relationshipStatus: 'no', socialMedia: '@me' })).toBe(true);
  });
});

describe("the language 'Other'", () => {
  it('ticking Other keeps the text; unticking clears it and removes Other', () => {
    let d = toggleLanguage(emptyAssessment(), 'Other');
    expect(d.languages).toEqual(['Other']);
    d = { ...d, customLanguage: 'Catalan' };
    d = toggleLanguage(d, 'English');
    expect(d.customLanguage).toBe('Catalan');
    d = toggleLanguage(d, 'Other');
    expect(d.languages).toEqual(['English']);
    expect(d.customLanguage).toBe('');
  });
  it('the custom language may be empty, and replaces Other on the profile', () => {
    expect(displayLanguages(['English', 'Other'], '')).toEqual(['English']);
    expect(displayLanguages(['English', 'Other'], ' Catalan ')).toEqual(['English', 'Catalan']);
  });
  it('experiences map to specialties', () => {
    expect(specialtiesFor(['Pub Crawls', 'House Parties', 'Food & Dining'])).toEqual([
      'Nightlife',
      'Food & Dining',
    ]);
  });
});
