import { toast as sonner } from 'sonner';

// The one toast helper of the app.
export const toast = {
  success: (message: string) => sonner.success(message),
  error: (message: string) => sonner.error(message),
  info: (message: string) => sonner(message),
};
