import { api } from '../../../lib/api-client.ts';

/** A fresh proof-of-work challenge for the next code (null while the server's bot check is off). */
export const getBotCheckChallenge = () => api.get('/phone/challenge');
