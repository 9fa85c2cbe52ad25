import { api } from '../../../lib/api-client.ts';

/** The staff console's sign-in (/admin/login → /admin/auth-redirect). */
export const requestStaffLink = (email: string) => api.post('/auth/staff/request-link', { body: { email } });
