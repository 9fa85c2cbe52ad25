import { describe, expect, it } from 'vitest';
import { type ProfileDraft, profileChanges } from './profile-changes.ts';

const guide: ProfileDraft = {
  firstName: 'Sofia',
  lastName: 'Martinez',
  city: 'Barcelona',
  currency: 'USD',
  languages: ['Spanish', 'English'],
  bio: 'Street art.',
  photo: null,
};

const tourist: ProfileDraft = {
  ...guide,
  firstName: 'James',
  lastName: 'Whitfield',
  tourist: {
    budgetMin: '300',
    budgetMax: '800',
    budgetCurrency: 'USD',
    interests: ['Wine'],
    lookingFor: ['Hidden bars'],
    availability: { newGuides: true, experiencedGuides: true },
    travelFrom: '',
    travelTo: '',
    partySize: '',
  },
};

const rates = { USD: 1, EUR: 0.92 };

describe('profileChanges', () => {
  it("sends a traveller's trip days together and the party as a number, and refuses a trip backwards", () => {
    const t = tourist.tourist!;
    const told = profileChanges(
      'tourist',
      tourist,
      { ...tourist, tourist: { ...t, travelTo: '2027-05-04', partySize: '2' } },
      rates,
    );
    expect(told.errors).toEqual({});
    expect(told.changes.profile).toEqual({ travelFrom: null, travelTo: '2027-05-04', partySize: 2 });
    const backwards = profileChanges(
      'tourist',
      tourist,
      { ...tourist, tourist: { ...t, travelFrom: '2027-05-04', travelTo: '2027-05-01' } },
      rates,
    );
    expect(backwards.errors.travelTo).toBe('The last day comes after the first');
    const none = profileChanges('tourist', tourist, { ...tourist, tourist: { ...t, partySize: '0' } }, rates);
    expect(none.errors.partySize).toBe('Enter how many of you travel (1 to 20).');
  });

  it('finds nothing to send when nothing changed, whitespace aside', () => {
    const r = profileChanges('guide', guide, { ...guide, bio: 'Street art.  ', city: ' Barcelona' }, rates);
    expect(r).toEqual({ changes: {}, errors: {}, empty: true });
  });

  it('sends each change to its owner, trimmed, and only what changed', () => {
    const r = profileChanges(
      'guide',
      guide,
      { ...guide, firstName: ' Sofía ', city: 'Girona ', languages: ['Spanish'], currency: 'EUR' },
      rates,
    );
    expect(r.errors).toEqual({});
    expect(r.changes).toEqual({
      name: { firstName: 'Sofía' },
      profile: { city: 'Girona', languages: ['Spanish'] },
      city: 'Girona',
      currency: { currency: 'EUR', multiplier: 0.92 },
    });
  });

  it('sends the tourist fields guides see, with the budget as numbers in its currency', () => {
    const t = tourist.tourist!;
    const r = profileChanges(
      'tourist',
      tourist,
      {
        ...tourist,
        tourist: {
          ...t,
          budgetMin: '250',
          interests: ['Wine', 'Jazz'],
          availability: { newGuides: false, experiencedGuides: true },
        },
      },
      rates,
    );
    expect(r.errors).toEqual({});
    expect(r.changes.profile).toEqual({
      budget: { min: 250, max: 800, currency: 'USD' },
      interests: ['Wine', 'Jazz'],
      availability: { newGuides: false, experiencedGuides: true },
    });
  });

  it('explains every invalid field in plain words and sends nothing for it', () => {
    const r = profileChanges(
      'guide',
      guide,
      { ...guide, firstName: '  ', city: '', languages: [], bio: 'x'.repeat(1001), currency: 'XXX' },
      rates,
    );
    expect(r.errors).toEqual({
      firstName: 'First name and last name are required',
      city: 'Enter your city (up to 80 characters).',
      languages: 'Choose at least one language (up to 12).',
      bio: 'Keep your bio to 1,000 characters.',
      currency: 'The exchange rate for XXX is not available right now. Try again later.',
    });
    expect(r.changes.profile).toBeUndefined();
    expect(r.changes.name).toBeUndefined();
  });

  it('refuses a reversed or missing budget with the shared message', () => {
    const t = tourist.tourist!;
    const reversed = profileChanges(
      'tourist',
      tourist,
      { ...tourist, tourist: { ...t, budgetMin: '900' } },
      rates,
    );
    expect(reversed.errors.budget).toBe('The budget minimum must not exceed the maximum');
    const blank = profileChanges('tourist', tourist, { ...tourist, tourist: { ...t, budgetMax: '' } }, rates);
    expect(blank.errors.budget).toBe('Enter whole amounts from 0 to 100,000.');
  });

  it('checks a new photo by type and size before uploading', () => {
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    const svg = new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' });
    const ok = new File([new Uint8Array(10)], 'me.png', { type: 'image/png' });
    expect(profileChanges('guide', guide, { ...guide, photo: big }, rates).errors.photo).toBe(
      'The picture must be 5 MB or smaller',
    );
    expect(profileChanges('guide', guide, { ...guide, photo: svg }, rates).errors.photo).toBe(
      'Please upload a JPEG, PNG or WebP picture',
    );
    expect(profileChanges('guide', guide, { ...guide, photo: ok }, rates).changes.photo).toBe(ok);
  });
});
