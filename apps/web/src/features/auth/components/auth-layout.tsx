import type { ReactNode } from 'react';
import { Brand } from '../../../components/layout/brand.tsx';

/** The frame of the sign-in screens: a calm card on the left, a quiet brand panel on wide screens. */
export function AuthLayout({
  title,
  lead,
  children,
  aside,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <main className="flex flex-col px-5 py-6 sm:px-10">
        <Brand />
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <h1 className="text-4xl">{title}</h1>
          <div className="mt-3 text-muted">{lead}</div>
          <div className="mt-8">{children}</div>
        </div>
      </main>
      <aside className="relative hidden overflow-hidden bg-ink p-12 text-ivory lg:flex lg:flex-col lg:justify-end">
        <div aria-hidden className="hero-pattern absolute inset-0" />
        <div className="relative">{aside}</div>
      </aside>
    </div>
  );
}
