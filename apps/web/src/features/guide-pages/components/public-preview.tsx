/**
 * The signed-out preview of a guide or experience: the shared function's markup, the very HTML the server
 * sent (docs/product.md#shared-links), so nothing moves when the app takes over. It escapes every value.
 */
export function PublicPreview({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: built by the shared preview function, which escapes every value
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}
