import { APP_VERSION, SUPPORT_EMAIL } from '@lokal/shared/constants/marketing';
import { paths } from '@lokal/shared/domain/pages';
import { Link } from 'react-router';
import { Brand } from './brand.tsx';

export function SiteFooter() {
  return (
    <footer className="bg-ink text-ivory/80">
      <div className="mx-auto grid max-w-6xl gap-8 px-5 py-12 sm:grid-cols-[2fr_1fr_1fr] sm:px-8">
        <div>
          <Brand light />
          <p className="mt-3 max-w-xs text-sm">
            Curated, non-touristy experiences with the locals who make a city.
          </p>
        </div>
        <nav aria-label="Travellers">
          <h2 className="font-sans text-xs font-semibold tracking-widest text-gold uppercase">Travellers</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link className="hover:text-ivory" to={paths.tourist.signup}>
                Join the experience
              </Link>
            </li>
            <li>
              <Link className="hover:text-ivory" to={paths.tourist.login}>
                Traveller sign-in
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Guides">
          <h2 className="font-sans text-xs font-semibold tracking-widest text-gold uppercase">Guides</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link className="hover:text-ivory" to={paths.guide.signup}>
                Apply to be a guide
              </Link>
            </li>
            <li>
              <Link className="hover:text-ivory" to={paths.guide.login}>
                Guide sign-in
              </Link>
            </li>
            <li>
              <a className="hover:text-ivory" href={`mailto:${SUPPORT_EMAIL}`}>
                Contact us
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-ivory/10">
        <p className="mx-auto flex max-w-6xl justify-between px-5 py-5 text-xs text-ivory/80 sm:px-8">
          <span>© 2026 Lokal</span>
          <span>v{APP_VERSION}</span>
        </p>
      </div>
    </footer>
  );
}
