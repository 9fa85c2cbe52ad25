import {
  ANIME_LABELS,
  GENDER_LABELS,
  ORIENTATION_LABELS,
  RELATIONSHIP_LABELS,
} from '@lokal/shared/constants/onboarding';
import { formatMoney } from '@lokal/shared/domain/discovery';
import type { QueueGuide } from '@lokal/shared/schemas/admin';
import type { Assessment } from '@lokal/shared/schemas/onboarding';
import { CheckCircle2, Clock, FileText, Mail, MapPin, Phone, XCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { elapsed, formatDate, formatDateTime } from '../format.ts';

type Props = {
  guide: QueueGuide;
  onVerify: () => void;
  onReject: () => void;
  busy: boolean;
};

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

function answers(a: Assessment): [string, string][] {
  const languages = a.languages.map((l) => (l === 'Other' && a.customLanguage ? a.customLanguage : l));
  return [
    ['Languages', languages.join(', ')],
    ['Occupation', a.occupation],
    ['Experiences', a.experiences.join(', ')],
    [
      'Music (1–5)',
      `Rap ${a.musicPreference.rap} · Techno ${a.musicPreference.techno} · Rock ${a.musicPreference.rock}`,
    ],
    ['Drinks alcohol', yesNo(a.drinks)],
    ['Cannabis comfort (1–5)', String(a.cannabisComfort)],
    ['Political jokes (1–5)', String(a.politicalJokes)],
    ['Anime / K-drama', ANIME_LABELS[a.animeKdrama] ?? a.animeKdrama],
    ['LGBTQ+ friendly', yesNo(a.lgbtqFriendly)],
    ['Orientation', ORIENTATION_LABELS[a.orientation] ?? a.orientation],
    ['Relationship', RELATIONSHIP_LABELS[a.relationshipStatus] ?? a.relationshipStatus],
    ['Social media', `${a.socialMedia}${a.hideSocialMedia ? ' (luxury tourists only)' : ''}`],
    ['Hidden from tourists', yesNo(a.hideProfile)],
  ];
}

/** One guide waiting for review: what staff need to decide, and the two decisions. */
export function GuideReviewCard({ guide: g, onVerify, onReject, busy }: Props) {
  const headingId = `guide-${g.id}`;
  const place = [g.city, g.country].filter(Boolean).join(', ');
  const gender = g.gender ? (GENDER_LABELS[g.gender] ?? g.gender) : null;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-card bg-white p-5 shadow-card sm:p-6"
      data-testid="review-card"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <img src={g.image} alt="" className="h-20 w-20 shrink-0 rounded-2xl bg-sand object-cover" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h3 id={headingId} className="text-2xl">
              {g.name}
            </h3>
            <p className="flex items-center gap-1.5 text-sm font-medium text-terracotta">
              <Clock className="h-4 w-4" aria-hidden />
              Waiting {elapsed(g.requestedAt)}
              <span className="sr-only">, since {formatDateTime(g.requestedAt)}</span>
            </p>
          </div>
          <ul className="mt-2 space-y-1 text-sm text-muted">
            <li className="flex items-center gap-2 break-all">
              <Mail className="h-4 w-4 shrink-0" aria-hidden /> {g.email}
            </li>
            <li className="flex items-center gap-2">
              <Phone className="h-4 w-4 shrink-0" aria-hidden />
              {g.phone ? (
                <span>
                  {g.phone}{' '}
                  {g.phoneVerifiedAt ? (
                    <span className="text-sage">· verified {formatDate(g.phoneVerifiedAt)}</span>
                  ) : (
                    <span className="text-danger">· not verified</span>
                  )}
                </span>
              ) : (
                <span className="text-danger">No verified phone</span>
              )}
            </li>
            <li className="flex items-center gap-2">
              <FileText className="h-4 w-4 shrink-0" aria-hidden />
              {g.document ? (
                <span>
                  <a
                    className="font-medium text-ink underline"
                    href={`/api/admin/verifications/${g.id}/document`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Identity document
                  </a>{' '}
                  ({g.document.mimeType === 'application/pdf' ? 'PDF' : 'image'}, uploaded{' '}
                  {formatDate(g.document.uploadedAt)})
                </span>
              ) : (
                <span className="text-danger">No identity document</span>
              )}
            </li>
            {place ? (
              <li className="flex items-center gap-2">
                <MapPin className="h-4 w-4 shrink-0" aria-hidden /> {place}
              </li>
            ) : null}
          </ul>
        </div>
      </div>

      <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Profession</dt>
          <dd>{g.profession || '—'}</dd>
        </div>
        <div>
          <dt className="text-muted">Languages</dt>
          <dd>{g.languages.join(', ') || '—'}</dd>
        </div>
        <div>
          <dt className="text-muted">Gender</dt>
          <dd>
            {gender ?? '—'}
            {g.pronouns ? ` (${g.pronouns})` : ''}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Tour types</dt>
          <dd>
            {g.tourTypes
              .map((t) => `${t.name} (${formatMoney(t.amount ?? t.price, t.currency ?? 'USD')})`)
              .join(', ') || '—'}
          </dd>
        </div>
        {g.bio ? (
          <div className="sm:col-span-2">
            <dt className="text-muted">Bio</dt>
            <dd className="whitespace-pre-line">{g.bio}</dd>
          </div>
        ) : null}
      </dl>

      <details className="group mt-4 rounded-xl border border-line bg-ivory/60 px-4 py-3">
        <summary className="cursor-pointer text-sm font-medium">Assessment answers</summary>
        {g.assessment ? (
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {answers(g.assessment).map(([label, value]) => (
              <div key={label}>
                <dt className="text-muted">{label}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-2 text-sm text-muted">No answers on file (an imported or demo profile).</p>
        )}
      </details>

      {g.missing.length ? (
        <p role="note" className="mt-5 rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger">
          Verify needs {g.missing.join(' and ')} first.
        </p>
      ) : g.ready ? (
        <p className="mt-5 text-sm font-medium text-[hsl(140,100%,24%)]">Ready to verify</p>
      ) : (
        <p className="mt-5 text-sm text-muted">No photo of their own yet: compare the document with care.</p>
      )}
      <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          onClick={onReject}
          disabled={busy}
          className="text-danger"
          aria-label={`Reject ${g.name}`}
        >
          <XCircle className="h-4 w-4" aria-hidden /> Reject
        </Button>
        <Button onClick={onVerify} disabled={busy || g.missing.length > 0} aria-label={`Verify ${g.name}`}>
          <CheckCircle2 className="h-4 w-4" aria-hidden /> Verify
        </Button>
      </div>
    </article>
  );
}
