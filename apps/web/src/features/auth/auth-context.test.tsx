import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useAuth } from './auth-context.tsx';

function UsesAuth() {
  useAuth();
  return null;
}

describe('useAuth', () => {
  it('throws when used outside its provider', () => {
    expect(() => renderToString(<UsesAuth />)).toThrow('useAuth must be used within an AuthProvider');
  });
});
