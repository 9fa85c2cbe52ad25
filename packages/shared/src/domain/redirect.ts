import type { Role } from '../schemas/auth.ts';
import { paths } from './pages.ts';

const ALLOWED_PREFIXES = ['/tourist/', '/guide/', '/admin/'];

export function roleHome(role: Role | null | undefined): string {
  if (role === 'tourist') return paths.tourist.home;
  if (role === 'guide') return paths.guide.home;
  if (role === 'staff') return paths.admin.home;
  return paths.landing;
}

/**
 * A redirect target after sign-in must be a same-origin path under /tourist/, /guide/ or /admin/.
 * Anything else (`//evil.com`, `https://…`, `/\evil.com`, `javascript:`) becomes the role's home.
 */
export function safeRedirect(target: unknown, role: Role | null | undefined): string {
  if (typeof target !== 'string' || target.length > 2048) return roleHome(role);
  if (!target.startsWith('/') || target.startsWith('//') || /[\\\s]/.test(target) || target.includes('..')) {
    return roleHome(role);
  }
  if (!ALLOWED_PREFIXES.some((p) => target.startsWith(p))) return roleHome(role);
  return target;
}
