import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster.tsx';
import { AuthProvider } from '../features/auth/auth-context.tsx';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { ConnectionStatus } from './connection-status.tsx';
import { OfflineUnloaded } from './offline-unloaded.tsx';
import { RealtimeBridge } from './realtime-bridge.tsx';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {children}
          <RealtimeBridge />
        </AuthProvider>
        <OfflineUnloaded />
        <Toaster />
        <ConnectionStatus />
      </QueryClientProvider>
    </I18nProvider>
  );
}
