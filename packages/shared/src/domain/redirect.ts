import type { Role } from '../schemas/auth.ts';
import { paths } from './pages.ts';

// The two roles' areas, the console, and the public guide and experience pages a shared link opens.
const ALLOWED_PREFIXES = ['/tourist/', '/guide/', '/admin/', '/guides/', '/experiences/'];

export function roleHome(role: Role | null | undefined): string {
  if (role === 'tourist') return paths.tourist.home;
  if (role === 'guide') return paths.guide.home;
  if (role === 'staff') return paths.admin.home;
  return paths.landing;
}

/**
 * A redirect target after sign-in must be a same-origin path under /tourist/, /guide/, /admin/, or a guide
 * or experience page (/guides/…, /experiences/…).
 * Anything else (`//evil.com`, `https://…`, `/\evil.com`, `javascript:`) becomes the role's home.
 */
export function safeRedirect(target: unknown, role: Role | null | undefined): string {
  if (typeof target !== 'string' || target.length > 2048) return roleHome(role);
  // No `//` anywhere either: a doubled slash never belongs in one of our paths.
  if (!target.startsWith('/') || target.includes('//') || /[\\\s]/.test(target) || target.includes('..')) {
    return roleHome(role);
  }
  if (!ALLOWED_PREFIXES.some((p) => target.startsWith(p))) return roleHome(role);
  return target;
}
