import { api } from '../../../lib/api-client.ts';

/** Everything Lokal keeps about the member, saved as a JSON file (docs/product.md#your-data). */
export async function downloadMyData(): Promise<void> {
  const data = await api.get('/users/settings/export');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'lokal-my-data.json';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
