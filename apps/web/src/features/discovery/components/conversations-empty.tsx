import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '../../../components/layout/brand.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';

type Person = { name: string; image: string };
type Props = { person: Person | undefined; lead: string; action: { label: string; to: string } };

// The Messages screen until live chat exists (decision 005): the person contacted, then the empty list.
export function ConversationsEmpty({ person, lead, action }: Props) {
  return (
    <>
      <header className="mx-auto flex max-w-2xl items-center px-5 py-5">
        <Brand />
      </header>
      <main className="mx-auto max-w-2xl px-5">
        <h1 className="text-3xl">Messages</h1>
        {person ? (
          <section
            className="mt-6 flex items-center gap-4 rounded-card bg-white p-5 shadow-card"
            aria-label="New conversation"
          >
            <img
              src={person.image}
              alt={person.name}
              width={64}
              height={64}
              className="h-16 w-16 rounded-full bg-sand"
            />
            <div>
              <p className="font-display text-xl">{person.name}</p>
              <p className="text-sm text-muted">
                Live messaging opens with our chat release. Your interest is noted.
              </p>
            </div>
          </section>
        ) : null}
        <div className="mt-10 rounded-card border border-line bg-white p-10 text-center">
          <MessageCircle className="mx-auto h-10 w-10 text-gold-deep" aria-hidden />
          <h2 className="mt-3 text-2xl">No conversations yet</h2>
          <p className="mt-2 text-muted">{lead}</p>
          <Link to={action.to} className={buttonClass('primary', 'md', 'mt-5')}>
            {action.label}
          </Link>
        </div>
      </main>
    </>
  );
}
