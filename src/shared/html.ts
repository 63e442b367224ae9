/** Escapes text for HTML element content and attribute values. */
export function escapeHtmlText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
