import { paths } from '@lokal/shared/domain/pages';
import { Link } from 'react-router';

const TOURIST_LINKS = [
  ['Sign up', paths.tourist.signup],
  ['Log in', paths.tourist.login],
  ['Auth redirect', paths.tourist.authRedirect],
  ['Onboarding', paths.tourist.onboarding],
  ['Home', paths.tourist.home],
  ['Chats', paths.tourist.chats],
  ['Settings', paths.tourist.settings],
] as const;

// The routing test page (docs/product.md#open-screens): the tourist links and a way back.
export function Component() {
  return (
    <main className="mx-auto max-w-xl px-6 py-16">
      <h1 className="text-3xl">Routing test</h1>
      <nav aria-label="Tourist routes" className="mt-8">
        <ul className="divide-y divide-line rounded-card border border-line bg-white">
          {TOURIST_LINKS.map(([label, to]) => (
            <li key={to}>
              <Link to={to} className="flex justify-between px-5 py-3 hover:bg-sand">
                <span>{label}</span>
                <code className="text-sm text-muted">{to}</code>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Link to={paths.landing} className="mt-8 inline-block underline underline-offset-4">
        Back to the landing page
      </Link>
    </main>
  );
}
