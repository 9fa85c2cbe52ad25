import type {
  Assessment,
  GuideOnboarding,
  GuidePreview,
  TouristOnboarding,
} from '@lokal/shared/schemas/onboarding';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type SendCodeResult = { status: 'sent' | 'already-verified'; phone: string; resendAfter: number };
type VerifyCodeResult = { status: 'verified' | 'already-verified'; phone: string };

export const sendCode = (phone: string) => api.post<SendCodeResult>('/phone/send-code', { phone });
export const verifyCode = (phone: string, code: string) =>
  api.post<VerifyCodeResult>('/phone/verify-code', { phone, code });
export const completeTouristOnboarding = (body: TouristOnboarding) => api.post('/tourists/onboarding', body);
export const completeGuideOnboarding = (body: GuideOnboarding) => api.post('/guides/onboarding', body);
export const saveAssessment = (body: Assessment) => api.post('/guides/personality-assessment', body);

export const guidePreviewQuery = queryOptions({
  queryKey: ['guides', 'me'],
  queryFn: () => api.get<GuidePreview>('/guides/me'),
});
