import { describe, expect, it } from 'vitest';
import { oneByteHtml } from './one-byte-html.ts';

describe('oneByteHtml', () => {
  it('writes each character past Latin-1 as a reference, in text and attributes, and keeps Latin-1 as it is', () => {
    expect(oneByteHtml('<meta content="guides — artists"><p>Loading… café 😀</p>')).toBe(
      '<meta content="guides &#x2014; artists"><p>Loading&#x2026; café &#x1f600;</p>',
    );
  });

  it("leaves a script's and a style's own text alone", () => {
    const html =
      '<p>…</p><script type="application/json">{"a":"—"}</script><style>a::after{content:"…"}</style>';
    expect(oneByteHtml(html)).toBe(
      '<p>&#x2026;</p><script type="application/json">{"a":"—"}</script><style>a::after{content:"…"}</style>',
    );
  });

  it('changes nothing in markup that is Latin-1 already', () => {
    const html = '<!doctype html><title>Lokal</title><div id="root">Zürich</div>';
    expect(oneByteHtml(html)).toBe(html);
  });
});
