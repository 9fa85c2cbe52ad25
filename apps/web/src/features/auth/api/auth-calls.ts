import type { RequestLinkBody, StatusResponse, UserType } from '@lokal/shared/schemas/auth';
import type { appConfigSchema } from '@lokal/shared/schemas/common';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const requestLink = (body: RequestLinkBody) => api.post<{ success: true }>('/auth/request-link', body);
export const requestBetaAccess = (body: RequestLinkBody) =>
  api.post<{ success: true }>('/auth/beta-request', body);
export const verifyLink = (body: { token: string; email: string; userType: UserType }) =>
  api.post<StatusResponse>('/auth/verify', body);
/** The staff console's sign-in (/admin/login → /admin/auth-redirect). */
export const requestStaffLink = (email: string) =>
  api.post<{ success: true }>('/auth/staff/request-link', { email });
export const verifyStaffLink = (body: { token: string; email: string }) =>
  api.post<StatusResponse>('/auth/staff/verify', body);
export const signOutCall = () => api.post<{ success: true }>('/auth/sign-out');
export const mockSignIn = (body: { email: string; userType: UserType }) =>
  api.post<StatusResponse & { mockUser: { uid: string; email: string; displayName: string } }>(
    '/dev/mock-sign-in',
    body,
  );

export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => api.get<z.infer<typeof appConfigSchema>>('/app-config'),
  staleTime: Number.POSITIVE_INFINITY,
});
