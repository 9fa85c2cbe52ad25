import { ExperiencesScreen } from '../../features/experiences/components/experiences-screen.tsx';

export function Component() {
  return <ExperiencesScreen />;
}
