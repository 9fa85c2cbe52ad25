import { AvailabilityScreen } from '../../features/experiences/components/availability-screen.tsx';

export function Component() {
  return <AvailabilityScreen />;
}
