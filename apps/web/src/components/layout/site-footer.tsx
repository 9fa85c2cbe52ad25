import { APP_VERSION, SUPPORT_EMAIL } from '@lokal/shared/constants/marketing';
import { paths } from '@lokal/shared/domain/pages';
import { Link } from 'react-router';
import { useT } from '../../lib/use-t.ts';
import { Brand } from './brand.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

export function SiteFooter() {
  const t = useT();
  return (
    <footer className="bg-ink text-ivory/80">
      <div className="mx-auto grid max-w-6xl gap-8 px-5 py-12 sm:grid-cols-[2fr_1fr_1fr] sm:px-8">
        <div>
          <Brand light />
          <p className="mt-3 max-w-xs text-sm">{t('footer.tagline')}</p>
          <div className="mt-5">
            <LanguageSwitcher tone="dark" />
          </div>
        </div>
        <nav aria-label={t('footer.travellers')}>
          <h2 className="font-sans text-xs font-semibold tracking-widest text-gold uppercase">
            {t('footer.travellers')}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link className="hover:text-ivory" to={paths.tourist.signup}>
                {t('footer.join')}
              </Link>
            </li>
            <li>
              <Link className="hover:text-ivory" to={paths.tourist.login}>
                {t('footer.travellerSignIn')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.guides')}>
          <h2 className="font-sans text-xs font-semibold tracking-widest text-gold uppercase">
            {t('footer.guides')}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link className="hover:text-ivory" to={paths.guide.signup}>
                {t('footer.apply')}
              </Link>
            </li>
            <li>
              <Link className="hover:text-ivory" to={paths.guide.login}>
                {t('footer.guideSignIn')}
              </Link>
            </li>
            <li>
              <a className="hover:text-ivory" href={`mailto:${SUPPORT_EMAIL}`}>
                {t('footer.contact')}
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
