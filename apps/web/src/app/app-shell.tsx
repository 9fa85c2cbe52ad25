import { paths } from '@lokal/shared/domain/pages';
import type { MessageId } from '@lokal/shared/i18n/catalog';
import type { Locale } from '@lokal/shared/i18n/locales';
import type { UserType } from '@lokal/shared/schemas/auth';
import {
  CalendarDays,
  Compass,
  Crown,
  Heart,
  MapPinned,
  MessageCircle,
  UserRound,
  UsersRound,
} from 'lucide-react';
import { matchPath, Outlet, useLocation, useNavigation } from 'react-router';
import { AppNav, type NavItem } from '../components/layout/app-nav.tsx';
import { Brand } from '../components/layout/brand.tsx';
import { LanguageSwitcher } from '../components/layout/language-switcher.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { useUnreadTotal } from '../features/chat/api/get-unread.ts';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { updateLocale } from '../features/settings/api/update-locale.ts';
import { logUnexpected } from '../lib/api-client.ts';
import { useT } from '../lib/use-t.ts';

// Saved on the account for the member's other devices and e-mails; the switch itself has happened already.
const saveLocale = (locale: Locale) => void updateLocale(locale).catch(logUnexpected);

/** Each role's destinations (docs/product.md#navigation); `unread` puts the chat's count on Messages. */
type Destination = Omit<NavItem, 'label'> & { label: MessageId };
const NAV: Record<UserType, { label: MessageId; items: (unread: number) => Destination[] }> = {
  tourist: {
    label: 'nav.tourist',
    items: (unread) => [
      { label: 'nav.discover', icon: Compass, to: paths.tourist.home },
      { label: 'nav.messages', icon: MessageCircle, to: paths.tourist.chats, badge: unread },
      { label: 'nav.bookings', icon: CalendarDays, to: paths.tourist.bookings },
      { label: 'nav.favorites', icon: Heart, to: paths.tourist.favorites },
      { label: 'nav.profile', icon: UserRound, to: paths.tourist.settings },
    ],
  },
  guide: {
    label: 'nav.guide',
    items: (unread) => [
      { label: 'nav.discover', icon: UsersRound, to: paths.guide.home },
      // Five tabs fit a phone: there the top 3 is a permanent link on the dashboard.
      { label: 'nav.top3', icon: Crown, to: paths.guide.topTourists, wideOnly: true },
      { label: 'nav.messages', icon: MessageCircle, to: paths.guide.chats, badge: unread },
      { label: 'nav.experiences', icon: MapPinned, to: paths.guide.experiences },
      { label: 'nav.bookings', icon: CalendarDays, to: paths.guide.bookings },
      { label: 'nav.profile', icon: UserRound, to: paths.guide.settings },
    ],
  },
};

function Shell({ role }: { role: UserType }) {
  const unread = useUnreadTotal();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const t = useT();
  const nav = NAV[role];
  const items = nav.items(unread).map((item) => ({ ...item, label: t(item.label) }));
  // An open conversation takes the whole phone screen (its own header, the composer at the bottom).
  const inConversation = matchPath(paths[role].conversation, pathname) !== null;
  return (
    <>
      {navigation.state === 'loading' ? (
        <div
          role="progressbar"
          aria-label="Loading the page"
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-gold"
        />
      ) : null}
      <header
        className={`border-b border-line bg-ivory ${inConversation ? 'hidden lg:block' : ''}`}
        data-app-header
      >
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-6 px-5 lg:h-16">
          <Brand />
          <AppNav items={items} label={t(nav.label)} placement="top" />
          <div className="ml-auto flex items-center gap-4">
            <div className="hidden lg:block">
              <LanguageSwitcher onChosen={saveLocale} />
            </div>
            <NotificationBell />
          </div>
        </div>
      </header>
      <Outlet />
      {inConversation ? null : <AppNav items={items} label={t(nav.label)} placement="bottom" />}
    </>
  );
}

/**
 * The frame of a role's signed-in screens: the header (brand, the role's navigation on wide screens, the
 * notification bell) and the bottom tab bar on phones. Drawn once for all of the role's screens, so it stays
 * put and shows a tapped tab pending while the next screen loads. Until the member is known (or for anyone
 * else, whom the access guard sends away) only the screen is drawn.
 */
export function RoleShell({ side }: { side: UserType }) {
  const { user } = useAuth();
  if (user?.role !== side) return <Outlet />;
  return <Shell role={side} />;
}
