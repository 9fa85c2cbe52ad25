import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { userProfileQuery } from '../../features/discovery/api/get-user-profile.ts';
import { EditorScreen } from '../../features/experiences/components/editor-screen.tsx';

export function Component() {
  const { experienceId = 'new' } = useParams();
  // A new experience is priced in the guide's own currency unless they choose another.
  const locale = useQuery({ ...userProfileQuery, enabled: experienceId === 'new' });
  return (
    <EditorScreen
      experienceId={experienceId}
      localeCurrency={{
        pending: locale.isPending && experienceId === 'new',
        currency: locale.data?.currency,
      }}
    />
  );
}
